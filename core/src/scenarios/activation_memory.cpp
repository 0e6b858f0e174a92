// ActivationMemoryScenario (docs/scenarios.md, docs/sources.md; the catalog's 4.6): the bytes of
// activations a transformer keeps for the backward pass, with no, selective and full
// recomputation (Korthikanti et al. 2022, as mlsysim's calc_activation_memory has them).
#include "mlsysim/scenario.hpp"

namespace mlsysim {

ScenarioType activation_memory() {
  const std::string memory = "mlsysim physics/memory.py @335995f1, calc_activation_memory";
  const std::string paper = "Korthikanti et al. 2022, Reducing Activation Recomputation in Large Transformer Models";
  ScenarioType t;
  t.name = "ActivationMemoryScenario";
  t.category = "memory";
  t.question = "Why does sequence length blow up memory? What does recomputation save?";
  t.summary =
      "The bytes of activations a transformer keeps for the backward pass, per layer and for all layers, under three "
      "policies: no recomputation; selective recomputation (the s² attention scores are recomputed); full "
      "recomputation (only each layer's input is kept). These are Korthikanti et al.'s closed forms as mlsysim "
      "implements them, with an optional tensor-parallel degree.";
  t.assumptions =
      "A standard GPT block (MLP of width 4h, dropout masks), as in section 4.1 of the paper. The constants 34, 5 and "
      "2 are bytes at 2-byte (FP16) activations and scale by e/2, as in mlsysim. A tensor-parallel degree t > 1 "
      "assumes sequence parallelism too, so every term divides by t (the paper's Table 2).";
  t.excludes =
      "Microbatches in flight (the first 1F1B stage keeps p of them). Embeddings, logits and loss buffers. "
      "FlashAttention (which behaves like selective recomputation). Mixture-of-experts layers.";

  t.fields = {
      Field::registry("workload", "workload")
          .doc("L, h, a: the transformer, by its layers, hidden width and attention heads (a registry name or "
               "{name, parameters, layers, hidden_dim, heads})."),
      Field::integer("sequence_length").at_least(1).doc("s: tokens per sequence."),
      Field::integer("microbatch_size").at_least(1).doc("b: sequences per microbatch."),
      Field::integer("tensor_parallel").at_least(1).optional(1)
          .source("ours: no tensor parallelism, which is mlsysim's calc_activation_memory (it has no t)")
          .doc("t: tensor-parallel degree, with sequence parallelism (1: none)."),
      Field::quantity("activation_bytes_per_element", dims::information).above(0).optional("2 byte")
          .source(memory + " (bytes_per_elem default 2: FP16/BF16 activations)")
          .doc("e: bytes per activation element (2 for FP16/BF16); the constants 34, 5 and 2 are bytes at e = 2."),
  };
  t.symbols = {
      symbol("L", "workload.layers"),
      symbol("h", "workload.hidden_dim"),
      symbol("a", "workload.heads"),
      symbol("s", "sequence_length"),
      symbol("b", "microbatch_size"),
      symbol("t", "tensor_parallel"),
      symbol("e", "activation_bytes_per_element"),
  };

  const Expr l = sym("L"), h = sym("h"), a = sym("a"), s = sym("s"), b = sym("b"), tp = sym("t"), e = sym("e");
  const Expr two = num(2);
  t.properties = {
      Property("attention_score_ratio", "", num(5) * a * s / (num(34) * h))
          .doc("The quadratic attention term over the linear one (5as/h over 34): above 1 the s² scores dominate.")
          .source("ours: the ratio of the two terms of " + paper + ", eq. 1"),
      Property("layer_bytes_no_recompute", "byte", s * b * h * (num(34) + num(5) * a * s / h) * (e / two) / tp)
          .doc("Activations one layer keeps when nothing is recomputed: 34sbh of linear terms plus 5as²b of attention "
               "scores (bytes at e = 2).")
          .lower_is_better().source(memory + " (strategy 'none'); " + paper + ", eq. 1; Table 2 (/t)"),
      Property("layer_bytes_selective", "byte", num(34) * s * b * h * (e / two) / tp)
          .doc("Activations one layer keeps when the attention scores are recomputed (selective recomputation).")
          .lower_is_better().source(memory + " (strategy 'selective'); " + paper),
      Property("layer_bytes_full", "byte", two * s * b * h * (e / two) / tp)
          .doc("Activations one layer keeps under full recomputation: only its input, s·b·h elements of e bytes (2sbh bytes at e = 2).")
          .lower_is_better().source(memory + " (strategy 'full'); " + paper),
      Property("total_bytes_no_recompute", "byte", l * prop("layer_bytes_no_recompute"))
          .doc("Activations of all L layers, nothing recomputed.").lower_is_better().source(memory),
      Property("total_bytes_selective", "byte", l * prop("layer_bytes_selective"))
          .doc("Activations of all L layers under selective recomputation.").lower_is_better().source(memory),
      Property("total_bytes_full", "byte", l * prop("layer_bytes_full"))
          .doc("Activations of all L layers under full recomputation.").lower_is_better().source(memory),
      Property("selective_saving", "", num(1) - prop("layer_bytes_selective") / prop("layer_bytes_no_recompute"))
          .doc("The share of activation memory that selective recomputation saves.")
          .higher_is_better().source("ours: one minus the ratio of the two per-layer forms"),
  };

  t.presets = {
      {"Gpt3Activations2K",
       "GPT-3 (96 layers, h = 12288, 96 heads) at its 2048-token context, one sequence per microbatch, no tensor "
       "parallelism, FP16 activations; the batch is illustrative.",
       json_text(R"({"workload": "GPT3", "sequence_length": 2048, "microbatch_size": 1, "tensor_parallel": 1})")},
      {"Gpt3ActivationsTp8",
       "The same GPT-3 microbatch with tensor (and sequence) parallelism 8, across the GPUs of one DGX node; the "
       "batch is illustrative.",
       json_text(R"({"workload": "GPT3", "sequence_length": 2048, "microbatch_size": 1, "tensor_parallel": 8})")},
  };
  return t;
}

}  // namespace mlsysim
