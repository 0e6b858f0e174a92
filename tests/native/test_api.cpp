#include "support.hpp"

using test::Json;

TEST_CASE("listScenarioTypes describes every field and property with its rule, unit and doc", "[api]") {
  const Json types = mlsysim::list_scenario_types();
  const Json sync = test::named(types, "SyncStrategyScenario");
  const Json attack = test::named(types, "DataParallelAttackSurfaceScenario");
  CHECK(sync["category"] == "communication");
  CHECK(attack["category"] == "reliability");
  for (const Json& t : types) {
    INFO(t["name"]);
    for (const char* key : {"question", "summary", "assumptions", "excludes"}) CHECK_FALSE(t[key].get<std::string>().empty());
    bool known = false;
    for (const Json& c : mlsysim::list_categories()) known = known || c["name"] == t["category"];
    CHECK(known);
    // a sweep starts on a numeric field of the type
    CHECK(test::named(t["fields"], t["sweep"]["field"].get<std::string>())["numeric"] == true);
    for (const Json& p : t["sweep"]["properties"]) CHECK_FALSE(test::named(t["properties"], p.get<std::string>()).is_null());
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
      CHECK_FALSE(p["source"].get<std::string>().empty());  // every formula says where it comes from
      CHECK(p.contains("unit"));
    }
  }
  // a type whose question names its knob sweeps that first; another, its first numeric field
  const Json queue = test::named(types, "BatchedServingQueueScenario");
  CHECK(queue["sweep"]["field"] == "batch_size");
  CHECK(queue["sweep"]["properties"] == Json::array({"response_time", "utilization"}));
  CHECK(sync["sweep"]["field"] == "workers");
  CHECK(sync["sweep"]["properties"] == Json::array());
  // the field whose absence young_interval stands in for says which property holds the value in use
  CHECK(test::named(test::named(types, "CheckpointIntervalScenario")["fields"], "checkpoint_interval")["in_use"] == "interval");
  const Json rate = test::named(sync["fields"], "device_hour_rate");
  CHECK(rate["type"] == "quantity");
  CHECK(rate["dimension"] == "currency/time");
  CHECK(rate["rule"] == "a price per time >= 0 USD/h");  // shown in its display unit
  const Json staleness = test::named(sync["fields"], "staleness");
  CHECK(staleness["required"] == false);
  CHECK(staleness["default"] == 0);
  CHECK(test::named(attack["fields"], "gradient_bytes_per_param")["dimension"] == "information/param");
  CHECK(test::named(attack["fields"], "weight_bytes_per_param")["required"] == false);
  CHECK(test::named(attack["fields"], "weight_bytes_per_param")["default"].is_null());
}

TEST_CASE("A numeric field lists its rule's range as numbers in its canonical unit", "[api]") {
  const Json types = mlsysim::list_scenario_types();
  const auto bounds = [&](const char* type, const char* field) { return test::named(test::named(types, type)["fields"], field)["bounds"]; };
  // "integer >= 1": closed below, open above
  CHECK(bounds("SyncStrategyScenario", "workers") == Json({{"min", 1.0}, {"min_exclusive", false}, {"max", nullptr}, {"max_exclusive", false}}));
  // "a time > 0 s"
  CHECK(bounds("SyncStrategyScenario", "base_iteration_time") == Json({{"min", 0.0}, {"min_exclusive", true}, {"max", nullptr}, {"max_exclusive", false}}));
  // "finite number > 0 and <= 1"; "finite number > 0 and < 1"
  CHECK(bounds("TrainingComputeScenario", "mfu") == Json({{"min", 0.0}, {"min_exclusive", true}, {"max", 1.0}, {"max_exclusive", false}}));
  CHECK(bounds("PipelineBubbleScenario", "target_bubble") == Json({{"min", 0.0}, {"min_exclusive", true}, {"max", 1.0}, {"max_exclusive", true}}));
  // a registry field has none; every numeric field's bounds say what its rule says
  CHECK(bounds("TrainingComputeScenario", "workload").is_null());
  for (const Json& t : types)
    for (const Json& f : t["fields"]) {
      INFO(t["name"].get<std::string>() + "." + f["name"].get<std::string>());
      if (!f["numeric"].get<bool>()) continue;
      const Json& b = f["bounds"];
      const std::string rule = f["rule"];
      CHECK(b["min"].is_null() == (rule.find('>') == std::string::npos));
      CHECK(b["max"].is_null() == (rule.find('<') == std::string::npos));
    }
}

