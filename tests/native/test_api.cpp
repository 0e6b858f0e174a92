#include "support.hpp"

using test::Json;

TEST_CASE("listScenarioTypes describes every field and property with its rule, unit and doc", "[api]") {
  const Json types = mlsysim::list_scenario_types();
  REQUIRE(types.size() == 2);
  CHECK(types[0]["name"] == "SyncStrategyScenario");
  CHECK(types[0]["category"] == "communication");
  CHECK(types[1]["name"] == "DataParallelAttackSurfaceScenario");
  CHECK(types[1]["category"] == "reliability");
  for (const Json& t : types) {
    for (const char* key : {"summary", "assumptions", "excludes"}) CHECK_FALSE(t[key].get<std::string>().empty());
    for (const Json& f : t["fields"]) {
      INFO(f.dump());
      CHECK_FALSE(f["rule"].get<std::string>().empty());
      CHECK_FALSE(f["doc"].get<std::string>().empty());
      CHECK((f["required"].get<bool>() || f.contains("default")));
    }
    for (const Json& p : t["properties"]) {
      INFO(p.dump());
      CHECK_FALSE(p["equation"].get<std::string>().empty());
      CHECK_FALSE(p["doc"].get<std::string>().empty());
      CHECK(p.contains("unit"));
    }
  }
  const Json& rate = types[0]["fields"][6];
  CHECK(rate["name"] == "device_hour_rate");
  CHECK(rate["type"] == "quantity");
  CHECK(rate["dimension"] == "currency/time");
  CHECK(rate["rule"] == "currency/time >= 0 USD/h");  // shown in its display unit
  const Json& staleness = types[0]["fields"][7];
  CHECK(staleness["required"] == false);
  CHECK(staleness["default"] == 0);
  CHECK(types[1]["fields"][3]["dimension"] == "information/param");
  CHECK(types[1]["fields"][5]["required"] == false);
  CHECK(types[1]["fields"][5]["default"].is_null());
}

TEST_CASE("The registries hold the spec's numbers with a source for each", "[api][registry]") {
  const Json w = mlsysim::list_workloads();
  REQUIRE(w.size() == 8);
  CHECK(w[0] == Json({{"name", "GPT3"}, {"parameters", 1.75e11}, {"source", w[0]["source"]}}));
  for (const Json& e : w) CHECK_FALSE(e["source"].get<std::string>().empty());
  const Json f = mlsysim::list_fleets();
  REQUIRE(f.size() == 8);
  CHECK(f[7]["name"] == "Reference_25K_H100");
  CHECK(f[7]["accelerators"] == 25000);
  const Json p = mlsysim::list_presets();
  REQUIRE(p.size() == 5);
  for (const Json& preset : p) {
    INFO(preset["name"]);
    CHECK_NOTHROW(mlsysim::evaluate(preset["type"].get<std::string>(), preset["inputs"]));
  }
}

TEST_CASE("The request form of eval --input takes a type or a preset", "[api]") {
  const Json by_preset = mlsysim::evaluate_request(
      {{"preset", "TransformerBsp8Workers"}, {"overrides", {{"workers", 16}}}});
  CHECK(by_preset["properties"]["global_batch"]["value"] == 512);
  const Json by_type = mlsysim::evaluate_request(
      {{"type", "SyncStrategyScenario"}, {"inputs", by_preset["inputs"]}});
  CHECK(by_type["properties"] == by_preset["properties"]);
  CHECK(by_type["preset"].is_null());
  CHECK_THROWS_AS(mlsysim::evaluate_request({{"type", "SyncStrategyScenario"}, {"preset", "X"}}), mlsysim::InputError);
  CHECK_THROWS_AS(mlsysim::evaluate_request(Json::array()), mlsysim::InputError);
  CHECK_THROWS_AS(mlsysim::evaluate_request({{"preset", 3}}), mlsysim::InputError);
}

TEST_CASE("Every bad input of the shared table is refused with its field named", "[api][bad-input]") {
  const Json table = test::read_vector_file("bad_inputs.json");
  for (const Json& c : table["cases"]) {
    SECTION(c.dump().substr(0, 120)) {
      try {
        if (c.contains("preset"))
          mlsysim::evaluate_preset(c["preset"].get<std::string>(), c["set"]);
        else
          mlsysim::evaluate(c["type"].get<std::string>(), c["inputs"]);
        FAIL("accepted");
      } catch (const mlsysim::InputError& e) {
        CHECK(e.field == c["field"].get<std::string>());
        CHECK_THAT(e.what(), Catch::Contains(c["message"].get<std::string>()));
        CHECK_THAT(e.what(), Catch::StartsWith(e.field + ": "));
      }
    }
  }
}
