// RooflineScenario (docs/scenarios.md, docs/sources.md; the catalog's 4.7): Williams' roofline
// for one kernel or one step on one accelerator: compute-bound or memory-bound?
#include "mlsysim/scenario.hpp"

namespace mlsysim {

ScenarioType roofline() {
  const std::string bottleneck = "mlsysim physics/performance.py @034a583b, calc_bottleneck";
  const std::string williams = "Williams, Waterman & Patterson 2009, Roofline (CACM 52(4))";
  ScenarioType t;
  t.name = "RooflineScenario";
  t.category = "compute";
  t.question = "Is this step compute-bound or memory-bound?";
  t.summary =
      "Williams' roofline for one kernel or one step on one accelerator. Arithmetic intensity, compared with the "
      "ridge point, decides whether time is set by peak FLOP/s or by memory bandwidth.";
  t.assumptions =
      "Compute and memory traffic overlap perfectly, so the time is the larger of the two. Peak and bandwidth are "
      "datasheet values. bytes_moved is the traffic to and from device (HBM/DRAM) memory.";
  t.excludes =
      "Caches. Launch and dispatch overhead (mlsysim's dispatch_tax). Achieved efficiency (see mfu in "
      "TrainingComputeScenario). Precision-specific peaks: pass an inline hardware entry with the peak you need.";

  t.fields = {
      Field::quantity("operations", dims::flop).above(0).shown_in("GFLOP").doc("Floating-point work of the step."),
      Field::quantity("bytes_moved", dims::information).above(0).shown_in("GB")
          .doc("Bytes read from and written to device memory by the step."),
      Field::registry("hardware", "hardware")
          .doc("One accelerator, by its peak FLOP/s and memory bandwidth: a registry name (e.g. H100) or "
               "{name, peak_flops, memory_capacity, memory_bandwidth}."),
  };
  t.symbols = {symbol("peak_flops", "hardware.peak_flops"), symbol("memory_bandwidth", "hardware.memory_bandwidth")};

  const Expr ops = sym("operations"), bytes = sym("bytes_moved"), peak = sym("peak_flops"), bw = sym("memory_bandwidth");
  t.properties = {
      Property("arithmetic_intensity", "flop/byte", ops / bytes)
          .doc("I: floating-point operations per byte of memory traffic.").higher_is_better()
          .source(bottleneck + " (intensity); " + williams),
      Property("ridge_point", "flop/byte", peak / bw)
          .doc("The intensity where the two roofs meet: below it a step is memory-bound, above it compute-bound.")
          .source("mlsysim hardware/types.py @034a583b, HardwareNode.ridge_point; MLSysBook vol1 appendix_machine"),
      Property("attainable_throughput", "flop/s", min(peak, prop("arithmetic_intensity") * bw))
          .doc("The roofline bound on FLOP/s at this intensity: the lower of the compute roof and I × bandwidth (I the arithmetic_intensity).")
          .higher_is_better().source(williams),
      Property("compute_time", "s", ops / peak).doc("The step's time if it were compute-bound.")
          .lower_is_better().source(bottleneck + " (compute_ms)"),
      Property("memory_time", "s", bytes / bw).doc("The step's time if it were memory-bound.")
          .lower_is_better().source(bottleneck + " (memory_ms)"),
      Property("roofline_time", "s", max(prop("compute_time"), prop("memory_time")))
          .doc("A lower bound on the step's time: the larger of the two.").lower_is_better()
          .source(bottleneck + "; " + williams),
      Property("memory_to_compute_ratio", "", prop("memory_time") / prop("compute_time")).note("= ridge_point / arithmetic_intensity")
          .doc("Memory time over compute time: above 1 the step is memory-bound.")
          .source("ours: mlsysim's calc_bottleneck reports the slower side and a label; the ratio shows by how much"),
      Property("peak_fraction", "", prop("attainable_throughput") / peak)
          .doc("The best utilization of peak FLOP/s this step can reach.").higher_is_better()
          .source("ours: the roofline bound over the compute roof"),
  };

  t.presets = {
      {"Llama8BDecodeStepH100",
       "One Llama 3 8B decode step at batch 1 on an H100: 2P = 1.606e10 flop (mlsysim's inference_flops) over the "
       "weights at 2 byte/param, read once; attention and the KV cache are left out.",
       json_text(R"({"operations": "1.606e10 flop", "bytes_moved": "1.606e10 byte", "hardware": "H100"})")},
      {"Llama8BPrefill2KH100",
       "A 2048-token Llama 3 8B prompt on an H100: 2P x 2048 = 3.289088e13 flop (mlsysim's 2P rule, attention "
       "omitted) over the weights at 2 byte/param, read once; the prompt length is illustrative.",
       json_text(R"({"operations": "3.289088e13 flop", "bytes_moved": "1.606e10 byte", "hardware": "H100"})")},
  };
  return t;
}

}  // namespace mlsysim
