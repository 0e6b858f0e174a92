// Shared helpers for the Catch2 tests: one relative-epsilon matcher, vector files.
#pragma once

#include <catch2/catch.hpp>

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
