// The report's model section (report.h, docs/conformance.md "Reports"): one
// row per model x data type x mode with its result, the localised node and
// its replayable case, or the unsupported node types.
#include <sstream>

#include "conformance/report/report.h"

namespace nnrt {
namespace cts {

std::string ModelsJson(const std::vector<ModelEntry>& models) {
  if (models.empty()) return "";
  std::ostringstream os;
  os << ",\n  \"models\": [";
  bool first = true;
  for (const ModelEntry& m : models) {
    os << (first ? "" : ",") << "\n    {\"model\": " << JsonStringLiteral(m.model) << ", \"dtype\": " << JsonStringLiteral(m.dtype)
       << ", \"mode\": " << JsonStringLiteral(m.mode) << ", \"result\": " << JsonStringLiteral(CaseResultName(m.result))
       << ", \"localised_node\": " << JsonStringLiteral(m.localised_node) << ", \"case_file\": " << JsonStringLiteral(m.case_file)
       << ", \"replay\": " << JsonStringLiteral(m.replay) << ", \"unsupported\": " << JsonStringLiteral(m.unsupported)
       << ", \"agreement\": " << JsonStringLiteral(m.agreement) << ", \"message\": " << JsonStringLiteral(m.message) << "}";
    first = false;
  }
  os << "\n  ]";
  return os.str();
}

std::string ModelsHtml(const std::vector<ModelEntry>& models) {
  if (models.empty()) return "";
  std::ostringstream os;
  os << "<h2 id=\"models\">Models (" << models.size() << ")</h2>\n<table class=\"models\">\n"
     << "<tr><th>model</th><th>data type</th><th>mode</th><th>result</th><th>localised node / unsupported node types"
        "</th><th>classifier agreement</th></tr>\n";
  for (size_t i = 0; i < models.size(); ++i) {
    const ModelEntry& m = models[i];
    const char* result = CaseResultName(m.result);
    os << "<tr id=\"model-" << i << "\"><td class=\"name\">" << HtmlEscape(m.model) << "</td><td class=\"name\">"
       << HtmlEscape(m.dtype) << "</td><td>" << HtmlEscape(m.mode) << "</td><td class=\"" << result << "\" title=\""
       << HtmlEscape(m.message) << "\">" << result << "</td><td class=\"name\">";
    if (!m.localised_node.empty()) os << HtmlEscape(m.localised_node);
    if (!m.unsupported.empty()) os << "unsupported: " << HtmlEscape(m.unsupported);
    if (!m.case_file.empty()) os << "<br>case: <code>" << HtmlEscape(m.case_file) << "</code>";
    if (!m.replay.empty()) os << "<br>replay: <code>" << HtmlEscape(m.replay) << "</code>";
    os << "</td><td>" << HtmlEscape(m.agreement) << "</td></tr>\n";
  }
  os << "</table>\n";
  for (size_t i = 0; i < models.size(); ++i) {
    const ModelEntry& m = models[i];
    if (m.message.empty() || m.result == CaseResult::kPassed) continue;
    os << "<p><a href=\"#model-" << i << "\">" << HtmlEscape(m.model) << " / " << HtmlEscape(m.dtype) << " / " << HtmlEscape(m.mode)
       << "</a>:</p><pre>" << HtmlEscape(m.message) << "</pre>\n";
  }
  return os.str();
}

}  // namespace cts
}  // namespace nnrt
