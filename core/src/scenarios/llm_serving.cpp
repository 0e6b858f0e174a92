// LlmServingScenario (docs/scenarios.md, docs/sources.md): first-order LLM serving on one
// accelerator: prefill work and time to first token, the memory-bound decode step, and how many
// sequences of a context fit beside the weights.
#include "mlsysim/scenario.hpp"

namespace mlsysim {

ScenarioType llm_serving() {
  const std::string serving = "mlsysim engine/solvers/serving.py @5b698b5d, ServingModel";
  const std::string memory = "mlsysim physics/memory.py @335995f1, calc_kv_cache_size";
  ScenarioType t;
  t.name = "LlmServingScenario";
  t.category = "serving";
  t.question = "What are TTFT, inter-token latency and tokens/s? How many sequences fit?";
  t.summary =
      "First-order LLM serving on one accelerator: prefill FLOPs give the time to first token; the decode step "
      "streams the weights and the KV cache from HBM, which gives the inter-token latency and tokens per second; "
      "the KV bytes per token give how many sequences of this context fit next to the weights.";
  t.assumptions =
      "All S context tokens are in the cache at decode. Every request in the batch has the same context. The "
      "weights are read once per decode step. head_dim = hidden_dim / heads, rounded down (integer division, as in "
      "mlsysim); kv_heads defaults to heads (multi-head attention).";
  t.excludes =
      "mlsysim's dispatch tax (+0.01 ms on TTFT) and framework layer tax (+0.01 ms per layer on ITL); with them the "
      "first preset would read TTFT 70.97 ms and ITL 5.194 ms. Paged-KV padding; tensor parallelism over several "
      "devices; speculative decoding, prefix caching, chunked prefill and disaggregation; activations and workspace "
      "memory.";

  t.fields = {
      Field::registry("workload", "workload")
          .doc("P, L, h, a, k: the model served, a registry name (e.g. Llama3_8B) or {name, parameters, layers, "
               "hidden_dim, heads, kv_heads}. P is the total count (every expert of a mixture-of-experts model is "
               "resident), and a decode step reads all of it."),
      Field::registry("hardware", "hardware")
          .doc("One accelerator: a registry name (e.g. H100) or {name, peak_flops, memory_capacity, memory_bandwidth}."),
      Field::integer("context_tokens").at_least(1).doc("S: tokens per sequence (prompt and generated)."),
      Field::integer("batch_size").at_least(1).doc("B: concurrent sequences."),
      Field::quantity("weight_bytes_per_param", dims::information / dims::param).above(0).optional("2 byte/param")
          .source("ours: BF16/FP16 weights, the precision of the hardware registry's dense FP16/BF16 peak")
          .doc("Weight width per parameter (FP8: 1 byte/param)."),
      Field::quantity("kv_bytes_per_element", dims::information).above(0).optional("2 byte")
          .source(memory + " (bytes_per_elem = 2, FP16)").doc("e: width of one cached key or value element."),
      Field::number("compute_efficiency").above(0).at_most(1).optional(0.5)
          .source(serving + " (default efficiency 0.5); engine/calibration.py @32253d9b DEFAULT_COMPUTE_EFFICIENCY")
          .doc("The achieved fraction of peak FLOP/s during prefill."),
  };
  t.symbols = {
      symbol("P", "workload.parameters"),
      symbol("L", "workload.layers"),
      symbol("h", "workload.hidden_dim"),
      symbol("a", "workload.heads"),
      symbol("k", "workload.kv_heads"),
      symbol("peak_flops", "hardware.peak_flops"),
      symbol("memory_bandwidth", "hardware.memory_bandwidth"),
      symbol("memory_capacity", "hardware.memory_capacity"),
      symbol("S", "context_tokens"),
      symbol("B", "batch_size"),
      symbol("e", "kv_bytes_per_element"),
  };

  const Expr p = sym("P"), l = sym("L"), h = sym("h"), a = sym("a"), k = sym("k"), s = sym("S"), b = sym("B"),
             e = sym("e"), two = num(2);
  const Expr head_dim = floor(h / a);
  const Expr resident = prop("weight_bytes") + prop("kv_cache_bytes");
  const Expr capacity = sym("memory_capacity");
  const Expr fit = sym("B\u2032");  // B', the batch size searched for
  t.properties = {
      Property("kv_bytes_per_token", "byte", two * l * k * head_dim * e)
          .doc("Keys and values of one token, over all layers.").lower_is_better()
          .source(memory + "; models/types.py @087dd538, get_kv_cache_size; MLSysBook vol2 appendix_inference "
                  "eq-kv-cache-size (multi-head: 2\u00b7L\u00b7h\u00b7e)"),
      Property("kv_cache_bytes", "byte", prop("kv_bytes_per_token") * s * b)
          .doc("The whole KV cache: every token of every sequence in the batch.").lower_is_better().source(memory),
      Property("weight_bytes", "byte", p * sym("weight_bytes_per_param"))
          .doc("The resident weights.").lower_is_better()
          .source("mlsysim size_in_bytes (parameters \u00d7 bytes per parameter), as " + serving + " uses it"),
      Property("prefill_flops", "flop",
               num(2, "flop/param") * p * s * b + num(4, "flop") * l * a * head_dim * s * s * b)
          .doc("The work of processing every prompt: the linear layers (2 flop per parameter per token) and "
               "attention (an upper bound).")
          .source(serving + ", ttft: 2\u00b7P\u00b7S\u00b7B + 4\u00b7L\u00b7H\u00b7d\u00b7S\u00b2\u00b7B (linear and attention)"),
      Property("time_to_first_token", "s", prop("prefill_flops") / (sym("peak_flops") * sym("compute_efficiency")))
          .doc("TTFT: prefill at the achieved fraction of peak (compute-bound).").lower_is_better()
          .source(serving + ", ttft (without its dispatch tax)"),
      Property("inter_token_latency", "s", resident / sym("memory_bandwidth"))
          .doc("ITL: one decode step reads every weight and the whole KV cache from memory (memory-bound).")
          .lower_is_better().source(serving + ", itl (without its per-layer framework tax); Pope et al. 2023"),
      Property("decode_throughput", "1/s", b / prop("inter_token_latency"))
          .shown_in("tokens/s").doc("Tokens per second of the whole batch during decode.").higher_is_better()
          .source("ours: one token per sequence per decode step"),
      Property("memory_utilization", "", resident / capacity)
          .doc("Weights and KV cache over device memory: above 1 they do not fit.").lower_is_better()
          .source(serving + ", ServingResult.memory_utilization"),
      Property("max_batch_at_context", "count",
               greatest_integer("B\u2032", num(0), prop("weight_bytes") + fit * prop("kv_bytes_per_token") * s <= capacity,
                                (capacity - prop("weight_bytes")) / (prop("kv_bytes_per_token") * s))
                   .unless(prop("weight_bytes") > capacity,
                           "needs weights that fit in the hardware's memory: weight_bytes alone exceed memory_capacity, so "
                           "not even one sequence fits"))
          .doc("The most sequences of S tokens whose KV cache fits in memory beside the weights.").higher_is_better()
          .source("ours: the largest B with weight_bytes + B\u00b7kv_bytes_per_token\u00b7S <= memory_capacity, "
                  "mlsysim's memory wall (" + serving + ")"),
  };

  // memory_utilization above 1 is a batch that cannot run: its latency and throughput are a
  // step no device takes (a new user's trial: batch 512 read 11,174 tokens/s, with no word)
  t.warnings = {
      {prop("weight_bytes") > capacity,
       "the weights alone do not fit: weight_bytes {weight_bytes} exceed memory_capacity {memory_capacity} of "
       "hardware {hardware}, so inter_token_latency and decode_throughput describe a step no single device can take "
       "(tensor parallelism over several devices is not modelled)",
       /*infeasible=*/true},
      {prop("memory_utilization") > num(1) && prop("weight_bytes") <= capacity,
       "the batch does not fit: batch_size {batch_size} at context_tokens {context_tokens} needs "
       "{memory_utilization} times memory_capacity {memory_capacity} of hardware {hardware}; at most "
       "{max_batch_at_context} sequences of that context fit beside the weights, so inter_token_latency and "
       "decode_throughput describe a batch that cannot run",
       /*infeasible=*/true},
  };

  t.presets = {
      {"Llama8BChatH100",
       "Llama 3 8B answering one chat on one H100 with a 2048-token context (registry numbers: mlsysim "
       "models/data/language.yaml and H100.yaml); BF16 weights and KV cache, 50 % of peak in prefill.",
       json_text(R"({"workload": "Llama3_8B", "hardware": "H100", "context_tokens": 2048, "batch_size": 1})")},
      {"Llama8BBatch32H100",
       "The same with 32 sequences batched: tokens per second rise about 21 times for about 51 % more "
       "inter-token latency.",
       json_text(R"({"workload": "Llama3_8B", "hardware": "H100", "context_tokens": 2048, "batch_size": 32})")},
  };
  return t;
}

}  // namespace mlsysim
