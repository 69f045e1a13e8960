// The parts of `nnrt_cts run` as sections of units (run_parts.h).
#include "cts_driver/run_parts.h"

#include <algorithm>
#include <cstdio>
#include <iostream>
#include <map>
#include <sstream>

#include "conformance/golden_replay.h"
#include "conformance/graph/generator.h"
#include "conformance/mutations/invalid_model.h"
#include "reference/text_format/text_format.h"

namespace nnrt {
namespace cts {
namespace {

// Golden files per unit: small enough to spread 781 files over the workers,
// large enough that a unit outweighs its hand-over.
constexpr size_t kGoldenFilesPerUnit = 40;

// "  PASS  <label>" / "  FAIL  <label>", with the cases the time budget skipped.
std::string VerdictLine(bool passed, const std::string& label, int64_t skipped, const char* what) {
  return std::string(passed ? "  PASS  " : "  FAIL  ") + label +
         (skipped > 0 ? " [" + std::to_string(skipped) + " " + what + " skipped: time budget]" : "") + "\n";
}

}  // namespace

RunSection NodeSpecSection(const std::vector<const NodeSpec*>& specs, const Candidate& candidate,
                           const PropertyOptions& options) {
  RunSection section;
  section.part = RunPart::kNodeSpecs;
  for (const NodeSpec* spec : specs) {
    section.units.push_back([spec, &candidate, options] {
      const PropertyResult r = RunSpecProperty(*spec, candidate, options);
      UnitResult u;
      u.ok = r.passed;
      u.coverage = r.coverage;
      u.text = VerdictLine(r.passed, spec->name, r.skipped, "case(s)");
      if (!r.passed) u.text += r.message + "\n\n";
      return u;
    });
  }
  section.close = [](const std::vector<UnitResult>& results, bool* ok) {
    Coverage coverage;
    int failed = 0;
    for (const UnitResult& u : results) {
      MergeCoverage(u.coverage, &coverage);
      failed += u.ok ? 0 : 1;
    }
    *ok = failed == 0;
    return "\n" + FormatCoverage(coverage) + std::to_string(results.size() - static_cast<size_t>(failed)) +
           " node specs passed, " + std::to_string(failed) + " failed\n";
  };
  return section;
}

// Random multi-node graphs (docs/conformance.md "Random graphs"): cases/4 graphs.
RunSection GraphSection(const Candidate& candidate, const PropertyOptions& base) {
  PropertyOptions options = base;
  options.cases = std::max(1, base.cases / 4);
  options.mode_label = "graph";
  RunSection section;
  section.part = RunPart::kGraphs;
  section.header = "\nrandom graphs: " + std::to_string(options.cases) + " graphs\n";
  section.units.push_back([&candidate, options] {
    const PropertyResult r = RunGraphProperty(candidate, options, GraphGenOptionsFromEnv());
    UnitResult u;
    u.ok = r.passed;
    u.text = VerdictLine(r.passed, "random graphs", r.skipped, "graph(s)");
    if (!r.passed) u.text += r.message + "\n";
    return u;
  });
  return section;
}

// The execution modes of `run --modes` (docs/conformance.md "Execution modes"): one section per mode.
std::vector<RunSection> ModeSections(const std::vector<const NodeSpec*>& specs, const std::vector<ExecMode>& modes,
                                     const Candidate& candidate, const PropertyOptions& base) {
  std::vector<RunSection> sections;
  for (ExecMode mode : modes) {
    PropertyOptions options = base;
    ConfigurePropertyForMode(mode, &options);
    RunSection section;
    section.part = RunPart::kModes;
    section.header = "\nmode " + std::string(ExecModeName(mode)) + ": " + std::to_string(options.cases) +
                     " cases per node spec\n";
    for (const NodeSpec* spec : specs) {
      if (!ModeAppliesTo(mode, *spec)) continue;
      section.units.push_back([spec, mode, &candidate, options] {
        const PropertyResult r = RunSpecProperty(*spec, candidate, options);
        UnitResult u;
        u.ok = r.passed;
        const std::string label = spec->name + " (" + ExecModeName(mode) + ")";
        if (r.skipped > 0) {
          u.text += "  SKIP  " + label + ": " + std::to_string(r.skipped) + " case(s) not run: time budget\n";
        }
        if (!r.passed) u.text += "  FAIL  " + label + "\n" + r.message + "\n\n";
        return u;
      });
    }
    sections.push_back(std::move(section));
  }
  return sections;
}

// The invalid-model part (C-211, C-213): same specs, seed, isolation and out dir.
RunSection InvalidSection(const std::vector<const NodeSpec*>& specs, const Candidate& candidate,
                          const PropertyOptions& property_options) {
  InvalidSuiteOptions options = InvalidSuiteOptionsFromEnv();
  options.cases = std::max(1, property_options.cases / 20);
  options.seed = property_options.seed;
  options.isolate = property_options.isolate;
  options.out_dir = property_options.out_dir;
  options.replay_binary = property_options.replay_binary;
  RunSection section;
  section.part = RunPart::kInvalid;
  section.header = "\ninvalid models: " + std::to_string(options.cases) +
                   " valid case(s) per node spec, each mutated by every family\n";
  for (const NodeSpec* spec : specs) {
    section.units.push_back([spec, &candidate, options] {
      const InvalidSuiteResult r = RunInvalidModelProperty(*spec, candidate, options);
      UnitResult u;
      u.ok = r.passed;
      u.families = r.families;
      u.run_probes = r.run_probes;
      u.invalid_skipped = r.skipped;
      u.text = VerdictLine(r.passed, spec->name + " (invalid models)", r.skipped, "case(s)");
      if (!r.passed) u.text += r.message;
      return u;
    });
  }
  section.close = [](const std::vector<UnitResult>& results, bool* ok) {
    InvalidSuiteResult total;
    for (const UnitResult& u : results) {
      InvalidSuiteResult part;
      part.passed = u.ok;
      part.families = u.families;
      part.run_probes = u.run_probes;
      part.skipped = u.invalid_skipped;
      MergeInvalidResult(part, &total);
    }
    *ok = total.passed;
    return "\n" + FormatInvalidCounts(total) + "invalid models: " +
           (total.passed ? "all rejected" : "NOT all rejected") + "\n";
  };
  return section;
}

// The golden files (docs/golden.md), replayed on the candidate in slices.
RunSection GoldenSection(const char* argv0, const Candidate& candidate, const PropertyOptions& options) {
  RunSection section;
  section.part = RunPart::kGolden;
  const std::string dir = DefaultGoldenDir(argv0);
  const std::vector<std::string> files = GoldenFilesIn(dir);
  if (files.empty()) {
    section.close = [](const std::vector<UnitResult>&, bool* ok) {
      *ok = false;
      return std::string(
          "\ngolden files: none found (set NNRT_CTS_GOLDEN=/abs/golden/data or run through bazel run)\n");
    };
    return section;
  }
  for (size_t begin = 0; begin < files.size(); begin += kGoldenFilesPerUnit) {
    const std::vector<std::string> slice(files.begin() + static_cast<std::ptrdiff_t>(begin),
                                         files.begin() + static_cast<std::ptrdiff_t>(
                                                             std::min(files.size(), begin + kGoldenFilesPerUnit)));
    section.units.push_back([slice, dir, &candidate, options] {
      UnitResult u;
      std::ostringstream text;
      for (const std::string& rel : slice) {
        TestCase c;
        const Status st = ReadCaseFile(dir + "/" + rel, &c);
        const GoldenReplayResult r = st.ok() ? ReplayGoldenCase(candidate, c, options)
                                             : GoldenReplayResult{GoldenVerdict::kFailed, st.ToString()};
        ++u.verdicts[static_cast<int>(r.verdict)];
        if (r.verdict != GoldenVerdict::kFailed) continue;
        u.ok = false;
        text << "  FAIL  golden " << rel << ": " << r.message << "\n  replay with: " << options.replay_binary
             << " replay " << dir << "/" << rel << " --driver " << candidate.path << "\n";
      }
      u.text = text.str();
      return u;
    });
  }
  const size_t count = files.size();
  section.close = [count](const std::vector<UnitResult>& results, bool* ok) {
    std::map<int, int64_t> verdicts;
    *ok = true;
    for (const UnitResult& u : results) {
      *ok = *ok && u.ok;
      for (const auto& kv : u.verdicts) verdicts[kv.first] += kv.second;
    }
    std::string text = "\ngolden files: " + std::to_string(count) + " replayed:";
    for (const auto& kv : verdicts) {
      text += " " + std::to_string(kv.second) + " " + GoldenVerdictName(static_cast<GoldenVerdict>(kv.first)) + ",";
    }
    return text + "\n";
  };
  return section;
}

Status RunSections(const std::vector<RunSection>& sections, int jobs, bool steps_in_process, RunTotals* totals) {
  std::vector<RunUnit> units;
  for (const RunSection& s : sections) units.insert(units.end(), s.units.begin(), s.units.end());
  UnitExecutor executor(std::move(units), jobs, steps_in_process);
  NNRT_RETURN_IF_ERROR(executor.Start());
  size_t next = 0;
  for (const RunSection& s : sections) {
    std::cout << s.header << std::flush;
    std::vector<UnitResult> results;
    for (size_t i = 0; i < s.units.size(); ++i) {
      results.push_back(executor.Wait(next++));
      results.back().report_json.clear();
      totals->profile[s.part].Add(results.back().profile);
      std::cout << results.back().text << std::flush;
    }
    bool ok = true;
    if (s.close) {
      std::cout << s.close(results, &ok) << std::flush;
    } else {
      for (const UnitResult& u : results) ok = ok && u.ok;
    }
    totals->ok[s.part] = totals->ok[s.part] && ok;
  }
  return Status::Ok();
}

namespace {

const char* PartName(RunPart part) {
  switch (part) {
    case RunPart::kNodeSpecs: return "node specs";
    case RunPart::kGraphs: return "graphs";
    case RunPart::kModes: return "modes";
    case RunPart::kInvalid: return "invalid models";
    case RunPart::kGolden: return "golden";
    case RunPart::kModels: return "models";
  }
  return "?";
}

std::string Seconds(int64_t nanos) {
  char buf[32];
  std::snprintf(buf, sizeof buf, "%.2f", static_cast<double>(nanos) * 1e-9);
  return buf;
}

std::string Row(const std::vector<std::string>& cells, const std::vector<int>& widths) {
  std::string out = " ";
  for (size_t i = 0; i < cells.size(); ++i) {
    const int w = i < widths.size() ? widths[i] : 10;
    std::string cell = cells[i];
    if (static_cast<int>(cell.size()) < w) cell = (i == 0 ? cell + std::string(w - cell.size(), ' ')
                                                          : std::string(w - cell.size(), ' ') + cell);
    out += " " + cell;
  }
  return out + "\n";
}

}  // namespace

std::string FormatProfile(const RunTotals& totals) {
  const std::vector<int> widths = {15, 7, 8, 8, 8, 9, 9, 9, 7};
  std::string out =
      "\nprofile (seconds; wall summed over the units; CPU from getrusage: the worker's own user/sys and "
      "its reaped children's):\n" +
      Row({"part", "cases", "wall", "user", "sys", "ch.user", "ch.sys", "faults", "reruns"}, widths);
  UnitProfile all;
  for (const auto& kv : totals.profile) {
    const UnitProfile& p = kv.second;
    all.Add(p);
    out += Row({PartName(kv.first), std::to_string(p.cases), Seconds(p.wall_nanos), Seconds(p.cpu.self_user),
                Seconds(p.cpu.self_sys), Seconds(p.cpu.children_user), Seconds(p.cpu.children_sys),
                std::to_string(p.cpu.minor_faults), std::to_string(p.reruns)},
               widths);
  }
  out += Row({"all", std::to_string(all.cases), Seconds(all.wall_nanos), Seconds(all.cpu.self_user),
              Seconds(all.cpu.self_sys), Seconds(all.cpu.children_user), Seconds(all.cpu.children_sys),
              std::to_string(all.cpu.minor_faults), std::to_string(all.reruns)},
             widths);
  out += "costs (calls / wall seconds summed over the units; a forked child's own costs are not seen):\n";
  std::vector<std::string> header = {"part"};
  for (int i = 0; i < kProfileCostCount; ++i) header.push_back(ProfileCostName(static_cast<ProfileCost>(i)));
  out += "  " + [&] {
    std::string h;
    for (const std::string& c : header) h += c + " | ";
    return h;
  }() + "\n";
  for (const auto& kv : totals.profile) {
    std::string line = std::string("  ") + PartName(kv.first);
    for (int i = 0; i < kProfileCostCount; ++i) {
      line += " | " + std::to_string(kv.second.costs.calls[i]) + " / " + Seconds(kv.second.costs.nanos[i]);
    }
    out += line + "\n";
  }
  return out;
}

}  // namespace cts
}  // namespace nnrt
