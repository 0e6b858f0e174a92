// Reading one input value against its rule (read.hpp).
#include "read.hpp"

#include <cctype>
#include <cmath>

#include "mlsysim/text.hpp"
#include "value_text.hpp"

namespace mlsysim {

namespace {

// True when `text` names a thing counted ("5 requests", "2048 token/s": units.cpp's plain
// units token, request and req), which adds no unit
bool names_count_label(const std::string& text) {
  const auto counted = [](std::string w) {
    if (w.size() > 1 && w.back() == 's') w.pop_back();
    return w == "token" || w == "request" || w == "req";
  };
  std::string word;
  for (std::size_t i = 0; i <= text.size(); ++i) {
    const char c = i < text.size() ? text[i] : ' ';
    if (std::isalpha(static_cast<unsigned char>(c))) {
      word += c;
      continue;
    }
    if (!word.empty() && counted(word)) return true;
    word.clear();
  }
  return false;
}

// True when `s` is the integer literal 2^53 (optional sign and leading zeros).
bool exactly_2_53(const std::string& s) {
  std::size_t i = (!s.empty() && (s[0] == '+' || s[0] == '-')) ? 1 : 0;
  while (i + 1 < s.size() && s[i] == '0') ++i;
  return s.compare(i, std::string::npos, "9007199254740992") == 0;
}

// False when decimal literal `s` ("2.9999999999999999", "1.5e0") has a non-zero digit
// after its decimal point once the exponent is applied, though it reads as a whole
// double; true for whole literals ("3.0", "1.5e1") and for text that is not a plain
// decimal literal (parse_number decides about that).
bool whole_literal(const std::string& s) {
  std::size_t i = (!s.empty() && (s[0] == '+' || s[0] == '-')) ? 1 : 0;
  std::string digits;
  long point = -1;
  for (; i < s.size() && (std::isdigit(static_cast<unsigned char>(s[i])) || s[i] == '.'); ++i) {
    if (s[i] == '.') point = static_cast<long>(digits.size());
    else digits += s[i];
  }
  if (point < 0) point = static_cast<long>(digits.size());
  if (i < s.size() && (s[i] == 'e' || s[i] == 'E')) {
    std::size_t j = i + 1;
    const bool negative = j < s.size() && s[j] == '-';
    if (j < s.size() && (s[j] == '+' || s[j] == '-')) ++j;
    if (j == s.size() || s.find_first_not_of("0123456789", j) != std::string::npos) return true;
    // the exponent's value, however many digits it is written with ("e0000000" is 0),
    // saturated where it moves the point past every digit
    const long cap = static_cast<long>(digits.size()) + 1;
    long e = 0;
    for (; j < s.size(); ++j) e = std::min(cap, e * 10 + (s[j] - '0'));
    point += negative ? -e : e;
  } else if (i != s.size()) {
    return true;
  }
  for (long k = std::max(0L, point); k < static_cast<long>(digits.size()); ++k)
    if (digits[static_cast<std::size_t>(k)] != '0') return false;
  return true;
}

// "; did you mean "1.5 GB", "1.5 GiB" or "1.5 Gbit"? (a prefix needs its unit)", each text
// from its `skip`th byte ({value, unit} is advised on its unit: "1 GB" from 2)
std::string did_you_mean(const UnitAdvice& a, std::size_t skip) {
  if (a.texts.empty()) return a.why.empty() ? "" : " " + a.why;  // a fixed hint: "(an abbreviation); write ..."
  // a suggestion the message would cut (describe quotes 60 characters) is no help
  for (const std::string& t : a.texts)
    if (t.size() - skip > 60) return "";
  std::string out = "; did you mean ";
  for (std::size_t i = 0; i < a.texts.size(); ++i)
    out += (i == 0 ? "" : i + 1 == a.texts.size() ? " or " : ", ") + describe(Json(a.texts[i].substr(skip)));
  return out + "? (" + a.why + ")";
}

}  // namespace

bool as_number(const Json& v, double& out) {
  if (v.is_number()) {
    out = v.get<double>();
    return true;
  }
  if (v.is_object() && v.size() == 1 && v.contains("$number") && v["$number"].is_string()) {
    const std::string& s = v["$number"].get_ref<const std::string&>();
    if (s == "NaN") out = NAN;
    else if (s == "Infinity") out = INFINITY;
    else if (s == "-Infinity") out = -INFINITY;
    else return false;
    return true;
  }
  return false;
}

Expected<std::int64_t> read_int(const Json& v, const std::string& field, const std::string& prefix, const Bounds& b) {
  const std::string must = prefix + "must be an integer " + b.text();
  double x = 0;
  bool number = as_number(v, x);
  if (!number && v.is_string()) {
    const std::string s = typed_number(v.get<std::string>());
    number = parse_number(s, x);
    // "2.9999999999999999" reads as the double 3 but is not a whole number as written
    if (number && std::isfinite(x) && std::floor(x) == x && !whole_literal(s))
      return InputError(field, must + ", got " + describe(v) + ": it has a fraction, though it rounds to " + js_number(x));
    // a literal just above 2^53 rounds to a double that passes the bound: at that
    // magnitude only the exact integer literal 9007199254740992 is taken
    if (number && std::fabs(x) >= static_cast<double>(kMaxExactInteger) && !exactly_2_53(s))
      x = std::copysign(1e300, x);
  }
  // advice writes only a text this field takes ("$5": "5", not "5 USD": an attacker's trial)
  const auto takes = [&](const std::string& s) { double y = 0; return parse_number(s, y) && std::floor(y) == y && b.contains(y); };
  if (!number && v.is_string() && !number_advice(v.get<std::string>(), takes).empty())
    return InputError(field, must + ", got " + describe(v) + ": " + number_advice(v.get<std::string>(), takes));
  if (!number && v.is_string() && !range_note(v.get_ref<const std::string&>()).empty())
    return InputError(field, must + ", got " + describe(v) + ": it is " + range_note(v.get_ref<const std::string&>()));
  if (!number || !std::isfinite(x) || std::floor(x) != x || !b.contains(x))
    return InputError(field, must + ", got " + describe(v));
  // a JSON float at 2^53 may stand for 9007199254740991.5 or ...993: not exact
  const bool too_big = x > static_cast<double>(kMaxExactInteger) ||
                       (v.is_number_float() && std::fabs(x) >= static_cast<double>(kMaxExactInteger)) ||
                       (v.is_number_unsigned() && v.get<std::uint64_t>() > static_cast<std::uint64_t>(kMaxExactInteger));
  if (too_big)
    return InputError(field, must + " and at most 2^53 = 9007199254740992 (exact in JavaScript), got " + describe(v));
  return static_cast<std::int64_t>(x) + 0;  // + 0 turns -0 into 0
}

Expected<double> read_float(const Json& v, const std::string& field, const std::string& prefix, const Bounds& b) {
  double x = 0;
  bool number = as_number(v, x);
  if (!number && v.is_string()) number = parse_number(typed_number(v.get<std::string>()), x);
  const std::string must = prefix + "must be a finite number " + b.text() + ", got " + describe(v);
  const auto takes = [&](const std::string& s) { double y = 0; return parse_number(s, y) && b.contains(y); };
  if (!number && v.is_string() && !number_advice(v.get<std::string>(), takes).empty())
    return InputError(field, must + ": " + number_advice(v.get<std::string>(), takes));
  if (!number && v.is_string() && !range_note(v.get_ref<const std::string&>()).empty())
    return InputError(field, must + ": it is " + range_note(v.get_ref<const std::string&>()));
  if (!number || !std::isfinite(x) || !b.contains(x))
    return InputError(field, must + (number && v.is_string() ? zero_note(v.get_ref<const std::string&>(), x) : ""));
  return x + 0.0;
}

Expected<double> read_quantity(const Json& v, const std::string& field, const std::string& prefix, const Dim& dim,
                     const Bounds& b, const std::string& display_unit) {
  const std::string name = dim.name();
  const std::string shown_unit = display_unit.empty() ? dim.canonical_unit() : display_unit;
  const std::string expected = dim.phrase();
  // one of the unit, as people write it: "1 GB", "1/s" (not "1 1/s")
  const std::string one = shown_unit.rfind("1/", 0) == 0 ? shown_unit : "1 " + shown_unit;
  const std::string example = dim.canonical_unit().empty() ? "" : " such as \"" + one + "\"";
  // what a UnitError becomes: "$40", "15T", "12,500 USD" with the number as it must be
  // written, and what to write instead (a number, with the unit a quantity needs)
  // An unknown unit name is advised on with the field's dimension in mind ("1.5 G" in a
  // bytes field: "1.5 GB", not the grams of "g" nor a "1.5e9" the field refuses for want
  // of a unit); the number's own advice comes when there is none.
  // a text this field takes: what advice may suggest ("$5" in a rate: "5 USD/h", not "5 USD";
  // "-5" in a rate >= 0: no "-5 USD/h": an attacker's trial)
  const auto takes = [&](const std::string& s) {
    const Expected<Quantity, UnitError> q = parse_quantity(s);
    return q && q->dim == dim && b.contains(q->value);
  };
  const auto unit_error = [&](const UnitError& e) {
    std::string what = e.what();
    std::string advice = v.is_string() ? number_advice(v.get_ref<const std::string&>(), takes, shown_unit) : "";
    if (!e.unknown.empty()) {
      // parse_unit's own hints name units of any dimension ("G": grams): replaced
      what = "unknown unit " + describe(Json(e.unknown));
      const UnitAdvice a = v.is_string() ? unit_advice(v.get_ref<const std::string&>(), e.unknown, dim, shown_unit, true)
                                         : unit_advice("1 " + v.value("unit", std::string()), e.unknown, dim, shown_unit, false);
      what += did_you_mean(a, v.is_string() ? 0 : 2);
      // "3k" in a field of seconds: "write 3e3" would be refused too; a plain number keeps it.
      // Advice that writes the unit too ("1 000 s": "1000 s"; "7 cents/kWh": "0.07 USD/kWh") stays
      if (!dim.dimensionless() && !number_advice_keeps_unit(e.unknown)) advice.clear();
    } else if (v.is_string() && !dim.dimensionless()) {
      // two words where a unit is one: "7 B params" -> "7 Bparam"
      const std::string joined = did_you_mean(unit_advice(v.get_ref<const std::string&>(), "", dim, shown_unit, true), 0);
      if (!joined.empty()) what += joined, advice.clear();
    }
    const bool said = advice.empty() || what.find(advice) != std::string::npos;
    return InputError(field, prefix + what + "; expected " + (dim.dimensionless() ? "a number such as \"0.25\"" : expected + example) +
                                 (said ? "" : ": " + advice));
  };
  // a value of another dimension than the field's, said as such (`got`: its dimension)
  const auto wrong_dim = [&](const Dim& got) {
    // a number alone has no unit; "5 requests" has a unit that counts things, not a dimension
    double bare_value = 0;
    const bool bare = !v.is_string() || parse_number(typed_number(v.get_ref<const std::string&>()), bare_value);
    // units that cancel ("5 s/s") are not counts ("5 requests", whose label is no unit)
    const std::string got_dim = !got.dimensionless() ? got.phrase()
                                : bare                  ? "no unit"
                                : names_count_label(v.get_ref<const std::string&>())
                                    ? "a plain number: token and request count things and add no unit"
                                    : "a plain number: its units cancel";
    // "7B" in a param field is 7 bytes to the parser and 7 billion to the reader: "7 Bparam"
    std::string advice =
        did_you_mean(v.is_string() ? unit_advice(v.get_ref<const std::string&>(), "", dim, shown_unit, true) : UnitAdvice{}, 0);
    // a bare count of parameters or an amount of money: the unit people mean is the field's
    // ("7000000000" -> "7000000000 param"), as for "30k" -> "30000 USD"
    if (advice.empty() && v.is_string() && bare && got.dimensionless() && (dim[Base::param] == 1 || dim[Base::currency] == 1) &&
        takes(typed_number(v.get_ref<const std::string&>()) + " " + shown_unit)) {
      advice = did_you_mean(UnitAdvice{{typed_number(v.get_ref<const std::string&>()) + " " + shown_unit},
                                       dim[Base::param] == 1 ? "a parameter count needs its unit" : "an amount of money needs its unit"},
                            0);
    }
    return InputError(field, prefix + "expected " + expected + ", got " + describe(v) + " (" + got_dim + ")" +
                                (!advice.empty() ? advice : example.empty() ? "" : "; for example \"" + one + "\""));
  };
  Quantity q;
  double num = 0;
  if (v.is_string()) {
    const Expected<Quantity, UnitError> parsed = parse_quantity(v.get_ref<const std::string&>());
    // "1e300 EB" for a time: the wrong kind first, not its range once converted to bytes
    if (!parsed && parsed.error().overflowed && parsed.error().dim != dim) return wrong_dim(parsed.error().dim);
    if (!parsed) return unit_error(parsed.error());
    q = *parsed;
    // zero is zero in every unit: "0" needs none; not so "1e-999", which a double reads as 0
    // (an attacker's trial: it passed as a rate of 0 with no unit)
    if (q.value == 0 && q.dim.dimensionless() && written_zero(v.get_ref<const std::string&>())) q.dim = dim;
  } else if (as_number(v, num) && num == 0) {
    q = {0.0, dim};
  } else if (v.is_object() && !v.contains("$number")) {
    for (const auto& [key, _] : v.items())
      if (key != "value" && key != "unit")
        return InputError(field, prefix + "unknown key " + describe(Json(key)) + " in {value, unit}; valid keys: value, unit");
    if (!v.contains("value") || !as_number(v["value"], num))
      return InputError(field, prefix + "{value, unit} needs a number \"value\", got " + describe(v));
    if (!std::isfinite(num)) return InputError(field, prefix + "must be a finite number, got " + describe(v));
    const Json unit = v.contains("unit") ? v["unit"] : Json("");
    if (!unit.is_string()) return InputError(field, prefix + "{value, unit} needs a string \"unit\", got " + describe(v));
    const Expected<Quantity, UnitError> parsed = parse_unit_alone(unit.get_ref<const std::string&>());
    if (!parsed) return unit_error(parsed.error());
    q = *parsed;
    q.value = scale_as_written(num, q.value);
    if (!std::isfinite(q.value) && q.dim != dim) return wrong_dim(q.dim);
    // as the text form says it ("1e308 h" is out of range once converted to s)
    if (!std::isfinite(q.value))
      return InputError(field, prefix + describe(v) + " is out of range once converted to " +
                                   converted_to(q.dim) +
                                   ": too large for a double");
  } else if (as_number(v, num) && dim.dimensionless()) {
    q = {num, dims::none};
  } else if (as_number(v, num)) {
    return InputError(field, prefix + "expected " + expected + example + ", got " + describe(v) + " (no unit)");
  } else {
    return InputError(field, prefix + "expected " + expected + example + ", got " + describe(v));
  }
  if (!std::isfinite(q.value))
    return InputError(field, prefix + "must be a finite " + (name.empty() ? std::string("number") : name) + ", got " + describe(v));
  if (q.dim != dim) return wrong_dim(q.dim);
  if (!b.contains(q.value)) {
    // the bounds as the field's display unit writes them (>= 0 USD/h, not USD/s)
    const Bounds shown = b.scaled(display_unit.empty() ? 1.0 : declared_unit(display_unit).value);
    return InputError(field, prefix + "must be " + (dim.dimensionless() ? "" : expected + " ") + shown.text(shown_unit) +
                                ", got " + describe(v) +
                                (v.is_string() ? zero_note(v.get_ref<const std::string&>(), q.value)
                                 // {value, unit} as its text form says it (a re-checker's trial)
                                 : q.value == 0 && num != 0 ? underflow_note(converted_to(dim))
                                                            : ""));
  }
  return q.value + 0.0;
}

Expected<void> only_keys(const Json& obj, const std::string& field, const std::string& prefix, const std::vector<std::string>& allowed) {
  for (const auto& [key, _] : obj.items()) {
    bool ok = false;
    for (const std::string& a : allowed) ok = ok || key == a;
    if (!ok) return InputError(field, prefix + "unknown key " + describe(Json(key)) + did_you_mean_name(key, allowed) + "; valid keys: " + join(allowed));
  }
  return {};
}

Expected<std::string> read_name(const Json& obj, const std::string& field, const std::string& prefix, const std::string& fallback) {
  if (!obj.contains("name") || obj["name"].is_null()) return fallback;
  if (!obj["name"].is_string() || obj["name"].get<std::string>().empty())
    return InputError(field, prefix + "name must be a non-empty string, got " + describe(obj["name"]));
  return obj["name"].get<std::string>();
}

Expected<std::string> read_source(const Json& v, const std::string& field, const std::string& prefix) {
  if (!v.is_string()) return InputError(field, prefix + "source must be a string, got " + describe(v));
  // cut at 500 bytes, not inside a character (half of one reads as U+FFFD)
  std::string s = v.get<std::string>();
  if (s.size() > 500) {
    std::size_t n = 500;
    while (n > 0 && (static_cast<unsigned char>(s[n]) & 0xC0) == 0x80) --n;
    s.resize(n);
  }
  return s;
}

Expected<std::int64_t> exact_product(std::int64_t a, std::int64_t b, const std::string& blame, const std::string& what) {
  std::int64_t r = 0;
  if (__builtin_mul_overflow(a, b, &r) || r > kMaxExactInteger) {
    // the exact product in decimal (a double would round 2^53 + 1 to 2^53 and contradict
    // the message); both factors are integers in [0, 2^53], so 128 bits hold it
    unsigned __int128 p = static_cast<unsigned __int128>(a) * static_cast<unsigned __int128>(b);
    std::string digits;
    do {
      digits.insert(digits.begin(), static_cast<char>('0' + static_cast<int>(p % 10)));
      p /= 10;
    } while (p != 0);
    return InputError(blame, what + " = " + digits +
                              " is above 2^53 = 9007199254740992, the largest whole number a result holds exactly (as a "
                              "JavaScript number does): make one of the two smaller");
  }
  return r;
}

}  // namespace mlsysim
