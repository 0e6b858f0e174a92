// Units and quantities (SPEC section 1).
//
// Five dimensions: time (base unit s), information (byte), parameter count (param),
// currency (USD) and dimensionless (1). Unlike the original Python library, `param`
// and `USD` are dimensions of their own, so `2 byte` is not accepted where
// `2 byte/param` is expected.
//
// Every spelling accepted by the parser lives in one table in units.cpp.
#pragma once

#include <cstdint>
#include <stdexcept>
#include <string>
#include <string_view>

namespace mlsysim {

/// A dimension as integer exponents of the four base dimensions.
/// Dim{} is dimensionless; Dim{-1, 0, 0, 1} is currency/time.
struct Dim {
  int time = 0;
  int information = 0;
  int param = 0;
  int currency = 0;

  friend bool operator==(const Dim& a, const Dim& b) {
    return a.time == b.time && a.information == b.information && a.param == b.param &&
           a.currency == b.currency;
  }
  friend bool operator!=(const Dim& a, const Dim& b) { return !(a == b); }
  friend Dim operator*(const Dim& a, const Dim& b) {
    return {a.time + b.time, a.information + b.information, a.param + b.param,
            a.currency + b.currency};
  }
  friend Dim operator/(const Dim& a, const Dim& b) {
    return {a.time - b.time, a.information - b.information, a.param - b.param,
            a.currency - b.currency};
  }
  Dim pow(int n) const { return {time * n, information * n, param * n, currency * n}; }
  bool dimensionless() const { return *this == Dim{}; }

  /// Name as in API.md: "time", "currency/time", "information/param", "" if dimensionless.
  std::string name() const;
  /// Canonical unit in which values of this dimension are stored and reported:
  /// "s", "byte", "param", "USD", products and quotients of them ("USD/s",
  /// "byte/param"), or "" if dimensionless.
  std::string canonical_unit() const;
};

namespace dims {
inline constexpr Dim none{};
inline constexpr Dim time{1, 0, 0, 0};
inline constexpr Dim information{0, 1, 0, 0};
inline constexpr Dim param{0, 0, 1, 0};
inline constexpr Dim currency{0, 0, 0, 1};
}  // namespace dims

/// A value in the canonical unit of its dimension (seconds, bytes, params, USD).
struct Quantity {
  double value = 0;
  Dim dim;
};

/// Thrown by the parsers below. what() is a phrase without a field name, e.g.
/// `unknown unit "parsec"`, for the caller to prefix with the field.
struct UnitError : std::invalid_argument {
  using std::invalid_argument::invalid_argument;
};

/// Parses a plain number: optional sign, digits with an optional decimal point,
/// optional exponent (`1.75e11`). No hex, no `inf`/`nan`, no surrounding text.
/// Returns false when `text` is not exactly such a number or is out of double range.
bool parse_number(std::string_view text, double& out);

/// Parses a unit expression such as `USD/hour`, `byte/param`, `s^-1`, `KiB*s`.
/// Returns the factor to the canonical unit (value) and the dimension.
/// An empty expression is dimensionless with factor 1.
/// Throws UnitError on an unknown unit or a malformed expression.
Quantity parse_unit(std::string_view expr);

/// Parses `<number> [unit expression]`, e.g. `0.5 s`, `2.5 USD/hour`, `3.5e11 byte`,
/// `7`. The result is in canonical units (`2.5 USD/hour` -> 6.944e-4 USD/s).
/// Throws UnitError on a malformed number, an unknown unit or a non-finite result.
Quantity parse_quantity(std::string_view text);

/// The shortest text that reads back to the same double, in JavaScript's
/// Number.prototype.toString style: `0.625`, `1e+21`, `1.5e-7`, `NaN`, `Infinity`.
std::string js_number(double v);

/// Prefix style for human-readable byte counts.
enum class BytePrefix { decimal, binary };

/// Human-readable text for a value in a reported unit (the property units of the
/// scenario declarations: "s", "byte", "USD", "count", "samples", "iterations",
/// "" for dimensionless, or any canonical unit). Scales to a sensible prefix:
/// 0.625 s -> "625 ms", 3.5e11 byte -> "350 GB", 38.888 USD -> "$38.89",
/// 5.7142857 -> "5.714", 1024 count -> "1,024".
std::string human_text(double value, std::string_view unit,
                       BytePrefix bytes = BytePrefix::decimal);

}  // namespace mlsysim
