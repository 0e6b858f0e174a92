// The catalog (catalog.hpp): the scenario types of core/src/scenarios/catalog.def, each
// with its model built once, and their presets.
#include "mlsysim/catalog.hpp"

#include <algorithm>

#include "model.hpp"
#include "value_text.hpp"

namespace mlsysim {

#define MLSYSIM_SCENARIO(name) ScenarioType name();
#include "scenarios/catalog.def"
#undef MLSYSIM_SCENARIO

const std::vector<Category>& categories() {
  static const std::vector<Category> list{
      {"communication", "Communication"}, {"reliability", "Reliability"}, {"memory", "Memory"},
      {"compute", "Compute"},             {"parallelism", "Parallelism"}, {"serving", "Serving"},
      {"sustainability", "Sustainability"}, {"economics", "Economics"},
  };
  return list;
}

const std::vector<ScenarioType>& scenario_types() {
  static const std::vector<ScenarioType> types = [] {
    // moved in, not copied from an initializer list: a third of the start-up's work was
    // copying each declaration and freeing the original
    std::vector<ScenarioType> list;
#define MLSYSIM_SCENARIO(name) list.push_back(name());
#include "scenarios/catalog.def"
#undef MLSYSIM_SCENARIO
    // declarations stay honest: every link joins a property to a field of the same dimension
    for (const ScenarioType& t : list)
      for (const LinkSpec& l : t.links) {
        const PropertySpec* p = nullptr;
        for (const PropertySpec& q : t.properties)
          if (q.name == l.property) p = &q;
        const FieldSpec* f = nullptr;
        for (const ScenarioType& u : list)
          if (u.name == l.type) f = u.field(l.field);
        if (!p || !f || !f->numeric() || !reported_dim(p->unit) || *reported_dim(p->unit) != (f->type == FieldType::Quantity ? f->dim : dims::none))
          declaration_error(t.name + ": link of " + l.property + " to " + l.type + "." + l.field +
                                 " joins no property and numeric field of one dimension");
      }
    std::vector<std::string> preset_names;
    for (const ScenarioType& t : list)
      for (const Preset& p : t.presets) {
        if (std::find(preset_names.begin(), preset_names.end(), p.name) != preset_names.end())
          declaration_error("two presets are called " + p.name);
        preset_names.push_back(p.name);
      }
    for (ScenarioType& t : list) {
      bool known = false;
      for (const Category& c : categories()) known = known || c.name == t.category;
      if (!known) declaration_error(t.name + ": unknown category " + t.category);
      for (Preset& p : t.presets) p.type = t.name;  // its model is built on first use (compiled())
    }
    return list;
  }();
  return types;
}

Expected<const ScenarioType*> find_scenario_type(const std::string& name) {
  std::vector<std::string> names;
  for (const ScenarioType& t : scenario_types()) {
    if (t.name == name) return &t;
    names.push_back(t.name);
  }
  return InputError("type", "unknown scenario type " + describe(Json(name)) + did_you_mean_name(name, names) + "; valid types: " + join(names));
}

const std::vector<Preset>& presets() {
  static const std::vector<Preset> list = [] {
    std::vector<Preset> out;
    for (const ScenarioType& t : scenario_types()) out.insert(out.end(), t.presets.begin(), t.presets.end());
    return out;
  }();
  return list;
}

Expected<const Preset*> find_preset(const std::string& name) {
  std::vector<std::string> names;
  for (const Preset& p : presets()) {
    if (p.name == name) return &p;
    names.push_back(p.name);
  }
  return InputError("preset", "unknown preset " + describe(Json(name)) + did_you_mean_name(name, names) + "; valid choices: " + join(names));
}

}  // namespace mlsysim
