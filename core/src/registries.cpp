// The registries (docs/scenarios.md, Registries; docs/sources.md): what each kind
// of entry holds, and every entry, each number with its source. Read once, through the
// same rules as an inline object (registry.cpp), so an entry that breaks a rule fails at
// start-up and in every test run.
#include "mlsysim/registry.hpp"

namespace mlsysim {

namespace {

const char* const kLanguageYaml = "mlsysim models/data/language.yaml @087dd538";
const char* const kSystems = "mlsysim systems/registry.py @087dd538";

RegistryData workloads() {
  RegistryKind k;
  k.name = "workload";
  k.plural = "workloads";
  k.title = "Workloads";
  k.doc = "A model: its parameter count (the total, every expert of a mixture-of-experts model) and, for "
          "transformers, its geometry.";
  k.headline = "parameters";
  k.fields = {
      Field::quantity("parameters", dims::param).above(0).doc("P: the total parameter count: every expert of a mixture-of-experts model, not the active ones "
               "(gradients, checkpoints and resident weights hold them all). The registry's workloads are dense, "
               "so for them total = active."),
      Field::integer("layers").at_least(1).optional().doc("L: transformer layers."),
      Field::integer("hidden_dim").at_least(1).optional().doc("h: model (hidden) width."),
      Field::integer("heads").at_least(1).optional().at_most_field("hidden_dim")
          .doc("a: attention heads, at most hidden_dim so that the head width \u230ah/a\u230b is at least 1."),
      Field::integer("kv_heads").at_least(1).defaults_to("heads").at_most_field("heads")
          .doc("k: key/value heads (grouped-query attention), at most heads; heads when absent (multi-head "
               "attention)."),
      Field::number("training_tokens").above(0).optional().doc("D: tokens the reference training run saw."),
      Field::quantity("inference_flops", dims::flop).above(0).optional().shown_in("GFLOP")
          .doc("Forward work of one token (2P for a dense transformer)."),
  };
  // the parameter count from its paper or model card, the geometry from mlsysim
  auto row = [&](const char* name, Json values, const char* source) {
    EntryData e{name, values, source};
    for (const auto& [key, _] : values.items())
      if (key != "parameters" && std::string(source) != kLanguageYaml) e.sources[key] = kLanguageYaml;
    return e;
  };
  RegistryData d{k, {
      row("GPT3", json_text(R"({"parameters": "1.75e11 param", "layers": 96, "hidden_dim": 12288, "heads": 96,
                                "training_tokens": 3e11, "inference_flops": "3.5e11 flop"})"),
          "Brown et al. 2020, Language Models are Few-Shot Learners"),
      row("GPT2", json_text(R"({"parameters": "1.5e9 param", "layers": 48, "hidden_dim": 1600, "heads": 25,
                                "inference_flops": "3e9 flop"})"),
          "Radford et al. 2019, Language Models are Unsupervised Multitask Learners"),
      row("BERT_Base", json_text(R"({"parameters": "1.1e8 param", "layers": 12, "hidden_dim": 768, "heads": 12,
                                     "inference_flops": "2.2e10 flop"})"),
          "Devlin et al. 2019, BERT"),
      row("BERT_Large", json_text(R"({"parameters": "3.4e8 param", "layers": 24, "hidden_dim": 1024,
                                      "heads": 16, "inference_flops": "7.2e10 flop"})"),
          "Devlin et al. 2019, BERT"),
      row("Llama3_8B", json_text(R"({"parameters": "8.03e9 param", "layers": 32, "hidden_dim": 4096,
                                     "heads": 32, "kv_heads": 8, "training_tokens": 1.5e13,
                                     "inference_flops": "1.606e10 flop"})"),
          "Meta Llama 3 model cards, 2024"),
      row("Llama3_70B", json_text(R"({"parameters": "7.06e10 param", "layers": 80, "hidden_dim": 8192,
                                      "heads": 64, "kv_heads": 8, "inference_flops": "1.412e11 flop"})"),
          "Meta Llama 3 model cards, 2024"),
      row("Llama3_405B", json_text(R"({"parameters": "4.05e11 param", "layers": 126, "hidden_dim": 16384,
                                       "heads": 128, "kv_heads": 8, "inference_flops": "8.1e11 flop"})"),
          "Meta Llama 3 model cards, 2024"),
      row("ResNet50", json_text(R"({"parameters": "2.56e7 param"})"), "He et al. 2016, Deep Residual Learning for Image Recognition"),
      row("Llama2_7B", json_text(R"({"parameters": "7e9 param", "layers": 32, "hidden_dim": 4096, "heads": 32,
                                     "training_tokens": 2e12, "inference_flops": "1.4e10 flop"})"),
          kLanguageYaml),
      row("Llama2_70B", json_text(R"({"parameters": "7e10 param", "layers": 80, "hidden_dim": 8192,
                                      "heads": 64, "kv_heads": 8, "training_tokens": 2e12,
                                      "inference_flops": "1.4e11 flop"})"),
          kLanguageYaml),
      row("ZeRO_7_5B", json_text(R"({"parameters": "7.5e9 param"})"),
          "Rajbhandari et al. 2020, ZeRO, Fig. 1 (the 7.5B-parameter example)"),
  }};
  // Llama 3 8B's training tokens are the model card's "15T+", not mlsysim's (docs/sources.md)
  d.entries[4].sources["training_tokens"] = "Meta Llama 3 model card, 2024 (\"15T+\" tokens; a rounded lower bound)";
  return d;
}

