// Registries and presets (SPEC section 4). Every number with its source.
#include "mlsysim/registry.hpp"

#include "value_text.hpp"

namespace mlsysim {

const std::vector<Workload>& workloads() {
  static const std::vector<Workload> list{
      {"GPT3", 1.75e11, "Brown et al. 2020, Language Models are Few-Shot Learners"},
      {"GPT2", 1.5e9, "Radford et al. 2019, Language Models are Unsupervised Multitask Learners"},
      {"BERT_Base", 1.1e8, "Devlin et al. 2019, BERT"},
      {"BERT_Large", 3.4e8, "Devlin et al. 2019, BERT"},
      {"Llama3_8B", 8.03e9, "Meta Llama 3 model cards, 2024"},
      {"Llama3_70B", 7.06e10, "Meta Llama 3 model cards, 2024"},
      {"Llama3_405B", 4.05e11, "Meta Llama 3 model cards, 2024"},
      {"ResNet50", 2.56e7, "He et al. 2016, Deep Residual Learning for Image Recognition"},
  };
  return list;
}

const std::vector<Node>& nodes() {
  static const std::vector<Node> list{{"DGX_H100", 8}, {"DGX_A100", 8}};
  return list;
}

const std::vector<Fleet>& fleets() {
  static const std::vector<Fleet> list = [] {
    const Node& h100 = nodes()[0];
    const Node& a100 = nodes()[1];
    const char* src = "mlsysim fleet registry; NVIDIA DGX H100 and DGX A100 datasheets (8 GPUs per node)";
    return std::vector<Fleet>{
        {"Lab_64_H100", 8, h100, src},          {"Research_256", 32, h100, src},
        {"Training_512_H100", 64, h100, src},   {"Training_1K", 128, h100, src},
        {"Training_1K_A100", 128, a100, src},   {"Production_2K", 256, h100, src},
        {"Frontier_8K", 1024, h100, src},       {"Reference_25K_H100", 3125, h100, src},
    };
  }();
  return list;
}

const std::vector<Preset>& presets() {
  static const std::vector<Preset> list = [] {
    const Json bsp = {
        {"workers", 8},
        {"per_worker_batch", 32},
        {"iterations", 14000},
        {"communication_overhead", 0.25},
        {"base_iterations", 100000},
        {"base_iteration_time", "0.5 s"},
        {"device_hour_rate", "2 USD/hour"},
        {"staleness", 0},
    };
    Json ssp = bsp;
    ssp["iterations"] = 15500;
    ssp["communication_overhead"] = 0.10;
    ssp["staleness"] = 3;
    Json asp = bsp;
    asp["iterations"] = 19000;
    asp["communication_overhead"] = 0.02;
    asp["staleness"] = 7;
    const char* illustrative = " Iteration counts and overheads are illustrative teaching numbers.";
    return std::vector<Preset>{
        {"TransformerBsp8Workers", "SyncStrategyScenario",
         std::string("Bulk-synchronous (BSP) data parallelism on 8 workers.") + illustrative, bsp},
        {"TransformerSsp8Workers", "SyncStrategyScenario",
         std::string("Stale-synchronous (SSP, staleness 3) on 8 workers: less waiting, more "
                     "iterations.") + illustrative, ssp},
        {"TransformerAsp8Workers", "SyncStrategyScenario",
         std::string("Asynchronous (ASP, staleness 7) on 8 workers: least communication, most "
                     "iterations.") + illustrative, asp},
        {"ReferenceJobAttackSurface", "DataParallelAttackSurfaceScenario",
         "GPT-3 on 1024 A100s as tensor 8 x pipeline 8 x data 16 (Narayanan et al. 2021); "
         "byte widths are illustrative.",
         {{"workload", "GPT3"},
          {"fleet", "Training_1K_A100"},
          {"dp_degree", 16},
          {"gradient_bytes_per_param", "2 byte/param"},
          {"checkpoint_bytes_per_param", "14 byte/param"},
          {"weight_bytes_per_param", "2 byte/param"}}},
        {"LabJobAttackSurface", "DataParallelAttackSurfaceScenario",
         "Llama 3 8B on a 64-GPU lab cluster, pure data parallelism, no serving-weight width "
         "(so weight_bytes is unavailable); byte widths are illustrative.",
         {{"workload", "Llama3_8B"},
          {"fleet", "Lab_64_H100"},
          {"dp_degree", 64},
          {"gradient_bytes_per_param", "2 byte/param"},
          {"checkpoint_bytes_per_param", "14 byte/param"}}},
    };
  }();
  return list;
}

namespace {
template <typename T>
const T& find_named(const std::vector<T>& list, const std::string& name, const std::string& field,
                    const char* what) {
  std::vector<std::string> names;
  for (const T& item : list) {
    if (item.name == name) return item;
    names.push_back(item.name);
  }
  throw InputError(field, std::string("unknown ") + what + " " + describe(Json(name)) +
                              "; valid choices: " + join(names));
}
}  // namespace

const Workload& find_workload(const std::string& name, const std::string& field) {
  return find_named(workloads(), name, field, "workload");
}
const Node& find_node(const std::string& name, const std::string& field) {
  return find_named(nodes(), name, field, "node");
}
const Fleet& find_fleet(const std::string& name, const std::string& field) {
  return find_named(fleets(), name, field, "fleet");
}
const Preset& find_preset(const std::string& name) {
  return find_named(presets(), name, "preset", "preset");
}

}  // namespace mlsysim
