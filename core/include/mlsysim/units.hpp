// Units and quantities (docs/units.md): dimensions,
// the unit spelling table and the parsers. Writing values as human text is text.hpp.
//
// Every base dimension is one row of a numbered table, every accepted spelling one row of
// another (both in units.cpp). Unlike the original Python library, `param`, `USD` and
// `flop` are dimensions of their own, so `2 byte` is not accepted where `2 byte/param` is
// expected.
#pragma once

#include <array>
#include <cstdint>
#include <functional>
#include <stdexcept>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "mlsysim/errors.hpp"

namespace mlsysim {

/// The base dimensions, numbered. Each has one row in units.cpp's table of base
/// dimensions: the name docs/api.md spells it with and its canonical unit. A new base
/// dimension is one enumerator here and one row there.
enum class Base : std::uint8_t { time, information, param, currency, flop, energy, mass };
inline constexpr std::size_t kBaseCount = 7;

/// A dimension: one integer exponent per base dimension. Dim{} is dimensionless.
struct Dim {
  std::array<std::int8_t, kBaseCount> exponent{};

  static constexpr Dim of(Base b) {
    Dim d;
    d.exponent[static_cast<std::size_t>(b)] = 1;
    return d;
  }
  constexpr int operator[](Base b) const { return exponent[static_cast<std::size_t>(b)]; }

  friend constexpr bool operator==(const Dim& a, const Dim& b) {
    for (std::size_t k = 0; k < kBaseCount; ++k)
      if (a.exponent[k] != b.exponent[k]) return false;
    return true;
  }
  friend constexpr bool operator!=(const Dim& a, const Dim& b) { return !(a == b); }
  friend constexpr Dim operator*(const Dim& a, const Dim& b) {
    Dim d;
    for (std::size_t k = 0; k < kBaseCount; ++k) d.exponent[k] = static_cast<std::int8_t>(a.exponent[k] + b.exponent[k]);
    return d;
  }
  friend constexpr Dim operator/(const Dim& a, const Dim& b) {
    Dim d;
    for (std::size_t k = 0; k < kBaseCount; ++k) d.exponent[k] = static_cast<std::int8_t>(a.exponent[k] - b.exponent[k]);
    return d;
  }
  constexpr Dim pow(int n) const {
    Dim d;
    for (std::size_t k = 0; k < kBaseCount; ++k) d.exponent[k] = static_cast<std::int8_t>(exponent[k] * n);
    return d;
  }
  /// True when every exponent is even (a square root of this dimension exists).
  constexpr bool even() const {
    for (std::int8_t e : exponent)
      if (e % 2 != 0) return false;
    return true;
  }
  /// The square root (every exponent halved); meaningful only when even().
  constexpr Dim root() const {
    Dim d;
    for (std::size_t k = 0; k < kBaseCount; ++k) d.exponent[k] = static_cast<std::int8_t>(exponent[k] / 2);
    return d;
  }
  constexpr bool dimensionless() const { return *this == Dim{}; }

