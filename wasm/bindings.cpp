// embind layer: raw functions that speak JSON text. The core returns its input errors as
// values (mlsysim::Expected; the module is built without exceptions, docs/performance.md,
// "Errors as values"): each becomes {"error", "field"} here, so nothing leaks and the
// instance stays usable (docs/architecture.md, The WASM boundary). The public API (createMlsysim,
// evaluate, ...) is the thin JavaScript layer in post.mjs.
#include <emscripten/bind.h>
#include <malloc.h>

#include <string>
#include <vector>

#include "mlsysim/api.hpp"
#include "mlsysim/sweep.hpp"

namespace {

using mlsysim::Json;

using mlsysim::dump_text;

// The reply {"result": value} or, for an input error, {"error": text, "field": name}.
template <class T>
std::string reply(const mlsysim::Expected<T>& r) {
  if (!r) return dump_text(Json{{"error", r.error().what()}, {"field", r.error().field}});
  return dump_text(Json{{"result", *r}});
}
std::string error_reply(const mlsysim::InputError& e) { return dump_text(Json{{"error", e.what()}, {"field", e.field}}); }

// `request` is the JSON of {"type", "inputs"} or {"preset", "overrides"} (as for
// `mlsysim eval --input`); the flags are EvalOptions' (`time` and `money_full` its
// settings, checked by post.mjs). Returns {"result": Result} or {"error": text, "field": name}.
std::string request(const std::string& request_json, bool binary_bytes, bool work, bool partial, const std::string& time,
                    bool money_full) {
  const mlsysim::Expected<Json> req = mlsysim::parse_request(request_json, "inputs");
  if (!req) return error_reply(req.error());
  mlsysim::EvalOptions options;
  options.bytes = binary_bytes ? mlsysim::BytePrefix::binary : mlsysim::BytePrefix::decimal;
  options.work = work;
  options.partial = partial;
  options.settings = {time, money_full};
  return reply(mlsysim::evaluate_request(*req, options));
}

// Sweeps: JavaScript writes the values into the view from sweep_input(n), calls
// sweep(request) and copies the results out of the view from sweep_output(). The
// buffers live as long as the module, so repeated sweeps allocate nothing.
std::vector<double> g_sweep_in, g_sweep_out;

emscripten::val sweep_input(double n) {
  const double limit = static_cast<double>(mlsysim::kMaxSweepPoints);
  g_sweep_in.resize(n >= 0 && n <= limit ? static_cast<std::size_t>(n) : 0);
  if (g_sweep_in.empty()) {  // 0 releases both buffers
    std::vector<double>().swap(g_sweep_in);
    std::vector<double>().swap(g_sweep_out);
  }
  return emscripten::val(emscripten::typed_memory_view(g_sweep_in.size(), g_sweep_in.data()));
}

emscripten::val sweep_output() {
  return emscripten::val(emscripten::typed_memory_view(g_sweep_out.size(), g_sweep_out.data()));
}

// The last request's preparation: a sweep of new values over the same request text (a
// slider, an animation) only runs the kernel.
mlsysim::SweepSession g_sweep_session;

// `request_json`: {type, inputs, field, unit, properties}. Returns {"result": {properties,
// units, invalid_points, first_invalid}} or {"error", "field"}.
std::string sweep(const std::string& request_json) {
  const mlsysim::Expected<std::string> summary = g_sweep_session.sweep(request_json, g_sweep_in.data(), g_sweep_in.size(), g_sweep_out);
  if (!summary) return error_reply(summary.error());
  return "{\"result\":" + *summary + "}";
}

// `what` is a list of mlsysim::list (types, presets, categories, registries, limits, or a
// registry's plural); returns its JSON, or {"error", "field"}.
std::string list(const std::string& what) {
  const mlsysim::Expected<Json> r = mlsysim::list(what);
  return r ? dump_text(*r) : error_reply(r.error());
}

// The scenario types' heads (mlsysim::list_scenario_types(false)): each entry with its
// fields, properties and symbols null, which describe_type fills in per type.
std::string type_heads() { return dump_text(mlsysim::list_scenario_types(false)); }

// One scenario type in full (mlsysim::describe_scenario_type), or {"error", "field"}.
std::string describe_type(const std::string& name) {
  const mlsysim::Expected<Json> r = mlsysim::describe_scenario_type(name);
  return r ? dump_text(*r) : error_reply(r.error());
}

// `text`: a course's preset file. Returns {"result": {presets, notices}} or {"error", "field"}
// (mlsysim::read_preset_file).
std::string read_preset_file(const std::string& text) {
  const mlsysim::Expected<mlsysim::PresetFile> file = mlsysim::read_preset_file(text);
  if (!file) return error_reply(file.error());
  return dump_text(Json{{"result", mlsysim::preset_file_json(*file)}});
}

// `value_json`: the JSON of a text or number. Returns {"result": value in the canonical
// unit of `unit`'s dimension} or {"error", "field"} (mlsysim::read_value).
std::string read_value(const std::string& value_json, const std::string& unit, const std::string& name) {
  const mlsysim::Expected<Json> value = mlsysim::parse_json(value_json, name);
  if (!value) return error_reply(value.error());
  return reply(mlsysim::read_value(*value, unit, name));
}

// `value` in property `property` of `type`'s reported unit, as its results write it.
// Returns {"result": text} or {"error", "field"} (mlsysim::property_text).
std::string property_text(const std::string& type, const std::string& property, double value, bool binary_bytes,
                          const std::string& time, bool money_full) {
  return reply(mlsysim::property_text(type, property, value,
                                      binary_bytes ? mlsysim::BytePrefix::binary : mlsysim::BytePrefix::decimal,
                                      {time, money_full}));
}

std::string version() { return mlsysim::version(); }

// The core's number formatting, so that the page writes every number by one rule.
std::string number_text(double v) { return mlsysim::number_text(v); }
// Returns {"result": text} or {"error", "field": "unit"} for a unit that is neither empty,
// a count label nor one the unit parser reads: "parsec" was written back ("1 parsec"),
// markup and all (an attacker's trial).
// The error of a unit that is neither empty, a count label nor one the unit parser reads,
// or "" (humanText and displayScale alike: displayScale gave null for "parsec" where
// humanText refused it, an attacker's trial).
std::string unit_refusal(const std::string& unit) {
  if (unit.empty() || mlsysim::is_count_label(unit)) return "";
  const auto parsed = mlsysim::parse_unit(unit);
  return parsed ? "" : error_reply(mlsysim::InputError("unit", parsed.error().what()));
}

std::string human_text(double v, const std::string& unit, bool binary_bytes, const std::string& time, bool money_full) {
  if (const std::string refused = unit_refusal(unit); !refused.empty()) return refused;
  const std::string set = mlsysim::settings_text(v, unit, {time, money_full});
  return reply(mlsysim::Expected<std::string>(
      !set.empty() ? set : mlsysim::human_text(v, unit, binary_bytes ? mlsysim::BytePrefix::binary : mlsysim::BytePrefix::decimal)));
}

std::string significant_text(double v, int digits) { return mlsysim::significant_text(v, digits); }
// {"result": {factor, unit, money}} as JSON, {"result": null} for a unit no result
// scales, or {"error", "field": "unit"} for one that is no unit
std::string display_scale(double v, const std::string& unit, bool binary_bytes, const std::string& time, bool money_full) {
  if (const std::string refused = unit_refusal(unit); !refused.empty()) return refused;
  const mlsysim::DisplayScale d = mlsysim::display_scale(
      v, unit, binary_bytes ? mlsysim::BytePrefix::binary : mlsysim::BytePrefix::decimal, {time, money_full});
  if (!d.known) return "{\"result\":null}";
  return mlsysim::Json{{"result", {{"factor", d.factor}, {"unit", d.unit}, {"money", d.money}}}}.dump();
}

// Bytes of the wasm heap in use (malloc'd and not freed): for leak tests.
double heap_used() { return static_cast<double>(mallinfo().uordblks); }

}  // namespace

EMSCRIPTEN_BINDINGS(mlsysim) {
  emscripten::function("_request", &request);
  emscripten::function("_list", &list);
  emscripten::function("_typeHeads", &type_heads);
  emscripten::function("_describeType", &describe_type);
  emscripten::function("_version", &version);
  emscripten::function("_readPresetFile", &read_preset_file);
  emscripten::function("_readValue", &read_value);
  emscripten::function("_numberText", &number_text);
  emscripten::function("_humanText", &human_text);
  emscripten::function("_propertyText", &property_text);
  emscripten::function("_significantText", &significant_text);
  emscripten::function("_displayScale", &display_scale);
  emscripten::function("_heapUsed", &heap_used);
  emscripten::function("_sweepInput", &sweep_input);
  emscripten::function("_sweep", &sweep);
  emscripten::function("_sweepOutput", &sweep_output);
}
