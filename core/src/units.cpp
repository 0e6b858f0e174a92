// Units and quantities: the spelling table, the parsers and the human-readable text.
#include "mlsysim/units.hpp"

#include <array>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <string>
#include <vector>

namespace mlsysim {
namespace {

struct UnitDef {
  const char* spelling;
  double factor;  // to the canonical unit of `dim`
  Dim dim;
  bool name;  // true: a full name, matched in any case, singular or plural;
              // false: a symbol, matched exactly (case-sensitive)
};

// SPEC section 1, one row per accepted spelling.
constexpr double kDay = 86400.0;
const std::array<UnitDef, 38> kUnits{{
    // time
    {"s", 1.0, dims::time, false},
    {"sec", 1.0, dims::time, false},
    {"second", 1.0, dims::time, true},
    {"ms", 1e-3, dims::time, false},
    {"millisecond", 1e-3, dims::time, true},
    {"us", 1e-6, dims::time, false},
    {"\xC2\xB5s", 1e-6, dims::time, false},  // U+00B5 MICRO SIGN, as in the spec
    {"microsecond", 1e-6, dims::time, true},
    {"ns", 1e-9, dims::time, false},
    {"nanosecond", 1e-9, dims::time, true},
    {"min", 60.0, dims::time, false},
    {"minute", 60.0, dims::time, true},
    {"h", 3600.0, dims::time, false},
    {"hr", 3600.0, dims::time, false},
    {"hour", 3600.0, dims::time, true},
    {"day", kDay, dims::time, true},
    {"week", 7 * kDay, dims::time, true},
    // information
    {"B", 1.0, dims::information, false},
    {"byte", 1.0, dims::information, true},
    {"KB", 1e3, dims::information, false},
    {"MB", 1e6, dims::information, false},
    {"GB", 1e9, dims::information, false},
    {"TB", 1e12, dims::information, false},
    {"PB", 1e15, dims::information, false},
    {"KiB", 1024.0, dims::information, false},
    {"MiB", 1048576.0, dims::information, false},
    {"GiB", 1073741824.0, dims::information, false},
    {"TiB", 1099511627776.0, dims::information, false},
    {"PiB", 1125899906842624.0, dims::information, false},
    {"bit", 0.125, dims::information, true},
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
}};

std::string ascii_lower(std::string_view s) {
  std::string out(s);
  for (char& c : out)
    if (c >= 'A' && c <= 'Z') c = static_cast<char>(c - 'A' + 'a');
  return out;
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

// `s` in quotes, cut at 40 bytes, control characters as \u00XX (a NUL would end what())
std::string quoted(std::string_view s) {
  constexpr std::size_t kMax = 40;
  std::string out = "\"";
  for (char c : s.substr(0, kMax)) {
    if (static_cast<unsigned char>(c) < 0x20 || c == 0x7f) {
      char buf[8];
      std::snprintf(buf, sizeof buf, "\\u%04x", static_cast<unsigned char>(c));
      out += buf;
    } else {
      out += c;
    }
  }
  if (s.size() > kMax) out += "...";
  return out + "\"";
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

// Thousands separators for the integer part of a fixed-notation number text.
std::string group_thousands(const std::string& fixed) {
  std::size_t start = (!fixed.empty() && fixed[0] == '-') ? 1 : 0;
  std::size_t end = fixed.find('.');
  if (end == std::string::npos) end = fixed.size();
  std::string out = fixed.substr(0, start);
  for (std::size_t i = start; i < end; ++i) {
    out += fixed[i];
    std::size_t left = end - i - 1;
    if (left > 0 && left % 3 == 0) out += ',';
  }
  return out + fixed.substr(end);
}

// `sig` significant digits, trailing zeros removed; fixed notation with thousands
// separators for 1e-4 <= |v| < 1e15, scientific otherwise.
std::string format_sig(double v, int sig = 4, bool keep_zeros = false) {
  if (v == 0) return "0";
  if (!std::isfinite(v)) return js_number(v);
  const double a = std::fabs(v);
  char buf[64];
  if (a < 1e-4 || a >= 1e15) {
    std::snprintf(buf, sizeof buf, "%.*e", sig - 1, v);
    std::string s(buf);
    const std::size_t e = s.find('e');
    std::string mant = s.substr(0, e), exp = s.substr(e + 1);
    if (mant.find('.') != std::string::npos) {
      while (mant.back() == '0') mant.pop_back();
      if (mant.back() == '.') mant.pop_back();
    }
    int ev = std::atoi(exp.c_str());
    return mant + "e" + std::to_string(ev);
  }
  const int magnitude = static_cast<int>(std::floor(std::log10(a)));
  int decimals = sig - 1 - magnitude;
  if (decimals < 0) decimals = 0;
  std::snprintf(buf, sizeof buf, "%.*f", decimals, v);
  std::string s(buf);
  if (s.find('.') != std::string::npos && !keep_zeros) {
    while (s.back() == '0') s.pop_back();
    if (s.back() == '.') s.pop_back();
  }
  if (s == "-0") s = "0";
  return group_thousands(s);
}

struct Scale {
  double factor;
  const char* suffix;
};

std::string scaled(double v, const Scale* scales, std::size_t n) {
  const double a = std::fabs(v);
  std::size_t pick = 0;
  for (std::size_t i = 0; i < n; ++i)
    if (a >= scales[i].factor) pick = i;
  // a value that rounds up to the next scale reads better there (999.96 ms -> 1 s)
  if (pick + 1 < n && a / scales[pick + 1].factor >= 0.99995) ++pick;
  return format_sig(v / scales[pick].factor) + " " + scales[pick].suffix;
}

std::string money(double v) {
  const double a = std::fabs(v);
  const std::string sign = v < 0 ? "-" : "";
  char buf[64];
  if (a >= 1e6) {
    static const Scale big[] = {{1e6, "million"}, {1e9, "billion"}, {1e12, "trillion"}};
    if (a >= 1e15) return sign + "$" + format_sig(a);
    return sign + "$" + scaled(a, big, 3);
  }
  if (a > 0 && a < 0.01) return sign + "$" + format_sig(a, 2);
  std::snprintf(buf, sizeof buf, "%.2f", a);
  return sign + "$" + group_thousands(buf);
}

}  // namespace

std::string Dim::name() const {
  const std::pair<const char*, int> parts[] = {
      {"time", time}, {"information", information}, {"param", param}, {"currency", currency}};
  std::string num, den;
  int den_count = 0;
  // currency and information read best first: "currency/time", "information/param"
  const int order[] = {3, 1, 2, 0};
  for (int k : order) {
    const auto& [label, e] = parts[k];
    if (e == 0) continue;
    std::string term = label;
    const int p = e > 0 ? e : -e;
    if (p != 1) term += "^" + std::to_string(p);
    std::string& side = e > 0 ? num : den;
    if (!side.empty()) side += "*";
    side += term;
    if (e < 0) ++den_count;
  }
  if (den.empty()) return num;
  if (num.empty()) num = "1";
  return num + "/" + (den_count > 1 ? "(" + den + ")" : den);
}

std::string Dim::canonical_unit() const {
  const std::pair<const char*, int> parts[] = {
      {"s", time}, {"byte", information}, {"param", param}, {"USD", currency}};
  std::string num, den;
  const int order[] = {3, 1, 2, 0};
  for (int k : order) {
    const auto& [sym, e] = parts[k];
    if (e == 0) continue;
    std::string term = sym;
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

bool parse_number(std::string_view text, double& out) {
  if (text.empty() || number_prefix(text) != text.size()) return false;
  const std::string s(text);
  char* end = nullptr;
  const double v = std::strtod(s.c_str(), &end);
  if (end != s.c_str() + s.size() || !std::isfinite(v)) return false;
  out = v;
  return true;
}

Quantity parse_unit(std::string_view expr) {
  expr = trim(expr);
  Quantity q{1.0, dims::none};
  if (expr.empty()) return q;
  std::size_t i = 0;
  char op = '*';
  bool first = true;
  while (true) {
    while (i < expr.size() && is_space(expr[i])) ++i;
    // a unit name: everything up to an operator, a power or whitespace
    const std::size_t start = i;
    while (i < expr.size() && expr[i] != '*' && expr[i] != '/' && expr[i] != '^' &&
           !is_space(expr[i]))
      ++i;
    const std::string_view token = expr.substr(start, i - start);
    if (token.empty()) {
      if (first && i < expr.size() && expr[i] == '/')  // "1/s" style is not a unit name
        throw UnitError("malformed unit " + quoted(expr) + ": expected a unit name before '/'");
      throw UnitError("malformed unit " + quoted(expr) + ": expected a unit name");
    }
    const UnitDef* u = find_unit(token);
    if (!u) {
      std::string msg = "unknown unit " + quoted(token);
      if (token == "\xCE\xBCs")  // U+03BC GREEK SMALL LETTER MU
        msg += " (Greek mu); write \"us\" or \"\xC2\xB5s\" (micro sign)";
      throw UnitError(msg);
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
        throw UnitError("malformed unit " + quoted(expr) + ": '^' needs a small integer power");
      power = std::atoi(std::string(expr.substr(i, j - i)).c_str());
      i = j;
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
      throw UnitError("malformed unit " + quoted(expr) + ": expected '*' or '/' after " +
                      quoted(token));
    op = expr[i++];
  }
  return q;
}

Quantity parse_quantity(std::string_view text) {
  const std::string_view s = trim(text);
  if (s.empty()) throw UnitError("empty text, expected a number");
  if (s.size() > 1 && s[0] == '0' && (s[1] == 'x' || s[1] == 'X'))
    throw UnitError("malformed number " + quoted(s) + ": hexadecimal is not accepted");
  std::size_t n = number_prefix(s);
  if (n == 0) {
    const std::string lower = ascii_lower(s.substr(0, 9));
    if (lower.rfind("nan", 0) == 0 || lower.rfind("inf", 0) == 0 || lower.rfind("+inf", 0) == 0 ||
        lower.rfind("-inf", 0) == 0)
      throw UnitError("got " + quoted(s) + ": not a finite number");
    throw UnitError("malformed number " + quoted(s));
  }
  // "1..2", "1.2.3", "1e" followed by more number characters: not a unit, a broken number
  if (n < s.size()) {
    const char c = s[n];
    if (is_digit(c) || c == '.' || c == '+' || c == '-' || c == ',' ||
        ((c == 'e' || c == 'E') && (n + 1 == s.size() || !std::isalpha(static_cast<unsigned char>(s[n + 1])))))
      throw UnitError("malformed number " + quoted(s));
  }
  double v = 0;
  if (!parse_number(s.substr(0, n), v))
    throw UnitError("number " + quoted(s.substr(0, n)) + " is out of range");
  Quantity q = parse_unit(s.substr(n));
  q.value *= v;
  if (!std::isfinite(q.value))
    throw UnitError(quoted(s) + " is out of range once converted to " + q.dim.canonical_unit());
  return q;
}

std::string js_number(double v) {
  if (std::isnan(v)) return "NaN";
  if (std::isinf(v)) return v > 0 ? "Infinity" : "-Infinity";
  if (v == 0) return "0";
  char buf[40];
  int prec = 1;
  for (; prec <= 17; ++prec) {
    std::snprintf(buf, sizeof buf, "%.*e", prec - 1, v);
    if (std::strtod(buf, nullptr) == v) break;
  }
  // buf is "-d.ddde+XX": split into sign, digits and exponent
  std::string s(buf);
  const bool neg = s[0] == '-';
  if (neg) s.erase(0, 1);
  const std::size_t e = s.find('e');
  const int exp = std::atoi(s.c_str() + e + 1);
  std::string digits;
  for (std::size_t i = 0; i < e; ++i)
    if (s[i] != '.') digits += s[i];
  while (digits.size() > 1 && digits.back() == '0') digits.pop_back();
  const int k = static_cast<int>(digits.size());
  std::string out;
  if (exp >= -6 && exp < 21) {
    if (exp >= k - 1) {
      out = digits + std::string(static_cast<std::size_t>(exp - (k - 1)), '0');
    } else if (exp >= 0) {
      out = digits.substr(0, static_cast<std::size_t>(exp + 1)) + "." +
            digits.substr(static_cast<std::size_t>(exp + 1));
    } else {
      out = "0." + std::string(static_cast<std::size_t>(-exp - 1), '0') + digits;
    }
  } else {
    out = digits.substr(0, 1);
    if (k > 1) out += "." + digits.substr(1);
    out += std::string("e") + (exp < 0 ? "-" : "+") + std::to_string(exp < 0 ? -exp : exp);
  }
  return neg ? "-" + out : out;
}

std::string human_text(double v, std::string_view unit, BytePrefix bytes) {
  if (!std::isfinite(v)) return js_number(v);
  if (unit == "s") {
    static const Scale t[] = {{1e-9, "ns"},  {1e-6, "\xC2\xB5s"}, {1e-3, "ms"},
                              {1.0, "s"},    {60.0, "min"},       {3600.0, "h"},
                              {kDay, "days"}};
    if (v == 0) return "0 s";
    const std::string out = scaled(v, t, 7);
    return out == "1 days" ? "1 day" : out;
  }
  if (unit == "byte") {
    static const Scale dec[] = {{1, "B"},     {1e3, "KB"},  {1e6, "MB"}, {1e9, "GB"},
                                {1e12, "TB"}, {1e15, "PB"}, {1e18, "EB"}};
    static const Scale bin[] = {{1, "B"},
                                {1024.0, "KiB"},
                                {1048576.0, "MiB"},
                                {1073741824.0, "GiB"},
                                {1099511627776.0, "TiB"},
                                {1125899906842624.0, "PiB"},
                                {1152921504606846976.0, "EiB"}};
    if (v == 0) return "0 B";
    return scaled(v, bytes == BytePrefix::binary ? bin : dec, 7);
  }
  if (unit == "USD") return money(v);
  if (unit == "count" || unit == "samples" || unit == "iterations") {
    // counts read exactly when whole (12,500), with one more decimal than needed otherwise
    const double a = std::fabs(v);
    const int sig = a >= 1 && a < 1e15 ? std::max(4, static_cast<int>(std::floor(std::log10(a))) + 3) : 4;
    const std::string n = std::floor(v) == v && a < 1e15 ? format_sig(v, 16) : format_sig(v, sig);
    return unit == "count" ? n : n + " " + std::string(unit);
  }
  // dimensionless: whole numbers exactly (15), others to 4 significant digits with their
  // zeros (5.160 beside 5.714), so that columns of ratios read alike
  if (unit.empty()) return std::floor(v) == v && std::fabs(v) < 1e15 ? format_sig(v, 16) : format_sig(v, 4, true);
  if (unit == "param") {
    static const Scale p[] = {{1, "params"}, {1e3, "K params"}, {1e6, "M params"},
                              {1e9, "B params"}, {1e12, "T params"}};
    return scaled(v, p, 5);
  }
  return format_sig(v) + " " + std::string(unit);
}

}  // namespace mlsysim
