// Known-answer vectors from tests/vectors/known/*.json, found by folder and read by their
// "type" key (written by tests/vectors/generate.py from the specification's equations,
// independently of this code): presets, hand-written cases and random inputs within
// every field's rule.
#include <cmath>
#include <filesystem>
#include <set>

#include "support.hpp"

using test::Json;

namespace {

void check_result(const Json& r, const Json& c, double tol) {
  for (const auto& [name, want] : c["expected"].items()) {
    INFO(name << ": got " << r["properties"][name].dump() << ", want " << want.dump());
    const Json& got = r["properties"][name];
    if (want.contains("error")) {
      CHECK(got.contains("error"));
      continue;
    }
    REQUIRE(got.contains("value"));
    CHECK(got["unit"] == want["unit"]);
    const double w = want["value"].get<double>();
    if (w == 0) CHECK(got["value"].get<double>() == 0);
    else CHECK_THAT(got["value"].get<double>(), Catch::Matchers::WithinRel(w, tol));
  }
  CHECK(r["warnings"].size() == c["warnings"].get<std::size_t>());
}

}  // namespace

TEST_CASE("Every scenario type matches its known-answer vectors", "[vectors]") {
  std::set<std::string> covered;
  for (const Json& v : test::known_vectors()) {
    const std::string type = v["type"].get<std::string>();
    covered.insert(type);
    for (const Json& c : v["cases"]) {
      // INFO, not SECTION: a SECTION per case makes Catch run the whole test (reading
      // every vector file) once per case, 24 s natively and 6 minutes under ASan
      INFO(type << ": " << c["name"].get<std::string>());
      check_result(mlsysim::evaluate(type, c["inputs"]).value(), c, v["tolerance"].get<double>());
      // a preset gives the same through evaluate_preset
      if (c["preset"].is_string())
        check_result(mlsysim::evaluate_preset(c["preset"].get<std::string>(), nullptr).value(), c, v["tolerance"].get<double>());
    }
  }
  // every type of the catalog has its vectors, and every preset is one of them
  for (const Json& t : mlsysim::list_scenario_types()) CHECK(covered.count(t["name"].get<std::string>()) == 1);
  std::set<std::string> preset_cases;
  for (const Json& v : test::known_vectors())
    for (const Json& c : v["cases"])
      if (c["preset"].is_string()) preset_cases.insert(c["preset"].get<std::string>());
  for (const Json& p : mlsysim::list_presets()) {
    INFO(p["name"]);
    CHECK(preset_cases.count(p["name"].get<std::string>()) == 1);
  }
}
