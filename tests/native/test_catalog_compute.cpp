// The catalog's compute types (the catalog's 4.7, as docs/scenarios.md prints it RooflineScenario, 4.8 TrainingComputeScenario):
// what the known-answer vectors cannot show, i.e. refusals, defaults and known answers by hand.
#include <algorithm>
#include <cmath>

#include "support.hpp"

using test::Json;
using test::Near;
using test::prop;

namespace {
Json training(const Json& inputs) { return mlsysim::evaluate("TrainingComputeScenario", inputs).value(); }

/// The InputError that evaluating `inputs` raises; fails the test when there is none.
std::pair<std::string, std::string> refusal(const std::string& type, const Json& inputs) {
  try {
    mlsysim::evaluate(type, inputs).value();
  } catch (const mlsysim::InputError& e) {
    return {e.field, e.what()};
  }
  FAIL("accepted " << inputs.dump());
  return {};
}
}  // namespace

TEST_CASE("TrainingComputeScenario reads each accelerator's peak through the fleet's node", "[catalog][compute][registry]") {
  Json in = test::preset_inputs("Gpt3OnTraining1KA100");
  // docs/api.md, Input values: an inline fleet whose node names no accelerator is an input error for this type
  in["fleet"] = {{"name", "F"}, {"count", 2}, {"node", {{"name", "N"}, {"accelerators_per_node", 4}}}};
  const auto [field, message] = refusal("TrainingComputeScenario", in);
  CHECK(field == "fleet");
  CHECK_THAT(message, Catch::StartsWith("fleet: "));
  CHECK_THAT(message, Catch::Contains("has no node.accelerator"));
  CHECK_THAT(message, Catch::Contains("fleet.node.accelerator.peak_flops"));
  // listScenarioTypes says so beforehand: the fleet's `needs` names the path
  const Json type = test::named(mlsysim::list_scenario_types(), "TrainingComputeScenario");
  const Json needs = test::named(type["fields"], "fleet")["needs"];
  CHECK(std::find(needs.begin(), needs.end(), Json("node.accelerator.peak_flops")) != needs.end());
  // the same node with an accelerator is fine: 2 x 4 x 989 TFLOP/s x 0.5
  in["fleet"]["node"]["accelerator"] = "H100";
  CHECK_THAT(prop(training(in), "effective_throughput"), Near(8 * 989e12 * 0.5));
}

TEST_CASE("TrainingComputeScenario gives mlsysim's dTime vector and defaults mfu to 0.5", "[catalog][compute]") {
  // mlsysim tests (the catalog's 4.8, as docs/scenarios.md prints it): 1e18 flop on 8 x 312 TFLOP/s at MFU 0.5 is 801.28 s;
  // here 6 x 1e9 param x 1e9/6 tokens, on one DGX A100, mfu left out
  const Json r = training({{"workload", {{"name", "Toy"}, {"parameters", "1 Bparam"}}},
                           {"training_tokens", 1e9 / 6},
                           {"fleet", {{"name", "OneBox"}, {"count", 1}, {"node", "DGX_A100"}}},
                           {"device_hour_rate", "2 USD/h"}});
  CHECK(r["inputs"]["mfu"] == 0.5);
  CHECK_THAT(prop(r, "training_flops"), Near(1e18));
  CHECK_THAT(prop(r, "training_time"), Near(1e18 / (8 * 312e12 * 0.5)));
  CHECK(std::round(prop(r, "training_time") * 100) == 80128);
  // accelerator time is 8 x 801.28 s, in seconds; the bill is that many hours at 2 USD/h
  CHECK_THAT(prop(r, "accelerator_hours"), Near(8 * 1e18 / (8 * 312e12 * 0.5)));
  CHECK_THAT(prop(r, "training_cost"), Near(8 * 1e18 / (8 * 312e12 * 0.5) / 3600 * 2));
  CHECK(prop(r, "chinchilla_optimal_tokens") == 2e10);  // 20 x 1e9
}

