// libneural_network_runtime.so exports exactly the OH_NN* functions declared
// in the public headers: nothing missing, nothing extra.
// argv: <the .so> <header>...; the headers are parsed for declarations.
#include <gtest/gtest.h>

#include <cstdio>
#include <fstream>
#include <regex>
#include <set>
#include <sstream>
#include <string>

namespace {

int g_argc = 0;
char** g_argv = nullptr;

std::set<std::string> DeclaredFunctions(const std::string& header) {
  std::ifstream in(header);
  std::stringstream text;
  text << in.rdbuf();
  std::string source = text.str();
  // Drop comments so that names mentioned in prose do not count.
  source = std::regex_replace(source, std::regex(R"(/\*[\s\S]*?\*/)"), " ");
  source = std::regex_replace(source, std::regex(R"(//[^\n]*)"), " ");
  std::set<std::string> names;
  // A declaration: the name directly followed by "(" and not part of a typedef.
  std::regex declaration(R"(\b(OH_NN\w+)\s*\()");
  for (auto it = std::sregex_iterator(source.begin(), source.end(), declaration); it != std::sregex_iterator(); ++it) {
    names.insert((*it)[1].str());
  }
  return names;
}

std::set<std::string> ExportedSymbols(const std::string& library) {
  std::string command = "nm -D --defined-only '" + library + "'";
  FILE* pipe = popen(command.c_str(), "r");
  EXPECT_NE(pipe, nullptr);
  std::set<std::string> names;
  char line[1024];
  while (pipe != nullptr && std::fgets(line, sizeof(line), pipe) != nullptr) {
    std::istringstream fields(line);
    std::string address, type, name;
    if (fields >> address >> type >> name) {
      // Version-script markers (type 'A') are not symbols of the API.
      if (type != "A") names.insert(name);
    }
  }
  if (pipe != nullptr) {
    EXPECT_EQ(pclose(pipe), 0);
  }
  return names;
}

TEST(ExportedSymbols, ExactlyTheDeclaredOhNnFunctions) {
  ASSERT_GE(g_argc, 3) << "usage: exported_symbols_test <lib.so> <header>...";
  std::set<std::string> declared;
  for (int i = 2; i < g_argc; ++i) {
    std::set<std::string> names = DeclaredFunctions(g_argv[i]);
    declared.insert(names.begin(), names.end());
  }
  // The inventory of api_state_machine 1.1 lists 50 core functions (its
  // heading says 49: 14 compilation + 12 tensor desc + 9 tensor + 12 executor
  // + 3 device) and 25 runtime functions.
  EXPECT_EQ(declared.size(), 75u);
  std::set<std::string> exported = ExportedSymbols(g_argv[1]);
  for (const std::string& name : declared) EXPECT_EQ(exported.count(name), 1u) << "not exported: " << name;
  for (const std::string& name : exported) EXPECT_EQ(declared.count(name), 1u) << "exported but not declared: " << name;
}

}  // namespace

int main(int argc, char** argv) {
  ::testing::InitGoogleTest(&argc, argv);
  g_argc = argc;
  g_argv = argv;
  return RUN_ALL_TESTS();
}
