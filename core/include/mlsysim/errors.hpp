// The errors of the core (docs/api.md, Errors): an input error names the field it blames; a
// property error makes one property unavailable.
#pragma once

#include <cstdint>
#include <stdexcept>
#include <string>

namespace mlsysim {

/// An input error (docs/api.md, Errors): `field` names the offending input ("workers",
/// "fleet", "type", "preset", ...); what() is the whole message, which starts with
/// the field, e.g. `workers: must be an integer >= 1, got -3`.
/// Control characters and invalid UTF-8 in the message are escaped (\u0000, U+FFFD),
/// so that what() is whole and safe to print on a terminal; `field` is kept as given,
/// cut at 200 characters (whole: a character cut in two would reach JavaScript as U+FFFD).
struct InputError : std::invalid_argument {
  InputError(const std::string& field_name, const std::string& detail);
  std::string field;

  /// `s` with control characters escaped and invalid UTF-8 replaced.
  static std::string printable(const std::string& s);
  /// A field name for a message: printable and at most 60 characters.
  static std::string printable_field(const std::string& s);
  /// `s` quoted for a message as every value the core quotes (describe): in JSON quotes,
  /// `"` and `\` escaped, cut at 60 characters, unseen code points escaped (\u202e).
  static std::string quoted(const std::string& s);
};

/// A property error: only that property is unavailable; what() is its message.
struct PropertyError : std::runtime_error {
  using std::runtime_error::runtime_error;
};

/// The largest integer accepted anywhere: 2^53 (exact in JavaScript, docs/api.md, Input values).
inline constexpr std::int64_t kMaxExactInteger = std::int64_t{1} << 53;

}  // namespace mlsysim
