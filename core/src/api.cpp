// The API.md contract as JSON values, read off the scenario declarations.
#include "mlsysim/api.hpp"

#include <cmath>

#include "mlsysim/registry.hpp"
#include "value_text.hpp"

#ifndef MLSYSIM_VERSION
#define MLSYSIM_VERSION "0.0.0"
#endif

namespace mlsysim {

const char* version() { return MLSYSIM_VERSION; }

namespace {

const char* type_name(FieldType t) {
  switch (t) {
    case FieldType::Int: return "int";
    case FieldType::Float: return "float";
    case FieldType::Quantity: return "quantity";
    case FieldType::Workload: return "workload";
    case FieldType::Fleet: return "fleet";
  }
  return "";
}

Json workload_json(const Workload& w) {
  Json j = {{"name", w.name}, {"parameters", w.parameters}};
  if (!w.source.empty()) j["source"] = w.source;
  return j;
}

Json fleet_json(const Fleet& f) {
  Json j = {{"name", f.name},
            {"count", f.count},
            {"node", {{"name", f.node.name}, {"accelerators_per_node", f.node.accelerators_per_node}}}};
  if (!f.source.empty()) j["source"] = f.source;
  return j;
}

Json normalized(const ScenarioType& type, const Inputs& in) {
  Json out = Json::object();
  for (std::size_t k = 0; k < type.fields.size(); ++k) {
    const FieldSpec& f = type.fields[k];
    const Inputs::Value& v = in.values()[k];
    if (!v.present) {
      out[f.name] = nullptr;
      continue;
    }
    switch (f.type) {
      case FieldType::Int: out[f.name] = v.i; break;
      case FieldType::Float: out[f.name] = v.x; break;
      case FieldType::Quantity: out[f.name] = {{"value", v.x}, {"unit", f.dim.canonical_unit()}}; break;
      case FieldType::Workload: {
        Json w = workload_json(v.workload);
        w["parameters"] = {{"value", v.workload.parameters}, {"unit", "param"}};
        out[f.name] = w;
        break;
      }
      case FieldType::Fleet: out[f.name] = fleet_json(v.fleet); break;
    }
  }
  return out;
}

Json result(const ScenarioType& type, const Inputs& in, const Json& preset, BytePrefix bytes) {
  Json props = Json::object();
  for (const PropertySpec& p : type.properties) {
    try {
      const double v = p.compute(in);
      if (!std::isfinite(v))
        throw PropertyError("the result " + js_number(v) + " is not a finite number (overflow)");
      props[p.name] = {{"value", v + 0.0}, {"unit", p.unit}, {"text", human_text(v, p.unit, bytes)}};
    } catch (const PropertyError& e) {
      props[p.name] = {{"error", p.name + ": " + e.what()}};
    }
  }
  Json warnings = Json::array();
  if (type.warnings)
    for (const std::string& w : type.warnings(in)) warnings.push_back(w);
  return {{"type", type.name},
          {"preset", preset},
          {"inputs", normalized(type, in)},
          {"properties", props},
          {"warnings", warnings}};
}

}  // namespace

Json list_scenario_types() {
  Json out = Json::array();
  for (const ScenarioType& t : scenario_types()) {
    Json fields = Json::array();
    for (const FieldSpec& f : t.fields)
      fields.push_back({{"name", f.name},
                        {"type", type_name(f.type)},
                        {"dimension", f.dim.name()},
                        {"unit", f.dim.canonical_unit()},
                        {"required", f.required},
                        {"default", f.default_value},
                        {"rule", f.rule()},
                        {"doc", f.doc}});
    Json props = Json::array();
    for (const PropertySpec& p : t.properties)
      props.push_back({{"name", p.name}, {"unit", p.unit}, {"equation", p.equation}, {"doc", p.doc}});
    out.push_back({{"name", t.name},
                   {"category", t.category},
                   {"summary", t.summary},
                   {"assumptions", t.assumptions},
                   {"excludes", t.excludes},
                   {"fields", fields},
                   {"properties", props}});
  }
  return out;
}

Json list_presets() {
  Json out = Json::array();
  for (const Preset& p : presets())
    out.push_back({{"name", p.name}, {"type", p.type}, {"summary", p.summary}, {"inputs", p.inputs}});
  return out;
}

Json list_workloads() {
  Json out = Json::array();
  for (const Workload& w : workloads()) out.push_back(workload_json(w));
  return out;
}

Json list_fleets() {
  Json out = Json::array();
  for (const Fleet& f : fleets()) {
    Json j = fleet_json(f);
    j["accelerators"] = f.count * f.node.accelerators_per_node;
    out.push_back(j);
  }
  return out;
}

Json evaluate(const std::string& type_name_, const Json& inputs, BytePrefix bytes) {
  const ScenarioType& type = find_scenario_type(type_name_);
  return result(type, normalize_inputs(type, inputs), nullptr, bytes);
}

Json evaluate_preset(const std::string& name, const Json& overrides, BytePrefix bytes) {
  const Preset& preset = find_preset(name);
  Json inputs = preset.inputs;
  if (!overrides.is_null()) {
    if (!overrides.is_object())
      throw InputError("overrides", "must be an object of field values, got " + describe(overrides));
    for (const auto& [key, value] : overrides.items()) inputs[key] = value;
  }
  const ScenarioType& type = find_scenario_type(preset.type);
  return result(type, normalize_inputs(type, inputs), preset.name, bytes);
}

Json evaluate_request(const Json& request, BytePrefix bytes) {
  if (!request.is_object())
    throw InputError("input", "must be a JSON object {\"type\", \"inputs\"} or {\"preset\", \"overrides\"}, got " +
                                  describe(request));
  for (const auto& [key, _] : request.items())
    if (key != "type" && key != "inputs" && key != "preset" && key != "overrides")
      throw InputError(key, "unknown key of the request; valid keys: type, inputs, preset, overrides");
  const bool has_type = request.contains("type"), has_preset = request.contains("preset");
  if (has_type == has_preset)
    throw InputError("input", "give exactly one of \"type\" (with \"inputs\") or \"preset\" (with optional \"overrides\")");
  if (has_preset) {
    if (!request["preset"].is_string())
      throw InputError("preset", "must be a preset name, got " + describe(request["preset"]));
    if (request.contains("inputs"))
      throw InputError("inputs", "goes with \"type\"; with \"preset\" use \"overrides\"");
    return evaluate_preset(request["preset"].get<std::string>(),
                           request.contains("overrides") ? request["overrides"] : Json(), bytes);
  }
  if (!request["type"].is_string())
    throw InputError("type", "must be a scenario type name, got " + describe(request["type"]));
  if (request.contains("overrides"))
    throw InputError("overrides", "goes with \"preset\"; with \"type\" use \"inputs\"");
  return evaluate(request["type"].get<std::string>(),
                  request.contains("inputs") ? request["inputs"] : Json::object(), bytes);
}

}  // namespace mlsysim
