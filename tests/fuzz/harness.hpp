// Fuzz harnesses: each takes arbitrary bytes and must neither crash nor trip a
// sanitizer, and checks the invariants the API promises. libFuzzer drives them
// (fuzz_*.cpp); the Catch2 suite replays the corpus through them as regression tests.
#pragma once

#include <cmath>
#include <cstdint>
#include <cstdlib>
#include <cstring>
#include <vector>
#include <string>

#include "mlsysim/api.hpp"
#include "mlsysim/sweep.hpp"
#include "mlsysim/units.hpp"

namespace fuzz {

inline void check(bool ok, const char* what) {
  if (!ok) {
    std::fprintf(stderr, "invariant broken: %s\n", what);
    std::abort();
  }
}

// A Result must be whole: every property either a finite value with unit and text, or
// an error that starts with its name.
inline void check_result(const mlsysim::Json& r) {
  check(r.is_object() && r.contains("properties") && r.contains("inputs"), "result shape");
  for (const auto& [name, p] : r["properties"].items()) {
    if (p.contains("error")) {
      check(p["error"].get<std::string>().rfind(name + ": ", 0) == 0, "property error names its property");
    } else {
      check(std::isfinite(p["value"].get<double>()), "property value is finite");
      check(!p["text"].get<std::string>().empty(), "property text is not empty");
    }
  }
}

inline void check_error(const mlsysim::InputError& e) {
  const std::string msg = e.what();
  check(msg.find('\0') == std::string::npos, "message has no NUL");
  check(msg.rfind(mlsysim::InputError::printable(mlsysim::InputError::printable_field(e.field)) + ": ", 0) == 0,
        "message starts with its field");
}

/// The quantity and unit parsers, and the human text of whatever parses.
inline void quantity(const std::uint8_t* data, std::size_t size) {
  const std::string text(reinterpret_cast<const char*>(data), size);
  try {
    const mlsysim::Quantity q = mlsysim::parse_quantity(text).value();
    check(std::isfinite(q.value), "parsed quantity is finite");
    for (const char* unit : {"s", "byte", "USD", "count", "", "samples"}) mlsysim::human_text(q.value, unit);
    mlsysim::human_text(q.value, q.dim.canonical_unit(), mlsysim::BytePrefix::binary);
  } catch (const mlsysim::UnitError&) {
  }
  try {
    mlsysim::parse_unit(text).value();
  } catch (const mlsysim::UnitError&) {
  }
}

/// The JSON request of `mlsysim eval --input` (and of the WASM module), with and
/// without show-your-work.
inline void request(const std::uint8_t* data, std::size_t size) {
  const std::string text(reinterpret_cast<const char*>(data), size);
  try {
    const mlsysim::Json req = mlsysim::parse_json(text, "input").value();
    mlsysim::EvalOptions options;
    options.work = size % 2 == 0;
    check_result(mlsysim::evaluate_request(req, options).value());
  } catch (const mlsysim::InputError& e) {
    check_error(e);
  }
  // the same text as a course's preset file: kept presets evaluate, notices name a field
  try {
    const mlsysim::PresetFile file = mlsysim::read_preset_file(text).value();
    for (const mlsysim::Preset& p : file.presets) check_result(mlsysim::evaluate_preset(p.name, nullptr, {}, file.presets).value());
    for (const mlsysim::Json& n : file.notices)
      check(n["message"].is_string() && !n["message"].get<std::string>().empty(), "a notice has a message");
  } catch (const mlsysim::InputError& e) {
    check_error(e);
  }
}

/// Evaluation and sweeps from arbitrary field values: the bytes choose a preset, fields
/// to change and values of every JSON kind (numbers from raw bit patterns included).
inline void evaluate(const std::uint8_t* data, std::size_t size) {
  if (size < 2) return;
  std::size_t at = 0;
  auto byte = [&]() -> std::uint8_t { return at < size ? data[at++] : 0; };
  auto f64 = [&]() {
    std::uint64_t bits = 0;
    for (int k = 0; k < 8; ++k) bits = bits << 8 | byte();
    double d;
    std::memcpy(&d, &bits, sizeof d);
    return d;
  };
  auto i64 = [&]() {  // an integer of any size, as JSON integers come
    std::uint64_t bits = 0;
    for (int k = 0; k < 8; ++k) bits = bits << 8 | byte();
    return static_cast<std::int64_t>(bits >> (1 + byte() % 63));  // below 2^63, so negation is defined
  };
  auto text = [&]() {
    const std::size_t n = byte() % 24;
    std::string s;
    for (std::size_t k = 0; k < n && at < size; ++k) s += static_cast<char>(byte());
    return s;
  };
  static const char* tokens[] = {"0.5 s", "2 USD/hour", "2 byte/param", "14 B/param", "GPT3", "Training_1K",
                                 "1e308 week", "-0", "NaN", "1 Bparam", "DGX_H100", "3 KiB*s/ms^2", " ", ""};
  const mlsysim::Json presets = mlsysim::list_presets();
  const mlsysim::Json& preset = presets[byte() % presets.size()];
  mlsysim::Json inputs = preset["inputs"];
  std::vector<std::string> fields;
  for (const auto& [k, _] : inputs.items()) fields.push_back(k);
  fields.push_back("weight_bytes_per_param");
  fields.push_back("staleness");
  fields.push_back("unknown_field");
  const int changes = byte() % 4;
  for (int c = 0; c < changes; ++c) {
    const std::string& f = fields[byte() % fields.size()];
    switch (byte() % 9) {
      case 0: inputs[f] = (byte() & 1) ? i64() : -i64(); break;
      case 1: inputs[f] = f64(); break;
      case 2: inputs[f] = text(); break;
      case 3: inputs[f] = tokens[byte() % (sizeof tokens / sizeof *tokens)]; break;
      case 4: inputs[f] = {{"value", f64()}, {"unit", tokens[byte() % (sizeof tokens / sizeof *tokens)]}}; break;
      case 5: inputs[f] = {{"name", text()}, {"parameters", tokens[byte() % 14]}}; break;
      case 6: inputs[f] = {{"name", "F"}, {"count", static_cast<std::int64_t>(byte()) - 2}, {"node", {{"name", "N"}, {"accelerators_per_node", f64()}}}}; break;
      case 7: inputs[f] = nullptr; break;
      default: inputs[f] = (byte() & 1) != 0; break;
    }
  }
  try {
    check_result(mlsysim::evaluate(preset["type"].get<std::string>(), inputs).value());
  } catch (const mlsysim::InputError& e) {
    check_error(e);
  }
  // a short sweep of one numeric field over raw values
  mlsysim::SweepRequest req;
  req.type = preset["type"].get<std::string>();
  req.inputs = inputs;
  req.field = fields[byte() % fields.size()];
  std::vector<double> values(byte() % 16);
  for (double& v : values) v = f64();
  std::vector<double> out;
  try {
    const auto s = mlsysim::sweep(req, values.data(), values.size(), out).value();
    check(out.size() == s.properties.size() * values.size(), "sweep output size");
    for (double v : out) check(std::isnan(v) || std::isfinite(v), "sweep values are finite or gaps");
  } catch (const mlsysim::InputError& e) {
    check_error(e);
  }
}

}  // namespace fuzz
