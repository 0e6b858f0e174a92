// The JSON value type of the public contract (docs/api.md): objects keep their keys in the
// order written, so a Result lists fields and properties in declaration order.
#pragma once

#include <string>

#include <nlohmann/json.hpp>

#include "mlsysim/errors.hpp"

namespace mlsysim {
using Json = nlohmann::ordered_json;

/// Parses JSON text from a user (a request, a --set value). InputError on `field` when
/// it is not JSON, nests deeper than 64 levels or has more than 10 000 entries (no input
/// of ours needs more than 4 levels or a few dozen entries; the limits keep a hostile
/// file from exhausting the stack or the time). `purpose` says in the message what the
/// text is for and how much that needs ("a preset file holds at most 200 presets").
/// `request`: the text is a request ({"type", "inputs"}, {"preset", "overrides"}, a
/// sweep's): a value nested too deeply is blamed on the key it sits under rather than on
/// `field`, an input's field within "inputs" or "overrides" ({"inputs": {"workers": [[...]]}}
/// is "workers: nests deeper than 64 levels; an input nests 4 levels at most"), else the
/// request's own key ("type", "unit", "properties").
Expected<Json> parse_json(const std::string& text, const std::string& field, const char* purpose = "a request needs a few dozen",
                          bool request = false);
/// parse_json of a request (`request` above).
inline Expected<Json> parse_request(const std::string& text, const std::string& field) {
  return parse_json(text, field, "a request needs a few dozen", true);
}

/// A JSON value written as text in a declaration (a preset's inputs, a registry entry's
/// numbers), read once at start-up: declarations stay data rather than code (a braced
/// initializer compiles to far more WebAssembly than its text takes).
Json json_text(const char* text);

/// `j` as compact JSON text for the module's replies and messages: invalid UTF-8 in a
/// string becomes U+FFFD instead of an exception (a message may quote any input).
inline std::string dump_text(const Json& j) { return j.dump(-1, ' ', false, Json::error_handler_t::replace); }
}  // namespace mlsysim