RegistryData hardware() {
  RegistryKind k;
  k.name = "hardware";
  k.plural = "hardware";
  k.title = "Hardware";
  k.doc = "One accelerator: dense FP16/BF16 peak, memory, memory bandwidth, power and price. For FP8 work, give an "
          "inline entry with the FP8 peak.";
  k.headline = "peak_flops";
  k.fields = {
      Field::quantity("peak_flops", dims::flop / dims::time).above(0).shown_in("TFLOP/s")
          .doc("Dense FP16/BF16 tensor peak."),
      Field::quantity("memory_capacity", dims::information).above(0).shown_in("GiB").doc("Device (HBM) memory."),
      Field::quantity("memory_bandwidth", dims::information / dims::time).above(0).shown_in("GB/s")
          .doc("Device memory bandwidth."),
      Field::quantity("nvlink_bandwidth", dims::information / dims::time).above(0).optional().shown_in("GB/s")
          .doc("NVLink bandwidth, both directions together (the datasheet figure); one direction is half of it."),
      Field::quantity("tdp", dims::power).above(0).optional().shown_in("W").doc("Thermal design power."),
      Field::quantity("unit_cost", dims::currency).at_least(0).optional().shown_in("USD").doc("Purchase price."),
  };
  return {k, {
      {"H100", json_text(R"({"peak_flops": "989 TFLOP/s", "memory_capacity": "80 GiB",
                             "memory_bandwidth": "3.35 TB/s", "nvlink_bandwidth": "900 GB/s", "tdp": "700 W",
                             "unit_cost": "30000 USD"})"),
       "mlsysim hardware/data/cloud/H100.yaml @034a583b"},
      {"A100", json_text(R"({"peak_flops": "312 TFLOP/s", "memory_capacity": "80 GiB",
                             "memory_bandwidth": "2039 GB/s", "nvlink_bandwidth": "600 GB/s", "tdp": "400 W",
                             "unit_cost": "15000 USD"})"),
       "mlsysim hardware/data/cloud/A100.yaml @087dd538"},
      {"V100", json_text(R"({"peak_flops": "125 TFLOP/s", "memory_capacity": "32 GiB",
                             "memory_bandwidth": "900 GB/s", "nvlink_bandwidth": "300 GB/s", "tdp": "300 W",
                             "unit_cost": "10000 USD"})"),
       "mlsysim hardware/data/cloud/V100.yaml @0372732e"},
      {"B200", json_text(R"({"peak_flops": "2250 TFLOP/s", "memory_capacity": "192 GiB",
                             "memory_bandwidth": "8 TB/s", "nvlink_bandwidth": "1800 GB/s", "tdp": "1000 W",
                             "unit_cost": "40000 USD"})"),
       "mlsysim hardware/data/cloud/B200.yaml @335995f1 (its 192 GiB may be NVIDIA's 192 GB; not used by any preset)"},
  }};
}