TEST_CASE("A type's heads and its description are the parts of its listScenarioTypes entry", "[api]") {
  const Json full = mlsysim::list_scenario_types();
  const Json heads = mlsysim::list_scenario_types(false);
  REQUIRE(heads.size() == full.size());
  for (std::size_t k = 0; k < full.size(); ++k) {
    const std::string name = full[k]["name"];
    INFO(name);
    CHECK(mlsysim::describe_scenario_type(name).value() == full[k]);
    // the same keys in the same order; the three lists null, everything else as in full
    Json expected = full[k];
    for (const char* key : {"fields", "properties", "symbols", "warnings"}) expected[key] = nullptr;
    CHECK(heads[k].dump() == expected.dump());
  }
  try {
    mlsysim::describe_scenario_type("SyncStrategy").value();
    FAIL("no error");
  } catch (const mlsysim::InputError& e) {
    CHECK(e.field == "type");
    CHECK(std::string(e.what()).find("type: unknown scenario type \"SyncStrategy\"; valid types: SyncStrategyScenario, ") == 0);
  }
}

TEST_CASE("The registries hold the spec's numbers with a source for each", "[api][registry]") {
  const Json w = mlsysim::list_registry("workloads").value();
  REQUIRE(w.size() >= 8);
  const Json gpt3 = test::named(w, "GPT3");
  CHECK(gpt3["parameters"] == 1.75e11);  // docs/scenarios.md, Workloads
  CHECK_THAT(gpt3["source"].get<std::string>(), Catch::Contains("Brown et al. 2020"));
  for (const Json& e : w) CHECK_FALSE(e["source"].get<std::string>().empty());
  const Json f = mlsysim::list_registry("fleets").value();
  REQUIRE(f.size() >= 8);
  CHECK(test::named(f, "Reference_25K_H100")["accelerators"] == 25000);
  for (const char* name : {"TransformerBsp8Workers", "TransformerSsp8Workers", "TransformerAsp8Workers",
                           "ReferenceJobAttackSurface", "LabJobAttackSurface"})
    CHECK(test::named(mlsysim::list_presets(), name)["summary"] != "");
  const Json p = mlsysim::list_presets();
  for (const Json& preset : p) {
    INFO(preset["name"]);
    CHECK_NOTHROW(mlsysim::evaluate(preset["type"].get<std::string>(), preset["inputs"]).value());
  }
}

TEST_CASE("The request form of eval --input takes a type or a preset", "[api]") {
  const Json by_preset = mlsysim::evaluate_request(
      {{"preset", "TransformerBsp8Workers"}, {"overrides", {{"workers", 16}}}}).value();
  CHECK(by_preset["properties"]["global_batch"]["value"] == 512);
  const Json by_type = mlsysim::evaluate_request(
      {{"type", "SyncStrategyScenario"}, {"inputs", by_preset["inputs"]}}).value();
  CHECK(by_type["properties"] == by_preset["properties"]);
  CHECK(by_type["preset"].is_null());
  CHECK_THROWS_AS(mlsysim::evaluate_request({{"type", "SyncStrategyScenario"}, {"preset", "X"}}).value(), mlsysim::InputError);
  CHECK_THROWS_AS(mlsysim::evaluate_request(Json::array()).value(), mlsysim::InputError);
  CHECK_THROWS_AS(mlsysim::evaluate_request({{"preset", 3}}).value(), mlsysim::InputError);
}

TEST_CASE("Every bad input of the shared table is refused with its field named", "[api][bad-input]") {
  const Json table = test::read_vector_file("bad_inputs.json");
  for (const Json& c : table["cases"]) {
    SECTION(c.dump().substr(0, 120)) {
      try {
        if (c.contains("preset"))
          mlsysim::evaluate_preset(c["preset"].get<std::string>(), c["set"]).value();
        else
          mlsysim::evaluate(c["type"].get<std::string>(), c["inputs"]).value();
        FAIL("accepted");
      } catch (const mlsysim::InputError& e) {
        CHECK(e.field == c["field"].get<std::string>());
        CHECK_THAT(e.what(), Catch::Contains(c["message"].get<std::string>()));
        CHECK_THAT(e.what(), Catch::StartsWith(e.field + ": "));
      }
    }
  }
}
