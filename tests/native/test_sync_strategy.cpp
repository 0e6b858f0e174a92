#include "support.hpp"

using test::Json;
using test::Near;
using test::prop;

namespace {
Json bsp() { return test::preset_inputs("TransformerBsp8Workers"); }
Json eval(const Json& inputs) { return mlsysim::evaluate("SyncStrategyScenario", inputs).value(); }
}  // namespace

TEST_CASE("TransformerBsp8Workers gives the worked values of the spec", "[sync][preset]") {
  const Json r = mlsysim::evaluate_preset("TransformerBsp8Workers", nullptr).value();
  CHECK(r["preset"] == "TransformerBsp8Workers");
  // 8 workers x 32 samples = 256 (the seed's doctest)
  CHECK(prop(r, "global_batch") == 256);
  // 100000 / 8 = 12500
  CHECK_THAT(prop(r, "ideal_iterations"), Near(12500));
  // 0.5 s x 1.25 = 0.625 s
  CHECK_THAT(prop(r, "iteration_time"), Near(0.625));
  CHECK(r["properties"]["iteration_time"]["text"] == "625 ms");
  // 100000 / (14000 x 1.25) = 100000 / 17500 = 40/7 = 5.714285714...
  CHECK_THAT(prop(r, "speedup"), Near(40.0 / 7));
  // 12500 / 14000 = 25/28 = 0.892857142...
  CHECK_THAT(prop(r, "sample_efficiency"), Near(25.0 / 28));
  // 14000 x 0.625 s x 8 x (2/3600) USD/s = 70000/1800 = 350/9 = 38.888... USD
  CHECK_THAT(prop(r, "cost"), Near(350.0 / 9));
  CHECK(r["properties"]["cost"]["text"] == "$38.89");
  CHECK(r["properties"]["cost"]["unit"] == "USD");
  CHECK_THAT(prop(r, "stale_lr_factor"), Near(1));
  CHECK(r["warnings"].empty());
}

TEST_CASE("SSP and ASP presets differ from BSP only where the spec says", "[sync][preset]") {
  // SSP: 100000 / (15500 x 1.1) = 5.8651026...; 1/sqrt(4) = 0.5
  const Json ssp = mlsysim::evaluate_preset("TransformerSsp8Workers", nullptr).value();
  CHECK_THAT(prop(ssp, "speedup"), Near(100000.0 / 17050));
  CHECK_THAT(prop(ssp, "stale_lr_factor"), Near(0.5));
  // ASP: 100000 / (19000 x 1.02) = 5.1599587...; 1/sqrt(8)
  const Json asp = mlsysim::evaluate_preset("TransformerAsp8Workers", nullptr).value();
  CHECK_THAT(prop(asp, "speedup"), Near(100000.0 / 19380));
  CHECK_THAT(prop(asp, "stale_lr_factor"), Near(1 / std::sqrt(8.0)));
  CHECK(prop(asp, "global_batch") == 256);
}

TEST_CASE("staleness defaults to 0 and is reported in the normalized inputs", "[sync]") {
  Json in = bsp();
  in.erase("staleness");
  const Json r = eval(in);
  CHECK(r["inputs"]["staleness"] == 0);
  CHECK_THAT(prop(r, "stale_lr_factor"), Near(1));
  CHECK(r["inputs"]["base_iteration_time"] == Json({{"value", 0.5}, {"unit", "s"}}));
  CHECK_THAT(r["inputs"]["device_hour_rate"]["value"].get<double>(), Near(2.0 / 3600));
  CHECK(r["inputs"]["device_hour_rate"]["unit"] == "USD/s");
}

TEST_CASE("Every field rule of SyncStrategyScenario refuses what it must and takes its bounds", "[sync][rules]") {
  struct Rule {
    const char* field;
    Json lowest_ok;
    Json refused;
  };
  const Rule rules[] = {
      {"workers", 1, 0},
      {"per_worker_batch", 1, 0},
      {"iterations", 1, 0},
      {"communication_overhead", 0, -1e-9},
      {"base_iterations", 1, 0},
      {"base_iteration_time", "1e-300 s", "0 s"},
      {"device_hour_rate", "0 USD/hour", "-0.01 USD/hour"},
      {"staleness", 0, -1},
  };
  for (const Rule& rule : rules) {
    SECTION(rule.field) {
      Json in = bsp();
      in[rule.field] = rule.lowest_ok;
      CHECK_NOTHROW(eval(in));
      in[rule.field] = rule.refused;
      try {
        eval(in);
        FAIL("accepted " << rule.refused.dump());
      } catch (const mlsysim::InputError& e) {
        CHECK(e.field == rule.field);
        CHECK_THAT(e.what(), Catch::StartsWith(std::string(rule.field) + ": must be"));
      }
      in.erase(rule.field);
      if (std::string(rule.field) != "staleness") CHECK_THROWS_AS(eval(in), mlsysim::InputError);
    }
  }
}