RegistryData nodes() {
  RegistryKind k;
  k.name = "node";
  k.plural = "nodes";
  k.title = "Nodes";
  k.doc = "One server: its accelerators, the link between them, and the parts that can fail.";
  k.headline = "accelerators_per_node";
  k.fields = {
      Field::integer("accelerators_per_node").at_least(1).doc("g: accelerators in the node."),
      Field::registry("accelerator", "hardware").optional().doc("The accelerator (a hardware entry)."),
      Field::quantity("intra_node_bandwidth", dims::information / dims::time).above(0).optional().shown_in("GB/s")
          .doc("Accelerator-to-accelerator bandwidth inside the node, one direction (NVLink: half the datasheet total)."),
      Field::integer("nics_per_node").at_least(0).optional().doc("Network interfaces."),
      Field::integer("psus_per_node").at_least(0).optional().doc("Power supplies."),
  };
  const std::string src = std::string(kSystems) + "; systems/types.py @1d9b72db (psus_per_node = 2); NVIDIA DGX datasheets";
  return {k, {
      {"DGX_H100", json_text(R"({"accelerators_per_node": 8, "accelerator": "H100",
                                 "intra_node_bandwidth": "450 GB/s", "nics_per_node": 8,
                                 "psus_per_node": 2})"), src},
      {"DGX_A100", json_text(R"({"accelerators_per_node": 8, "accelerator": "A100",
                                 "intra_node_bandwidth": "300 GB/s", "nics_per_node": 8,
                                 "psus_per_node": 2})"), src},
  }};
}

RegistryData fabrics() {
  RegistryKind k;
  k.name = "fabric";
  k.plural = "fabrics";
  k.title = "Fabrics";
  k.doc = "The network between nodes: the bandwidth of one link and the latency of one message (alpha).";
  k.headline = "bandwidth";
  k.fields = {
      Field::quantity("bandwidth", dims::information / dims::time).above(0).shown_in("Gbps").doc("One link, one direction."),
      Field::quantity("latency", dims::time).at_least(0).shown_in("µs").doc("alpha: start-up latency of one message."),
  };
  return {k, {
      {"InfiniBand_HDR", json_text(R"({"bandwidth": "200 Gbps", "latency": "7 µs"})"), kSystems},
      {"InfiniBand_NDR", json_text(R"({"bandwidth": "400 Gbps", "latency": "5 µs"})"), kSystems},
      {"Ethernet_100G", json_text(R"({"bandwidth": "100 Gbps", "latency": "50 µs"})"), kSystems},
      {"RoCE_100G", json_text(R"({"bandwidth": "100 Gbps", "latency": "10 µs"})"), kSystems},
  }};
}

RegistryData fleets() {
  RegistryKind k;
  k.name = "fleet";
  k.plural = "fleets";
  k.title = "Fleets";
  k.doc = "A cluster: count identical nodes on one fabric.";
  k.headline = "accelerators";
  k.fields = {
      Field::integer("count").at_least(1).doc("Nodes in the fleet."),
      Field::registry("node", "node").doc("The node (a node entry)."),
      Field::registry("fabric", "fabric").optional().doc("The network between the nodes (a fabric entry)."),
  };
  k.derived = {{"accelerators", "count", "node.accelerators_per_node", "Accelerators in the fleet: count x accelerators_per_node."}};
  const std::string src = std::string(kSystems) + " (Clusters); NVIDIA DGX H100 and DGX A100 datasheets (8 GPUs per node)";
  auto fleet = [&](const char* name, int count, const char* node, const char* fabric) {
    return EntryData{name, {{"count", count}, {"node", node}, {"fabric", fabric}}, src};
  };
  return {k, {
      fleet("Lab_64_H100", 8, "DGX_H100", "InfiniBand_HDR"),
      fleet("Research_256", 32, "DGX_H100", "Ethernet_100G"),
      fleet("Training_512_H100", 64, "DGX_H100", "InfiniBand_HDR"),
      fleet("Training_1K", 128, "DGX_H100", "InfiniBand_HDR"),
      fleet("Training_1K_A100", 128, "DGX_A100", "InfiniBand_HDR"),
      fleet("Production_2K", 256, "DGX_H100", "InfiniBand_HDR"),
      fleet("Frontier_8K", 1024, "DGX_H100", "InfiniBand_NDR"),
      fleet("Reference_25K_H100", 3125, "DGX_H100", "InfiniBand_NDR"),
      fleet("Training_10K", 1250, "DGX_H100", "InfiniBand_NDR"),
      fleet("Mega_100K", 12500, "DGX_H100", "InfiniBand_NDR"),
  }};
}

}  // namespace

std::vector<RegistryData> registry_data() { return {workloads(), hardware(), nodes(), fabrics(), fleets()}; }

}  // namespace mlsysim
