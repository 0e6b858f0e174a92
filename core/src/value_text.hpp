// Text for error messages: how a received value is shown after "got".
#pragma once

#include <string>
#include <string_view>
#include <vector>

#include "mlsysim/errors.hpp"
#include "mlsysim/json.hpp"

namespace mlsysim {

/// A received value as the user wrote it: numbers in JavaScript style (-3, 2.5, NaN,
/// Infinity), strings quoted and cut at 60 characters, objects as compact JSON cut at
/// 80 characters.
std::string describe(const Json& v);

/// `s` (valid UTF-8) with each code point that does not show, or that reorders the text
/// around it, written as a JSON escape (\u202e; above U+FFFF a surrogate pair): controls,
/// format characters such as U+202E RIGHT-TO-LEFT OVERRIDE, line and paragraph separators
/// and default-ignorable code points. describe() and InputError's messages apply it, so a
/// quoted value cannot reverse or hide part of the message that quotes it.
std::string escape_unseen(const std::string& s);

/// Whether `v` is a non-finite number as JavaScript's values travel ({"$number": "NaN"},
/// "Infinity", "-Infinity"): no other object is a number, and such an object is no object
/// of fields (evaluate(type, NaN) is "inputs: must be an object", not "$number: unknown field").
bool is_number_tag(const Json& v);

/// The length in bytes of the first `chars` characters (code points, as JavaScript's
/// [...text] counts them) of `s`: where to cut it without splitting a character.
std::size_t utf8_prefix(std::string_view s, std::size_t chars);

/// The code point of the UTF-8 sequence that starts at byte `i` of `s` (valid UTF-8 there),
/// with its length in bytes in `n` (1 for ASCII); `n` is 0 when the sequence runs past the end.
char32_t utf8_at(const std::string& s, std::size_t i, std::size_t& n);

/// "a, b, c"
std::string join(const std::vector<std::string>& items);
/// The name among `names` that `name` most likely meant (a letter or two slipped, swapped
/// or in another case: "per_worker_bacth", "Workers"), or "" when none is that close.
std::string nearest_name(const std::string& name, const std::vector<std::string>& names);
/// " (did you mean \"GPT3\"?)" for nearest_name(name, names), or "" when none is that close:
/// what an unknown name's message says before it lists the valid ones.
std::string did_you_mean_name(const std::string& name, const std::vector<std::string>& names);

}  // namespace mlsysim
