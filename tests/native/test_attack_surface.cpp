#include "support.hpp"

using test::Json;
using test::Near;
using test::prop;

namespace {
Json ref_inputs() { return test::preset_inputs("ReferenceJobAttackSurface"); }
Json eval(const Json& inputs) { return mlsysim::evaluate("DataParallelAttackSurfaceScenario", inputs).value(); }
}  // namespace

TEST_CASE("ReferenceJobAttackSurface gives the worked values of the spec", "[attack][preset]") {
  const Json r = mlsysim::evaluate_preset("ReferenceJobAttackSurface", nullptr).value();
  // 128 nodes x 8 = 1024 (the seed's doctest)
  CHECK(prop(r, "accelerators") == 1024);
  CHECK(prop(r, "nodes") == 128);
  CHECK(prop(r, "accelerators_per_node") == 8);
  CHECK_THAT(prop(r, "accelerators_per_replica"), Near(64));  // 1024 / 16
  CHECK_THAT(prop(r, "gradient_bytes"), Near(3.5e11));        // 1.75e11 x 2 B
  CHECK(r["properties"]["gradient_bytes"]["text"] == "350 GB");
  CHECK_THAT(prop(r, "checkpoint_bytes"), Near(2.45e12));     // 1.75e11 x 14 B
  CHECK_THAT(prop(r, "weight_bytes"), Near(3.5e11));
  CHECK_THAT(prop(r, "allreduce_factor"), Near(1.875));       // 2 x 15 / 16
  CHECK_THAT(prop(r, "gather_factor"), Near(15));
  CHECK_THAT(prop(r, "gather_traffic_ratio"), Near(8));       // 15 / 1.875 = 16 / 2
  CHECK(r["warnings"].empty());
}

TEST_CASE("Without a weight width only weight_bytes is unavailable", "[attack][property-error]") {
  const Json r = mlsysim::evaluate_preset("LabJobAttackSurface", nullptr).value();
  CHECK(r["properties"]["weight_bytes"].contains("error"));
  CHECK_THAT(r["properties"]["weight_bytes"]["error"].get<std::string>(),
             Catch::Contains("weight_bytes_per_param"));
  CHECK(r["inputs"]["weight_bytes_per_param"].is_null());
  // every other property is still there: 8.03e9 x 2 B = 1.606e10 B
  CHECK_THAT(prop(r, "gradient_bytes"), Near(1.606e10));
  CHECK_THAT(prop(r, "gather_traffic_ratio"), Near(32));
}

TEST_CASE("One replica has no gather ratio and an AllReduce factor of 0", "[attack][property-error]") {
  Json in = ref_inputs();
  in["dp_degree"] = 1;
  const Json r = eval(in);
  CHECK(r["properties"]["gather_traffic_ratio"].contains("error"));
  CHECK_THAT(r["properties"]["gather_traffic_ratio"]["error"].get<std::string>(), Catch::Contains("dp_degree"));
  CHECK(prop(r, "allreduce_factor") == 0);
  CHECK(prop(r, "gather_factor") == 0);
  CHECK(prop(r, "accelerators_per_replica") == 1024);
  CHECK_THAT(prop(r, "weight_bytes"), Near(3.5e11));
}

TEST_CASE("dp_degree that exceeds or does not divide the accelerators warns but computes", "[attack][warnings]") {
  Json in = ref_inputs();
  in["dp_degree"] = 3;
  Json r = eval(in);
  REQUIRE(r["warnings"].size() == 1);
  CHECK_THAT(r["warnings"][0].get<std::string>(), Catch::Contains("does not divide"));
  CHECK_THAT(prop(r, "accelerators_per_replica"), Near(1024.0 / 3));
  in["dp_degree"] = 2048;
  r = eval(in);
  REQUIRE(r["warnings"].size() == 1);
  CHECK_THAT(r["warnings"][0].get<std::string>(), Catch::Contains("exceeds"));
  CHECK_THAT(prop(r, "accelerators_per_replica"), Near(0.5));
}

TEST_CASE("Inline workloads and fleets are accepted and normalized", "[attack][registry]") {
  Json in = ref_inputs();
  in["workload"] = {{"name", "Toy"}, {"parameters", {{"value", 7}, {"unit", "Bparam"}}}};
  in["fleet"] = {{"name", "Pod"}, {"count", 3}, {"node", "DGX_H100"}};
  const Json r = eval(in);
  CHECK(prop(r, "accelerators") == 24);
  CHECK_THAT(prop(r, "gradient_bytes"), Near(1.4e10));  // 7e9 x 2 B
  CHECK(r["inputs"]["workload"]["parameters"] == Json({{"value", 7e9}, {"unit", "param"}}));
  CHECK(r["inputs"]["fleet"]["node"]["accelerators_per_node"] == 8);
  // the normalized inputs are themselves valid inputs
  CHECK(eval(r["inputs"])["properties"] == r["properties"]);
}

TEST_CASE("Every field rule of DataParallelAttackSurfaceScenario names its field", "[attack][rules]") {
  struct Rule {
    const char* field;
    Json refused;
  };
  const Rule rules[] = {
      {"workload", "NoSuchModel"},
      {"workload", {{"name", "W"}, {"parameters", "0 param"}}},
      {"fleet", "NoSuchFleet"},
      {"fleet", {{"name", "F"}, {"count", 0}, {"node", "DGX_H100"}}},
      {"fleet", {{"name", "F"}, {"count", 1}, {"node", {{"name", "N"}, {"accelerators_per_node", 0}}}}},
      {"dp_degree", 0},
      {"gradient_bytes_per_param", "0 byte/param"},
      {"checkpoint_bytes_per_param", "-1 byte/param"},
      {"weight_bytes_per_param", "0 byte/param"},
  };
  for (const Rule& rule : rules) {
    SECTION(std::string(rule.field) + " = " + rule.refused.dump()) {
      Json in = ref_inputs();
      in[rule.field] = rule.refused;
      try {
        eval(in);
        FAIL("accepted");
      } catch (const mlsysim::InputError& e) {
        CHECK(e.field == rule.field);
        CHECK_THAT(e.what(), Catch::StartsWith(std::string(rule.field) + ": "));
      }
    }
  }
}
