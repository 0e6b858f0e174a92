// The catalog's memory types (the catalog's 4.5, as docs/scenarios.md prints it ZeroShardingScenario, 4.6 ActivationMemoryScenario):
// what the known-answer vectors cannot show, i.e. refusals, defaults and integer boundaries.
#include "support.hpp"

using test::Json;
using test::Near;
using test::prop;

namespace {
Json zero(const Json& inputs) { return mlsysim::evaluate("ZeroShardingScenario", inputs).value(); }
Json activations(const Json& inputs) { return mlsysim::evaluate("ActivationMemoryScenario", inputs).value(); }

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

TEST_CASE("ActivationMemoryScenario refuses a workload without a transformer's geometry, naming what it lacks",
          "[catalog][memory][registry]") {
  Json in = test::preset_inputs("Gpt3Activations2K");
  in["workload"] = "ResNet50";  // docs/scenarios.md, Registries: not a transformer, no layers, hidden_dim or heads
  auto [field, message] = refusal("ActivationMemoryScenario", in);
  CHECK(field == "workload");
  CHECK_THAT(message, Catch::StartsWith("workload: "));
  CHECK_THAT(message, Catch::Contains("workload \"ResNet50\" has no layers"));
  CHECK_THAT(message, Catch::Contains("ActivationMemoryScenario"));
  // an inline transformer that lacks one of the three is refused for that one
  in["workload"] = {{"name", "T"}, {"parameters", "1 Bparam"}, {"layers", 4}, {"hidden_dim", 512}};
  std::tie(field, message) = refusal("ActivationMemoryScenario", in);
  CHECK(field == "workload");
  CHECK_THAT(message, Catch::Contains("has no heads"));
  // the catalog's rule "needs layers, hidden_dim, heads" is the field's `needs` in listScenarioTypes
  const Json type = test::named(mlsysim::list_scenario_types(), "ActivationMemoryScenario");
  CHECK(test::named(type["fields"], "workload")["needs"] == Json({"layers", "hidden_dim", "heads"}));
  // ZeroShardingScenario reads only the parameters, so ResNet50 is fine there
  const Json r = zero({{"workload", "ResNet50"}, {"dp_degree", 4}, {"device_memory", "24 GiB"}});
  CHECK_THAT(prop(r, "replicated_bytes"), Near(2.56e7 * 16));
  CHECK(prop(r, "zero3_min_devices") == 1);
}

TEST_CASE("ActivationMemoryScenario defaults to t = 1 and 2-byte activations, mlsysim's own forms",
          "[catalog][memory]") {
  const Json r = activations({{"workload", "GPT3"}, {"sequence_length", 2048}, {"microbatch_size", 1}});
  CHECK(r["inputs"]["tensor_parallel"] == 1);
  CHECK(r["inputs"]["activation_bytes_per_element"] == Json({{"value", 2}, {"unit", "byte"}}));
  // the catalog's 4.6, as docs/scenarios.md prints it by hand: 2048 x 12288 x (34 + 5 x 96 x 2048 / 12288) = 2868903936 B per layer
  CHECK(prop(r, "layer_bytes_no_recompute") == 2868903936.0);
  CHECK(prop(r, "layer_bytes_full") == 50331648.0);  // 2sbh
  CHECK_THAT(prop(r, "selective_saving"), Near(80.0 / 114.0));  // 1 - 34 / (34 + 80)
}

TEST_CASE("ZeroShardingScenario's fewest devices is exact at the boundary", "[catalog][memory][expr]") {
  // 1e9 param x 16 byte/param = 16 GB, exactly four devices of 4 GB: 4, not 5
  Json in = {{"workload", {{"name", "Toy"}, {"parameters", "1 Bparam"}}}, {"dp_degree", 8}, {"device_memory", "4 GB"}};
  CHECK(prop(zero(in), "zero3_min_devices") == 4);
  in["device_memory"] = "3999999999 byte";  // one byte less each: a fifth device
  CHECK(prop(zero(in), "zero3_min_devices") == 5);
  in["device_memory"] = "1 TB";  // fits on one device
  CHECK(prop(zero(in), "zero3_min_devices") == 1);
}

TEST_CASE("A count that comes to 2^53 or more says so, rather than that a step overflowed", "[catalog][memory][expr][bad-input]") {
  // an attacker's trial: "not a finite number: a step of the equation overflows or divides
  // by zero", where nothing had. 5.62e14 param x 16 byte/param = 8.992e15 byte over 1 byte
  // each: 8,992,000,000,000,000 devices, below 2^53 = 9,007,199,254,740,992, so exact
  Json in = {{"workload", {{"name", "W"}, {"parameters", "5.62e14 param"}}}, {"dp_degree", 8}, {"device_memory", "1 byte"}};
  CHECK(prop(zero(in), "zero3_min_devices") == 8992000000000000.0);
  // 5.63e14 x 16 = 9.008e15 > 2^53: no double search can give that count exactly
  in["workload"]["parameters"] = "5.63e14 param";
  const Json r = zero(in);
  CHECK(r["properties"]["zero3_min_devices"]["error"] ==
        "zero3_min_devices: comes to 2^53 (9007199254740992) or more, where a double no longer holds every integer, so "
        "the count cannot be exact");
  // the warning that quotes it says it is unavailable, and the other results stand
  CHECK(prop(r, "replicated_bytes") == 9.008e15);
  // the largest batch whose cache fits (a greatest_integer search), past 2^53 too: a
  // 1-byte model, a 1-byte cache per sequence (2 x 1 layer x 1 head x 1 x 0.5 byte x 1
  // token) and 2^54 bytes of memory
  const Json serving = mlsysim::evaluate_preset("Llama8BChatH100", {
      {"context_tokens", 1}, {"kv_bytes_per_element", "0.5 byte"}, {"weight_bytes_per_param", "1 byte/param"},
      {"workload", {{"name", "W"}, {"parameters", "1 param"}, {"layers", 1}, {"hidden_dim", 1}, {"heads", 1}}},
      {"hardware", {{"name", "X"}, {"peak_flops", "1e15 flop/s"}, {"memory_bandwidth", "3e12 byte/s"},
                    {"memory_capacity", "18014398509481984 byte"}}}}).value();
  CHECK(serving["properties"]["max_batch_at_context"]["error"].get<std::string>().rfind("max_batch_at_context: comes to 2^53", 0) == 0);
  // and below it, exact: 2^40 bytes less the 1-byte model, 1 byte per sequence
  const Json below = mlsysim::evaluate_preset("Llama8BChatH100", {
      {"context_tokens", 1}, {"kv_bytes_per_element", "0.5 byte"}, {"weight_bytes_per_param", "1 byte/param"},
      {"workload", {{"name", "W"}, {"parameters", "1 param"}, {"layers", 1}, {"hidden_dim", 1}, {"heads", 1}}},
      {"hardware", {{"name", "X"}, {"peak_flops", "1e15 flop/s"}, {"memory_bandwidth", "3e12 byte/s"},
                    {"memory_capacity", "1099511627776 byte"}}}}).value();
  CHECK(prop(below, "max_batch_at_context") == 1099511627775.0);
  // a count that is a product, not a search, is written at any size, and past a double it
  // overflows as any result does (a re-checker's trial: 20 x 1e307 tokens was "2^53 or more")
  const Json tokens = mlsysim::evaluate_preset("Gpt3OnTraining1KA100", {{"workload", {{"name", "W"}, {"parameters", "1e307 param"}}}}).value();
  CHECK(tokens["properties"]["chinchilla_optimal_tokens"]["error"] ==
        "chinchilla_optimal_tokens: not a finite number: a step of the equation overflows or divides by zero");
  const Json big = mlsysim::evaluate_preset("Gpt3OnTraining1KA100", {{"workload", {{"name", "W"}, {"parameters", "1e300 param"}}}}).value();
  CHECK(prop(big, "chinchilla_optimal_tokens") == 20 * 1e300);
}

TEST_CASE("ZeroShardingScenario's widths take their defaults and refuse the wrong dimension", "[catalog][memory][rules]") {
  const Json r = mlsysim::evaluate_preset("ZeroPaper7_5B64Gpus", nullptr).value();
  CHECK(r["inputs"]["optimizer_bytes_per_param"] == Json({{"value", 12}, {"unit", "byte/param"}}));
  // ZeRO Fig. 1 (the catalog's 4.5, as docs/scenarios.md prints it): 120 / 31.4 / 16.6 / 1.9 GB
  CHECK(prop(r, "replicated_bytes") == 1.2e11);
  CHECK_THAT(prop(r, "zero1_bytes"), Near(31406250000));
  CHECK_THAT(prop(r, "zero2_bytes"), Near(16640625000));
  CHECK_THAT(prop(r, "zero3_bytes"), Near(1875000000));
  Json in = test::preset_inputs("ZeroPaper7_5B64Gpus");
  in["weight_bytes_per_param"] = "2 byte";
  auto [field, message] = refusal("ZeroShardingScenario", in);
  CHECK(field == "weight_bytes_per_param");
  CHECK_THAT(message, Catch::Contains("expected bytes per parameter, got \"2 byte\" (an amount of data); for example \"1 byte/param\""));
  in = test::preset_inputs("ZeroPaper7_5B64Gpus");
  in["optimizer_bytes_per_param"] = "0 byte/param";  // >= 0: no optimizer state is allowed
  CHECK(prop(zero(in), "zero1_bytes") == prop(zero(in), "replicated_bytes"));
}

TEST_CASE("A transformer's geometry is possible: heads at most hidden_dim, kv_heads at most heads", "[registry][rules]") {
  // heads 8192 on hidden_dim 4096 gave a head width floor(h/a) of 0 and a KV cache of 0 B;
  // kv_heads 64 on 32 heads doubled it. Widths that heads do not divide stay allowed:
  // the catalog rounds the head width down, as mlsysim does (GPT-2 1600 / 25).
  const auto workload = [](int heads, Json kv_heads) {
    Json w = {{"name", "w"}, {"parameters", "7e9 param"}, {"layers", 32}, {"hidden_dim", 4096}, {"heads", heads}};
    if (!kv_heads.is_null()) w["kv_heads"] = kv_heads;
    return Json{{"workload", w}};
  };
  struct Case {
    int heads;
    Json kv_heads;
    const char* message;
  };
  const Case refused[] = {
      {8192, nullptr, "workload: heads: must be at most hidden_dim (4096), got 8192"},
      {4097, nullptr, "workload: heads: must be at most hidden_dim (4096), got 4097"},
      {32, 64, "workload: kv_heads: must be at most heads (32), got 64"},
      {32, 33, "workload: kv_heads: must be at most heads (32), got 33"},
  };
  for (const Case& c : refused) {
    try {
      mlsysim::evaluate_preset("Llama8BChatH100", workload(c.heads, c.kv_heads)).value();
      FAIL("accepted heads " << c.heads << " kv_heads " << c.kv_heads.dump());
    } catch (const mlsysim::InputError& e) {
      CHECK(e.field == "workload");
      CHECK(std::string(e.what()) == c.message);
    }
  }
  // 32 heads of width 128, 8 key/value heads: 2 x 32 layers x 8 x 128 x 2 byte = 131,072 B per token
  CHECK(mlsysim::evaluate_preset("Llama8BChatH100", workload(32, 8)).value()["properties"]["kv_bytes_per_token"]["value"] == 131072);
  // the limits themselves: 4096 heads of width 1; 32 key/value heads of 32: 2 x 32 x 32 x 128 x 2 = 524,288 B
  CHECK(mlsysim::evaluate_preset("Llama8BChatH100", workload(4096, nullptr)).value()["properties"]["kv_bytes_per_token"]["value"] ==
        2 * 32 * 4096 * 1 * 2);
  CHECK(mlsysim::evaluate_preset("Llama8BChatH100", workload(32, 32)).value()["properties"]["kv_bytes_per_token"]["value"] == 524288);
  CHECK_THAT(mlsysim::list_registries()[0]["fields"][3]["rule"].get<std::string>(), Catch::Contains("and <= hidden_dim"));
}

TEST_CASE("A configuration that does not fit in memory is warned of, with how many would fit", "[catalog][memory][warnings]") {
  // a new user's trial: LlmServingScenario at batch 512 read 11,174 tokens/s, with no word that it cannot run
  const auto warnings = [](const char* type, const Json& inputs) {
    return mlsysim::evaluate(type, inputs).value()["warnings"];
  };
  Json serving = {{"workload", "Llama3_8B"}, {"hardware", "H100"}, {"context_tokens", 2048}, {"batch_size", 512}};
  // by hand: 8.03e9 param x 2 B = 16.06 GB of weights; 2 x 32 layers x 8 kv heads x 128 x 2 B = 131072 B per
  // token; x 2048 x 512 = 137.44 GB; (16.06 + 137.44) / (80 x 2^30 = 85.90 GB) = 1.787; (85.90 - 16.06) / 0.2684 = 260.2
  REQUIRE(warnings("LlmServingScenario", serving).size() == 1);
  CHECK(warnings("LlmServingScenario", serving)[0] ==
        "the batch does not fit: batch_size 512 at context_tokens 2,048 needs 1.787 times memory_capacity 80 GiB of "
        "hardware H100; at most 260 sequences of that context fit beside the weights, so inter_token_latency and "
        "decode_throughput describe a batch that cannot run");
  // a batch that cannot run is infeasible: it holds no best value in a comparison
  CHECK(mlsysim::evaluate("LlmServingScenario", serving).value()["infeasible"] == true);
  serving["batch_size"] = 260;  // the most that fit: no warning
  CHECK(warnings("LlmServingScenario", serving).empty());
  CHECK(mlsysim::evaluate("LlmServingScenario", serving).value()["infeasible"] == false);
  serving["batch_size"] = 261;
  CHECK(warnings("LlmServingScenario", serving).size() == 1);
  // 70.6e9 param x 2 B = 141.2 GB: the weights alone, and no "at most" (max_batch_at_context is an error)
  serving["workload"] = "Llama3_70B";
  serving["batch_size"] = 1;
  REQUIRE(warnings("LlmServingScenario", serving).size() == 1);
  CHECK_THAT(warnings("LlmServingScenario", serving)[0].get<std::string>(),
             Catch::StartsWith("the weights alone do not fit: weight_bytes 141.2 GB (131.5 GiB) exceed memory_capacity 80 GiB"));
  // an amount of data is written in the registry's GiB too when the warning compares it with one (a new user's
  // trial read "16.06 GB exceed 8 GiB"): 141.2e9 / 2^30 = 131.50 GiB; with binary byte texts, GiB alone
  mlsysim::EvalOptions binary;
  binary.bytes = mlsysim::BytePrefix::binary;
  CHECK_THAT(mlsysim::evaluate("LlmServingScenario", serving, binary).value()["warnings"][0].get<std::string>(),
             Catch::StartsWith("the weights alone do not fit: weight_bytes 131.5 GiB exceed memory_capacity 80 GiB"));
  // a value just over the capacity reads otherwise than it (a re-checker's trial: "80 GiB exceed ... 80 GiB"):
  // 42,949,673,000 param x 2 B = 85,899,346,000 B = 80.00000009 GiB, written to the digits that tell it apart
  Json edge = serving;
  edge["workload"] = {{"name", "w"}, {"parameters", "42949673000 param"}, {"layers", 32}, {"hidden_dim", 4096}, {"heads", 32}, {"kv_heads", 8}};
  CHECK_THAT(mlsysim::evaluate("LlmServingScenario", edge, binary).value()["warnings"][0].get<std::string>(),
             Catch::StartsWith("the weights alone do not fit: weight_bytes 80.0000001 GiB exceed memory_capacity 80 GiB"));
  CHECK_THAT(warnings("LlmServingScenario", edge)[0].get<std::string>(),
             Catch::StartsWith("the weights alone do not fit: weight_bytes 85.899346 GB (80.0000001 GiB) exceed memory_capacity 80 GiB"));
  // ZeRO-3: 70.6e9 x 16 B = 1129.6 GB; / 4 = 282.4 GB (/ 2^30 = 263.0 GiB) > 80 GiB; 1129.6 / 85.90 = 13.15, so 14 devices
  Json zero3 = {{"workload", "Llama3_70B"}, {"dp_degree", 4}, {"device_memory", "80 GiB"}};
  REQUIRE(warnings("ZeroShardingScenario", zero3).size() == 1);
  CHECK(warnings("ZeroShardingScenario", zero3)[0] ==
        "not even ZeRO-3 fits: zero3_bytes 282.4 GB (263 GiB) per device exceed device_memory 80 GiB with dp_degree 4; sharding "
        "the state needs at least 14 devices");
  // a property a warning names that is unavailable there says so, not NaN (a re-checker's trial)
  CHECK_THAT(warnings("ZeroShardingScenario", {{"workload", "Llama3_70B"}, {"dp_degree", 64}, {"device_memory", "1e-6 byte"}})[0].get<std::string>(),
             Catch::EndsWith("needs at least (unavailable) devices"));
  // a model at the edge of its accuracy warns, but its result is not infeasible
  CHECK(mlsysim::evaluate_preset("Llama70BFourHourCheckpoints", nullptr).value()["warnings"].size() == 1);
  CHECK(mlsysim::evaluate_preset("Llama70BFourHourCheckpoints", nullptr).value()["infeasible"] == false);
  zero3["dp_degree"] = 14;
  CHECK(warnings("ZeroShardingScenario", zero3).empty());
  zero3["dp_degree"] = 13;
  CHECK(warnings("ZeroShardingScenario", zero3).size() == 1);
}

TEST_CASE("A type's description lists its warnings with their conditions", "[catalog][memory][warnings]") {
  // docs/scenarios.md lists them from here; a result's `warnings` hold their texts filled in
  const Json serving = mlsysim::describe_scenario_type("LlmServingScenario").value()["warnings"];
  REQUIRE(serving.size() == 2);
  CHECK(serving[0]["when"] == "weight_bytes > memory_capacity");
  CHECK(serving[1]["when"] == "memory_utilization > 1 and weight_bytes \u2264 memory_capacity");
  CHECK(serving[1]["infeasible"] == true);
  CHECK_THAT(serving[1]["text"].get<std::string>(), Catch::StartsWith("the batch does not fit: batch_size {batch_size} at"));
  // a warning that a model is at the edge of its accuracy: the inputs can still run
  const Json checkpoint = mlsysim::describe_scenario_type("CheckpointIntervalScenario").value()["warnings"];
  REQUIRE(checkpoint.size() == 2);
  CHECK(checkpoint[0]["infeasible"] == false);
  // the heads leave them out, as they do fields and properties
  for (const Json& head : mlsysim::list_scenario_types(false)) CHECK(head["warnings"].is_null());
}
