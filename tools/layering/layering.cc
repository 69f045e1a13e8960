#include "tools/layering/layering.h"

#include <algorithm>
#include <cctype>
#include <cstddef>
#include <functional>

namespace nnrt {
namespace layering {
namespace {

// ---- Table ----------------------------------------------------------------------

std::string Trim(const std::string& s) {
  size_t b = 0;
  size_t e = s.size();
  while (b < e && std::isspace(static_cast<unsigned char>(s[b]))) ++b;
  while (e > b && std::isspace(static_cast<unsigned char>(s[e - 1]))) --e;
  return s.substr(b, e - b);
}

std::vector<std::string> SplitCells(const std::string& row) {
  std::vector<std::string> cells;
  std::string cell;
  for (size_t i = 1; i < row.size(); ++i) {  // row[0] is the leading '|'
    if (row[i] == '|') {
      cells.push_back(Trim(cell));
      cell.clear();
    } else {
      cell += row[i];
    }
  }
  return cells;
}

// The `//...` items of a cell, without the leading "//".
std::vector<std::string> BacktickedLabels(const std::string& cell) {
  std::vector<std::string> out;
  size_t pos = 0;
  while ((pos = cell.find('`', pos)) != std::string::npos) {
    const size_t end = cell.find('`', pos + 1);
    if (end == std::string::npos) break;
    const std::string item = cell.substr(pos + 1, end - pos - 1);
    if (item.rfind("//", 0) == 0) out.push_back(item.substr(2));
    pos = end + 1;
  }
  return out;
}

// ---- BUILD tokens ---------------------------------------------------------------

struct Token {
  enum Kind { kIdent, kString, kPunct } kind;
  std::string text;
};

std::vector<Token> Tokenize(const std::string& s) {
  std::vector<Token> tokens;
  size_t i = 0;
  while (i < s.size()) {
    const char c = s[i];
    if (std::isspace(static_cast<unsigned char>(c))) {
      ++i;
    } else if (c == '#') {
      while (i < s.size() && s[i] != '\n') ++i;
    } else if (c == '"' || c == '\'') {
      const bool triple = s.compare(i, 3, std::string(3, c)) == 0;
      const std::string close = triple ? std::string(3, c) : std::string(1, c);
      i += close.size();
      std::string value;
      while (i < s.size() && s.compare(i, close.size(), close) != 0) {
        if (s[i] == '\\' && i + 1 < s.size()) ++i;
        value += s[i++];
      }
      i += close.size();
      tokens.push_back({Token::kString, value});
    } else if (std::isalpha(static_cast<unsigned char>(c)) || c == '_') {
      size_t j = i;
      while (j < s.size() && (std::isalnum(static_cast<unsigned char>(s[j])) || s[j] == '_')) ++j;
      tokens.push_back({Token::kIdent, s.substr(i, j - i)});
      i = j;
    } else {
      tokens.push_back({Token::kPunct, std::string(1, c)});
      ++i;
    }
  }
  return tokens;
}

bool IsPunct(const std::vector<Token>& t, size_t i, char c) {
  return i < t.size() && t[i].kind == Token::kPunct && t[i].text[0] == c;
}

// "package:name" of a label written in `package`; "" for an external label.
std::string Resolve(const std::string& package, const std::string& label) {
  if (label.empty() || label[0] == '@') return "";
  if (label.rfind("//", 0) == 0) {
    const std::string rest = label.substr(2);
    const size_t colon = rest.find(':');
    if (colon != std::string::npos) return rest;
    const size_t slash = rest.rfind('/');
    return rest + ":" + (slash == std::string::npos ? rest : rest.substr(slash + 1));
  }
  return package + ":" + (label[0] == ':' ? label.substr(1) : label);
}

std::string PackageOf(const std::string& target) { return target.substr(0, target.find(':')); }

bool Matches(const std::string& pattern, const std::string& package) {
  const std::string suffix = "/...";
  if (pattern.size() >= suffix.size() && pattern.compare(pattern.size() - suffix.size(), suffix.size(), suffix) == 0) {
    const std::string base = pattern.substr(0, pattern.size() - suffix.size());
    return package == base || package.rfind(base + "/", 0) == 0;
  }
  return package == pattern;
}

std::string Pretty(const std::string& package) { return "//" + package; }

}  // namespace

LayerTable ParseLayerTable(const std::string& markdown, std::vector<std::string>* errors) {
  LayerTable table;
  const std::string begin = "<!-- layering table -->";
  const std::string end = "<!-- end of layering table -->";
  const size_t b = markdown.find(begin);
  const size_t e = markdown.find(end);
  if (b == std::string::npos || e == std::string::npos || e < b) {
    errors->push_back("no layering table (" + begin + " ... " + end + ")");
    return table;
  }
  const std::string body = markdown.substr(b + begin.size(), e - b - begin.size());
  size_t pos = 0;
  int row = 0;
  while (pos < body.size()) {
    size_t nl = body.find('\n', pos);
    if (nl == std::string::npos) nl = body.size();
    const std::string line = Trim(body.substr(pos, nl - pos));
    pos = nl + 1;
    if (line.empty() || line[0] != '|') continue;
    if (++row <= 2) continue;  // header and separator
    const std::vector<std::string> cells = SplitCells(line);
    if (cells.size() < 2) {
      errors->push_back("layering table row without two cells: " + line);
      continue;
    }
    const std::vector<std::string> labels = BacktickedLabels(cells[1]);
    if (labels.empty()) errors->push_back("layering table row without packages: " + line);
    if (cells[0] == "any") {
      for (const std::string& l : labels) table.leaf_targets.insert(l);
    } else {
      table.layer_names.push_back(cells[0]);
      table.layers.push_back(labels);
    }
  }
  if (table.layers.empty()) errors->push_back("the layering table has no layers");
  return table;
}

std::vector<DepEdge> ParseDeps(const std::string& package, const std::string& build_text) {
  const std::vector<Token> t = Tokenize(build_text);
  struct Frame {
    char open;
    std::string call;  // the name before '(' ("" for brackets and braces)
    size_t id;         // which call (for testonly)
  };
  std::vector<Frame> stack;
  std::vector<DepEdge> edges;
  std::vector<size_t> edge_call;         // the call id of each edge
  std::set<size_t> testonly_calls;       // calls with `testonly = True` (or 1)
  size_t next_id = 0;
  size_t deps_depth = 0;  // stack size of the call whose deps are being read; 0: none
  for (size_t i = 0; i < t.size(); ++i) {
    const Token& tok = t[i];
    if (tok.kind == Token::kPunct) {
      const char c = tok.text[0];
      if (c == '(' || c == '[' || c == '{') {
        const bool call = c == '(' && i > 0 && t[i - 1].kind == Token::kIdent;
        stack.push_back({c, call ? t[i - 1].text : "", next_id++});
      } else if (c == ')' || c == ']' || c == '}') {
        if (!stack.empty()) stack.pop_back();
        if (stack.size() < deps_depth) deps_depth = 0;
      } else if (c == ',' && stack.size() == deps_depth) {
        deps_depth = 0;
      }
      continue;
    }
    if (tok.kind == Token::kIdent) {
      if (tok.text == "deps" && IsPunct(t, i + 1, '=') && !IsPunct(t, i + 2, '=') && !stack.empty() &&
          stack.back().open == '(') {
        deps_depth = stack.size();
      }
      if (tok.text == "testonly" && IsPunct(t, i + 1, '=') && i + 2 < t.size() && !stack.empty() &&
          (t[i + 2].text == "True" || t[i + 2].text == "1")) {
        testonly_calls.insert(stack.back().id);
      }
      continue;
    }
    // A string: a label when inside deps, and not a select() key.
    if (deps_depth == 0 || IsPunct(t, i + 1, ':')) continue;
    const std::string target = Resolve(package, tok.text);
    if (target.empty()) continue;
    DepEdge edge;
    edge.rule = stack[deps_depth - 1].call;
    edge.target = target;
    const std::string test = "_test";
    edge.test = edge.rule.size() >= test.size() &&
                edge.rule.compare(edge.rule.size() - test.size(), test.size(), test) == 0;
    edges.push_back(edge);
    edge_call.push_back(stack[deps_depth - 1].id);
  }
  for (size_t k = 0; k < edges.size(); ++k) {
    if (testonly_calls.count(edge_call[k]) > 0) edges[k].test = true;
  }
  return edges;
}

int LayerOf(const LayerTable& table, const std::string& package) {
  for (size_t l = 0; l < table.layers.size(); ++l) {
    for (const std::string& pattern : table.layers[l]) {
      if (Matches(pattern, package)) return static_cast<int>(l);
    }
  }
  return -1;
}

std::vector<std::string> CheckLayering(const LayerTable& table,
                                       const std::map<std::string, std::vector<std::string>>& build_texts) {
  std::vector<std::string> problems;
  std::map<std::string, std::set<std::string>> graph;  // package -> packages its libraries use
  for (const auto& [package, texts] : build_texts) {
    const int layer = LayerOf(table, package);
    if (layer < 0) {
      problems.push_back(Pretty(package) + " is in no layer of docs/architecture.md");
      continue;
    }
    graph[package];
    for (const std::string& text : texts) {
      for (const DepEdge& e : ParseDeps(package, text)) {
        if (e.test || table.leaf_targets.count(e.target) > 0) continue;
        const std::string to = PackageOf(e.target);
        if (to == package) continue;
        const int to_layer = LayerOf(table, to);
        if (to_layer < 0) {
          problems.push_back(Pretty(package) + " (" + e.rule + ") uses //" + e.target + ", whose package is in no layer");
          continue;
        }
        if (to_layer > layer) {
          problems.push_back(Pretty(package) + " (" + e.rule + ", layer '" + table.layer_names[layer] + "') uses //" +
                             e.target + " of the higher layer '" + table.layer_names[to_layer] + "'");
        }
        graph[package].insert(to);
      }
    }
  }
  // Package cycles: the strongly connected components (Tarjan) of more than one package.
  std::map<std::string, int> index;
  std::map<std::string, int> low;
  std::set<std::string> on_stack;
  std::vector<std::string> stack;
  int next = 0;
  std::function<void(const std::string&)> visit = [&](const std::string& v) {
    index[v] = low[v] = next++;
    stack.push_back(v);
    on_stack.insert(v);
    for (const std::string& w : graph[v]) {
      if (index.count(w) == 0) {
        visit(w);
        low[v] = std::min(low[v], low[w]);
      } else if (on_stack.count(w) > 0) {
        low[v] = std::min(low[v], index[w]);
      }
    }
    if (low[v] != index[v]) return;
    std::vector<std::string> component;
    std::string w;
    do {
      w = stack.back();
      stack.pop_back();
      on_stack.erase(w);
      component.push_back(w);
    } while (w != v);
    if (component.size() < 2) return;
    std::sort(component.begin(), component.end());
    std::string message = "package cycle through library deps:";
    for (const std::string& p : component) message += " " + Pretty(p);
    problems.push_back(message);
  };
  std::vector<std::string> packages;
  for (const auto& kv : graph) packages.push_back(kv.first);
  for (const std::string& p : packages) {
    if (index.count(p) == 0) visit(p);
  }
  return problems;
}

}  // namespace layering
}  // namespace nnrt
