#include "importers/onnx/testdata_survey.h"

#include <dirent.h>
#include <sys/stat.h>

#include <algorithm>

#include "importers/onnx/imported_case.h"

namespace nnrt {
namespace onnx_import {
namespace {

bool Exists(const std::string& path) {
  struct stat st;
  return stat(path.c_str(), &st) == 0;
}

std::string FirstLine(const std::string& s) {
  std::string line = s.substr(0, s.find('\n'));
  return line.size() > 240 ? line.substr(0, 240) + "..." : line;
}

}  // namespace

std::vector<std::string> TestdataModels(const std::string& root) {
  std::vector<std::string> models;
  for (const char* folder : {"node", "pytorch-converted", "pytorch-operator", "simple"}) {
    DIR* dir = opendir((root + "/" + folder).c_str());
    if (dir == nullptr) continue;
    while (dirent* e = readdir(dir)) {
      const std::string model = std::string(folder) + "/" + e->d_name;
      if (e->d_name[0] == '.') continue;
      if (Exists(root + "/" + model + "/model.onnx") && Exists(root + "/" + model + "/test_data_set_0")) {
        models.push_back(model);
      }
    }
    closedir(dir);
  }
  std::sort(models.begin(), models.end());
  return models;
}

SurveyRow SurveyModel(const std::string& root, const std::string& model) {
  ImportOptions options;
  options.inputs_dir = root + "/" + model + "/test_data_set_0";
  const ImportedCase r = ImportAndRunReference(root + "/" + model + "/model.onnx", options);
  SurveyRow row;
  row.model = model;
  if (r.stage == ImportStage::kImport) {
    row.outcome = "unmapped";
    // The problem list without the path prefix and the count line.
    row.reason = r.import.problems.empty() ? FirstLine(r.status.message()) : r.import.problems.front();
    for (size_t i = 1; i < r.import.problems.size(); ++i) row.reason += "; " + r.import.problems[i];
    row.reason = FirstLine(row.reason);
  } else if (r.stage == ImportStage::kReferenceRun) {
    row.outcome = "rejected";
    row.reason = FirstLine(r.status.ToString());
  } else if (!r.has_onnx_expected) {
    row.outcome = "differs";
    row.reason = "no output_K.pb to compare with";
  } else {
    row.outcome = r.agreement.agrees ? "agrees" : "differs";
    if (!r.agreement.agrees) {
      std::string report = r.agreement.report;
      size_t p = 0;
      for (size_t q; (q = report.find('\n', p)) != std::string::npos; p = q + 1) {
        const std::string line = report.substr(p, q - p);
        if (line.find(": agrees") == std::string::npos) {
          row.reason = FirstLine(line);
          break;
        }
      }
    }
  }
  return row;
}

std::string FormatSurvey(const std::vector<SurveyRow>& rows) {
  std::string out;
  for (const SurveyRow& r : rows) {
    out += r.outcome + " " + r.model + (r.reason.empty() ? "" : " | " + r.reason) + "\n";
  }
  return out;
}

}  // namespace onnx_import
}  // namespace nnrt