TEST_CASE("A global batch above 2^53 is an input error naming the larger factor", "[sync][rules]") {
  Json in = bsp();
  in["workers"] = 4;
  in["per_worker_batch"] = std::int64_t{1} << 52;  // 2^54 samples
  try {
    eval(in);
    FAIL("accepted");
  } catch (const mlsysim::InputError& e) {
    CHECK(e.field == "per_worker_batch");
    CHECK_THAT(e.what(), Catch::Contains("2^53"));
  }
  in["per_worker_batch"] = std::int64_t{1} << 51;  // 2^53 exactly is still exact
  CHECK(prop(eval(in), "global_batch") == 9007199254740992.0);
  // 3 x 3002399751580331 = 9007199254740993 = 2^53 + 1, which a double rounds to 2^53:
  // refused, and the message shows the exact product
  in["workers"] = 3;
  in["per_worker_batch"] = std::int64_t{3002399751580331};
  try {
    eval(in);
    FAIL("accepted");
  } catch (const mlsysim::InputError& e) {
    CHECK(e.field == "per_worker_batch");
    CHECK_THAT(e.what(), Catch::Contains("workers x per_worker_batch = 9007199254740993 is above 2^53"));
  }
}

TEST_CASE("Integer fields take integral floats and numeric text but not fractions", "[sync][rules]") {
  Json in = bsp();
  in["workers"] = 8.0;
  CHECK(prop(eval(in), "global_batch") == 256);
  in["workers"] = " 8 ";
  CHECK(prop(eval(in), "global_batch") == 256);
  in["workers"] = "8.5";
  CHECK_THROWS_AS(eval(in), mlsysim::InputError);
  in["workers"] = -0.0;
  CHECK_THROWS_AS(eval(in), mlsysim::InputError);
}

TEST_CASE("Huge but valid inputs that overflow a result make only that property unavailable", "[sync][property-error]") {
  Json in = bsp();
  in["device_hour_rate"] = "1e308 USD/s";
  in["base_iteration_time"] = "1e10 s";
  const Json r = eval(in);
  CHECK(r["properties"]["cost"].contains("error"));
  CHECK_THAT(r["properties"]["cost"]["error"].get<std::string>(), Catch::Contains("not a finite number"));
  CHECK_THAT(prop(r, "speedup"), Near(40.0 / 7));
}

TEST_CASE("A result closer to 0 than a double's smallest normal number is a property error, in evaluate and in a sweep",
          "[sync][property-error]") {
  // an attacker's trial: daly_interval read -1.75e-308 s, a difference of two underflowed terms; a
  // re-checker's: a result computed from such a property had a value, its work line "min(989 TFLOP/s, NaN x ...)".
  // Llama8BDecodeStepH100 reads 1.606e10 byte (8.03e9 param x 2 byte/param): 1e-300 flop over it is
  // 6.227e-311 flop/byte, below 2.2250738585072014e-308
  const Json r = mlsysim::evaluate_preset("Llama8BDecodeStepH100", {{"operations", "1e-300 flop"}}).value()["properties"];
  CHECK(r["arithmetic_intensity"]["error"] ==
        "arithmetic_intensity: too small for a double: it comes to about 6.227e-311, closer to 0 than 2.2e-308, where a "
        "double keeps too few digits to show it (a step of the equation underflows)");
  // what is computed from it is unavailable, and says so
  CHECK(r["attainable_throughput"]["error"] == "attainable_throughput: needs arithmetic_intensity, which is unavailable");
  CHECK(r["roofline_time"]["error"] == "roofline_time: needs compute_time, which is unavailable");
  CHECK_THAT(r["ridge_point"]["value"].get<double>(), Near(989e12 / 3.35e12));  // the others stand
  // a sweep gives a gap where evaluate gives the error, and the value where it gives one
  mlsysim::SweepRequest req;
  req.type = "RooflineScenario";
  req.inputs = test::preset_inputs("Llama8BDecodeStepH100");
  req.field = "operations";
  req.properties = {"arithmetic_intensity", "attainable_throughput"};
  const std::vector<double> values{1e-300, 1.606e10};
  std::vector<double> out;
  REQUIRE(mlsysim::sweep(req, values.data(), values.size(), out));
  CHECK(std::isnan(out[0]));
  CHECK(std::isnan(out[2]));
  CHECK(out[1] == mlsysim::evaluate_preset("Llama8BDecodeStepH100", {{"operations", "1.606e10 flop"}}).value()["properties"]["arithmetic_intensity"]["value"].get<double>());
  CHECK(out[3] == mlsysim::evaluate_preset("Llama8BDecodeStepH100", {{"operations", "1.606e10 flop"}}).value()["properties"]["attainable_throughput"]["value"].get<double>());
  // an input that a double holds with too few digits is refused where it is read, by name
  Json tiny = bsp();
  tiny["base_iteration_time"] = "1e-308 s";
  CHECK_THROWS_WITH(eval(tiny),
                    "base_iteration_time: got \"1e-308 s\": too small for a double (closer to 0 than 2.2e-308 s), where it "
                    "keeps too few digits");
  tiny = bsp();
  tiny["communication_overhead"] = "1e-310";
  CHECK_THROWS_WITH(eval(tiny),
                    Catch::EndsWith("too small for a double (closer to 0 than 2.2e-308), where it keeps too few digits"));
}

TEST_CASE("An overflow in any step of an equation is a property error, not a wrong number", "[sync][property-error]") {
  // 10000 x (1 + 1e305) overflows, and 100000 / inf would read as a speedup of 0
  Json in = bsp();
  in["communication_overhead"] = 1e305;
  in["iterations"] = 10000;
  const Json r = eval(in);
  CHECK(r["properties"]["speedup"].contains("error"));
  CHECK(r["properties"]["iteration_time"]["value"].get<double>() > 1e304);
}
