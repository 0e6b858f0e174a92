// The public contract of API.md as JSON values: the CLI prints these, the WASM
// bindings hand them to JavaScript, the tests compare them. One shape everywhere.
#pragma once

#include <string>

#include "mlsysim/scenario.hpp"

namespace mlsysim {

/// Library version ("0.1.0").
const char* version();

/// listScenarioTypes(): [{name, category, summary, assumptions, excludes,
///   fields: [{name, type, dimension, unit, required, default, rule, doc}],
///   properties: [{name, unit, equation, doc}]}]
/// `fields[i].unit` (an extension) is the canonical unit of a quantity field.
Json list_scenario_types();
/// listPresets(): [{name, type, summary, inputs}]
Json list_presets();
/// listWorkloads(): [{name, parameters (param), source}]
Json list_workloads();
/// listFleets(): [{name, count, node: {name, accelerators_per_node}, accelerators, source}]
Json list_fleets();

/// evaluate(type, inputs) -> Result:
///   {type, preset: null, inputs (normalized; quantities as {value, unit} in canonical
///    units), properties: {name: {value, unit, text} | {error}}, warnings: [string]}
/// Throws InputError (field + message) on any invalid input.
Json evaluate(const std::string& type, const Json& inputs,
              BytePrefix bytes = BytePrefix::decimal);

/// evaluatePreset(name, overrides) -> Result with `preset` set. `overrides` is an
/// object (or null) whose entries replace the preset's inputs. Throws InputError.
Json evaluate_preset(const std::string& name, const Json& overrides,
                     BytePrefix bytes = BytePrefix::decimal);

/// The request form of `mlsysim eval --input`: {"type": T, "inputs": {...}} or
/// {"preset": P, "overrides": {...}}. Throws InputError.
Json evaluate_request(const Json& request, BytePrefix bytes = BytePrefix::decimal);

}  // namespace mlsysim