TEST_CASE("TrainingComputeScenario refuses an MFU that is not above 0 and at most 1, and zero tokens", "[catalog][compute][rules]") {
  const Json base = test::preset_inputs("Llama8BOnFrontier8K");
  for (const Json& bad : {Json(0), Json(1.0000001), Json(-0.5)}) {
    Json in = base;
    in["mfu"] = bad;
    const auto [field, message] = refusal("TrainingComputeScenario", in);
    CHECK(field == "mfu");
    CHECK_THAT(message, Catch::Contains("> 0 and <= 1"));
  }
  Json in = base;
  in["training_tokens"] = 0;
  CHECK(refusal("TrainingComputeScenario", in).first == "training_tokens");
}

TEST_CASE("RooflineScenario: decode is memory-bound, prefill compute-bound, on the same H100", "[catalog][compute]") {
  const Json decode = mlsysim::evaluate_preset("Llama8BDecodeStepH100", nullptr).value();
  const Json prefill = mlsysim::evaluate_preset("Llama8BPrefill2KH100", nullptr).value();
  // the catalog's 4.7, as docs/scenarios.md prints it by hand: ridge 989e12 / 3.35e12 = 295.22 flop/byte
  CHECK_THAT(prop(decode, "ridge_point"), Near(989.0 / 3.35));
  CHECK(prop(decode, "memory_to_compute_ratio") > 1);
  CHECK(prop(decode, "roofline_time") == prop(decode, "memory_time"));
  CHECK(prop(prefill, "memory_to_compute_ratio") < 1);
  CHECK(prop(prefill, "roofline_time") == prop(prefill, "compute_time"));
  CHECK(prop(prefill, "peak_fraction") == 1);
}

TEST_CASE("RooflineScenario refuses hardware without a peak or a bandwidth, by name", "[catalog][compute][rules]") {
  Json in = test::preset_inputs("Llama8BDecodeStepH100");
  in["hardware"] = {{"name", "X"}, {"peak_flops", "1 TFLOP/s"}, {"memory_capacity", "1 GB"}};
  auto [field, message] = refusal("RooflineScenario", in);
  CHECK(field == "hardware");
  CHECK_THAT(message, Catch::Contains("memory_bandwidth"));
  in["hardware"] = "TPU";
  std::tie(field, message) = refusal("RooflineScenario", in);
  CHECK(field == "hardware");
  CHECK_THAT(message, Catch::Contains("unknown hardware \"TPU\""));
  in = test::preset_inputs("Llama8BDecodeStepH100");
  in["operations"] = "1 TFLOPS";  // a rate spelled as work
  CHECK(refusal("RooflineScenario", in).first == "operations");
}

TEST_CASE("BookInterleaved8x16x4's summary quotes what the scenario computes", "[catalog][parallelism]") {
  // a new user's trial: "cuts the bubble about 3.1 times" held for the fraction, while the time drops 4 times.
  // By hand, p = 8, m = 16, t = 10 ms: v = 1 gives 7 / 23 = 0.30435 and 7 x 10 ms = 70 ms; v = 4 gives
  // 7 / 71 = 0.098592 and 70 / 4 = 17.5 ms; 0.30435 / 0.098592 = 3.087
  const Json interleaved = mlsysim::evaluate_preset("BookInterleaved8x16x4", nullptr).value()["properties"];
  const Json plain = mlsysim::evaluate_preset("BookInterleaved8x16x4", {{"virtual_stages", 1}}).value()["properties"];
  CHECK(plain["bubble_fraction"]["text"] == "0.3043");
  CHECK(interleaved["bubble_fraction"]["text"] == "0.09859");
  CHECK(plain["bubble_time"]["text"] == "70 ms");
  CHECK(interleaved["bubble_time"]["text"] == "17.5 ms");
  const std::string summary = test::named(mlsysim::list_presets(), "BookInterleaved8x16x4")["summary"];
  for (const char* quoted : {"3.1 times (0.3043 to 0.09859)", "4 times", "(70 to 17.5 ms)"})
    CHECK_THAT(summary, Catch::Contains(quoted));
  CHECK(plain["bubble_fraction"]["value"].get<double>() / interleaved["bubble_fraction"]["value"].get<double>() ==
        Approx(7.0 / 23 / (7.0 / 71)));
}
