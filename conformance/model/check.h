// Whole networks on the candidate (docs/conformance.md "Model-level
// comparison", C-780..C-784): a model case (the zoo's golden files, an
// imported network, any multi-node case) runs on the candidate and on the
// reference, and is judged node by node and end to end:
//  - per node (the primary verdict, C-780): every node, run alone on the
//    candidate with the reference's values of its inputs, is within its own
//    row of the tolerance table;
//  - end to end (C-781): the model's outputs are within the composed bound,
//    each node's own bound plus the propagation of its inputs' bounds
//    (model_bounds.cc), or the whole-graph row where no propagation rule is
//    derived;
//  - localisation (C-782): a failing model names the first node (topological
//    order) whose output leaves its own tolerance, and writes that node with
//    the reference's input values as a replayable single-node case; a model
//    whose nodes all pass alone but whose outputs do not is localised by
//    re-running prefixes of the graph on the candidate.
// Classifier outputs also get top-1 / top-5 agreement, as information (C-783).
#ifndef NNRT_CONFORMANCE_MODEL_CHECK_H_
#define NNRT_CONFORMANCE_MODEL_CHECK_H_

#include <cstdint>
#include <string>
#include <vector>

#include "conformance/runner.h"
#include "reference/text_format/text_format.h"

namespace nnrt {
namespace cts {

struct ModelCheckOptions {
  CompareMode mode = CompareMode::kConformance;
  bool isolate = true;  // the candidate side in a forked child per run (C-89)
  int timeout_seconds = 60;
  std::string out_dir;  // where the localised node's case file goes ("" = none written)
  std::string replay_binary = "bazel run //cts_driver:nnrt_cts --";
};

enum class ModelVerdict { kPassed, kFailed, kUnsupported, kInvalidCase };
const char* ModelVerdictName(ModelVerdict v);  // "passed", "failed", "unsupported", "invalid-case"

// Top-1 / top-5 agreement of one classifier output [N, C] (C-783): rows whose
// candidate arg-max equals the reference's, and rows whose reference arg-max
// is among the candidate's five largest.
struct ClassifierAgreement {
  std::string output;  // model output name
  int64_t rows = 0;
  int64_t top1 = 0;
  int64_t top5 = 0;
};

struct ModelCheckResult {
  ModelVerdict verdict = ModelVerdict::kPassed;
  std::string message;  // why it failed / is unsupported; empty when passed
  size_t nodes = 0;
  // kUnsupported: the node types the candidate reports unsupported (sorted, unique).
  std::vector<std::string> unsupported_node_types;
  // End to end: every output within its composed bound (C-781).
  bool end_to_end_ok = true;
  std::string end_to_end_message;
  // How many outputs had a derived composed bound (the others used the whole-graph row).
  size_t derived_outputs = 0;
  // The localised node (C-782), -1 when none: its index in the model, name, type.
  int64_t localised_node = -1;
  std::string localised_name;
  std::string localised_type;
  bool localised_by_prefix = false;  // every node passed alone; found by the prefix runs
  std::string node_case_file;        // the written single-node case ("" when not written)
  std::string node_replay;           // the command that replays it
  std::vector<ClassifierAgreement> classifiers;
};

// The config a model case asks for: meta `compile "enable_float16"` (the
// zoo's fp16 variants, docs/text_format.md) or cts.enable_float16 (C-784).
ModelConfig ModelConfigOf(const TestCase& c);

// Runs `c` (any number of nodes) on the candidate and judges it as above.
// `stem` names the written node case: <out_dir>/<stem>_node<k>.nnrtcase.
ModelCheckResult CheckModel(const Candidate& candidate, const TestCase& c, const ModelConfig& config,
                            const ModelCheckOptions& options, const std::string& stem);

// One line: "passed (12 nodes, 2/2 outputs with a derived bound; top-1 4/4, top-5 4/4)" or the failure.
std::string DescribeModelResult(const ModelCheckResult& r);

}  // namespace cts
}  // namespace nnrt

#endif  // NNRT_CONFORMANCE_MODEL_CHECK_H_