  /// Name as in docs/api.md: "time", "currency/time", "information/param", "power", "" if
  /// dimensionless.
  std::string name() const;
  /// What a value of this dimension is, in words, for messages: "a time", "an amount of
  /// data" (information), "a parameter count", "a price per time" (currency/time), "a rate"
  /// (1/time); "a quantity of <name>" for a dimension with no words of its own; "a number"
  /// if dimensionless.
  std::string phrase() const;
  /// Canonical unit in which values of this dimension are stored and reported: "s",
  /// "byte", "param", "USD", "flop", "J", "kg", "W", products and quotients of them
  /// ("USD/s", "byte/param", "flop/byte", "1/s"), or "" if dimensionless.
  std::string canonical_unit() const;
};

namespace dims {
inline constexpr Dim none{};
inline constexpr Dim time = Dim::of(Base::time);
inline constexpr Dim information = Dim::of(Base::information);
inline constexpr Dim param = Dim::of(Base::param);
inline constexpr Dim currency = Dim::of(Base::currency);
inline constexpr Dim flop = Dim::of(Base::flop);
inline constexpr Dim energy = Dim::of(Base::energy);
inline constexpr Dim mass = Dim::of(Base::mass);
inline constexpr Dim power = energy / time;
}  // namespace dims

/// A value in the canonical unit of its dimension (seconds, bytes, params, USD, ...).
struct Quantity {
  double value = 0;
  Dim dim;
};

/// The error of the parsers below. what() is a phrase without a field name, e.g.
/// `unknown unit "parsec"`, for the caller to prefix with the field.
struct UnitError : std::invalid_argument {
  using std::invalid_argument::invalid_argument;
  UnitError(const std::string& what, std::string unknown) : std::invalid_argument(what), unknown(std::move(unknown)) {}
  /// The unit name parse_unit did not know ("G" in "1.5 G") when that was the error; ""
  /// otherwise. what() then advises on it without knowing the dimension wanted; a caller
  /// that knows it gives better advice (unit_advice).
  std::string unknown;
  /// A quantity whose value overflows once converted to its canonical unit ("1e300 EB"):
  /// the dimension its unit has, so that a caller wanting another says that first (a time
  /// field given "1e300 EB" is told it got an amount of data, not that it is out of range:
  /// an attacker's trial).
  bool overflowed = false;
  Dim dim;
};

/// Parses a plain number: optional sign, digits with an optional decimal point,
/// optional exponent (`1.75e11`). No hex, no `inf`/`nan`, no surrounding text.
/// Returns false when `text` is not exactly such a number or is out of double range (too
/// large: "1e999"; one too small is the nearest double, 0 for "1e-999", as strtod reads it).
bool parse_number(std::string_view text, double& out);
/// Why a number as typed (`text`, spaces around it ignored) is out of parse_number's range:
/// "too large for a double" ("1e999"); "" for a text in range or not a number at all.
std::string range_note(std::string_view text);
/// Why a value read as `x` broke a rule when `text` is not written as zero but `x` is 0:
/// ": it is too small for a double, so it reads as 0" ("1e-400 s" against > 0 s, which
/// had read as a plain refusal of a positive number); "" otherwise.
std::string zero_note(std::string_view text, double x);
/// When the number `text` begins with is one a double holds but the quantity, converted to
/// its dimension's canonical unit, reads as 0 ("5e-324 ms", 5e-327 s): that unit ("s", or
/// "a plain number"), for a message to say where the value was lost; "" otherwise.
std::string conversion_underflow(std::string_view text);
/// What a value of dimension `d` is converted to, as a message names it: its canonical
/// unit ("s"), or "a plain number".
std::string converted_to(const Dim& d);
/// A refusal's note on a value that reads as 0: ": it is too small for a double, so it
/// reads as 0", or, where its conversion lost it (`to`, conversion_underflow's), ": once
/// converted to s, it is too small …".
std::string underflow_note(const std::string& to);
/// Whether the number `text` starts with (spaces around it ignored) is written as zero:
/// "0", "-0.00", "0e5"; not "1e-999", which a double reads as 0 too.
bool written_zero(std::string_view text);

/// A number as typed into a field: typeset spaces (no-break, thin...) read as spaces, and
/// white space around it dropped, as around a quantity ("0.25 " and "8\u00a0" are numbers).
std::string typed_number(std::string_view text);

/// When `text` holds a number written as people write numbers but this parser does not
/// read, the advice of a message that refuses it, with the number as it must be written;
/// "" otherwise. A comma ("12,500", "0,35", "2,49 USD/h": a thousands separator in some
/// places and a decimal mark in others), digits grouped by spaces ("12 500"), a count
/// suffix ("15T", "7B", "64k": "write 15e12"), a number word ("300 billion": "write
/// 300e9"), what the count counts after it ("2048 tokens", "8 GPUs", "2T tokens": "write
/// 2e12"), a percentage ("40%": "write 0.4"), a typeset minus ("1e\u22123 s") and cents
/// ("7 cents/kWh": "write \"0.07 USD/kWh\""). `accepts`, when given, says whether the field
/// takes a text: a dollar sign's advice then writes only a text it takes ("$5" in a price
/// per time: "5 USD/h"; in a count: "5"; in a bandwidth, none: an attacker's trial saw
/// "write \"400 USD\"" for a bandwidth).
/// `shown_unit`: the field's display unit, which "$5" may be written in ("5 USD/kWh").
std::string number_advice(std::string_view text, const std::function<bool(const std::string&)>& accepts = nullptr,
                          std::string_view shown_unit = "");
/// True when the parser's unknown unit `unknown` is one number_advice writes the whole
/// quantity for, unit included: digits of a grouped number ("1 000 s": "000"; "12 345.6 s":
/// "345.6") or cents. Its
/// advice then holds in a field of any dimension (a count suffix's, "3e3", does not).
bool number_advice_keeps_unit(std::string_view unknown);

/// What to write instead of `text`, a quantity typed for a field of dimension `want` whose
/// unit name `name` is unknown ("1.5 G") or of another dimension ("7B" in a param field):
/// the text with the smallest change that reads as `want`, and why. Tried in order:
/// - a Greek mu as the micro sign ("5 μs" -> "5 µs");
/// - the symbol in another case ("1.5 gb" -> "1.5 GB" or "1.5 Gbit"), never turning a b
///   written against the case of the rest into a B ("Mb" is a megabit);
/// - without a plural s ("1.5 GBs"), or "ps" as "/s" ("50 GBps" -> "50 GB/s"), or
///   "parameters" as "param" ("7 parameters" -> "7 param");
/// - a prefix letter the table does not take, on a unit symbol it does, worked out in that
///   unit ("400 µW" -> "0.0004 W", "4 TW" -> "4000000000000 W"), and put before the symbol
///   in another case when that case is another magnitude and the case was typed on purpose
///   ("400000 mW" -> "400 W" or "400000 MW"; after it for "400000 mw"); for a {value, unit}
///   object (not `may_scale`), `why` says to write the value in that unit;
/// - a prefix completed to the units of `want`, up to three ("1.5 G" -> "1.5 GB",
///   "1.5 GiB", "1.5 Gbit"; "7B" -> "7 Bparam"; "400 G" in a field shown in GB/s ->
///   "400 GB/s", with `shown_unit`'s tail after its first name);
/// - when `may_scale`, a count suffix on the number ("30k USD" -> "30000 USD", "1.5T USD"
///   -> "1.5e12 USD"; "1.5 k" in a field shown in USD -> "1500 USD": `shown_unit` added
///   where no unit is left, for money and parameters only), or a number word as such a
///   suffix ("7 billion" -> "7e9 param").
/// An empty `name` stands for the unit when it is one name ("7B": "B"), and for two words
/// where a unit is one ("7 B params" -> "7 Bparam", "175B parameters" -> "175 Bparam"). Another unknown
/// name in the text is fixed too ("0.07 usd/kwh" -> "0.07 USD/kWh"). With no text to
/// suggest, `why` may hold a fixed hint about a spelling of the field's dimension ("3 yr":
/// write "year"); else both are empty.
struct UnitAdvice {
  std::vector<std::string> texts;  // the corrected quantity, e.g. {"1.5 GB", "1.5 GiB", "1.5 Gbit"}; at most 3
  std::string why;                 // e.g. "a prefix needs its unit"
};
UnitAdvice unit_advice(std::string_view text, std::string_view name, const Dim& want, std::string_view shown_unit,
                       bool may_scale);

/// Parses a unit expression such as `USD/hour`, `byte/param`, `s^-1`, `KiB*s`, `1/s`.
/// Returns the factor to the canonical unit (value) and the dimension.
/// An empty expression is dimensionless with factor 1.
/// UnitError on an unknown unit or a malformed expression.
Expected<Quantity, UnitError> parse_unit(std::string_view expr);
/// parse_unit of a unit given on its own (a sweep's unit, {value, unit}'s): a quantity
/// there ("2 ms") is refused as one ("a unit takes no number; write \"ms\""), not as the
/// unknown unit "2".
Expected<Quantity, UnitError> parse_unit_alone(std::string_view expr);
/// parse_unit of a unit written in a declaration (a field's display unit, a constant's
/// unit): declaration_error when it does not parse.
Quantity declared_unit(std::string_view expr);

/// Parses `<number> [unit expression]`, e.g. `0.5 s`, `2.5 USD/hour`, `3.5e11 byte`,
/// `7`. The result is in canonical units (`2.5 USD/hour` -> 6.944e-4 USD/s).
/// UnitError on a malformed number, an unknown unit or a non-finite result.
Expected<Quantity, UnitError> parse_quantity(std::string_view text);

/// `value` times a unit's `factor` (parse_unit's value), as the decimal that `value`'s
/// shortest text writes: {value: 16.06, unit: "GB"} is 16060000000 byte, as "16.06 GB" is
/// (not 16.06 × 1e9 = 16059999999.999998). A factor that is no power of ten multiplies.
double scale_as_written(double value, double factor);

/// One accepted spelling: its factor to the canonical unit of its dimension, and whether
/// it is a full name (any case, singular or plural) or a symbol (exact case).
struct UnitSpelling {
  std::string spelling;
  double factor;
  Dim dim;
  bool full_name;
};
/// Every accepted spelling, in the order of the table (for docs/units.md and the page).
std::vector<UnitSpelling> unit_spellings();
/// The base dimensions in naming order, each with its canonical unit.
std::vector<std::pair<std::string, std::string>> base_dimensions();
/// The count labels ("count", "samples", ...).
std::vector<std::string> count_labels();

/// True for the labels of counted things that properties report in ("count", "samples",
/// "iterations", "tokens", ...; one table in units.cpp): dimensionless, but named.
bool is_count_label(std::string_view unit);

/// The dimension of a unit a property reports in: a count label is dimensionless,
/// anything else must be a canonical unit ("s", "USD/s", "flop/byte", "" ...).
/// UnitError for an unknown unit or one that is not canonical ("ms").
Expected<Dim, UnitError> reported_dim(std::string_view unit);

}  // namespace mlsysim
