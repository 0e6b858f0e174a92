// Values as text for people: js_number and human_text (text.hpp; docs/units.md).
#include "mlsysim/text.hpp"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <iterator>
#include <string>

#include "mlsysim/units.hpp"

namespace mlsysim {
namespace {

constexpr double kDay = 86400.0;

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
std::string format_sig(double v, int sig = 4) {
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
  if (s.find('.') != std::string::npos) {
    while (s.back() == '0') s.pop_back();
    if (s.back() == '.') s.pop_back();
  }
  if (s == "-0") s = "0";
  return group_thousands(s);
}

// `sig` significant digits in scientific notation, trailing zeros dropped: 1.75e11.
std::string scientific(double v, int sig) {
  char buf[64];
  std::snprintf(buf, sizeof buf, "%.*e", sig - 1, v);
  std::string s(buf);
  const std::size_t e = s.find('e');
  std::string mant = s.substr(0, e);
  if (mant.find('.') != std::string::npos) {
    while (mant.back() == '0') mant.pop_back();
    if (mant.back() == '.') mant.pop_back();
  }
  return mant + "e" + std::to_string(std::atoi(s.c_str() + e + 1));
}

struct Scale {
  double factor;
  const char* suffix;
};

// The scale a magnitude `a` reads in: the largest it reaches, or the next when it rounds
// up to it (999.96 ms -> 1 s); the scale of factor 1 (else the first) for 0.
const Scale& pick_scale(double a, const Scale* scales, std::size_t n) {
  std::size_t pick = 0;
  if (a == 0) {
    for (std::size_t i = 0; i < n; ++i)
      if (scales[i].factor == 1) pick = i;
    return scales[pick];
  }
  for (std::size_t i = 0; i < n; ++i)
    if (a >= scales[i].factor) pick = i;
  if (pick + 1 < n && a / scales[pick + 1].factor >= 0.99995) ++pick;
  return scales[pick];
}

std::string scaled(double v, const Scale* scales, std::size_t n, int digits = 4) {
  const Scale& s = pick_scale(std::fabs(v), scales, n);
  return format_sig(v / s.factor, digits) + " " + s.suffix;
}

const Scale kMoney[] = {{1e6, "million"}, {1e9, "billion"}, {1e12, "trillion"}};

// An amount `a` (>= 0, below 1e15) with `decimals` (>= 2) decimals, digit groups, and trailing
// zeros dropped down to the cents: "1,234.57". To the cent, a half cent rounds up, as a
// reader rounds ($0.125 is $0.13; printf's ties to even wrote $0.12: an attacker's trial).
std::string amount_text(double a, int decimals) {
  char buf[64];
  if (decimals <= 2) {
    std::snprintf(buf, sizeof buf, "%.0f", std::round(a * 100));
    std::string c(buf);
    if (c.size() < 3) c.insert(0, 3 - c.size(), '0');
    return group_thousands(c.substr(0, c.size() - 2) + "." + c.substr(c.size() - 2));
  }
  std::snprintf(buf, sizeof buf, "%.*f", decimals, a);
  std::string s(buf);
  while (s.back() == '0' && s.size() - s.find('.') > 3) s.pop_back();
  return group_thousands(s);
}

// The decimals that give `a` `digits` significant digits, at least the cents: more than
// the cents only where substituted work asks for more than 4 digits (work.cpp).
int amount_decimals(double a, int digits) {
  return digits <= 4 || a == 0 ? 2 : std::max(2, digits - 1 - static_cast<int>(std::floor(std::log10(a))));
}

std::string money(double v, int digits = 4) {
  const double a = std::fabs(v);
  const std::string sign = v < 0 ? "-" : "";
  if (a >= 1e6) {
    if (a >= 1e15) return sign + "$" + format_sig(a, digits);
    return sign + "$" + scaled(a, kMoney, 3, digits);
  }
  // below ten cents, two significant digits written out ("$0.0000017", "$0.015"): a cost
  // that is not zero never reads as zero, students compare decimals, not exponents, and
  // cents alone wrote $0.0149 as "$0.01", a third low (an attacker's trial); at least the
  // cents ("$0.10", not "$0.1"); with `digits`, as many significant digits
  if (a > 0 && a < 0.1) {
    const int sig = digits > 4 ? digits : 2;
    if (a < 1e-12) return sign + "$" + format_sig(a, sig);
    return sign + "$" + amount_text(a, std::max(3, sig - 1 - static_cast<int>(std::floor(std::log10(a)))));
  }
  // cents, or with `digits` more than 4 as many significant digits as asked: substituted
  // work whose money terms must add up ("$0.2691072 / $36.805 million": an attacker's trial)
  return sign + "$" + amount_text(a, amount_decimals(a, digits));
}

}  // namespace

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


namespace {

// Display scales of reported units: a value is shown in the largest scale it reaches.
struct UnitScales {
  const char* unit;
  const char* zero;
  Scale scales[8];
  std::size_t n;
};
const UnitScales kScales[] = {
    {"s", "0 s", {{1e-9, "ns"}, {1e-6, "\xC2\xB5s"}, {1e-3, "ms"}, {1.0, "s"}, {60.0, "min"}, {3600.0, "h"}, {kDay, "days"}}, 7},
    // under a kilobyte in words: "2 bytes", not "2 B", which reads as a batch B beside
    // "× 2 B" in a serving equation (a new user's trial)
    {"byte", "0 bytes", {{1, "bytes"}, {1e3, "KB"}, {1e6, "MB"}, {1e9, "GB"}, {1e12, "TB"}, {1e15, "PB"}, {1e18, "EB"}}, 7},
    {"param", "0 params", {{1, "params"}, {1e3, "K params"}, {1e6, "M params"}, {1e9, "B params"}, {1e12, "T params"}}, 5},
    {"flop", "0 flop", {{1, "flop"}, {1e3, "KFLOP"}, {1e6, "MFLOP"}, {1e9, "GFLOP"}, {1e12, "TFLOP"}, {1e15, "PFLOP"}, {1e18, "EFLOP"}, {1e21, "ZFLOP"}}, 8},
    {"flop/s", "0 flop/s", {{1, "flop/s"}, {1e3, "KFLOP/s"}, {1e6, "MFLOP/s"}, {1e9, "GFLOP/s"}, {1e12, "TFLOP/s"}, {1e15, "PFLOP/s"}, {1e18, "EFLOP/s"}, {1e21, "ZFLOP/s"}}, 8},
    {"byte/s", "0 B/s", {{1, "B/s"}, {1e3, "KB/s"}, {1e6, "MB/s"}, {1e9, "GB/s"}, {1e12, "TB/s"}, {1e15, "PB/s"}}, 6},
    {"W", "0 W", {{1, "W"}, {1e3, "kW"}, {1e6, "MW"}, {1e9, "GW"}}, 4},
    // energy bills are read in kWh: J and kJ below a kWh, watt-hours above
    {"J", "0 J", {{1, "J"}, {1e3, "kJ"}, {3.6e6, "kWh"}, {3.6e9, "MWh"}, {3.6e12, "GWh"}, {3.6e15, "TWh"}}, 6},
    {"kg", "0 kg", {{1e-3, "g"}, {1, "kg"}, {1e3, "tonnes"}}, 3},
};
const Scale kBinaryBytes[] = {{1, "bytes"}, {1024.0, "KiB"}, {1048576.0, "MiB"}, {1073741824.0, "GiB"},
                              {1099511627776.0, "TiB"}, {1125899906842624.0, "PiB"},
                              {1152921504606846976.0, "EiB"}};

// A rate (1/s, USD/s): per second, minute, hour, day or year, the first at which the
// value reaches 1 (5.37e-8 failures/s read as 1.694/year).
struct Per {
  double seconds;
  const char* name;
};
const Per kPer[] = {{1, "s"}, {60, "min"}, {3600, "h"}, {kDay, "day"}, {365 * kDay, "year"}};
const Per& kPerHour = kPer[2];

}  // namespace

namespace {

const Per& pick_per(double a) {
  for (const Per& p : kPer)
    if (a * p.seconds >= 0.99995) return p;
  return kPer[std::size(kPer) - 1];
}

// A money rate (USD/s) reads per hour, as compute is priced, from a cent an hour up
// ($0.91/h, $36,800/h): the first-that-reaches-1 rule wrote $0.91/h as "$21.87/day" beside
// "$1.37/h" in one row of a comparison, and a cluster's $4,000/h as "$1.11/s". Below a cent
// an hour, per day or per year as any rate. A rate whose hourly amount a double cannot
// hold (above 5e304 USD/s) reads per second: "$1e305/s", not "$Infinity/h".
const Per& pick_money_per(double a) {
  if (!std::isfinite(a * kPerHour.seconds)) return kPer[0];
  return a * kPerHour.seconds >= 0.01 ? kPerHour : pick_per(a);
}

// The scale a rate of unit "1/s" or "USD/s" and size `a` (>= 0) is written in, by human_text
// and display_scale alike: zero (and NaN) per hour for money, per second otherwise.
const Per& rate_per(std::string_view unit, double a) {
  if (!(a > 0)) return unit == "USD/s" ? kPerHour : kPer[0];
  return unit == "USD/s" ? pick_money_per(a) : pick_per(a);
}

const UnitScales* unit_scales(std::string_view unit) {
  for (const UnitScales& u : kScales)
    if (unit == u.unit) return &u;
  return nullptr;
}

}  // namespace

namespace {

// "1 day", "1 token", "1 param", "1 tonne", "1 token/s": a plural unit word after a number
// shown as 1 is singular ("1 days", "1 tokens" before); a scaled word ("1 K params") stays plural.
std::string singular_at_one(std::string text) {
  static const char* const kPlurals[] = {"days", "params", "samples", "iterations", "tokens", "requests", "tonnes", "bytes"};
  if (text.compare(0, 2, "1 ") != 0) return text;
  const std::size_t end = std::min(text.find('/', 2), text.size());
  for (const char* word : kPlurals)
    if (text.compare(2, end - 2, word) == 0) return text.erase(end - 1, 1);
  return text;
}

}  // namespace

std::string human_text(double v, std::string_view unit, BytePrefix bytes, int digits) {
  if (!std::isfinite(v)) return js_number(v);
  digits = std::clamp(digits, 4, 17);
  if (unit == "USD") return money(v, digits);
  if (is_count_label(unit)) {
    const std::string n = number_text(v, digits);
    return unit == "count" ? n : singular_at_one(n + " " + std::string(unit));
  }
  if (unit.empty()) return number_text(v, digits);
  if (unit == "byte" && bytes == BytePrefix::binary) return v == 0 ? "0 bytes" : singular_at_one(scaled(v, kBinaryBytes, 7, digits));
  if (const UnitScales* u = unit_scales(unit)) {
    if (v == 0) return u->zero;
    return singular_at_one(scaled(v, u->scales, u->n, digits));
  }
  if (unit == "1/s" || unit == "USD/s") {
    const Per& per = rate_per(unit, std::fabs(v));  // zero as display_scale: "$0.00/h", "0/s"
    const double x = v * per.seconds;
    return (unit == "USD/s" ? money(x, digits) : format_sig(x, digits)) + "/" + per.name;
  }
  if (unit.size() > 2 && unit.compare(0, 2, "1/") == 0) return format_sig(v, digits) + "/" + std::string(unit.substr(2));
  return format_sig(v, digits) + " " + std::string(unit);
}

std::string text_in_unit(double v, std::string_view unit, int digits) {
  return singular_at_one(number_text(v / declared_unit(unit).value, digits) + " " + std::string(unit));
}

std::string quantity_number_text(double v, int digits) {
  return std::isfinite(v) && std::fabs(v) >= 1e7 ? scientific(v, std::clamp(digits, 4, 17)) : number_text(v, digits);
}

std::string number_text(double v, int digits) {
  if (!std::isfinite(v)) return js_number(v);
  digits = std::clamp(digits, 4, 17);
  const double a = std::fabs(v);
  if (std::floor(v) == v && a < 1e15) return format_sig(v, 16);  // whole: exactly (12,500)
  if (a < 1e-4 || a >= 1e15) return scientific(v, digits);        // 1.694e-5, 3.15e23
  // 4 significant digits, or one decimal where the whole part alone has more (33,333.3)
  const int whole_digits = a >= 1 ? static_cast<int>(std::floor(std::log10(a))) + 1 : 0;
  return format_sig(v, std::max(digits, whole_digits + 1));
}

std::string significant_text(double v, int digits) {
  return format_sig(v, std::clamp(digits, 1, 17));
}

namespace {
struct TimeSetting {
  const char* name;
  double seconds;
};
const TimeSetting kTimeSettings[] = {{"ns", 1e-9}, {"\xC2\xB5s", 1e-6}, {"ms", 1e-3}, {"s", 1},
                                     {"min", 60},  {"h", 3600},        {"day", kDay}};
}  // namespace

double time_setting_seconds(std::string_view time) {
  for (const TimeSetting& t : kTimeSettings)
    if (time == t.name) return t.seconds;
  return 0;
}

std::string settings_text(double v, std::string_view unit, const DisplaySettings& settings, int digits) {
  if (!std::isfinite(v)) return "";  // "NaN", "Infinity" as every text writes them ("$nan": an attacker's trial)
  if (unit == "s") {
    const double seconds = time_setting_seconds(settings.time);
    if (seconds == 0) return "";
    const double scaled = v / seconds;
    if (!std::isfinite(scaled) || (scaled == 0 && v != 0)) return "";
    const std::string n = number_text(scaled, digits);
    // "day" is a word, plural but for one, as human_text writes it ("22.82 days", "1 day")
    return n + " " + (settings.time == "day" && n != "1" ? "days" : settings.time);
  }
  if (!settings.money_full || (unit != "USD" && unit != "USD/s")) return "";
  // a money rate per hour as the cards price it, its amount in full ("$1,500,000.00/h",
  // not "$1.5 million/h")
  const Per* per = unit == "USD/s" ? &rate_per(unit, std::fabs(v)) : nullptr;
  const double x = per ? v * per->seconds : v, a = std::fabs(x);
  if (!(a >= 1e6 && a < 1e15)) return per ? "" : money(x, digits);  // to the cent already, or as it reads best
  return (x < 0 ? "-$" : "$") + amount_text(a, amount_decimals(a, digits)) + (per ? "/" + std::string(per->name) : "");
}

DisplayScale display_scale(double v, std::string_view unit, BytePrefix bytes, const DisplaySettings& settings) {
  const double a = std::isfinite(v) ? std::fabs(v) : 0;
  if (unit == "USD" && settings.money_full) return {1, "$", true, true};
  // a fixed time unit, unless it cannot hold the value (1e308 s in ns), as settings_text
  if (const double s = time_setting_seconds(settings.time); unit == "s" && s > 0 && std::isfinite(a / s) && (a == 0 || a / s != 0))
    return {s, settings.time == "day" ? "days" : settings.time, false, true};
  if (unit == "USD") {
    if (a < 1e6 || a >= 1e15) return {1, "$", true, true};
    const Scale& s = pick_scale(a, kMoney, 3);
    return {s.factor, std::string("$ ") + s.suffix, true, true};
  }
  if (unit.empty() || is_count_label(unit)) return {1, unit == "count" ? "" : std::string(unit), false, true};
  if (unit == "byte" && bytes == BytePrefix::binary) {
    const Scale& s = pick_scale(a, kBinaryBytes, 7);
    return {s.factor, s.suffix, false, true};
  }
  if (const UnitScales* u = unit_scales(unit)) {
    const Scale& s = pick_scale(a, u->scales, u->n);
    return {s.factor, s.suffix, false, true};
  }
  if (unit == "1/s" || unit == "USD/s") {
    const Per& per = rate_per(unit, a);
    return {1 / per.seconds, (unit == "USD/s" ? "$/" : "per ") + std::string(per.name), unit == "USD/s", true};
  }
  if (unit.size() > 2 && unit.compare(0, 2, "1/") == 0) return {1, "per " + std::string(unit.substr(2)), false, true};
  return {1, std::string(unit), false, false};
}

}  // namespace mlsysim
