// The catalog: every scenario type, in the order they are listed, and their presets
// (docs/scenarios.md). Adding a type is one declaration file
// under core/src/scenarios/ and one line in core/src/scenarios/catalog.def
// (docs/architecture.md, "How to add a scenario type").
#pragma once

#include <string>
#include <vector>

#include "mlsysim/scenario.hpp"

namespace mlsysim {

/// A category of scenario types, as mlsysim files them: its id ("communication") and
/// its title ("Communication").
struct Category {
  std::string name;
  std::string title;
};

/// The categories in the order pages group types by.
const std::vector<Category>& categories();

/// Every scenario type, in the order they are listed, each with its model built (its
/// equations compiled and their dimensions checked against the declared units).
const std::vector<ScenarioType>& scenario_types();

/// The scenario type called `name` (never null); InputError on field "type" listing the
/// valid names.
Expected<const ScenarioType*> find_scenario_type(const std::string& name);

/// Every preset of every type, in catalog order.
const std::vector<Preset>& presets();

/// The preset called `name` (never null); InputError on field "preset" listing the valid
/// names.
Expected<const Preset*> find_preset(const std::string& name);

}  // namespace mlsysim
