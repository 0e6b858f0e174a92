// Values as text for people (docs/units.md): the shortest exact JavaScript-style number,
// and human-readable text that scales a value in a reported unit to a sensible prefix.
// Parsing is units.hpp.
#pragma once

#include <string>
#include <string_view>

namespace mlsysim {

/// The shortest text that reads back to the same double, in JavaScript's
/// Number.prototype.toString style: `0.625`, `1e+21`, `1.5e-7`, `NaN`, `Infinity`.
std::string js_number(double v);

/// Prefix style for human-readable byte counts.
enum class BytePrefix { decimal, binary };

/// Human-readable text for a value in a reported unit (a property's unit: a count label
/// such as "count" or "samples", "" for dimensionless, or a canonical unit such as "s",
/// "byte", "USD", "flop", "W", "J", "kg", "byte/s", "flop/s", "USD/s", "1/s"). Scales to a
/// sensible prefix: 0.625 s -> "625 ms", 3.5e11 byte -> "350 GB", 38.888 USD -> "$38.89",
/// 5.7142857 -> "5.714", 1024 count -> "1,024", 266240 W -> "266.2 kW",
/// 3.35e12 flop/s -> "3.35 TFLOP/s", 5.37e-8 1/s -> "1.694/year" (a rate: per s, min, h,
/// day or year, the first at which it reaches 1; money rates per hour from $0.01/h up:
/// 2.53e-4 USD/s -> "$0.91/h"). Other units are written
/// as they are after a number of 4 significant digits. `digits` (4 to 17) asks for more
/// significant digits than 4 where a number shows more than its own value: substituted
/// work whose arithmetic cancels (work.cpp). Money keeps at least its cents, and takes more
/// digits where `digits` asks ("$0.2691072", "$107.64 million"); to the cent a half cent
/// rounds up ("$0.13" for 0.125).
std::string human_text(double value, std::string_view unit, BytePrefix bytes = BytePrefix::decimal, int digits = 4);

/// A plain number as the page shows every number (one rule for cards, work lines,
/// warnings and plots): whole numbers exactly with thousands separators ("12,500"),
/// others to 4 significant digits, or one decimal where the whole part alone has more
/// ("5.714", "0.5", "33,333.3"), trailing zeros dropped; 4 significant digits in
/// scientific notation below 1e-4 and from 1e15 ("1.694e-5", "3.15e23"). `digits` (4 to
/// 17) for more than 4, as human_text's.
std::string number_text(double v, int digits = 4);

/// `v` to `digits` (1..17) significant digits (its whole part always whole), trailing zeros
/// dropped, thousands separated;
/// scientific below 1e-4 and from 1e15 ("0.28125" to 4 is "0.2812": printf's rounding).
/// For labels that need more digits than a result's 4 to differ (a plot's ticks).
std::string significant_text(double v, int digits);

/// The reader's Time and Money settings (the page's; evaluate's options `time` and `money`,
/// docs/api.md). `time`: "" or "auto" (each time scaled as human_text scales it), or one of
/// the units time_setting_seconds names, in which every time in seconds is written;
/// `money_full`: dollars to the cent with digit groups ("$8,923,000.00"; "$8.923 million"
/// without it).
struct DisplaySettings {
  std::string time;
  bool money_full = false;
};
/// The seconds in a unit the Time setting takes: ns, µs, ms, s, min, h, day; 0 for any
/// other text ("auto" and "" included).
double time_setting_seconds(std::string_view time);
/// `v` in reported `unit` as `settings` write it: a time in seconds in the fixed unit
/// (0.625 s in "ms" -> "625 ms", 8750 s in "h" -> "2.431 h", "22.82 days" but "1 day"),
/// money in full (below ten cents and from $1e15 as human_text writes it: "$0.015",
/// "$1e15"). "" where the settings ask nothing of `unit`, or where the fixed time unit
/// cannot hold the value (1e300 s in ns, 1e-320 s in days): the caller's text stands.
/// `digits` (4 to 17) as human_text's, for a time (money in full has its cents).
std::string settings_text(double v, std::string_view unit, const DisplaySettings& settings, int digits = 4);

/// The scale human_text writes a value of magnitude |v| in, as a plot's axis reads it:
/// values in canonical units divide by `factor` to read in `unit` ("ms", "GiB", "$ million",
/// "$/h", "per year"; "" for counts). `money`: ticks are written "$20". `known` is false for a
/// unit no result scales (byte/param): its numbers read as they are.
struct DisplayScale {
  double factor = 1;
  std::string unit;
  bool money = false;
  bool known = true;
};
/// With `settings`, an axis of times reads in the fixed unit ({86400, "days"}) and one of
/// money in dollars ({1, "$", money}) where they ask it.
DisplayScale display_scale(double v, std::string_view unit, BytePrefix bytes = BytePrefix::decimal,
                           const DisplaySettings& settings = {});
/// The same rule, but a quantity's large number in scientific notation from 1e7, as
/// substituted work writes it beside its unit ("1.75e11 param", "1.606e10 byte").
std::string quantity_number_text(double v, int digits = 4);

/// A value given in canonical units, written in `unit` (a unit expression of the same
/// dimension) to 4 significant digits (or `digits`, as human_text's): (2.5e10, "Gbps") -> "200 Gbps".
std::string text_in_unit(double canonical_value, std::string_view unit, int digits = 4);

}  // namespace mlsysim
