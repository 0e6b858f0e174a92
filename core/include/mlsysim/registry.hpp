// Named workloads, nodes, fleets and scenario presets (SPEC section 4).
// Every number carries the source it comes from.
#pragma once

#include <string>
#include <vector>

#include "mlsysim/scenario.hpp"

namespace mlsysim {

struct Preset {
  std::string name;
  std::string type;     // a ScenarioType name
  std::string summary;  // one line; says when the numbers are illustrative
  Json inputs;          // a plain object accepted by evaluate(type, inputs)
};

const std::vector<Workload>& workloads();
const std::vector<Node>& nodes();
const std::vector<Fleet>& fleets();
const std::vector<Preset>& presets();

/// Lookups by exact name; InputError on `field` listing the valid names.
const Workload& find_workload(const std::string& name, const std::string& field);
const Node& find_node(const std::string& name, const std::string& field);
const Fleet& find_fleet(const std::string& name, const std::string& field);
const Preset& find_preset(const std::string& name);

}  // namespace mlsysim
