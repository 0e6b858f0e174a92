// Shared helpers for the Catch2 tests: one relative-epsilon matcher, vector files, a run
// of the CLI.
#pragma once

#include <catch2/catch.hpp>
#include <sys/wait.h>
#include <unistd.h>

#include <array>
#include <cstdio>
#include <cstdlib>

#include <filesystem>
#include <algorithm>
#include <fstream>
#include <vector>
#include <sstream>
#include <string>

#include "mlsysim/api.hpp"
#include "mlsysim/sweep.hpp"

namespace test {

using mlsysim::Json;

/// Relative closeness for values worked out by hand (1e-12 unless stated).
inline Catch::Matchers::Floating::WithinRelMatcher Near(double expected, double rel = 1e-12) {
  return Catch::Matchers::WithinRel(expected, rel);
}

/// What a run of the CLI gave: its exit status and what it printed.
struct Run {
  int status;
  std::string out;
};

/// A new file in /tmp holding `text`; returns its path (the caller removes it).
inline std::string write_temp(const std::string& text) {
  char path[] = "/tmp/mlsysim-test-XXXXXX";
  const int fd = mkstemp(path);
  REQUIRE(fd >= 0);
  FILE* f = fdopen(fd, "w");
  fwrite(text.data(), 1, text.size(), f);
  fclose(f);
  return path;
}

/// Runs `mlsysim ARGS` through the shell with `stdin_text` on standard input; stderr
/// goes to stdout when `merge` is set.
inline Run cli(const std::string& args, bool merge = false, const std::string& stdin_text = "") {
  const std::string path = write_temp(stdin_text);
  const std::string cmd = std::string("'") + MLSYSIM_CLI + "' " + args + " < " + path +
                          (merge ? " 2>&1" : " 2>/dev/null");
  FILE* p = popen(cmd.c_str(), "r");
  REQUIRE(p != nullptr);
  std::string out;
  std::array<char, 4096> buf;
  std::size_t n;
  while ((n = fread(buf.data(), 1, buf.size(), p)) > 0) out.append(buf.data(), n);
  const int st = pclose(p);
  std::remove(path.c_str());
  return {WIFEXITED(st) ? WEXITSTATUS(st) : -1, out};
}

inline Json read_vector_file(const std::string& name) {
  std::ifstream f(std::string(MLSYSIM_VECTORS_DIR) + "/" + name);
  REQUIRE(f.good());
  std::stringstream s;
  s << f.rdbuf();
  return Json::parse(s.str());
}

/// Every known-answer file of tests/vectors/known/ (generate.py), in name order.
inline std::vector<Json> known_vectors() {
  std::vector<std::string> files;
  for (const auto& e : std::filesystem::directory_iterator(std::string(MLSYSIM_VECTORS_DIR) + "/known"))
    if (e.path().extension() == ".json") files.push_back("known/" + e.path().filename().string());
  std::sort(files.begin(), files.end());
  std::vector<Json> out;
  for (const std::string& f : files) out.push_back(read_vector_file(f));
  return out;
}

/// The value of property `name` in a Result; fails the test if it is an error.
inline double prop(const Json& result, const std::string& name) {
  const Json& p = result.at("properties").at(name);
  INFO(name << ": " << p.dump());
  REQUIRE(p.contains("value"));
  return p.at("value").get<double>();
}

/// The element of a JSON array whose "name" is `name`; fails the test when there is none.
inline Json named(const Json& list, const std::string& name) {
  for (const Json& e : list)
    if (e.contains("name") && e["name"] == name) return e;
  FAIL("no entry named " << name);
  return Json();
}

/// The inputs of preset `name` (as listPresets gives them).
inline Json preset_inputs(const std::string& name) { return named(mlsysim::list_presets(), name)["inputs"]; }

}  // namespace test
