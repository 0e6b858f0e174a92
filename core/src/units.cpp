// Units: the table of base dimensions, the table of spellings, and the parsers
// (docs/units.md). Writing values as human text is text.cpp.
#include "mlsysim/units.hpp"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <string>
#include <vector>

#include "mlsysim/text.hpp"
#include "value_text.hpp"

namespace mlsysim {
namespace {

// ---- dimensions ----

// One row per base dimension, in the order names are written ("currency/time",
// "information/param", "flop/information"): docs/units.md.
struct BaseRow {
  Base base;
  const char* name;  // as docs/api.md writes dimensions
  const char* unit;  // canonical unit
};
constexpr BaseRow kBases[] = {
    {Base::currency, "currency", "USD"}, {Base::information, "information", "byte"},
    {Base::flop, "flop", "flop"},        {Base::energy, "energy", "J"},
    {Base::mass, "mass", "kg"},          {Base::param, "param", "param"},
    {Base::time, "time", "s"},
};
static_assert(sizeof kBases / sizeof kBases[0] == kBaseCount, "one row per base dimension");

// Derived dimensions that have a name and a unit of their own (docs/units.md).
struct NamedRow {
  Dim dim;
  const char* name;
  const char* unit;
};
constexpr NamedRow kNamed[] = {{dims::power, "power", "W"}};

// ---- spellings ----

struct UnitDef {
  const char* spelling;
  double factor;  // to the canonical unit of `dim`
  Dim dim;
  bool name;  // true: a full name, matched in any case, singular or plural;
              // false: a symbol, matched exactly (case-sensitive)
};

// docs/units.md, one row per accepted spelling.
constexpr double kDay = 86400.0;
constexpr double kWh = 3600.0;  // J
constexpr Dim kPerTime = dims::none / dims::time;
const UnitDef kUnits[] = {
    // time
    {"s", 1.0, dims::time, false},
    {"sec", 1.0, dims::time, false},
    {"second", 1.0, dims::time, true},
    {"ms", 1e-3, dims::time, false},
    {"msec", 1e-3, dims::time, false},
    {"millisecond", 1e-3, dims::time, true},
    {"us", 1e-6, dims::time, false},
    {"\xC2\xB5s", 1e-6, dims::time, false},  // U+00B5 MICRO SIGN, as in the spec
    {"usec", 1e-6, dims::time, false},
    {"microsecond", 1e-6, dims::time, true},
    {"ns", 1e-9, dims::time, false},
    {"nsec", 1e-9, dims::time, false},
    {"nanosecond", 1e-9, dims::time, true},
    {"min", 60.0, dims::time, false},
    {"minute", 60.0, dims::time, true},
    {"h", 3600.0, dims::time, false},
    {"hr", 3600.0, dims::time, false},
    {"hour", 3600.0, dims::time, true},
    {"day", kDay, dims::time, true},
    {"week", 7 * kDay, dims::time, true},
    {"year", 365 * kDay, dims::time, true},  // 365 days in money arithmetic (docs/units.md)
    // inverse time
    {"Hz", 1.0, kPerTime, false},
    {"QPS", 1.0, kPerTime, false},  // queries (requests) per second, as serving papers write a load
    // information
    {"B", 1.0, dims::information, false},
    {"byte", 1.0, dims::information, true},
    {"KB", 1e3, dims::information, false},
    {"kB", 1e3, dims::information, false},
    {"MB", 1e6, dims::information, false},
    {"GB", 1e9, dims::information, false},
    {"TB", 1e12, dims::information, false},
    {"PB", 1e15, dims::information, false},
    {"EB", 1e18, dims::information, false},  // results reach it (text.cpp): each unit written is read back
    {"KiB", 1024.0, dims::information, false},
    {"MiB", 1048576.0, dims::information, false},
    {"GiB", 1073741824.0, dims::information, false},
    {"TiB", 1099511627776.0, dims::information, false},
    {"PiB", 1125899906842624.0, dims::information, false},
    {"EiB", 1152921504606846976.0, dims::information, false},
    {"bit", 0.125, dims::information, true},
    {"Kbit", 125.0, dims::information, false},
    {"Mbit", 1.25e5, dims::information, false},
    {"Gbit", 1.25e8, dims::information, false},
    {"Tbit", 1.25e11, dims::information, false},
    // bit rates: Gbps = 10^9 bit/s (docs/units.md)
    {"Mbps", 1.25e5, dims::information / dims::time, false},
    {"Gbps", 1.25e8, dims::information / dims::time, false},
    {"Tbps", 1.25e11, dims::information / dims::time, false},
    // counted things a result is shown per (decode_throughput in tokens/s): plain numbers
    {"token", 1.0, dims::none, true},
    {"request", 1.0, dims::none, true},
    {"req", 1.0, dims::none, false},  // "200 req/s"
    // parameter count
    {"param", 1.0, dims::param, true},
    {"Kparam", 1e3, dims::param, false},
    {"Mparam", 1e6, dims::param, false},
    {"Bparam", 1e9, dims::param, false},
    {"Tparam", 1e12, dims::param, false},
    // currency
    {"USD", 1.0, dims::currency, false},
    {"$", 1.0, dims::currency, false},
    {"dollar", 1.0, dims::currency, true},
    // floating-point work
    {"flop", 1.0, dims::flop, true},
    {"FLOP", 1.0, dims::flop, false},
    {"KFLOP", 1e3, dims::flop, false},
    {"MFLOP", 1e6, dims::flop, false},
    {"GFLOP", 1e9, dims::flop, false},
    {"TFLOP", 1e12, dims::flop, false},
    {"PFLOP", 1e15, dims::flop, false},
    {"EFLOP", 1e18, dims::flop, false},
    {"ZFLOP", 1e21, dims::flop, false},
    // energy
    {"J", 1.0, dims::energy, false},
    {"joule", 1.0, dims::energy, true},
    {"kJ", 1e3, dims::energy, false},
    {"MJ", 1e6, dims::energy, false},
    {"GJ", 1e9, dims::energy, false},
    {"Wh", kWh, dims::energy, false},
    {"kWh", 1e3 * kWh, dims::energy, false},
    {"MWh", 1e6 * kWh, dims::energy, false},
    {"GWh", 1e9 * kWh, dims::energy, false},
    {"TWh", 1e12 * kWh, dims::energy, false},
    // power
    {"W", 1.0, dims::power, false},
    {"watt", 1.0, dims::power, true},
    {"kW", 1e3, dims::power, false},
    {"MW", 1e6, dims::power, false},
    {"GW", 1e9, dims::power, false},
    // mass
    {"g", 1e-3, dims::mass, false},
    {"gram", 1e-3, dims::mass, true},
    {"kg", 1.0, dims::mass, false},
    {"t", 1e3, dims::mass, false},
    {"tonne", 1e3, dims::mass, true},
};

// Spellings that look like units but are refused, with what to write instead; `about`:
// the base dimension the advice speaks of (a field of another dimension is not told it);
// `any_case`: matched as a full name is, in any case.
struct Hint {
  const char* spelling;
  const char* advice;
  Base about;
  bool any_case;
};
constexpr const char* kYear = "(an abbreviation); write \"year\" (365 days)";
constexpr const char* kMonth = "(months differ in length); write days, weeks or years: \"90 day\", \"3 year\"";
const Hint kHints[] = {
    {"\xCE\xBCs", "(Greek mu); write \"us\" or \"\xC2\xB5s\" (micro sign)", Base::time, false},
    {"FLOPS", "(per second or plural?); write \"FLOP/s\" for a rate, \"FLOP\" for work", Base::flop, false},
    {"TFLOPS", "(per second or plural?); write \"TFLOP/s\" for a rate, \"TFLOP\" for work", Base::flop, false},
    {"PFLOPS", "(per second or plural?); write \"PFLOP/s\" for a rate, \"PFLOP\" for work", Base::flop, false},
    {"GFLOPS", "(per second or plural?); write \"GFLOP/s\" for a rate, \"GFLOP\" for work", Base::flop, false},
    {"FLOPs", "(per second or plural?); write \"FLOP/s\" for a rate, \"FLOP\" for work", Base::flop, false},
    {"GFLOPs", "(per second or plural?); write \"GFLOP/s\" for a rate, \"GFLOP\" for work", Base::flop, false},
    {"TFLOPs", "(per second or plural?); write \"TFLOP/s\" for a rate, \"TFLOP\" for work", Base::flop, false},
    {"PFLOPs", "(per second or plural?); write \"PFLOP/s\" for a rate, \"PFLOP\" for work", Base::flop, false},
    {"Kib", "(kibibit or kibibyte?); write \"KiB\" for 2^10 bytes, \"Kbit\" for 10^3 bits", Base::information, false},
    {"Mib", "(mebibit or mebibyte?); write \"MiB\" for 2^20 bytes, \"Mbit\" for 10^6 bits", Base::information, false},
    {"Gib", "(gibibit or gibibyte?); write \"GiB\" for 2^30 bytes, \"Gbit\" for 10^9 bits", Base::information, false},
    {"Tib", "(tebibit or tebibyte?); write \"TiB\" for 2^40 bytes, \"Tbit\" for 10^12 bits", Base::information, false},
    {"Pib", "(pebibit or pebibyte?); write \"PiB\" for 2^50 bytes", Base::information, false},
    {"Eib", "(exbibit or exbibyte?); write \"EiB\" for 2^60 bytes", Base::information, false},

    {"Gb", "(gigabit or gigabyte?); write \"Gbit\" or \"GB\", and \"Gbps\" for a bit rate", Base::information, false},
    {"Gparam", "(a billion parameters is a B, as in \"7B\"); write \"Bparam\"", Base::param, false},
    {"Gparams", "(a billion parameters is a B, as in \"7B\"); write \"Bparam\"", Base::param, false},
    {"yr", kYear, Base::time, true},
    {"yrs", kYear, Base::time, true},
    {"mo", kMonth, Base::time, true},
    {"month", kMonth, Base::time, true},
    {"months", kMonth, Base::time, true},
};

// Labels of counted things that properties report in: dimensionless, but named.
const char* const kCountLabels[] = {"count", "samples", "iterations", "tokens"};

// What a count field's number may be typed with, though it is written alone: its label,
// or what it counts ("2048 tokens", "8 GPUs"), in any case, singular or plural.
const char* const kCountedThings[] = {"count",  "sample",     "iteration", "token",  "sequence", "step",
                                      "worker", "gpu",        "device",    "node",   "layer",    "head",
                                      "batch",  "microbatch", "request",   "query",  "expert",   "parameter"};

// The number words people scale a count with ("300 billion tokens"), as powers of ten.
const std::pair<const char*, const char*> kNumberWords[] = {
    {"thousand", "e3"}, {"million", "e6"}, {"billion", "e9"}, {"trillion", "e12"}};

std::string ascii_lower(std::string_view s) {
  std::string out(s);
  for (char& c : out)
    if (c >= 'A' && c <= 'Z') c = static_cast<char>(c - 'A' + 'a');
  return out;
}

bool counted_thing(std::string_view word) {
  const std::string w = ascii_lower(word);
  const auto plural = [&](const std::string& one, const char* ending) {
    return w.size() > one.size() && w.compare(0, one.size(), one) == 0 && w.compare(one.size(), std::string::npos, ending) == 0;
  };
  for (const std::string thing : kCountedThings) {
    const bool y = thing.back() == 'y';
    if (w == thing || plural(thing, "s") || plural(thing, "es") || (y && plural(thing.substr(0, thing.size() - 1), "ies")))
      return true;
  }
  return false;
}

// The power of ten of a number word ("billion": "e9"), in any case, or null.
const char* number_word(std::string_view word) {
  const std::string w = ascii_lower(word);
  for (const auto& [name, e] : kNumberWords)
    if (w == name) return e;
  return nullptr;
}

// SI prefix letters, for advice on a prefix the table does not take on a unit it does
// ("400000 mW": "400 W"), where the same letters in another case would be another
// magnitude ("MW" is a billion times a mW)
struct SiPrefix {
  const char* letter;
  double factor;
  const char* name;
};
constexpr SiPrefix kSiPrefixes[] = {{"Z", 1e21, "zetta"}, {"E", 1e18, "exa"},   {"P", 1e15, "peta"},   {"T", 1e12, "tera"},
                                    {"G", 1e9, "giga"},   {"M", 1e6, "mega"},    {"k", 1e3, "kilo"},
                                    {"K", 1e3, "kilo"},   {"m", 1e-3, "milli"},  {"\xC2\xB5", 1e-6, "micro"},
                                    {"u", 1e-6, "micro"}, {"n", 1e-9, "nano"},   {"p", 1e-12, "pico"}};

// `name` read as an SI prefix on a unit symbol of the table ("mW": milli, W), or nothing
struct Prefixed {
  const SiPrefix* prefix = nullptr;
  const UnitDef* base = nullptr;
  double factor() const { return prefix->factor * base->factor; }
};
Prefixed prefixed_symbol(std::string_view name) {
  for (const SiPrefix& p : kSiPrefixes) {
    const std::size_t k = std::char_traits<char>::length(p.letter);
    if (name.size() <= k || name.compare(0, k, p.letter) != 0) continue;
    for (const UnitDef& u : kUnits)
      if (!u.name && name.substr(k) == u.spelling) return {&p, &u};
  }
  return {};
}

bool same_factor(double a, double b) { return std::fabs(a - b) <= 1e-12 * std::fabs(b); }


// The hint for a refused spelling `name`, or null.
const Hint* find_hint(std::string_view name) {
  for (const Hint& h : kHints)
    if (name == h.spelling || (h.any_case && ascii_lower(name) == h.spelling)) return &h;
  return nullptr;
}

const UnitDef* find_unit(std::string_view token) {
  for (const UnitDef& u : kUnits)
    if (!u.name && token == u.spelling) return &u;
  const std::string lower = ascii_lower(token);
  for (const UnitDef& u : kUnits) {
    if (!u.name) continue;
    if (lower == u.spelling) return &u;
    if (lower.size() == std::char_traits<char>::length(u.spelling) + 1 && lower.back() == 's' &&
        lower.compare(0, lower.size() - 1, u.spelling) == 0)
      return &u;
  }
  return nullptr;
}

bool is_space(char c) { return c == ' ' || c == '\t' || c == '\n' || c == '\r'; }
bool is_digit(char c) { return c >= '0' && c <= '9'; }

std::string_view trim(std::string_view s) {
  while (!s.empty() && is_space(s.front())) s.remove_prefix(1);
  while (!s.empty() && is_space(s.back())) s.remove_suffix(1);
  return s;
}

// `text` with each Unicode space separator other than the ASCII space (Zs: the no-break,
// narrow no-break, thin and figure spaces, U+00A0, U+202F, U+2009, U+2007, that typeset
// text, and text copied from it, puts between a number and its unit or between digit
// groups; the en, em and other spaces of U+2000-U+200A, U+1680, U+205F, and the
// ideographic space U+3000 of CJK input) as a space: "5\u00a0USD/h" was "unknown unit"
// with the space shown as an ordinary one, "12\u202f500" got no thousands advice, and
// "0.5\u2003s" was unknown unit " s" (an attacker's trial)
std::string plain_spaces(std::string_view text) {
  std::string plain;
  plain.reserve(text.size());
  const auto byte = [&](std::size_t k) { return k < text.size() ? static_cast<unsigned char>(text[k]) : 0u; };
  for (std::size_t i = 0; i < text.size();) {
    const unsigned a = byte(i), b = byte(i + 1), c = byte(i + 2);
    std::size_t n = 0;
    if (a == 0xC2 && b == 0xA0) n = 2;                                                  // U+00A0
    else if (a == 0xE1 && b == 0x9A && c == 0x80) n = 3;                                // U+1680
    else if (a == 0xE2 && b == 0x80 && ((c >= 0x80 && c <= 0x8A) || c == 0xAF)) n = 3;  // U+2000-U+200A, U+202F
    else if (a == 0xE2 && b == 0x81 && c == 0x9F) n = 3;                                // U+205F
    else if (a == 0xE3 && b == 0x80 && c == 0x80) n = 3;                                // U+3000
    if (n) plain += ' ', i += n;
    else plain += text[i++];
  }
  return plain;
}

// `s` in quotes, cut at 40 characters (whole), `"` and `\` escaped as
// JSON escapes them (a quote in the text cannot end the quotation and forge the rest of the
// message), control characters as \u00XX (a NUL would end what()); InputError escapes the
// other unseen code points
std::string in_quotes(std::string_view s) {
  const std::size_t keep = utf8_prefix(s, 40);
  std::string out = "\"";
  for (char c : s.substr(0, keep)) {
    if (c == '"' || c == '\\') {
      out += '\\';
      out += c;
    } else if (static_cast<unsigned char>(c) < 0x20 || c == 0x7f) {
      char buf[8];
      std::snprintf(buf, sizeof buf, "\\u%04x", static_cast<unsigned char>(c));
      out += buf;
    } else {
      out += c;
    }
  }
  if (s.size() > keep) out += "...";
  return out + "\"";
}

// What to write instead of a prefixed unit the table does not take, the value aside:
// "\"m\" is milli, 1 mW = 0.001 W: write the value in W"
std::string write_in(const Prefixed& p) {
  return in_quotes(p.prefix->letter) + " is " + p.prefix->name + ", 1 " + p.prefix->letter + p.base->spelling + " = " +
         js_number(p.prefix->factor) + " " + p.base->spelling + ": write the value in " + p.base->spelling;
}

// Length of the longest prefix of `s` matching the number grammar of parse_number,
// or 0 when there is none.
std::size_t number_prefix(std::string_view s) {
  std::size_t i = 0;
  if (i < s.size() && (s[i] == '+' || s[i] == '-')) ++i;
  std::size_t digits = 0;
  while (i < s.size() && is_digit(s[i])) ++i, ++digits;
  if (i < s.size() && s[i] == '.') {
    ++i;
    while (i < s.size() && is_digit(s[i])) ++i, ++digits;
  }
  if (digits == 0) return 0;
  if (i < s.size() && (s[i] == 'e' || s[i] == 'E')) {
    std::size_t j = i + 1;
    if (j < s.size() && (s[j] == '+' || s[j] == '-')) ++j;
    std::size_t exp_digits = 0;
    while (j < s.size() && is_digit(s[j])) ++j, ++exp_digits;
    if (exp_digits > 0) i = j;
  }
  return i;
}

// A dimension written with one name per base (`label` of each row) and `sep` between
// factors: "currency/time", "USD/s", "1/s", "information/(param*time)".
template <typename Label>
std::string write_dim(const Dim& d, Label label, bool parenthesize_den) {
  std::string num, den;
  int den_count = 0;
  for (const BaseRow& row : kBases) {
    const int e = d[row.base];
    if (e == 0) continue;
    std::string term = label(row);
    const int p = e > 0 ? e : -e;
    if (p != 1) term += "^" + std::to_string(p);
    std::string& side = e > 0 ? num : den;
    if (!side.empty()) side += "*";
    side += term;
    if (e < 0) ++den_count;
  }
  if (den.empty()) return num;
  if (num.empty()) num = "1";
  return num + "/" + (parenthesize_den && den_count > 1 ? "(" + den + ")" : den);
}

// `number` (the decimal text of `v`) times a unit factor: when the factor is a power of
// ten, by moving the decimal exponent and reading the result once, so that a decimal
// quantity is the double nearest its exact value (16.06 GB is 16060000000 byte, not
// 16059999999.999998; 5 us is 5e-6 s); otherwise by one multiplication.
double scale_decimal(std::string_view number, double v, double factor) {
  if (factor == 1) return v;
  static const std::vector<double> powers = [] {  // 1e-30 ... 1e30, each read once
    std::vector<double> p;
    for (int k = -30; k <= 30; ++k) p.push_back(std::strtod(("1e" + std::to_string(k)).c_str(), nullptr));
    return p;
  }();
  int k = -30;
  while (k <= 30 && powers[k + 30] != factor) ++k;
  if (k > 30) return v * factor;
  std::string text(number);
  const std::size_t e = text.find_first_of("eE");
  long exp = 0;
  if (e != std::string::npos) {
    // saturated (strtol gives LONG_MAX for "e3003004444...4") where no mantissa of this
    // length can bring the value back into a double's range, so that adding k cannot
    // overflow: "0.(150000 zeros)1e150001 GB" is 1 GB
    const long limit = static_cast<long>(text.size()) + 1000;
    exp = std::clamp(std::strtol(text.c_str() + e + 1, nullptr, 10), -limit, limit);
    text.erase(e);
  }
  return std::strtod((text + "e" + std::to_string(exp + k)).c_str(), nullptr);
}

}  // namespace

std::string typed_number(std::string_view text) { return std::string(trim(plain_spaces(text))); }

std::string Dim::name() const {
  for (const NamedRow& n : kNamed)
    if (n.dim == *this) return n.name;
  return write_dim(*this, [](const BaseRow& r) { return std::string(r.name); }, true);
}

std::string Dim::phrase() const {
  static const char* const kPhrases[][2] = {
      {"", "a number"},
      {"time", "a time"},
      {"information", "an amount of data"},
      {"param", "a parameter count"},
      {"currency", "an amount of money"},
      {"flop", "an amount of work in flop"},
      {"energy", "an energy"},
      {"power", "a power"},
      {"mass", "a mass"},
      {"1/time", "a rate"},
      {"information/time", "a bandwidth"},
      {"information/param", "bytes per parameter"},
      {"currency/time", "a price per time"},
      {"currency/energy", "a price per energy"},
      {"flop/time", "a compute rate"},
      {"flop/information", "an arithmetic intensity"},
      {"mass/energy", "a carbon intensity"},
  };
  const std::string n = name();
  for (const auto& row : kPhrases)
    if (n == row[0]) return row[1];
  return "a quantity of " + n;
}

std::string Dim::canonical_unit() const {
  for (const NamedRow& n : kNamed)
    if (n.dim == *this) return n.unit;
  // "byte/param", "USD/s", "1/s"; several factors below the line each get their own '/'
  std::string num, den;
  for (const BaseRow& row : kBases) {
    const int e = (*this)[row.base];
    if (e == 0) continue;
    std::string term = row.unit;
    if (e > 0) {
      if (e != 1) term += "^" + std::to_string(e);
      if (!num.empty()) num += "*";
      num += term;
    } else {
      if (e != -1) term += "^" + std::to_string(-e);
      den += "/" + term;
    }
  }
  if (num.empty() && !den.empty()) num = "1";
  return num + den;
}

// `number` (digits, commas, at most one point) with its commas read: as thousands
// separators when every comma starts a group of three digits ("30,000", "1,234.5"), as a
// decimal mark when there is one comma and no point ("1,5" -> "1.5"); "" otherwise.
namespace {
std::string without_commas(std::string_view number) {
  const std::size_t first = number.find(',');
  bool grouped = first >= 1 && first <= std::size_t{3} + (number[0] == '-' || number[0] == '+');
  for (std::size_t i = first; grouped && i < number.size() && number[i] != '.'; i += 4) {
    if (number[i] != ',') { grouped = false; break; }
    for (std::size_t k = 1; k <= 3; ++k)
      if (i + k >= number.size() || !is_digit(number[i + k])) grouped = false;
  }
  std::string fixed(number);
  if (grouped) {
    fixed.erase(std::remove(fixed.begin(), fixed.end(), ','), fixed.end());
    return fixed;
  }
  if (std::count(number.begin(), number.end(), ',') == 1 && number.find('.') == std::string_view::npos) {
    fixed[first] = '.';
    return fixed;
  }
  return "";
}
}  // namespace

std::string number_advice(std::string_view text, const std::function<bool(const std::string&)>& accepts, std::string_view shown_unit) {
  const std::string plain = plain_spaces(text);
  const std::string_view t = trim(plain);
  // a typeset minus sign (U+2212), as text copied from a book or a slide has it: "1e\u22123 s"
  if (t.find("\xE2\x88\x92") != std::string_view::npos) {
    std::string fixed(t);
    for (std::size_t at = fixed.find("\xE2\x88\x92"); at != std::string::npos; at = fixed.find("\xE2\x88\x92", at + 1))
      fixed.replace(at, 3, "-");
    if (parse_quantity(fixed)) return "a minus sign (\xE2\x88\x92) is not read: write " + in_quotes(fixed) + " (with a hyphen-minus)";
  }
  // "$40", "$2.50/h", "$30,000", "$1.5 million" (as results read): money is written with
  // its unit after the number. The text suggested is one this parser reads, or none.
  if (t.size() > 1 && t[0] == '$') {
    std::string after(trim(t.substr(1)));
    // a thousands separator: "30,000" -> "30000"
    std::size_t n = 0;
    while (n < after.size() && (is_digit(after[n]) || after[n] == ',' || after[n] == '.')) ++n;
    if (after.find(',') < n) after = without_commas(std::string_view(after).substr(0, n)) + after.substr(n);
    n = number_prefix(after);
    std::string number = after.substr(0, n);
    std::string rest(trim(std::string_view(after).substr(n)));
    // a scale word as the results write money: "$1.5 million" -> "1.5e6 USD"
    static const std::pair<const char*, const char*> words[] = {
        {"thousand", "e3"}, {"million", "e6"}, {"billion", "e9"}, {"trillion", "e12"}};
    for (const auto& [word, e] : words) {
      const std::size_t w = std::char_traits<char>::length(word);
      if (number.find_first_of("eE") == std::string::npos && rest.compare(0, w, word) == 0 &&
          (rest.size() == w || rest[w] == ' ' || rest[w] == '/')) {
        number += e;
        rest = std::string(trim(std::string_view(rest).substr(w)));
      }
    }
    // "$2 USD": the unit is there already
    const bool has_unit = !rest.empty() && rest[0] != '/';
    const std::string fixed = number + (has_unit ? " " + rest : " USD" + rest);
    const std::string dollar = "a dollar sign before the number is not read";
    if (n > 0 && parse_quantity(fixed) && (!accepts || accepts(fixed))) return dollar + ": write " + in_quotes(fixed);
    if (n > 0 && accepts) {
      // the field's own: a price per hour ("5 USD/h"), or no money at all ("5" workers)
      if (!has_unit && rest.empty() && accepts(fixed + "/h")) return dollar + ": write " + in_quotes(fixed + "/h");
      if (!has_unit && rest.empty() && shown_unit.rfind("USD", 0) == 0 && accepts(number + " " + std::string(shown_unit)))
        return dollar + ": write " + in_quotes(number + " " + std::string(shown_unit));  // "5 USD/kWh" for a price of energy
      if (!has_unit && rest.empty() && accepts(number)) return dollar + ", and this input is no amount of money: write " + in_quotes(number);
      return dollar + ", and this input is no amount of money";
    }
    return dollar + ": write the number, then USD (\"40 USD\", \"2.5 USD/h\")";
  }
  std::size_t end = 0;  // the number part: digits, commas, one point, a sign
  while (end < t.size() && (is_digit(t[end]) || t[end] == ',' || t[end] == '.' || ((t[end] == '-' || t[end] == '+') && end == 0))) ++end;
  if (t.find(',') == std::string_view::npos) end = std::max(end, number_prefix(t));  // with its exponent: "2e12 tokens"
  const std::string_view number = t.substr(0, end);
  double x = 0;
  if (number.find(',') == std::string_view::npos) {
    if (end == 0 || !parse_number(number, x)) return "";
    const std::string_view raw = t.substr(end);
    std::string_view rest = trim(raw);
    // what the count counts, after it: "2048 tokens", "8 GPUs", "2T tokens", "1.4 trillion tokens"
    const std::size_t last = rest.find_last_of(' ');
    const bool labelled = counted_thing(last == std::string_view::npos ? rest : rest.substr(last + 1));
    if (labelled) rest = trim(last == std::string_view::npos ? std::string_view() : rest.substr(0, last));
    if (labelled && rest.empty()) return "a count is written as a number alone: write " + in_quotes(std::string(number));
    const bool scaled = number.find_first_of("eE") == std::string_view::npos;
    static const std::pair<char, const char*> suffixes[] = {{'k', "e3"}, {'K', "e3"}, {'M', "e6"}, {'B', "e9"}, {'G', "e9"}, {'T', "e12"}};
    for (const auto& [c, e] : suffixes)
      if (scaled && rest.size() == 1 && rest[0] == c)
        return "a suffix such as " + std::string(1, c) + " is not read: write " + in_quotes(std::string(number) + e);
    if (const char* e = scaled ? number_word(rest) : nullptr)
      return "a number word such as " + ascii_lower(rest) + " is not read: write " + in_quotes(std::string(number) + e);
    if (labelled) return "";
    // cents: the amount in dollars, with the rest of the unit ("7 cents/kWh" -> "0.07 USD/kWh")
    if (const std::string lower = ascii_lower(rest); lower.rfind("cent", 0) == 0) {
      const std::size_t w = lower.compare(0, 5, "cents") == 0 ? 5 : 4;
      if (rest.size() == w || rest[w] == '/' || rest[w] == ' ') {
        char dollars[32];
        std::snprintf(dollars, sizeof dollars, "%.15g", x / 100);
        const std::string fixed = std::string(dollars) + " USD" + std::string(trim(rest.substr(w)));
        if (parse_quantity(fixed)) return "cents are not read: write " + in_quotes(fixed) + " (in dollars)";
      }
    }
    if (rest == "%") {
      char fraction[32];
      std::snprintf(fraction, sizeof fraction, "%.15g", x / 100);
      return "a percentage is not read: write the fraction " + in_quotes(fraction);
    }
    // digits grouped by spaces: "12 500", "1 000 000", "1 000 s" (the unit after the groups),
    // the last group with a decimal part: "12 345.6 s"
    std::string joined(number);
    std::size_t i = 0;
    if (number.find('.') == std::string_view::npos && number.find_first_of("eE") == std::string_view::npos)
      while (i + 4 <= raw.size() && raw[i] == ' ' && is_digit(raw[i + 1]) && is_digit(raw[i + 2]) && is_digit(raw[i + 3]) &&
             (i + 4 == raw.size() || !is_digit(raw[i + 4]))) {
        joined += std::string(raw.substr(i + 1, 3)), i += 4;
        if (i < raw.size() && raw[i] == '.') {  // a decimal part ends the groups
          std::size_t j = i + 1;
          while (j < raw.size() && is_digit(raw[j])) ++j;
          if (j == i + 1) break;
          joined += std::string(raw.substr(i, j - i)), i = j;
          break;
        }
      }
    if (i > 0 && (i == raw.size() || raw[i] == ' ') && parse_quantity(joined + std::string(raw.substr(i))))
      return "a space is not read as a thousands separator: write " + in_quotes(joined + std::string(raw.substr(i)));
    return "";
  }
  const std::string fixed = without_commas(number);
  const std::string rest(t.substr(end));
  if (fixed.empty()) return "numbers are written without commas, with a point for decimals (e.g. 12500 or 0.35)";
  if (fixed.find('.') == std::string::npos || number.find('.') != std::string_view::npos)
    return "a comma is not read as a thousands separator: write " + in_quotes(fixed + rest);
  return "a comma is not read as a decimal mark: write " + in_quotes(fixed + rest) + " (with a point)";
}

bool number_advice_keeps_unit(std::string_view unknown) {
  const std::string lower = ascii_lower(unknown);
  // a group of digits ("000"), the last with a decimal part ("345.6"), or cents
  const std::size_t digits = unknown.find_first_not_of("0123456789");
  const bool group = digits == std::string_view::npos ||
                     (digits == 3 && unknown[3] == '.' && unknown.size() > 4 &&
                      unknown.find_first_not_of("0123456789", 4) == std::string_view::npos);
  return group || lower == "cent" || lower == "cents";
}

bool parse_number(std::string_view text, double& out) {
  if (text.empty() || number_prefix(text) != text.size()) return false;
  const std::string s(text);
  char* end = nullptr;
  const double v = std::strtod(s.c_str(), &end);
  if (end != s.c_str() + s.size() || !std::isfinite(v)) return false;
  out = v;
  return true;
}

std::string range_note(std::string_view text) {
  const std::string s = typed_number(text);
  double x = 0;
  return s.empty() || number_prefix(s) != s.size() || parse_number(s, x) ? "" : "too large for a double";
}

std::string conversion_underflow(std::string_view text) {
  const std::string s = typed_number(text);
  const std::size_t n = number_prefix(s);
  double typed = 0;
  if (n == 0 || !parse_number(s.substr(0, n), typed) || typed == 0) return "";
  const Expected<Quantity, UnitError> q = parse_quantity(text);
  if (!q || q->value != 0) return "";
  return converted_to(q->dim);
}

std::string converted_to(const Dim& d) { return d.canonical_unit().empty() ? "a plain number" : d.canonical_unit(); }

std::string underflow_note(const std::string& to) {
  return (to.empty() ? std::string(": it") : ": once converted to " + to + ", it") + " is too small for a double, so it reads as 0";
}

std::string zero_note(std::string_view text, double x) {
  if (x != 0 || number_prefix(typed_number(text)) == 0 || written_zero(text)) return "";
  // the number a double holds, in a unit whose conversion takes it below the smallest one
  // ("5e-324 ms" is 5e-327 s): said so, not as if the number itself were too small (an
  // attacker's trial)
  return underflow_note(conversion_underflow(text));
}

bool written_zero(std::string_view text) {
  const std::string s = typed_number(text);
  const std::size_t n = number_prefix(s);
  return n > 0 && s.substr(0, std::min(n, s.find_first_of("eE"))).find_first_of("123456789") == std::string::npos;
}

Expected<Quantity, UnitError> parse_unit_alone(std::string_view text) {
  const std::string plain = plain_spaces(text);
  const std::string_view expr = trim(plain);
  const std::size_t n = number_prefix(expr);
  double x = 0;
  // "1/s" keeps its 1: a number followed by a space and a unit is a quantity
  if (n > 0 && n < expr.size() && is_space(expr[n]) && parse_number(expr.substr(0, n), x))
    return UnitError("malformed unit " + in_quotes(expr) + ": a unit takes no number; write " + in_quotes(trim(expr.substr(n))) +
                     ", not " + in_quotes(expr));
  return parse_unit(text);
}

Expected<Quantity, UnitError> parse_unit(std::string_view text) {
  // typeset spaces as spaces here too: {value: 1, unit: "\u00a0GB"} from JavaScript
  const std::string plain = plain_spaces(text);
  std::string_view expr = trim(plain);
  Quantity q{1.0, dims::none};
  if (expr.empty()) return q;
  std::size_t i = 0;
  char op = '*';
  bool first = true;
  while (true) {
    while (i < expr.size() && is_space(expr[i])) ++i;
    // a unit name: everything up to an operator, a power or whitespace
    const std::size_t start = i;
    while (i < expr.size() && expr[i] != '*' && expr[i] != '/' && expr[i] != '^' && !is_space(expr[i])) ++i;
    const std::string_view token = expr.substr(start, i - start);
    if (token.empty()) {
      if (first && i < expr.size() && expr[i] == '/')
        return UnitError("malformed unit " + in_quotes(expr) + ": expected a unit name (or 1, as in 1/s) before '/'");
      return UnitError("malformed unit " + in_quotes(expr) + ": expected a unit name");
    }
    // "1/s": a 1 may stand first, as the numerator of an inverse unit
    const UnitDef one{"1", 1.0, dims::none, false};
    const UnitDef* u = first && token == "1" && i < expr.size() && expr[i] == '/' ? &one : find_unit(token);
    if (!u) {
      std::string msg = "unknown unit " + in_quotes(token);
      const Hint* hint = find_hint(token);
      if (hint) msg += std::string(" ") + hint->advice;
      // a prefix the table does not take on a unit it does ("mW"): which unit to write the
      // value in, and not the same letters in another case, which may be another magnitude
      // ("MW" is a billion times a mW)
      const Prefixed pre = hint ? Prefixed{} : prefixed_symbol(token);
      if (pre.prefix) msg += "; " + write_in(pre);
      // a symbol in another case ("usd", "Gb" is a different unit and parses): say which
      if (!hint && !pre.prefix)
        for (const UnitSpelling& s : unit_spellings())
          if (!s.full_name && s.spelling.size() == token.size() &&
              std::equal(token.begin(), token.end(), s.spelling.begin(), [](char x, char y) {
                return std::tolower(static_cast<unsigned char>(x)) == std::tolower(static_cast<unsigned char>(y));
              })) {
            msg += "; did you mean " + in_quotes(s.spelling) + "? (unit symbols are case-sensitive)";
            break;
          }
      return UnitError(msg, std::string(token));
    }
    int power = 1;
    while (i < expr.size() && is_space(expr[i])) ++i;
    if (i < expr.size() && expr[i] == '^') {
      ++i;
      std::size_t j = i;
      if (j < expr.size() && (expr[j] == '-' || expr[j] == '+')) ++j;
      const std::size_t digits_start = j;
      while (j < expr.size() && is_digit(expr[j])) ++j;
      if (j == digits_start || j - digits_start > 2)
        return UnitError("malformed unit " + in_quotes(expr) + ": '^' needs a small integer power");
      power = std::atoi(std::string(expr.substr(i, j - i)).c_str());
      i = j;
    }
    // the powers of each base unit, added up in int: Dim's int8 exponents would wrap
    // ("s^99*s^99*s^58" read as no unit at all)
    constexpr int kMaxPower = 32;
    for (std::size_t k = 0; k < kBaseCount; ++k) {
      const int e = q.dim.exponent[k] + (op == '*' ? 1 : -1) * u->dim.exponent[k] * power;
      if (e > kMaxPower || e < -kMaxPower)
        return UnitError("malformed unit " + in_quotes(expr) + ": the powers of one base unit add up to more than " +
                         std::to_string(kMaxPower));
    }
    const double f = std::pow(u->factor, power);
    const Dim d = u->dim.pow(power);
    if (op == '*') {
      q.value *= f;
      q.dim = q.dim * d;
    } else {
      q.value /= f;
      q.dim = q.dim / d;
    }
    first = false;
    while (i < expr.size() && is_space(expr[i])) ++i;
    if (i == expr.size()) break;
    if (expr[i] != '*' && expr[i] != '/')
      return UnitError("malformed unit " + in_quotes(expr) + ": expected '*' or '/' after " + in_quotes(token));
    op = expr[i++];
  }
  return q;
}

namespace {
Expected<Quantity, UnitError> parse_plain_quantity(std::string_view text) {
  const std::string_view s = trim(text);
  if (s.empty()) return UnitError("empty text, expected a number");
  if (s.size() > 1 && s[0] == '0' && (s[1] == 'x' || s[1] == 'X'))
    return UnitError("malformed number " + in_quotes(s) + ": hexadecimal is not accepted");
  std::size_t n = number_prefix(s);
  if (n == 0) {
    const std::string lower = ascii_lower(s.substr(0, 9));
    if (lower.rfind("nan", 0) == 0 || lower.rfind("inf", 0) == 0 || lower.rfind("+inf", 0) == 0 ||
        lower.rfind("-inf", 0) == 0)
      return UnitError("got " + in_quotes(s) + ": not a finite number");
    return UnitError("malformed number " + in_quotes(s));
  }
  // "1..2", "1.2.3", "1e" followed by more number characters: not a unit, a broken number
  if (n < s.size()) {
    const char c = s[n];
    if (c == ',') return UnitError("malformed number " + in_quotes(s) + ": " + number_advice(s));
    if (is_digit(c) || c == '.' || c == '+' || c == '-' || c == ',' ||
        ((c == 'e' || c == 'E') && (n + 1 == s.size() || !std::isalpha(static_cast<unsigned char>(s[n + 1])))))
      return UnitError("malformed number " + in_quotes(s));
  }
  double v = 0;
  if (!parse_number(s.substr(0, n), v))
    return UnitError("number " + in_quotes(s.substr(0, n)) + " is out of range: " + range_note(s.substr(0, n)));
  // a rate as results write it, "1.694/year" (or "2 /year"): the unit 1/year
  std::string_view unit = trim(s.substr(n));
  // a parameter count as results write it (human_text), its scale apart from "params":
  // "175 B params" is the one unit symbol "Bparam"
  std::string joined;
  const std::size_t space = unit.find(' ');
  if (space != std::string_view::npos && (unit.substr(space + 1) == "params" || unit.substr(space + 1) == "param"))
    if (const UnitDef* u = find_unit(std::string(unit.substr(0, space)) + "param"); u && !u->name) unit = joined = u->spelling;
  Expected<Quantity, UnitError> parsed = !unit.empty() && unit[0] == '/' ? parse_unit("1" + std::string(unit)) : parse_unit(unit);
  if (!parsed) return parsed;
  Quantity q = *parsed;
  q.value = scale_decimal(s.substr(0, n), v, q.value);
  if (!std::isfinite(q.value)) {
    UnitError e(in_quotes(s) + " is out of range once converted to " + q.dim.canonical_unit());
    e.overflowed = true;
    e.dim = q.dim;
    return e;
  }
  return q;
}
}  // namespace

double scale_as_written(double value, double factor) { return scale_decimal(js_number(value), value, factor); }

Quantity declared_unit(std::string_view expr) {
  Expected<Quantity, UnitError> q = parse_unit(expr);
  if (!q) declaration_error(std::string("declared unit ") + q.error().what());
  return *q;
}

Expected<Quantity, UnitError> parse_quantity(std::string_view text) {
  return parse_plain_quantity(plain_spaces(text));
}

namespace {
// unit_advice for one name, `depth` names fixed before it ("0.07 usd/kwh": usd, then kwh)
// The Latin letter a Cyrillic or Greek one looks like, by its two UTF-8 bytes, or 0: the
// capitals A B E K M H O P C T X and a e o p c y x of Cyrillic, and Greek's capitals A B E Z
// H I K M N O P T Y X and small omicron (Greek mu is the micro sign's case, step 0 below).
char latin_lookalike(unsigned char b0, unsigned char b1) {
  static const struct { unsigned char b0, b1; char latin; } kLooks[] = {
      {0xD0, 0x90, 'A'}, {0xD0, 0x92, 'B'}, {0xD0, 0x95, 'E'}, {0xD0, 0x9A, 'K'}, {0xD0, 0x9C, 'M'},
      {0xD0, 0x9D, 'H'}, {0xD0, 0x9E, 'O'}, {0xD0, 0xA0, 'P'}, {0xD0, 0xA1, 'C'}, {0xD0, 0xA2, 'T'},
      {0xD0, 0xA5, 'X'}, {0xD0, 0xB0, 'a'}, {0xD0, 0xB5, 'e'}, {0xD0, 0xBE, 'o'}, {0xD1, 0x80, 'p'},
      {0xD1, 0x81, 'c'}, {0xD1, 0x83, 'y'}, {0xD1, 0x85, 'x'}, {0xD1, 0x95, 's'}, {0xD1, 0x96, 'i'},
      {0xCE, 0x91, 'A'}, {0xCE, 0x92, 'B'}, {0xCE, 0x95, 'E'}, {0xCE, 0x96, 'Z'}, {0xCE, 0x97, 'H'},
      {0xCE, 0x99, 'I'}, {0xCE, 0x9A, 'K'}, {0xCE, 0x9C, 'M'}, {0xCE, 0x9D, 'N'}, {0xCE, 0x9F, 'O'},
      {0xCE, 0xA1, 'P'}, {0xCE, 0xA4, 'T'}, {0xCE, 0xA5, 'Y'}, {0xCE, 0xA7, 'X'}, {0xCE, 0xBF, 'o'}};
  for (const auto& l : kLooks)
    if (l.b0 == b0 && l.b1 == b1) return l.latin;
  return 0;
}

UnitAdvice advise(std::string_view text, std::string_view name, const Dim& want, std::string_view shown_unit, bool may_scale,
                  int depth) {
  const std::string plain = plain_spaces(text);
  const std::string_view t = trim(plain);
  const std::size_t n = number_prefix(t);
  const std::string number(t.substr(0, n));
  const std::string unit(trim(t.substr(n)));
  const bool whole = name.empty();  // the unit is one name of another dimension ("7B")
  if (whole && unit.find_first_of(" */^") == std::string::npos) name = unit;  // the one name there is
  // two words where a unit is one: "7 B params", "175B parameters" ("Bparams": then as one name)
  const std::size_t space = unit.find(' ');
  if (whole && n > 0 && n <= 60 && depth < 2 && space != std::string::npos && unit.find_first_of(" */^", space + 1) == std::string::npos &&
      unit.find_first_of("*/^") == std::string::npos) {
    // the same unit twice ("5 s s"): written once, not read as a plural ("ss")
    if (unit.substr(0, space) == unit.substr(space + 1)) {
      const std::string once = number + " " + unit.substr(0, space);
      const Expected<Quantity, UnitError> q = parse_quantity(once);
      return q && q->dim == want ? UnitAdvice{{once}, "a unit is written once"} : UnitAdvice{};
    }
    const std::string joined = number + " " + unit.substr(0, space) + unit.substr(space + 1);
    const Expected<Quantity, UnitError> q = parse_quantity(joined);
    if (q && q->dim == want) return {{joined}, "a unit is written as one word"};
    if (!q && !q.error().unknown.empty()) return advise(joined, q.error().unknown, want, shown_unit, may_scale, depth + 1);
    return {};
  }
  // `name` as one whole name of the unit expression (not the "G" of "GB")
  const auto boundary = [](char c) { return c == ' ' || c == '*' || c == '/' || c == '^'; };
  std::size_t at = std::string::npos;
  for (std::size_t p = name.empty() ? std::string::npos : unit.find(name); p != std::string::npos; p = unit.find(name, p + 1))
    if ((p == 0 || boundary(unit[p - 1])) && (p + name.size() == unit.size() || boundary(unit[p + name.size()]))) {
      at = p;
      break;
    }
  // every suggestion holds the number: one of over 60 characters is not shown (read.cpp,
  // did_you_mean), so none is worked out (a 1M-digit number would be re-read per candidate)
  if (n == 0 || n > 60 || at == std::string::npos) return {};
  const auto with = [&](const std::string& num, const std::string& replacement) {
    std::string u = unit;
    u.replace(at, name.size(), replacement);
    const std::string_view rest = trim(u);
    return num + (rest.empty() ? "" : " " + std::string(rest));
  };
  // the candidate as it reads in `want`, once any other unknown name in it is fixed too
  // (up to three); "" when it does not
  const auto reads = [&](const std::string& c) { const auto q = parse_quantity(c); return q && q->dim == want; };
  const auto fixed = [&](const std::string& candidate) -> std::string {
    const Expected<Quantity, UnitError> q = parse_quantity(candidate);
    if (q) return q->dim == want ? candidate : "";
    if (q.error().unknown.empty() || q.error().unknown == name || depth >= 2) return "";
    const UnitAdvice next = advise(candidate, q.error().unknown, want, shown_unit, may_scale, depth + 1);
    return next.texts.empty() ? "" : next.texts.front();
  };
  // the same letters in another case, but a b written against the case of the rest is
  // meant (a bit is not a byte: "Mb", "GBps"); one all in lower case was typed casually ("gb")
  const auto same_case_but = [](std::string_view typed, std::string_view symbol) {
    const bool casual = ascii_lower(typed) == typed;
    return typed.size() == symbol.size() && std::equal(typed.begin(), typed.end(), symbol.begin(), [&](char x, char y) {
             return !casual && (x == 'b' || x == 'B') ? x == y
                                                       : std::tolower(static_cast<unsigned char>(x)) == std::tolower(static_cast<unsigned char>(y));
           });
  };
  // 0. Greek mu typed for the micro sign: "5 μs" -> "5 µs"; "5 μ" -> "5 µs" (completed below)
  if (name.size() >= 2 && name.compare(0, 2, "\xCE\xBC") == 0 && depth < 2) {
    const std::string micro = "\xC2\xB5" + std::string(name.substr(2)), candidate = with(number, micro);
    if (const std::string f = fixed(candidate); !f.empty()) return {{f}, "the micro sign is \xC2\xB5, not Greek mu"};
    if (UnitAdvice a = advise(candidate, micro, want, shown_unit, may_scale, depth + 1); !a.texts.empty()) return a;
  }
  // 0b. a letter of another script that looks like a Latin one: "5 G\u0412" (a Cyrillic Ve)
  // -> "5 GB"; it had been "unknown unit", as if GB itself were refused (an attacker's trial)
  if (depth < 2) {
    std::string latin, named;
    for (std::size_t i = 0; i < name.size();) {
      const unsigned char c0 = static_cast<unsigned char>(name[i]);
      const char looks = i + 1 < name.size() ? latin_lookalike(c0, static_cast<unsigned char>(name[i + 1])) : 0;
      if (looks) {
        if (named.empty()) named = in_quotes(name.substr(i, 2)) + " is a " + (c0 == 0xD0 || c0 == 0xD1 ? "Cyrillic" : "Greek") +
                                   " letter that looks like the Latin " + in_quotes(std::string(1, looks));
        latin += looks, i += 2;
      } else {
        latin += name[i], ++i;
      }
    }
    if (!named.empty()) {
      if (const std::string f = fixed(with(number, latin)); !f.empty()) return {{f}, named};
      return {{}, "(" + named + ")"};
    }
  }
  // 1. the symbol in another case: "gb" -> "GB" (not "G" -> "g" in a bytes field); a b all
  // in lower case may be a bit too: "400 gb/s" -> "400 GB/s" or "400 Gbit/s"
  // ... but where the prefix letter as typed reads otherwise ("mW", "mw": milli, where "MW"
  // is mega), that reading comes first, worked out in the unit it stands on ("400000 mW" ->
  // "400 W"): the letters' case would change the value a billion times
  UnitAdvice cased{{}, "unit symbols are case-sensitive"};
  const bool casual_b = name.size() > 1 && name.back() == 'b' && ascii_lower(name) == name;
  // the value in the unit prefix `p` stands on ("400000" with milli on W: "400 W")
  // (as a decimal: "400 µW" is "0.0004 W"); none for a {value, unit} object, whose number
  // a suggestion cannot change: its `why` says what to write instead
  const auto unprefixed = [&](const Prefixed& p) {
    return may_scale ? fixed(with(js_number(scale_decimal(number, std::strtod(number.c_str(), nullptr), p.prefix->factor)), p.base->spelling)) : "";
  };
  Prefixed typed;  // the prefix letter as typed on a candidate's unit, where it reads otherwise
  for (const UnitDef& u : kUnits) {
    const std::string_view sp = u.spelling;
    const bool bits = casual_b && sp.size() == name.size() + 2 && sp.compare(sp.size() - 3, 3, "bit") == 0 &&
                      same_case_but(name.substr(0, name.size() - 1), sp.substr(0, sp.size() - 3));
    if (u.name || sp == name || !(same_case_but(name, sp) || bits)) continue;
    if (const std::string f = fixed(with(number, u.spelling)); !f.empty() && cased.texts.size() < 3) cased.texts.push_back(f);
    // the candidate with the prefix letter as typed ("mW" for "MW"), if it is another magnitude
    if (!bits && !typed.prefix && sp[0] != name[0])
      if (const Prefixed p = prefixed_symbol(std::string(1, name[0]) + std::string(sp.substr(1))); p.prefix && !same_factor(p.factor(), u.factor))
        typed = p;
  }
  if (typed.prefix && !cased.texts.empty()) {
    if (const std::string f = unprefixed(typed); !f.empty()) {
      // first where the case was typed on purpose ("mW"), last where all of it is lower
      // case, typed casually ("1 mb": "1 MB" or "1 Mbit" before a millibyte)
      if (cased.texts.size() == 3) cased.texts.pop_back();
      cased.texts.insert(ascii_lower(name) == name ? cased.texts.end() : cased.texts.begin(), f);
      cased.why = in_quotes(typed.prefix->letter) + " is " + typed.prefix->name + "; unit symbols are case-sensitive";
    } else {
      cased.why = write_in(typed) + "; unit symbols are case-sensitive";
    }
  }
  if (!cased.texts.empty()) return cased;
  // 1b. a prefix the table does not take on a unit it does: "4 TW" -> "4000000000000 W"
  if (const Prefixed p = prefixed_symbol(name); p.prefix) {
    if (const std::string f = unprefixed(p); !f.empty())
      return {{f}, in_quotes(p.prefix->letter) + " is " + p.prefix->name + ", and " + in_quotes(name) + " is not among the units read here"};
    if (!may_scale) return {{}, "(" + write_in(p) + ")"};
  }
  // 2. a plural s, and "ps" for "per second": "GBs" -> "GB", "GBps" -> "GB/s"
  if (name.size() > 1 && (name.back() == 's' || name.back() == 'S'))
    for (const UnitDef& u : kUnits)
      if (!u.name && same_case_but(name.substr(0, name.size() - 1), u.spelling))
        if (const std::string f = fixed(with(number, u.spelling)); !f.empty()) return {{f}, "a unit symbol takes no plural s"};
  if (name.size() > 2 && name.compare(name.size() - 2, 2, "ps") == 0)
    if (const std::string f = fixed(with(number, std::string(name.substr(0, name.size() - 2)) + "/s")); !f.empty())
      return {{f}, "per second is written /s"};
  // a parameter count's unit spelled out: "7 parameters", "175 Bparameters" -> "param"
  for (const char* spelled : {"parameters", "parameter"}) {
    const std::size_t k = std::char_traits<char>::length(spelled);
    if (name.size() >= k && ascii_lower(name.substr(name.size() - k)) == spelled)
      if (const std::string f = fixed(with(number, std::string(name.substr(0, name.size() - k)) + "param")); !f.empty())
        return {{f}, "parameters are counted in param"};
  }
  // 3. a prefix without its unit, completed to the units of `want`: "G" -> "GB"; "B" ->
  // "Bparam"; "G" -> "GB/s" in a field shown in GB/s; up to three ("5 m": "5 ms" or "5
  // min"). Only where the completed name is the whole unit, or is followed by the field's
  // own tail ("1.5 G*s" in a bytes field is no "1.5 Gbps*s")
  const std::size_t cut = shown_unit.find_first_of("*/");
  const std::string tail = cut == std::string_view::npos ? "" : std::string(shown_unit.substr(cut));
  UnitAdvice prefixed{{}, "a prefix needs its unit"};
  const std::string rest_of_unit = [&] { std::string u = unit; u.erase(at, name.size()); return std::string(trim(u)); }();
  std::vector<const UnitDef*> offered;
  for (const UnitDef& u : kUnits) {
    const std::string_view sp = u.spelling;
    if (u.name || sp.size() <= name.size() || sp.compare(0, name.size(), name) != 0 || prefixed.texts.size() == 3) continue;
    // another symbol of a unit offered already ("msec" after "ms"): one is enough
    if (std::any_of(offered.begin(), offered.end(), [&](const UnitDef* o) { return o->factor == u.factor && o->dim == u.dim; })) continue;
    const std::size_t before = prefixed.texts.size();
    if (rest_of_unit.empty() && reads(with(number, u.spelling))) prefixed.texts.push_back(with(number, u.spelling));
    else if (rest_of_unit.empty() && !tail.empty() && reads(with(number, u.spelling + tail)))
      prefixed.texts.push_back(with(number, u.spelling + tail));
    else if (!tail.empty() && rest_of_unit == tail && reads(with(number, u.spelling)))
      prefixed.texts.push_back(with(number, u.spelling));
    if (prefixed.texts.size() > before) offered.push_back(&u);
  }
  if (!prefixed.texts.empty()) {
    // "7B" is 7 bytes to the parser: say so rather than "a prefix needs its unit"
    if (const UnitDef* known = whole ? find_unit(name) : nullptr)
      prefixed.why = in_quotes(name) + " alone is read as " + known->dim.canonical_unit();
    return prefixed;
  }
  // 4. a count suffix: "30k USD" -> "30000 USD"; "1.5 k" in a USD field -> "1500 USD" (the
  // field's unit added only for money and parameters, which people count so: "3k" in a
  // field of seconds is no "3e3 us")
  const bool counted = want[Base::currency] == 1 || want[Base::param] == 1;
  static const std::pair<const char*, const char*> suffixes[] = {{"k", "e3"}, {"K", "e3"}, {"M", "e6"},
                                                                 {"B", "e9"}, {"G", "e9"}, {"T", "e12"}};
  const char* word = number_word(name);  // "7 billion": a number word, as a suffix
  if (may_scale && number.find_first_of("eE") == std::string::npos)
    for (const auto& [suffix, e] : suffixes) {
      if (word ? std::strcmp(e, word) != 0 || suffix[0] == 'K' || suffix[0] == 'G' : name != suffix) continue;
      // written out when that is short ("30000 USD"), else as a power of ten ("1.5e12 USD")
      char digits[32];
      std::snprintf(digits, sizeof digits, "%.15g", std::strtod(number.c_str(), nullptr) * std::strtod((std::string("1") + e).c_str(), nullptr));
      const std::string times = std::string(digits).find_first_of("e.") == std::string::npos && std::strlen(digits) <= 9 ? digits : number + e;
      std::string scaled = with(times, "");
      if (scaled == times) {
        if (!counted || shown_unit.empty()) continue;
        scaled += " " + std::string(shown_unit);
      }
      if (const std::string f = fixed(scaled); !f.empty())
        return {{f}, word ? "a number word such as " + ascii_lower(name) + " is not read" : std::string("a suffix such as ") + suffix + " is not read"};
    }
  // 5. a fixed hint (kHints) when it speaks of the field's dimension: "yr" in a time field
  if (const Hint* h = find_hint(name); h && want[h->about] != 0) return {{}, h->advice};
  return {};
}
}  // namespace

UnitAdvice unit_advice(std::string_view text, std::string_view name, const Dim& want, std::string_view shown_unit,
                       bool may_scale) {
  return advise(text, name, want, shown_unit, may_scale, 0);
}

std::vector<UnitSpelling> unit_spellings() {
  std::vector<UnitSpelling> out;
  for (const UnitDef& u : kUnits) out.push_back({u.spelling, u.factor, u.dim, u.name});
  return out;
}

std::vector<std::pair<std::string, std::string>> base_dimensions() {
  std::vector<std::pair<std::string, std::string>> out;
  for (const BaseRow& b : kBases) out.emplace_back(b.name, b.unit);
  return out;
}

std::vector<std::string> count_labels() { return {std::begin(kCountLabels), std::end(kCountLabels)}; }

bool is_count_label(std::string_view unit) {
  for (const char* label : kCountLabels)
    if (unit == label) return true;
  return false;
}

Expected<Dim, UnitError> reported_dim(std::string_view unit) {
  if (is_count_label(unit)) return dims::none;
  const Expected<Quantity, UnitError> parsed = parse_unit(unit);
  if (!parsed) return parsed.error();
  const Quantity q = *parsed;
  if (q.value != 1.0 || q.dim.canonical_unit() != unit)
    return UnitError("unit " + in_quotes(unit) + " is not canonical; write " + in_quotes(q.dim.canonical_unit()));
  return q.dim;
}

}  // namespace mlsysim
