// The public contract of docs/api.md as JSON values: the CLI prints these, the WASM
// bindings hand them to JavaScript, the tests compare them. One shape everywhere
// (docs/api.md). Sweeps are sweep.hpp.
#pragma once

#include <cstddef>
#include <string>
#include <vector>

#include "mlsysim/catalog.hpp"
#include "mlsysim/json.hpp"
#include "mlsysim/text.hpp"

namespace mlsysim {

/// Options of an evaluation.
struct EvalOptions {
  BytePrefix bytes = BytePrefix::decimal;  // the `text` of byte results: GB or GiB
  /// The `text` of times and money (and the digits of `work` that give it): every time in
  /// one unit, money in full (text.hpp settings_text).
  DisplaySettings settings;
  /// Add `work` to each computed property: {text, mathml, expression}, the equation with
  /// the inputs substituted (see Result below).
  bool work = false;
  /// Evaluate what can be evaluated: instead of an InputError at the first invalid input,
  /// list every input error in the Result's `input_errors` ([{field, message, missing?}],
  /// `missing` true for a required field not given) and
  /// compute every property whose inputs are valid (the others are property errors that
  /// name the input they need). An unknown type or a request that is not an object is
  /// still an InputError.
  bool partial = false;
};

/// Library version ("0.1.0").
const char* version();

/// listScenarioTypes(): [{name, category, question, summary, assumptions, excludes,
///   fields: [{name, type, dimension, unit, display_unit, display_factor, required,
///             default, rule, doc, numeric, source, needs}],
///   properties: [{name, unit, equation, mathml, note, doc, better, depends_on, uses, source, links}],
///   symbols: [{name, meaning, unit}]}]
/// Extensions: `question` is the question the type answers; `fields[i].unit` is the
/// canonical unit of a quantity field and `display_unit` the unit people write it in
/// ("USD/h"), one of which is `display_factor` canonical units; `numeric` is true for the fields a sweep can vary; `source` says where a
/// default comes from ("" when none); a registry field (`type` "workload", "fleet",
/// "hardware", ...) lists in `needs` the sub-fields the type's equations read;
/// `properties[i].depends_on` names the fields and symbols its value depends on; `uses`
/// the other properties its equation names (its substituted work shows their values);
/// `properties[i].mathml` is the equation as a MathML <math> element, without `note` (null
/// or a remark, "0 when N = 1", that `equation` ends with in parentheses); `better` is
/// "higher", "lower" or null (which way wins in a comparison); `source` is where the
/// formula comes from; `links` are [{type, field}]: the inputs of other types this
/// result can be carried into; `symbols` are the names equations use besides the fields (e.g.
/// P = workload.parameters).
/// With `details` false, each entry's `fields`, `properties` and `symbols` are null: the
/// heads, for a picker, without building the rest (the module's
/// listScenarioTypes({details: false}); the page describes a type when it first reads
/// it, through describe_scenario_type: web/fields.mjs scenarioTypes).
Json list_scenario_types(bool details = true);
/// One entry of list_scenario_types(), in full. InputError on field "type" for a name that
/// is not a scenario type (naming the valid ones).
Expected<Json> describe_scenario_type(const std::string& name);
/// listPresets(): [{name, type, summary, inputs}]
Json list_presets();
/// [{name, title}]: the categories pages group scenario types by, in order.
Json list_categories();
/// listRegistries(): [{name ("workload"), plural ("workloads"), title, doc, headline,
///   fields: [{name, type, dimension, unit, display_unit, required, rule, doc}],
///   derived: [{name, doc}], entries: [entry]}]; an entry is
///   {name, its sub-fields (numbers in canonical units, entries nested), derived ones,
///   source, sources: {sub-field: source} for the numbers with their own}.
Json list_registries();
/// The entries of the registry kind whose plural is `plural` ("workloads", "fleets",
/// "hardware", "fabrics", "nodes"): listWorkloads() is [{name, parameters (param), ...,
/// source}], listFleets() is [{name, count, node: {...}, fabric, accelerators, source}].
/// InputError on field "list" for an unknown plural.
Expected<Json> list_registry(const std::string& plural);
/// {sweep_points, sweep_values}: the largest sweep accepted (sweep.hpp).
Json list_limits();
/// {bases: [{name, unit}], spellings: [{spelling, factor, dimension, unit, full_name}],
/// count_labels}: the unit tables (docs/units.md is generated from them).
Json list_units();
/// One list by name, for the CLI's `mlsysim list WHAT` and the module: "types",
/// "presets", "categories", "registries", "limits", "units", or a registry plural. InputError on
/// field "list" naming the valid choices.
Expected<Json> list(const std::string& what);
/// The names `list` takes, in order: "types", "presets", "categories", "registries",
/// "limits", "units", then each registry's plural ("workloads", "hardware", ...).
std::vector<std::string> list_names();

/// evaluate(type, inputs) -> Result:
///   {type, preset: null, inputs (normalized; quantities as {value, unit} in canonical
///    units), properties: {name: {value, unit, text[, work]} | {error}}, warnings: [string]}
/// With options.work, `work` is {text: "100000 / (14000 × (1 + 0.25))" (display units),
/// mathml: "<math>…</math>" (the equation, the substitution and the result), expression:
/// "100000 / (14000 * (1 + 0.25))" (canonical units, ASCII arithmetic and sqrt only)}.
/// InputError (field + message) on any invalid input.
Expected<Json> evaluate(const std::string& type, const Json& inputs, const EvalOptions& options = {});

/// The limits of a course's preset file (docs/embedding.md, "A course's own presets").
inline constexpr std::size_t kMaxPresetFileBytes = 1u << 20;  // 1 MiB
inline constexpr std::size_t kMaxPresetFilePresets = 200;

/// A course's own presets, read from a preset file, and what was wrong with the rest.
struct PresetFile {
  std::vector<Preset> presets;  // the valid entries, in file order
  /// One per refused entry: {preset (its name, or null when it has none), entry (1-based
  /// position in the file), field (the input, or "name", "type", "summary", "inputs"),
  /// message (the whole text: 'preset "P" (entry 2): workers: must be an integer >= 1, got 0')}.
  Json notices = Json::array();
};

/// readPresetFile(text): a preset file is JSON {"presets": [{name, type, summary, inputs},
/// ...]}, the shape of listPresets(). Each entry is checked as an evaluation checks its
/// inputs (evaluate(type, inputs), every rule of every field), and its name: 1 to 64
/// letters, digits, '_', '-' or '.', not a built-in preset's name (in any case) and not
/// an earlier entry's. `summary` is optional (at most 500 bytes). A refused entry is
/// left out with a notice; the others are kept. InputError on field "preset_file" when
/// the file as a whole cannot be used: more than kMaxPresetFileBytes bytes, not JSON, not
/// an object with a "presets" array, or more than kMaxPresetFilePresets entries.
Expected<PresetFile> read_preset_file(const std::string& text);
/// {presets: [{name, type, summary, inputs}], notices}: the module's readPresetFile().
Json preset_file_json(const PresetFile& file);

/// evaluatePreset(name, overrides) -> Result with `preset` set. `overrides` is an
/// object (or null) whose entries replace the preset's inputs. `course`: presets read
/// from a preset file, looked up after the built-in ones. InputError on an unknown preset
/// or an invalid input.
Expected<Json> evaluate_preset(const std::string& name, const Json& overrides, const EvalOptions& options = {},
                               const std::vector<Preset>& course = {});

/// readValue(value, unit, name): `value` (text as a field takes it, "40 USD", "2 h", "5",
/// or a number) read as a value of the dimension of `unit`, a unit a property reports in
/// ("s", "USD", "count", ""), returned in that canonical unit. For a student's
/// prediction of a property. InputError on field `name` naming the dimension expected
/// (the message of a quantity field's), or on field "unit" for a `unit` that is not one
/// a property reports in ("parsec", "h": not canonical).
Expected<double> read_value(const Json& value, const std::string& unit, const std::string& name);

/// propertyText(type, property, value): `value` (in the property's reported unit) as that
/// property's results write their `text`: in its display unit when it has one ("200
/// tokens/s", "560,897.4 h"), else scaled by its size ("625 ms", "$38.89"). For a value the
/// page shows beside a result, a student's prediction; with `settings` as a result's text
/// is then (a time in the fixed unit, money in full). InputError on field "type" or
/// "property" for a name that is not one (with the nearest).
Expected<std::string> property_text(const std::string& type, const std::string& property, double value,
                                    BytePrefix bytes = BytePrefix::decimal, const DisplaySettings& settings = {});

/// The request form of `mlsysim eval --input`: {"type": T, "inputs": {...}} or
/// {"preset": P, "overrides": {...}}; `course` as for evaluate_preset. InputError.
Expected<Json> evaluate_request(const Json& request, const EvalOptions& options = {}, const std::vector<Preset>& course = {});

}  // namespace mlsysim
