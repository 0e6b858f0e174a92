// The JSON value type of the public contract (docs/api.md): objects keep their keys in the
// order written, so a Result lists fields and properties in declaration order.
#pragma once

#include <cstddef>
#include <string>

#include <nlohmann/json.hpp>

#include "mlsysim/errors.hpp"

namespace mlsysim {
using Json = nlohmann::ordered_json;

/// The most entries (names, values and items, counted as the `:` and `,` between them) a
/// request may have: ours need a few dozen, and the limit keeps a hostile one from
/// exhausting the memory or the time.
inline constexpr std::size_t kMaxRequestEntries = 10000;
/// The most keys one object may have, in any text: nlohmann's ordered objects insert in
/// linear time, so one huge object reads in quadratic time; ours have a few dozen. At 256,
/// a 1 MiB preset file of such objects reads in about 0.6 s in Node.js, 200 presets of a
/// course's in 0.1-0.2 s (a re-checker's trial: at 10,000, thirteen objects of 10,000 keys
/// took 3 s in the CLI and 30 s in Node.js).
inline constexpr std::size_t kMaxObjectKeys = 256;

/// Parses JSON text from a user (a request, a --set value, a preset file). InputError on
/// `field` when it is not JSON, nests deeper than 64 levels, has an object of more than
/// kMaxObjectKeys keys, or has more than `max_entries` entries (no input of ours needs
/// more than 4 levels or a few dozen entries; a preset file, bounded by its bytes, passes
/// kMaxPresetFileBytes: a course file of 200 presets with inline entries has tens of
/// thousands, an attacker's trial). `request`: the text is a request ({"type",
/// "inputs"}, {"preset", "overrides"}, a sweep's): a value nested too deeply is blamed on
/// the key it sits under rather than on `field`, an input's field within "inputs" or
/// "overrides" ({"inputs": {"workers": [[...]]}} is "workers: nests deeper than 64
/// levels; an input nests 4 levels at most"), else the request's own key ("type",
/// "unit", "properties").
Expected<Json> parse_json(const std::string& text, const std::string& field, bool request = false,
                          std::size_t max_entries = kMaxRequestEntries);
/// parse_json of a request (`request` above).
inline Expected<Json> parse_request(const std::string& text, const std::string& field) {
  return parse_json(text, field, true);
}

/// A JSON value written as text in a declaration (a preset's inputs, a registry entry's
/// numbers), read once at start-up: declarations stay data rather than code (a braced
/// initializer compiles to far more WebAssembly than its text takes).
Json json_text(const char* text);

/// `j` as compact JSON text for the module's replies and messages: invalid UTF-8 in a
/// string becomes U+FFFD instead of an exception (a message may quote any input).
inline std::string dump_text(const Json& j) { return j.dump(-1, ' ', false, Json::error_handler_t::replace); }
}  // namespace mlsysim
