// Reading inputs as people write them: what is refused says why and how to write it; what
// is unambiguous (a bare zero) is taken; a partial evaluation reports every error at once.
#include <functional>

#include "support.hpp"

using test::Json;

namespace {
std::string refusal(const std::string& preset, const Json& set) {
  try {
    mlsysim::evaluate_preset(preset, set).value();
  } catch (const mlsysim::InputError& e) {
    return e.what();
  }
  return "";
}
}  // namespace

TEST_CASE("A number with a comma is refused, saying what the comma was taken for and how to write it", "[reading]") {
  const std::string bsp = "TransformerBsp8Workers";
  // the CLI prints 12,500; typed back, it must be refused (a comma is a decimal mark in
  // many places), but the message must not read as if 12 500 were not an integer
  CHECK(refusal(bsp, {{"base_iterations", "12,500"}}) ==
        "base_iterations: must be an integer >= 1, got \"12,500\": a comma is not read as a thousands separator: write \"12500\"");
  CHECK_THAT(refusal(bsp, {{"iterations", "1,234,567"}}), Catch::EndsWith("write \"1234567\""));
  CHECK_THAT(refusal(bsp, {{"communication_overhead", "0,35"}}), Catch::EndsWith("write \"0.35\" (with a point)"));
  CHECK_THAT(refusal(bsp, {{"device_hour_rate", "2,49 USD/h"}}), Catch::Contains("write \"2.49 USD/h\" (with a point)"));
  CHECK_THAT(refusal(bsp, {{"workers", "1,2,3"}}), Catch::Contains("without commas"));
  CHECK(mlsysim::number_advice("12500").empty());
  // the other ways people write numbers (a student's trial): a space, a suffix, a percentage
  CHECK(refusal(bsp, {{"base_iterations", "12 500"}}) ==
        "base_iterations: must be an integer >= 1, got \"12 500\": a space is not read as a thousands separator: write \"12500\"");
  CHECK_THAT(refusal(bsp, {{"iterations", "1 000 000"}}), Catch::EndsWith("write \"1000000\""));
  // ... and as typeset text groups digits (a narrow no-break or thin space, copied from a page)
  CHECK_THAT(refusal(bsp, {{"base_iterations", "12\u202f500"}}), Catch::EndsWith("a space is not read as a thousands separator: write \"12500\""));
  CHECK_THAT(refusal(bsp, {{"iterations", "1\u2009000\u00a0000"}}), Catch::EndsWith("write \"1000000\""));
  CHECK(refusal("Gpt3OnTraining1KA100", {{"training_tokens", "15T"}}) ==
        "training_tokens: must be a finite number > 0, got \"15T\": a suffix such as T is not read: write \"15e12\"");
  CHECK_THAT(refusal(bsp, {{"base_iterations", "100k"}}), Catch::EndsWith("write \"100e3\""));
  CHECK(refusal("Gpt3OnTraining1KA100", {{"mfu", "40%"}}) ==
        "mfu: must be a finite number > 0 and <= 1, got \"40%\": a percentage is not read: write the fraction \"0.4\"");
  CHECK_THAT(refusal(bsp, {{"communication_overhead", "12.5 %"}}), Catch::EndsWith("write the fraction \"0.125\""));
  for (const char* plain : {"12500", "1e3", "abc", "12 50", "15 TB", "1.5 000"}) CHECK(mlsysim::number_advice(plain).empty());
}

TEST_CASE("A number typed with spaces around it reads alike for integers, floats and quantities", "[reading]") {
  // "8 " was an integer and "0.25 " no float ("must be a finite number >= 0, got "0.25 ""),
  // while "0.5 s " was a time: one rule now, as around a quantity, typeset spaces included
  const std::string bsp = "TransformerBsp8Workers";
  for (const char* overhead : {"0.25 ", " 0.25", "0.25\t", "0.25\u00a0", "\u202f0.25"}) {
    INFO(overhead);
    CHECK(mlsysim::evaluate_preset(bsp, Json{{"communication_overhead", overhead}}).value()["inputs"]["communication_overhead"] == 0.25);
  }
  for (const char* workers : {"16 ", "\t16", "16\u00a0"}) {
    INFO(workers);
    CHECK(mlsysim::evaluate_preset(bsp, Json{{"workers", workers}}).value()["inputs"]["workers"] == 16);
  }
  // inside a number a space is still no separator
  CHECK_THAT(refusal(bsp, {{"base_iterations", "12 500"}}), Catch::EndsWith("write \"12500\""));
}

TEST_CASE("Every text the number advice suggests is one the parser reads", "[reading]") {
  // "$30,000" had been told to write "30 USD,000", "$1.5 million" (as a result card reads)
  // "1.5 USD million", "$1e3" "1 USDe3", "$2 USD" "2 USD USD": each refused in its turn
  const std::pair<const char*, const char*> cases[] = {
      {"$30,000", "30000 USD"},      {"$1.5 million", "1.5e6 USD"}, {"$1.226 billion", "1.226e9 USD"},
      {"$1e3", "1e3 USD"},           {"$2 USD", "2 USD"},           {"$2.50/h", "2.50 USD/h"},
      {"$1,234.5", "1234.5 USD"},    {"$40", "40 USD"},             {"$1.5 million/h", "1.5e6 USD/h"},
      {"$ 7", "7 USD"},              {"12,500", "12500"},           {"0,35", "0.35"},
      {"2,49 USD/h", "2.49 USD/h"},  {"-1,000", "-1000"},           {"15T", "15e12"},
      {"12 500", "12500"},           {"100k", "100e3"},
      // an attacker's and a new user's trials: a typeset minus, digits grouped before a unit
      {"1e\u22123 s", "1e-3 s"},      {"\u22125 W", "-5 W"},         {"1 000 s", "1000 s"},
      {"1 000 000 USD/h", "1000000 USD/h"}, {"7 cents/kWh", "0.07 USD/kWh"}, {"250 cents", "2.5 USD"},
      // the last group with a decimal part (a third trial)
      {"12 345.6 s", "12345.6 s"},   {"1 000.5 h", "1000.5 h"},     {"12 345.6", "12345.6"},
  };
  for (const auto& [typed, suggested] : cases) {
    INFO(typed);
    const std::string advice = mlsysim::number_advice(typed);
    CHECK_THAT(advice, Catch::Contains(std::string("write \"") + suggested + "\""));
  }
  // and by construction, for a wider set: whatever is quoted after "write" parses
  for (const char* typed : {"$30,000", "$1.5 million", "$1e3", "$2 USD", "$2/h", "$x", "$1,2,3", "$.5", "$1.5 trillion/year",
                            "$5 thousand", "1,2,3", "1,5", "12,500.5", "40%", "7M", "$", "$$5", "$1.5 millions",
                            "1e\u22123 s", "\u2212", "1 000 s", "1 000.5 s", "1 000e3 s", "1 000 000", "1 00 s"}) {
    INFO(typed);
    const std::string advice = mlsysim::number_advice(typed);
    const std::size_t q = advice.find("write \"");
    if (q == std::string::npos || advice.find("write the number") != std::string::npos) continue;
    const std::size_t from = q + 7, to = advice.find('"', from);
    CHECK_NOTHROW(mlsysim::parse_quantity(advice.substr(from, to - from)).value());
  }
  CHECK_THAT(mlsysim::number_advice("$abc"), Catch::EndsWith("write the number, then USD (\"40 USD\", \"2.5 USD/h\")"));
  // in a field: the whole message names the field, the value and what to write
  CHECK(refusal("TransformerBsp8Workers", {{"base_iteration_time", "1 000 s"}}) ==
        "base_iteration_time: unknown unit \"000\"; expected a time such as \"1 s\": a space is not read as a thousands "
        "separator: write \"1000 s\"");
  CHECK(refusal("TransformerBsp8Workers", {{"base_iteration_time", "12 345.6 s"}}) ==
        "base_iteration_time: unknown unit \"345.6\"; expected a time such as \"1 s\": a space is not read as a thousands "
        "separator: write \"12345.6 s\"");
  // a point with no digits after it is no decimal part: no advice to write "12345. s"
  CHECK_THAT(mlsysim::number_advice("12 345. s"), !Catch::Contains("write"));
  // binary prefixes with a small b: which was meant is said, in every size
  for (const char* u : {"Kib", "Mib", "Gib", "Tib", "Pib", "Eib"}) {
    INFO(u);
    const std::string said = refusal("Gpt3On10KYoungDaly", {{"checkpoint_write_bandwidth", std::string("5 ") + u + "/s"}});
    CHECK_THAT(said, Catch::Contains(std::string("unknown unit \"") + u + "\" ("));
    // every unit it says to write is one the parser reads ("kbit" and "Pbit" are not)
    const std::string hint = said.substr(said.find("write "), said.find("; expected") - said.find("write "));
    for (std::size_t q = hint.find('"'); q != std::string::npos; q = hint.find('"', hint.find('"', q + 1) + 1)) {
      const std::string unit = hint.substr(q + 1, hint.find('"', q + 1) - q - 1);
      INFO(unit);
      CHECK(mlsysim::parse_quantity("5 " + unit));
    }
  }
  CHECK(refusal("TransformerBsp8Workers", {{"base_iteration_time", "1e\u22123 s"}}) ==
        "base_iteration_time: malformed number \"1e\u22123 s\"; expected a time such as \"1 s\": a minus sign (\u2212) is "
        "not read: write \"1e-3 s\" (with a hyphen-minus)");
}

TEST_CASE("Units people type for a serving load and a short time are read: QPS, req/s, msec, usec, nsec", "[reading][units]") {
  // a new user's trial: "Which batch size meets 100 QPS" refused "100 QPS" and "200 req/s";
  // "50 msec" was advised as "0.05 sec"
  CHECK(mlsysim::parse_quantity("100 QPS").value().value == 100.0);
  CHECK(mlsysim::parse_quantity("200 req/s").value().value == 200.0);
  CHECK(mlsysim::parse_quantity("200 requests/s").value().value == 200.0);
  CHECK(mlsysim::parse_quantity("50 msec").value().value == Approx(0.05).epsilon(1e-15));
  CHECK(mlsysim::parse_quantity("5 usec").value().value == Approx(5e-6).epsilon(1e-15));
  CHECK(mlsysim::parse_quantity("500 nsec").value().value == Approx(5e-7).epsilon(1e-15));
  CHECK(mlsysim::parse_quantity("100 QPS").value().dim == mlsysim::parse_quantity("1/s").value().dim);
  CHECK_THAT(refusal("Gpt3Serve100QpsBatch8", {{"arrival_rate", "100 qps"}}), Catch::Contains("did you mean \"100 QPS\"?"));
  // spellings that stay refused, each with what to write
  CHECK_THAT(refusal("Llama8BDecodeStepH100", {{"operations", "16 TFLOPs"}}), Catch::Contains("did you mean \"16 TFLOP\"?"));
  CHECK_THAT(mlsysim::parse_unit("TFLOPs").error().what(), Catch::Contains("write \"TFLOP/s\" for a rate, \"TFLOP\" for work"));
  // a quantity where only a unit goes (a sweep's unit "2 ms") says so, not "unknown unit \"2\"" (an attacker's trial)
  CHECK(std::string(mlsysim::parse_unit_alone("2 ms").error().what()) == "malformed unit \"2 ms\": a unit takes no number; write \"ms\", not \"2 ms\"");
  CHECK(mlsysim::parse_unit_alone("1/s").value().dim == mlsysim::parse_quantity("1/s").value().dim);  // the 1 of an inverse unit stays
  CHECK_THAT(refusal("TransformerBsp8Workers", {{"base_iteration_time", {{"value", 2}, {"unit", "5 ms"}}}}), Catch::Contains("a unit takes no number; write \"ms\", not \"5 ms\""));
  CHECK_THAT(refusal("NdrRingVsTree1GB", {{"message_bytes", "1 Gib"}}), Catch::Contains("write \"GiB\" for 2^30 bytes"));
  // cents, in dollars, with the rest of the unit (a fixed "0.05 USD" had been advised for any
  // amount: a second attacking helper)
  CHECK_THAT(refusal("TransformerBsp8Workers", {{"device_hour_rate", "90 cents/h"}}), Catch::EndsWith("cents are not read: write \"0.9 USD/h\" (in dollars)"));
  CHECK_THAT(refusal("H100Cluster1KOwnVsCloud", {{"unit_cost", "250 cents"}}), Catch::EndsWith("write \"2.5 USD\" (in dollars)"));
  CHECK_THAT(refusal("Gpt3ClassRunUsAverage", {{"electricity_price", "7 cents/kWh"}}), Catch::EndsWith("write \"0.07 USD/kWh\" (in dollars)"));
}

TEST_CASE("An unknown unit is advised on in the field's dimension: a prefix completed, a symbol's case, a plural, a suffix", "[reading][units]") {
  // "1.5 G" in a bytes field had been told 'did you mean "g"?' (grams) and 'write "1.5e9"',
  // which the field then refused for want of a unit (a new user's trial)
  const std::string ndr = "NdrRingVsTree1GB", attack = "ReferenceJobAttackSurface", tco = "H100Cluster1KOwnVsCloud";
  CHECK(refusal(ndr, {{"message_bytes", "1.5 G"}}) ==
        "message_bytes: unknown unit \"G\"; did you mean \"1.5 GB\", \"1.5 GiB\" or \"1.5 Gbit\"? (a prefix needs its unit); "
        "expected an amount of data such as \"1 GB\"");
  CHECK_THAT(refusal(ndr, {{"message_bytes", "1.5G"}}), Catch::Contains("did you mean \"1.5 GB\", \"1.5 GiB\" or \"1.5 Gbit\"?"));
  // a rate field completes with its display unit's tail: GB/s
  CHECK_THAT(refusal(ndr, {{"link_bandwidth", "400 G"}}),
             Catch::Contains("did you mean \"400 GB/s\", \"400 GiB/s\" or \"400 Gbit/s\"? (a prefix needs its unit)"));
  CHECK_THAT(refusal(ndr, {{"link_latency", "5 m"}}), Catch::Contains("did you mean \"5 ms\" or \"5 min\"?"));
  // a symbol in another case: only a symbol of the field's dimension is named
  CHECK_THAT(refusal(ndr, {{"message_bytes", "1.5 gb"}}), Catch::Contains("did you mean \"1.5 GB\" or \"1.5 Gbit\"? (unit symbols are case-sensitive)"));
  CHECK_THAT(refusal(ndr, {{"link_bandwidth", "400 gb/s"}}), Catch::Contains("did you mean \"400 GB/s\" or \"400 Gbit/s\"? (unit symbols are case-sensitive)"));
  CHECK_THAT(refusal(ndr, {{"link_latency", "2 S"}}), Catch::Contains("did you mean \"2 s\"? (unit symbols are case-sensitive)"));
  CHECK_THAT(refusal(tco, {{"unit_cost", "30000 usd"}}), Catch::Contains("did you mean \"30000 USD\"?"));
  // ... but not a prefix letter in another case, which is another magnitude: "mW" is a
  // milliwatt, and 'did you mean "400000 MW"?' was a billion times too much (an attacking
  // helper's trial); the value in the unit the prefix stands on comes first
  const std::string energy = "Gpt3ClassRunUsAverage";
  CHECK(refusal(energy, {{"device_tdp", "400000 mW"}}) ==
        "device_tdp: unknown unit \"mW\"; did you mean \"400 W\" or \"400000 MW\"? (\"m\" is milli; unit symbols are "
        "case-sensitive); expected a power such as \"1 W\"");
  // (all in lower case, typed casually: the other case first, the milli reading last)
  CHECK_THAT(refusal(energy, {{"device_tdp", "400000 mw"}}), Catch::Contains("did you mean \"400000 MW\" or \"400 W\"? (\"m\" is milli"));
  CHECK_THAT(refusal(ndr, {{"message_bytes", "2 mB"}}), Catch::Contains("did you mean \"0.002 B\" or \"2 MB\"? (\"m\" is milli"));
  CHECK_THAT(refusal(ndr, {{"link_latency", "5 Ms"}}), Catch::Contains("did you mean \"5000000 s\" or \"5 ms\"? (\"M\" is mega"));
  // ... a kilo in the other case is the same magnitude: the symbol's case alone
  CHECK_THAT(refusal(energy, {{"device_tdp", "4 KW"}}), Catch::Contains("did you mean \"4 kW\"? (unit symbols are case-sensitive)"));
  // a prefix the reader does not take, on a unit it does: the value in that unit, as a decimal
  CHECK_THAT(refusal(energy, {{"device_tdp", "400 \xC2\xB5W"}}),
             Catch::Contains("did you mean \"0.0004 W\"? (\"\xC2\xB5\" is micro, and \"\xC2\xB5W\" is not among the units read here)"));
  CHECK_THAT(refusal(energy, {{"device_tdp", "4 TW"}}), Catch::Contains("did you mean \"4000000000000 W\"? (\"T\" is tera"));
  // ... and for {value, unit}, whose number a suggestion cannot change, what to write
  CHECK_THAT(refusal(ndr, {{"message_bytes", {{"value", 1}, {"unit", "mB"}}}}),
             Catch::Contains("did you mean \"MB\"? (\"m\" is milli, 1 mB = 0.001 B: write the value in B; unit symbols are case-sensitive)"));
  CHECK_THAT(refusal(ndr, {{"message_bytes", {{"value", 1}, {"unit", "ZB"}}}}),
             Catch::Contains("unknown unit \"ZB\" (\"Z\" is zetta, 1 ZB = 1e+21 B: write the value in B)"));
  // a plural s
  CHECK_THAT(refusal(ndr, {{"message_bytes", "1.5 GBs"}}), Catch::Contains("did you mean \"1.5 GB\"? (a unit symbol takes no plural s)"));
  // a count suffix before a unit, or alone where no prefix makes a unit of the field
  CHECK(refusal(tco, {{"unit_cost", "30k USD"}}) ==
        "unit_cost: unknown unit \"k\"; did you mean \"30000 USD\"? (a suffix such as k is not read); expected an amount of money such as \"1 USD\"");
  CHECK_THAT(refusal(tco, {{"unit_cost", "30k"}}), Catch::Contains("did you mean \"30000 USD\"?"));
  CHECK_THAT(refusal(tco, {{"unit_cost", "1.5T"}}), Catch::Contains("did you mean \"1.5e12 USD\"?"));  // long: a power of ten
  CHECK_THAT(refusal(tco, {{"cloud_hour_rate", "4 K"}}), Catch::Contains("did you mean \"4000 USD/h\"?"));
  // ... but a unit is not guessed for a bare suffix where people do not count so
  CHECK(refusal(ndr, {{"link_latency", "3k"}}) == "link_latency: unknown unit \"k\"; expected a time such as \"1 µs\"");
  CHECK_THAT(refusal(ndr, {{"link_latency", "3k s"}}), Catch::Contains("did you mean \"3000 s\"?"));
  // a known unit of another dimension that a count suffix stands for: 7B parameters
  CHECK_THAT(refusal(attack, {{"workload", {{"name", "X"}, {"parameters", "7B"}}}}),
             Catch::EndsWith("expected a parameter count, got \"7B\" (an amount of data); did you mean \"7 Bparam\"? (\"B\" alone is read as byte)"));
  // {value, unit}: the unit alone
  CHECK_THAT(refusal(ndr, {{"message_bytes", {{"value", 1.5}, {"unit", "G"}}}}), Catch::Contains("did you mean \"GB\", \"GiB\" or \"Gbit\"?"));
  // no advice where nothing of the field's dimension fits; a wrong-dimension symbol is not named
  const std::string gigs = refusal(ndr, {{"message_bytes", "1.5 gigs"}});
  CHECK(gigs == "message_bytes: unknown unit \"gigs\"; expected an amount of data such as \"1 GB\"");
  CHECK_THAT(refusal(ndr, {{"message_bytes", "1.5 G"}}), !Catch::Contains("\"g\"") && !Catch::Contains("1.5e9\""));
  // a dimensionless field keeps the number's own advice
  CHECK_THAT(refusal("Gpt3OnTraining1KA100", {{"training_tokens", "15T"}}), Catch::EndsWith("write \"15e12\""));
  // Greek mu for the micro sign, with its unit or without; a giga for a billion parameters
  CHECK_THAT(refusal(ndr, {{"link_latency", "5 \u03bcs"}}), Catch::Contains("did you mean \"5 \u00b5s\"? (the micro sign is \u00b5, not Greek mu)"));
  CHECK_THAT(refusal(ndr, {{"link_latency", "5 \u03bc"}}), Catch::Contains("did you mean \"5 \u00b5s\"?"));
  CHECK(mlsysim::evaluate_preset(ndr, Json{{"link_latency", "5 \u00b5s"}}).value()["inputs"]["link_latency"]["value"] == 5e-6);
  CHECK_THAT(refusal(attack, {{"workload", {{"name", "X"}, {"parameters", "7 Gparam"}}}}), Catch::Contains("write \"Bparam\""));
  // abbreviations and months, which are not units
  CHECK_THAT(refusal(tco, {{"amortization_period", "3 yr"}}), Catch::Contains("unknown unit \"yr\" (an abbreviation); write \"year\""));
  CHECK_THAT(refusal(tco, {{"amortization_period", "36 months"}}), Catch::Contains("(months differ in length)"));
  // (an attacking helper's findings, each a kind:)
  // several unknown names: each fixed, the case hint kept ("usd" had lost it once "kwh" failed)
  CHECK_THAT(refusal(tco, {{"electricity_price", "0.07 usd/kwh"}}), Catch::Contains("did you mean \"0.07 USD/kWh\"?"));
  CHECK_THAT(refusal(ndr, {{"link_bandwidth", "400 gb/S"}}), Catch::Contains("did you mean \"400 GB/s\" or \"400 Gbit/s\"?"));
  CHECK_THAT(refusal(tco, {{"cloud_hour_rate", "4 usd/H"}}), Catch::Contains("did you mean \"4 USD/h\"?"));
  // a b written against the case of the rest is a bit, never turned into a byte (8x)
  CHECK_THAT(refusal(ndr, {{"link_bandwidth", "50 GBps"}}), Catch::Contains("did you mean \"50 GB/s\"? (per second is written /s)"));
  CHECK_THAT(refusal(ndr, {{"message_bytes", "1 Mb"}}), Catch::Contains("did you mean \"1 Mbit\"?"));
  // all lower case, typed casually: MB and Mbit first, the millibyte that "m" would be last
  CHECK_THAT(refusal(ndr, {{"message_bytes", "1 mb"}}), Catch::Contains("did you mean \"1 MB\", \"1 Mbit\" or \"0.001 B\"? (\"m\" is milli"));
  // a fixed hint only where it speaks of the field's dimension, in any case for names
  CHECK(refusal(ndr, {{"message_bytes", "1 yr"}}) == "message_bytes: unknown unit \"yr\"; expected an amount of data such as \"1 GB\"");
  CHECK(refusal(ndr, {{"message_bytes", "3 months"}}).find("months differ") == std::string::npos);
  CHECK(refusal(attack, {{"workload", {{"name", "X"}, {"parameters", "7 Gb"}}}}).find("gigabit") == std::string::npos);
  CHECK_THAT(refusal(tco, {{"amortization_period", "36 Months"}}), Catch::Contains("(months differ in length)"));
  CHECK_THAT(refusal(tco, {{"amortization_period", "3 YRS"}}), Catch::Contains("write \"year\""));
  // a plain number is told of no unit of another dimension ("G": grams) but of its suffix
  CHECK(mlsysim::read_value("1.5 G", "", "v").error().what() ==
        std::string("v: unknown unit \"G\"; expected a number such as \"0.25\": a suffix such as G is not read: write \"1.5e9\""));
  CHECK(std::string(mlsysim::read_value("1.5 gb", "samples", "v").error().what()).find("GB") == std::string::npos);
  // no completion that reads as the field only by an odd product
  CHECK(refusal(ndr, {{"message_bytes", "1.5 G*s"}}) == "message_bytes: unknown unit \"G\"; expected an amount of data such as \"1 GB\"");
  CHECK(refusal(ndr, {{"message_bytes", "1.5 G/Hz"}}).find("did you mean") == std::string::npos);
  // no advice the message would cut at 60 characters
  CHECK(refusal(ndr, {{"message_bytes", "0." + std::string(58, '0') + "15 G"}}).find("did you mean") == std::string::npos);
  // a typeset space in a {value, unit}'s unit is a space, as in a quantity's text
  CHECK(mlsysim::evaluate_preset(ndr, Json{{"message_bytes", {{"value", 1.5}, {"unit", "\u00a0GB"}}}}).value()["inputs"]["message_bytes"]["value"] == 1.5e9);
  // every suggestion is one the field takes
  for (const auto& [preset, field, typed] : std::vector<std::tuple<std::string, std::string, std::string>>{
           {ndr, "message_bytes", "1.5 G"}, {ndr, "link_bandwidth", "400 G"}, {ndr, "link_latency", "5 m"},
           {ndr, "link_bandwidth", "400 gb/s"}, {tco, "unit_cost", "30k USD"}, {tco, "cloud_hour_rate", "4 K"},
           {ndr, "message_bytes", "1.5 GBs"}, {tco, "unit_cost", "30 M"}}) {
    INFO(typed);
    const std::string m = refusal(preset, {{field, typed}});
    const std::size_t from = m.find("did you mean ");
    REQUIRE(from != std::string::npos);
    for (std::size_t q = m.find('"', from); q < m.find('?', from); q = m.find('"', m.find('"', q + 1) + 1)) {
      const std::string suggestion = m.substr(q + 1, m.find('"', q + 1) - q - 1);
      INFO(suggestion);
      CHECK(refusal(preset, {{field, suggestion}}).find(field + ": must be") != 0);  // the unit is right; a rule may still bind
      CHECK(refusal(preset, {{field, suggestion}}).find("unit") == std::string::npos);
    }
  }
}

TEST_CASE("Counts typed as people say them are advised on: a label, a number word, a spelled-out unit", "[reading][units]") {
  // what a student types for D or P after reading "2T tokens" or "a 7B model" (stop 36's list)
  const std::string chinchilla = "Gpt3OnTraining1KA100", attack = "ReferenceJobAttackSurface", tco = "H100Cluster1KOwnVsCloud";
  const auto tokens = [&](const std::string& typed) { return refusal(chinchilla, {{"training_tokens", typed}}); };
  CHECK(tokens("2048 tokens") == "training_tokens: must be a finite number > 0, got \"2048 tokens\": a count is written as a number alone: write \"2048\"");
  CHECK_THAT(tokens("2e12 Tokens"), Catch::EndsWith("a count is written as a number alone: write \"2e12\""));
  CHECK_THAT(tokens("8 GPUs"), Catch::EndsWith("write \"8\""));
  CHECK_THAT(tokens("5 queries"), Catch::EndsWith("write \"5\""));
  CHECK_THAT(tokens("3 batches"), Catch::EndsWith("write \"3\""));
  CHECK_THAT(tokens("2T tokens"), Catch::EndsWith("a suffix such as T is not read: write \"2e12\""));
  CHECK_THAT(tokens("300 B tokens"), Catch::EndsWith("a suffix such as B is not read: write \"300e9\""));
  CHECK_THAT(tokens("300 billion"), Catch::EndsWith("a number word such as billion is not read: write \"300e9\""));
  CHECK_THAT(tokens("1.4 Trillion tokens"), Catch::EndsWith("a number word such as trillion is not read: write \"1.4e12\""));
  // an integer field alike
  CHECK_THAT(refusal("TransformerBsp8Workers", {{"workers", "8 GPUs"}}), Catch::EndsWith("write \"8\""));
  // no advice where the word is no count's and no scale ("2 x"), nor on a scaled exponent
  CHECK(tokens("2 x") == "training_tokens: must be a finite number > 0, got \"2 x\"");
  CHECK(tokens("1e3 thousand") == "training_tokens: must be a finite number > 0, got \"1e3 thousand\"");
  // a parameter count: a number word, a unit spelled out or split in two, a bare number
  const auto params = [&](const std::string& typed) {
    return refusal(attack, {{"workload", {{"name", "X"}, {"parameters", typed}, {"layers", 32}, {"hidden_dim", 4096}, {"heads", 32}}}});
  };
  CHECK(params("7 billion") == "workload: parameters: unknown unit \"billion\"; did you mean \"7e9 param\"? (a number word such as "
                               "billion is not read); expected a parameter count such as \"1 param\"");
  CHECK_THAT(params("7 thousand"), Catch::Contains("did you mean \"7000 param\"?"));
  CHECK_THAT(params("70 billion params"), Catch::Contains("did you mean \"70e9 params\"?"));
  CHECK_THAT(params("7 parameters"), Catch::Contains("did you mean \"7 param\"? (parameters are counted in param)"));
  CHECK(params("7 B params") == "");  // as the page writes it (below)
  CHECK_THAT(params("7 B parameters"), Catch::Contains("did you mean \"7 Bparam\"?"));
  CHECK_THAT(params("7 G params"), Catch::Contains("did you mean \"7e9 params\"?"));  // only the page's own scales read so
  CHECK_THAT(params("175B parameters"), Catch::Contains("did you mean \"175 Bparam\"?"));
  // a parameter count as the page writes it reads back (a new user's trial: "175 B params"
  // was refused while the workload list wrote it)
  for (const double p : {7.5e3, 8.03e9, 1.75e11, 1.2e12, 530e6}) {
    const std::string shown = mlsysim::human_text(p, "param");
    INFO(shown);
    CHECK(refusal(attack, {{"workload", {{"name", "X"}, {"parameters", shown}, {"layers", 32}, {"hidden_dim", 4096}, {"heads", 32}}}}) == "");
    CHECK(mlsysim::read_value(shown, "param", "p").value() == Approx(p).epsilon(5e-4));
  }
  CHECK(mlsysim::read_value("175 B params", "param", "p").value() == 1.75e11);
  CHECK(params("7000000000") == "workload: parameters: expected a parameter count, got \"7000000000\" (no unit); did you mean \"7000000000 param\"? "
                                "(a parameter count needs its unit)");
  CHECK_THAT(refusal(tco, {{"unit_cost", "30000"}}), Catch::Contains("did you mean \"30000 USD\"? (an amount of money needs its unit)"));
  CHECK_THAT(refusal(tco, {{"cloud_hour_rate", " 4 "}}), Catch::Contains("did you mean \"4 USD/h\"?"));
  // ... but no unit is guessed for a bare number where people do not count so
  CHECK(refusal("NdrRingVsTree1GB", {{"link_latency", "5"}}).find("did you mean") == std::string::npos);
  // every suggestion is one the field takes
  const auto takes = [&](const std::string& advice, const std::function<std::string(const std::string&)>& retry) {
    INFO(advice);
    const std::size_t write = advice.rfind("write \""), mean = advice.find("did you mean \"");
    REQUIRE((write != std::string::npos || mean != std::string::npos));
    const std::size_t q = write != std::string::npos ? write + 6 : mean + 13;
    const std::string suggestion = advice.substr(q + 1, advice.find('"', q + 1) - q - 1);
    INFO(suggestion);
    CHECK(retry(suggestion) == "");
  };
  for (const char* typed : {"2048 tokens", "2T tokens", "300 B tokens", "300 billion", "1.4 Trillion tokens", "2e12 tokens"})
    takes(tokens(typed), tokens);
  for (const char* typed : {"7 billion", "70 billion params", "7 parameters", "7 B parameters", "175B parameters", "7000000000", "1.5 trillion"})
    takes(params(typed), params);
  // token and request are plain-number units (decode_throughput in tokens/s): "7e9 tokens"
  // is a plain number, not a parameter count, and is not advised as "7e9 tokens param",
  // which is refused (an attacking helper); a rate's example is "1/s", not "1 1/s"
  CHECK(params("7e9 tokens") == "workload: parameters: expected a parameter count, got \"7e9 tokens\" (a plain number: token and request "
                                "count things and add no unit); for example \"1 param\"");
  CHECK(refusal(tco, {{"unit_cost", "30000 requests"}}).find("did you mean") == std::string::npos);
  CHECK_THAT(refusal("Gpt3Serve100QpsBatch8", {{"arrival_rate", "5 requests"}}), Catch::EndsWith("add no unit); for example \"1/s\""));
  CHECK(refusal("Gpt3Serve100QpsBatch8", {{"arrival_rate", "100 requests/s"}}) == "");
  CHECK(refusal("Gpt3Serve100QpsBatch8", {{"arrival_rate", "100/s"}}) == "");
}

TEST_CASE("A bare zero is zero in every unit: taken where the rule allows it, refused by the rule where not", "[reading]") {
  const Json r = mlsysim::evaluate_preset("TransformerBsp8Workers", {{"device_hour_rate", "0"}}).value();
  CHECK(r["properties"]["cost"]["value"] == 0);
  CHECK(mlsysim::evaluate_preset("TransformerBsp8Workers", {{"device_hour_rate", 0}}).value()["properties"]["cost"]["value"] == 0);
  CHECK(refusal("TransformerBsp8Workers", {{"base_iteration_time", "0"}}) == "base_iteration_time: must be a time > 0 s, got \"0\"");
  CHECK_THAT(refusal("TransformerBsp8Workers", {{"base_iteration_time", "5"}}), Catch::Contains("no unit"));
  // only a number written as zero is the zero that needs no unit: "1e-999", which a double
  // reads as 0, is a number with no unit (an attacker's trial: it passed as a rate of 0)
  CHECK_THAT(refusal("TransformerBsp8Workers", {{"device_hour_rate", "1e-999"}}),
             Catch::StartsWith("device_hour_rate: expected a price per time, got \"1e-999\" (no unit)"));
  for (const char* zero : {"0e-999", "-0.000", "0.0e5", " 00 "})
    CHECK(mlsysim::evaluate_preset("TransformerBsp8Workers", {{"device_hour_rate", zero}}).value()["properties"]["cost"]["value"] == 0);
  // with a unit, or in a field of plain numbers, it is the nearest double, 0
  CHECK(mlsysim::evaluate_preset("TransformerBsp8Workers", {{"device_hour_rate", "1e-999 USD/h"}}).value()["properties"]["cost"]["value"] == 0);
  CHECK(mlsysim::evaluate_preset("TransformerBsp8Workers", {{"communication_overhead", "1e-999"}}).value()["inputs"]["communication_overhead"] == 0);
  // past the largest double, the message says so
  CHECK(refusal("TransformerBsp8Workers", {{"workers", "1e999"}}) ==
        "workers: must be an integer >= 1, got \"1e999\": it is too large for a double");
  CHECK(refusal("TransformerBsp8Workers", {{"communication_overhead", "-1e999"}}) ==
        "communication_overhead: must be a finite number >= 0, got \"-1e999\": it is too large for a double");
  // below the smallest double, a rule of > 0 says why a positive number broke it (an
  // attacker's trial: "must be a time > 0 s, got \"1e-400 s\"" refused a positive time unsaid);
  // so too once converted: 1e-320 ns is 1e-329 s
  CHECK(refusal("TransformerBsp8Workers", {{"base_iteration_time", "1e-400 s"}}) ==
        "base_iteration_time: must be a time > 0 s, got \"1e-400 s\": it is too small for a double, so it reads as 0");
  // (where the number is one a double holds, the message says the conversion lost it: an
  // attacker's trial had "5e-324" in ms told that a double holds nothing nearer 0 than 4.9e-324)
  CHECK(refusal("TransformerBsp8Workers", {{"base_iteration_time", "1e-320 ns"}}) ==
        "base_iteration_time: must be a time > 0 s, got \"1e-320 ns\": once converted to s, it is too small for a double, so it reads as 0");
  CHECK(refusal("TransformerBsp8Workers", {{"base_iteration_time", {{"value", 1e-320}, {"unit", "ns"}}}}) ==
        "base_iteration_time: must be a time > 0 s, got {\"value\":1e-320,\"unit\":\"ns\"}: once converted to s, it is too small for a double, so it reads as 0");
  const auto tiny = mlsysim::read_value(Json("5e-324 ms"), "s", "prediction");
  REQUIRE(!tiny);
  CHECK(std::string(tiny.error().what()) ==
        "prediction: got \"5e-324 ms\": once converted to s, it is too small for a double, which holds nothing nearer 0 than 4.9e-324; "
        "write 0 or a larger value");
  CHECK(refusal("Book8Stages16Microbatches", {{"target_bubble", "1e-400"}}) ==
        "target_bubble: must be a finite number > 0 and < 1, got \"1e-400\": it is too small for a double, so it reads as 0");
  CHECK(refusal("TransformerBsp8Workers", {{"base_iteration_time", "0 s"}}) == "base_iteration_time: must be a time > 0 s, got \"0 s\"");
  // {value, unit} past a double once converted says so, as its text form does (it said "is out of range" alone)
  CHECK(refusal("TransformerBsp8Workers", {{"base_iteration_time", {{"value", 1e308}, {"unit", "h"}}}}) ==
        "base_iteration_time: {\"value\":1e+308,\"unit\":\"h\"} is out of range once converted to s: too large for a double");
  // one of another kind says that first, in either form, whatever its size (an attacker's
  // trial: "1e300 EB" for a time was "out of range once converted to byte", while "1e-320
  // EB" was "an amount of data")
  CHECK(refusal("TransformerBsp8Workers", {{"base_iteration_time", "1e300 EB"}}) ==
        "base_iteration_time: expected a time, got \"1e300 EB\" (an amount of data); for example \"1 s\"");
  CHECK(refusal("TransformerBsp8Workers", {{"base_iteration_time", {{"value", 1e300}, {"unit", "EB"}}}}) ==
        "base_iteration_time: expected a time, got {\"value\":1e+300,\"unit\":\"EB\"} (an amount of data); for example \"1 s\"");
  // (a plain-number field says the same of any size: it takes no unit)
  CHECK(refusal("TransformerBsp8Workers", {{"communication_overhead", "1e308 day"}}) ==
        "communication_overhead: must be a finite number >= 0, got \"1e308 day\"");
  // null is "not given", and says so where it removed a required value (a preset's: an
  // attacker's trial had --set workers=null told it "was not given")
  const auto nulled = mlsysim::evaluate_preset("TransformerBsp8Workers", Json{{"workers", nullptr}});
  REQUIRE(!nulled);
  CHECK(std::string(nulled.error().what()) == "workers: is required (integer >= 1) but was given null, which leaves it not given");
  Json none = test::preset_inputs("TransformerBsp8Workers");
  none.erase("workers");
  const auto left = mlsysim::evaluate("SyncStrategyScenario", none);
  REQUIRE(!left);
  CHECK(std::string(left.error().what()) == "workers: is required (integer >= 1) but was not given");
  // and as a prediction is read (readValue)
  const auto read = mlsysim::read_value(Json("1e308 day"), "", "prediction");
  REQUIRE(!read);
  CHECK(std::string(read.error().what()) == "prediction: expected a number, got \"1e308 day\" (a time)");
}

TEST_CASE("Rules and messages speak the field's display unit", "[reading]") {
  // the rate is shown in USD/h: a bound in USD/s would make a student who copies it pay 3600x
  CHECK(refusal("TransformerBsp8Workers", {{"device_hour_rate", "-1 USD/h"}}) ==
        "device_hour_rate: must be a price per time >= 0 USD/h, got \"-1 USD/h\"");
  CHECK_THAT(refusal("TransformerBsp8Workers", {{"device_hour_rate", "2 USD"}}), Catch::EndsWith("(an amount of money); for example \"1 USD/h\""));
  const Json t = test::named(mlsysim::list_scenario_types(), "SyncStrategyScenario");
  CHECK(test::named(t["fields"], "device_hour_rate")["rule"] == "a price per time >= 0 USD/h");
}

TEST_CASE("A partial evaluation lists every input error at once and computes what it can", "[reading][partial]") {
  mlsysim::EvalOptions partial;
  partial.partial = true;
  // every required field missing but the fleet: four errors, and the fleet's properties
  const Json r = mlsysim::evaluate("DataParallelAttackSurfaceScenario", {{"fleet", "Lab_64_H100"}}, partial).value();
  std::vector<std::string> fields;
  for (const Json& e : r["input_errors"]) fields.push_back(e["field"].get<std::string>());
  CHECK(fields == std::vector<std::string>{"workload", "dp_degree", "gradient_bytes_per_param", "checkpoint_bytes_per_param"});
  CHECK(r["properties"]["accelerators"]["value"] == 64);  // by hand: 8 nodes x 8
  CHECK(r["properties"]["nodes"]["value"] == 8);
  CHECK(r["properties"]["gradient_bytes"]["error"] == "gradient_bytes: needs workload, which was not given");
  // invalid values are named as such; valid ones are used
  const Json bad = mlsysim::evaluate_preset("TransformerBsp8Workers", {{"workers", -3}, {"base_iteration_time", "5 GB"}}, partial).value();
  CHECK(bad["input_errors"].size() == 2);
  CHECK(bad["input_errors"][0]["message"] == "workers: must be an integer >= 1, got -3");
  CHECK(bad["properties"]["global_batch"]["error"] == "global_batch: needs workers, which is invalid");
  CHECK(bad["properties"]["speedup"]["value"].get<double>() == Approx(100000.0 / 17500));  // reads neither
  // a whole valid request gives the same Result as without the option, and no errors
  const Json ok = mlsysim::evaluate_preset("TransformerBsp8Workers", nullptr, partial).value();
  CHECK(ok["input_errors"].empty());
  CHECK(ok["properties"] == mlsysim::evaluate_preset("TransformerBsp8Workers", nullptr).value()["properties"]);
  // without the option, the first error still throws
  CHECK_THROWS_AS(mlsysim::evaluate("DataParallelAttackSurfaceScenario", {{"fleet", "Lab_64_H100"}}).value(), mlsysim::InputError);
}

TEST_CASE("A partial evaluation blames both factors of a product above 2^53", "[reading][partial]") {
  mlsysim::EvalOptions partial;
  partial.partial = true;
  const Json r = mlsysim::evaluate_preset("TransformerBsp8Workers", {{"workers", 100000000}, {"per_worker_batch", 100000000}}, partial).value();
  REQUIRE(r["input_errors"].size() == 2);
  CHECK(r["input_errors"][0]["field"] == "workers");
  CHECK(r["input_errors"][1]["field"] == "per_worker_batch");
  CHECK_THAT(r["input_errors"][1]["message"].get<std::string>(),
             Catch::StartsWith("per_worker_batch: workers x per_worker_batch = 10000000000000000 is above 2^53"));
  CHECK(r["properties"]["global_batch"].contains("error"));
  CHECK(r["properties"]["speedup"].contains("value"));
}

TEST_CASE("An integer field refuses text with a fraction, even one a double rounds away", "[reading][bad-input]") {
  // "2.9999999999999999" is the double 3; as written it is not a whole number
  const auto refused = [](const Json& workers) -> std::string {
    try {
      mlsysim::evaluate_preset("TransformerBsp8Workers", Json{{"workers", workers}}).value();
    } catch (const mlsysim::InputError& e) {
      CHECK(e.field == "workers");
      return e.what();
    }
    return "accepted";
  };
  CHECK(refused("2.9999999999999999") ==
        "workers: must be an integer >= 1, got \"2.9999999999999999\": it has a fraction, though it rounds to 3");
  CHECK(refused("8.0000000000000001") ==
        "workers: must be an integer >= 1, got \"8.0000000000000001\": it has a fraction, though it rounds to 8");
  CHECK(refused("1.5e0") == "workers: must be an integer >= 1, got \"1.5e0\"");
  // an object that only looks like the module's NaN/Infinity is shown as it is, not as a number
  CHECK(refused(Json{{"$number", "8"}}) == "workers: must be an integer >= 1, got {\"$number\":\"8\"}");
  // an exponent is its value, however many digits write it (an attacking helper: over 6
  // characters it had been taken as whole, so "2.9999999999999999e0000000" was 3 workers)
  CHECK(refused("2.9999999999999999e0000000") ==
        "workers: must be an integer >= 1, got \"2.9999999999999999e0000000\": it has a fraction, though it rounds to 3");
  CHECK_THAT(refused("7.99999999999999999999e+000000"), Catch::EndsWith("it has a fraction, though it rounds to 8"));
  CHECK_THAT(refused("80.000000000000000001e-0000001"), Catch::EndsWith("it has a fraction, though it rounds to 8"));
  CHECK_THAT(refusal("TransformerBsp8Workers", {{"staleness", "5e-1000000"}}), Catch::EndsWith("it has a fraction, though it rounds to 0"));
  // whole as written: 3.0, 1.5e1, 1e3, 30e-1, 00012.000, and with long exponents
  for (const auto& [text, workers] : std::vector<std::pair<const char*, int>>{
           {"3.0", 3}, {"1.5e1", 15}, {"1e3", 1000}, {"30e-1", 3}, {"00012.000", 12}, {"3e0000000", 3}, {"300e-00000002", 3},
           {"0.00000000003e+0000000000011", 3}})
    CHECK(mlsysim::evaluate_preset("TransformerBsp8Workers", Json{{"workers", text}}).value()["inputs"]["workers"] == workers);
}

TEST_CASE("A quantity is the double nearest the decimal as written, in every form and at every length", "[reading][units]") {
  const auto bytes = [](const Json& v) {
    return mlsysim::evaluate_preset("NdrRingVsTree1GB", Json{{"message_bytes", v}}).value()["inputs"]["message_bytes"]["value"].get<double>();
  };
  // by hand: 16.06 GB is exactly 16060000000 byte, a double; 16.06 x 1e9 rounds to 16059999999.999998
  CHECK(bytes("16.06 GB") == 16060000000.0);
  CHECK(bytes(Json{{"value", 16.06}, {"unit", "GB"}}) == 16060000000.0);  // the object form as the text (it had multiplied)
  CHECK(bytes(Json{{"value", 0.1}, {"unit", "kB"}}) == 100.0);
  CHECK(bytes(Json{{"value", 1.5}, {"unit", "GiB"}}) == 1610612736.0);  // no power of ten: multiplied, exactly here
  // a long mantissa whose exponent brings it back (an attacking helper: the exponent was
  // clamped to +-100000 before the unit's power of ten moved it, so these read 0 and "out of range")
  CHECK(bytes("0." + std::string(150000, '0') + "1e150001 GB") == 1e9);  // 1e-150001 x 1e150001 GB
  CHECK(bytes("1" + std::string(200000, '0') + "e-200000 GB") == 1e9);
  CHECK(bytes("0." + std::string(150000, '0') + "1e150001 B") == 1.0);
  CHECK_THAT(refusal("NdrRingVsTree1GB", {{"message_bytes", "1e99999999999999999999 GB"}}), Catch::Contains("out of range"));
  CHECK(bytes("1e-99999999999999999999 GB") == 0);  // below the least double, as 1e-400 is (the field takes 0)
  CHECK_THAT(refusal("NdrRingVsTree1GB", {{"message_bytes", "1e999 GB"}}), Catch::Contains("number \"1e999\" is out of range: too large for a double"));
}

TEST_CASE("A quoted value cannot reverse, hide or break the message that quotes it", "[reading][bad-input]") {
  // escapes worked out by hand from the code points (UTF-16 units above U+FFFF, as JSON)
  const auto preset = [](const std::string& name) {
    const std::string m = refusal(name, Json::object());
    return m.substr(0, std::min(m.find(';'), m.find(" (did you mean")));
  };
  // the name it nearly is, named too (as the page's embed does)
  CHECK_THAT(refusal("\u202eTransformerBsp8Workers", Json::object()), Catch::Contains(R"( (did you mean "TransformerBsp8Workers"?); valid choices: )"));
  CHECK(preset("\u202eTransformerBsp8Workers") == R"(preset: unknown preset "\u202eTransformerBsp8Workers")");  // RLO
  CHECK(preset("Tr\u200bansformer") == R"(preset: unknown preset "Tr\u200bansformer")");     // zero width space
  CHECK(preset("a\u2066b\u2069") == R"(preset: unknown preset "a\u2066b\u2069")");           // isolates
  CHECK(preset("a\u061cb\u00adc") == R"(preset: unknown preset "a\u061cb\u00adc")");         // ALM, soft hyphen
  CHECK(preset("a\u0085b\u2028c") == R"(preset: unknown preset "a\u0085b\u2028c")");         // C1 NEL, LSEP
  CHECK(preset("\u3164\ufeff") == R"(preset: unknown preset "\u3164\ufeff")");               // filler, BOM
  CHECK(preset("x\U000E0041y") == R"(preset: unknown preset "x\udb40\udc41y")");             // TAG LATIN CAPITAL A
  CHECK(preset("a\nb\x01") == R"(preset: unknown preset "a\nb\u0001")");                     // C0, as JSON writes them
  // what shows stays as typed: accents, symbols, a no-break space, an emoji, CJK
  CHECK(preset("\u00e9 \u2265 \u00a0\U0001F600 \u8a08") == "preset: unknown preset \"\u00e9 \u2265 \u00a0\U0001F600 \u8a08\"");
  // in a field's text, and in the number advice that quotes a cut text (not cut inside a character)
  CHECK(refusal("TransformerBsp8Workers", Json{{"workers", "8\u202e"}}) == R"(workers: must be an integer >= 1, got "8\u202e")");
  // (the malformed-number quote keeps 40 characters: here the 40th is the é, two bytes)
  const std::string cut = refusal("TransformerBsp8Workers", Json{{"device_hour_rate", "1,5 " + std::string(35, 'a') + "\u00e9 USD/h"}});
  CHECK_THAT(cut, Catch::StartsWith("device_hour_rate: malformed number \"1,5 " + std::string(35, 'a') + "\u00e9...\""));
  // a quoted value is cut at 60 characters, as the module's JavaScript cuts (not 60 bytes: 30 é)
  std::string e60, rest;
  for (int i = 0; i < 70; ++i) (i < 60 ? e60 : rest) += "\u00e9";
  CHECK(preset(e60 + rest) == "preset: unknown preset \"" + e60 + "...\"");
  CHECK(preset(e60) == "preset: unknown preset \"" + e60 + "\"");
  CHECK(cut.find("\xef\xbf\xbd") == std::string::npos);  // no U+FFFD from a character cut in two
  // a preset file's notice quotes the preset's name the same way
  const auto file = mlsysim::read_preset_file(
      R"({"presets": [{"name": "\u202eX", "type": "SyncStrategyScenario", "inputs": {"workers": -1}}]})").value();
  REQUIRE(file.notices.size() == 1);
  CHECK_THAT(file.notices[0]["message"].get<std::string>(), Catch::StartsWith(R"(preset "\u202eX" (entry 1): )"));
  CHECK(file.notices[0]["message"].get<std::string>().find("\u202e") == std::string::npos);
}

TEST_CASE("A no-break, narrow, thin, figure or any other Unicode space between a number and its unit reads as a space", "[reading]") {
  // what typeset text (and text copied from it) puts there; each was "unknown unit"
  const auto rate = [](const std::string& text) {
    return mlsysim::evaluate_preset("TransformerBsp8Workers", Json{{"device_hour_rate", text}}).value()["inputs"]["device_hour_rate"];
  };
  const Json plain = rate("5 USD/h");
  CHECK(plain == rate("5\u00a0USD/h"));
  CHECK(plain == rate("5\u202fUSD/h"));
  CHECK(plain == rate("5\u2009USD/h"));
  CHECK(plain == rate("\u20075 USD/h\u00a0"));
  // and every other space separator (Zs): the en and em spaces, the ideographic space of CJK
  // input (an attacker's trial: "0.5\u2003s" was unknown unit " s")
  for (const char* sp : {"\u2000", "\u2002", "\u2003", "\u200a", "\u1680", "\u205f", "\u3000"})
    CHECK(plain == rate(std::string("5") + sp + "USD/h"));
  CHECK(mlsysim::evaluate_preset("TransformerBsp8Workers", Json{{"base_iteration_time", "500\u202fms"}}).value()["properties"]["iteration_time"]["value"] == 0.625);
  // other characters are still refused, and quoted escaped where they do not show
  CHECK(refusal("TransformerBsp8Workers", Json{{"device_hour_rate", "5\u200bUSD/h"}}).find("\\u200b") != std::string::npos);
}

TEST_CASE("A quote or backslash in a quantity's text is escaped where the message quotes it, so it cannot forge the rest", "[reading][bad-input]") {
  // the text ends its own quotation in the hope of reading "accepted; using the preset's"
  CHECK(refusal("TransformerBsp8Workers", Json{{"base_iteration_time", "5e\" accepted; using the preset's \"0.5 s"}}) ==
        R"(base_iteration_time: malformed number "5e\" accepted; using the preset's \"0.5 s"; expected a time such as "1 s")");
  CHECK_THAT(refusal("TransformerBsp8Workers", Json{{"base_iteration_time", "5 a\"b\\c"}}), Catch::Contains(R"("a\"b\\c")"));
}

TEST_CASE("An inline entry's source is cut at 500 bytes without splitting a character", "[reading]") {
  // "é" is two bytes: 499 of ASCII then é would have been cut in half (U+FFFD in the result)
  const std::string long_source = std::string(499, 'a') + "\xC3\xA9" + std::string(20, 'b');
  Json inputs = mlsysim::find_preset("LabJobAttackSurface").value()->inputs;
  inputs["workload"] = {{"name", "Mine"}, {"parameters", "7e9 param"}, {"source", long_source}};
  const Json r = mlsysim::evaluate("DataParallelAttackSurfaceScenario", inputs).value();
  CHECK(r["inputs"]["workload"]["source"] == std::string(499, 'a'));
}

TEST_CASE("A number an inline entry gives that no equation reads is warned about, not ignored in silence", "[reading][warnings]") {
  // TrainingEnergyScenario reads a fleet's accelerators (count x node.accelerators_per_node)
  // and the power from its own device_tdp: an accelerator's tdp given inline changes nothing
  const Json accelerator = {{"name", "A"}, {"peak_flops", "989 TFLOP/s"}, {"memory_capacity", "80 GiB"},
                            {"memory_bandwidth", "3350 GB/s"}, {"tdp", "700 W"}};
  Json inputs = {{"fleet", {{"name", "Lab"}, {"count", 4}, {"node", {{"name", "N"}, {"accelerators_per_node", 8}, {"accelerator", accelerator}}}}},
                 {"device_tdp", "400 W"}, {"training_duration", "10 day"}};
  const Json r = mlsysim::evaluate("TrainingEnergyScenario", inputs).value();
  REQUIRE(r["warnings"].size() == 1);
  CHECK(r["warnings"][0] == "fleet: no result of TrainingEnergyScenario reads node.accelerator of this inline fleet "
                            "(it reads count, node.accelerators_per_node)");
  // by hand: 4 x 8 = 32 accelerators x 400 W x (0.3 + 0.7 x 1) x PUE 1.12 x 864,000 s = 1.2386304e10 J
  CHECK(r["properties"]["facility_energy"]["value"].get<double>() == Approx(1.2386304e10).epsilon(1e-12));
  // the same fleet with only what is read: the same energy, and no warning
  inputs["fleet"]["node"].erase("accelerator");
  const Json bare = mlsysim::evaluate("TrainingEnergyScenario", inputs).value();
  CHECK(bare["warnings"].empty());
  CHECK(bare["properties"]["facility_energy"]["value"] == r["properties"]["facility_energy"]["value"]);

  // ActivationMemoryScenario reads a workload's layers, hidden_dim and heads: training_tokens
  // and kv_heads are named; parameters is not (every inline workload must give it)
  Json act = mlsysim::find_preset("Gpt3Activations2K").value()->inputs;
  act["workload"] = {{"name", "W"}, {"parameters", "1.75e11 param"}, {"layers", 96}, {"hidden_dim", 12288}, {"heads", 96},
                     {"kv_heads", 8}, {"training_tokens", 3e11}};
  const Json w = mlsysim::evaluate("ActivationMemoryScenario", act).value();
  REQUIRE(w["warnings"].size() == 1);
  CHECK(w["warnings"][0] == "workload: no result of ActivationMemoryScenario reads kv_heads, training_tokens of this inline "
                            "workload (it reads layers, hidden_dim, heads)");
  act["workload"].erase("kv_heads");
  act["workload"].erase("training_tokens");
  CHECK(mlsysim::evaluate("ActivationMemoryScenario", act).value()["warnings"].empty());
}

TEST_CASE("An entry given by name is never warned about for the numbers it has and a scenario does not read", "[reading][warnings]") {
  for (const Json& p : mlsysim::list_presets()) {
    const Json r = mlsysim::evaluate_preset(p["name"].get<std::string>(), Json::object()).value();
    for (const Json& w : r["warnings"]) CHECK_THAT(w.get<std::string>(), !Catch::Contains("no result of"));
  }
}

TEST_CASE("A registry field says which sub-fields an inline entry gives for the scenario's equations", "[reading][describe]") {
  const Json energy = mlsysim::describe_scenario_type("TrainingEnergyScenario").value();
  for (const Json& f : energy["fields"])
    if (f["name"] == "fleet") {
      CHECK(f["needs"] == Json::array({"accelerators"}));
      CHECK(f["reads"] == Json::array({"count", "node.accelerators_per_node"}));
    }
  // a sub-field that defaults to another reads that one too when not given: kv_heads -> heads
  CHECK(mlsysim::read_sub_fields(*mlsysim::find_registry_kind("workload"), {"kv_heads"}) == std::vector<std::string>{"kv_heads", "heads"});
}

TEST_CASE("A result's inputs sent back are not warned about; a built-in entry's number changed there is", "[reading][warnings]") {
  // the page stands a field's last valid value (normalized, every sub-field written) in
  // while the reader types: that must not warn about numbers the reader never gave
  for (const Json& p : mlsysim::list_presets()) {
    const Json r = mlsysim::evaluate_preset(p["name"].get<std::string>(), Json::object()).value();
    const Json back = mlsysim::evaluate(r["type"].get<std::string>(), r["inputs"]).value();
    CHECK(back["warnings"] == r["warnings"]);
  }
  // an inline workload without kv_heads comes back with kv_heads = heads: no warning either
  Json act = mlsysim::find_preset("Gpt3Activations2K").value()->inputs;
  act["workload"] = {{"name", "W"}, {"parameters", "1.75e11 param"}, {"layers", 96}, {"hidden_dim", 12288}, {"heads", 96}};
  const Json once = mlsysim::evaluate("ActivationMemoryScenario", act).value();
  CHECK(once["inputs"]["workload"]["kv_heads"] == 96);
  CHECK(mlsysim::evaluate("ActivationMemoryScenario", once["inputs"]).value()["warnings"].empty());
  // H100 sent back with its tdp changed, in a scenario that reads device_tdp: named
  Json energy = mlsysim::find_preset("Gpt3ClassRunQuebec").value()->inputs;
  Json fleet = mlsysim::evaluate("TrainingEnergyScenario", energy).value()["inputs"]["fleet"];
  fleet["node"]["accelerator"]["tdp"] = {{"value", 1000}, {"unit", "W"}};
  energy["fleet"] = fleet;
  const Json w = mlsysim::evaluate("TrainingEnergyScenario", energy).value();
  REQUIRE(w["warnings"].size() == 1);
  CHECK_THAT(w["warnings"][0].get<std::string>(), Catch::StartsWith("fleet: no result of TrainingEnergyScenario reads node.accelerator of"));
}

TEST_CASE("An entry as a registry's list describes it, passed back inline, is told the two ways to give one", "[reading][bad-input]") {
  // an attacker's trial: listWorkloads()[0] passed back was 'unknown key "headline"', and
  // without it its bare numbers had no unit
  const Json gpt3 = test::named(mlsysim::list_registry("workloads").value(), "GPT3");
  const auto refused = mlsysim::evaluate_preset("ReferenceJobAttackSurface", Json{{"workload", gpt3}});
  REQUIRE(!refused);
  CHECK(refused.error().field == "workload");
  CHECK(std::string(refused.error().what()) ==
        "workload: has the key \"headline\" of an entry as the list of workloads describes it, which is not an inline "
        "workload: give a built-in entry by its name (\"GPT3\"), or {name, parameters} with a unit on each number; valid keys: "
        "name, parameters, layers, hidden_dim, heads, kv_heads, training_tokens, inference_flops, source");
  // a fleet's list entry (its accelerators, count x per node) and a renamed copy: no name offered
  Json fleet = test::named(mlsysim::list_registry("fleets").value(), "Training_1K_A100");
  fleet.erase("headline");
  fleet["name"] = "Mine";
  const auto mine = mlsysim::evaluate_preset("ReferenceJobAttackSurface", Json{{"fleet", fleet}});
  REQUIRE(!mine);
  CHECK_THAT(mine.error().what(), Catch::StartsWith("fleet: has the key \"accelerators\" of an entry as the list of fleets describes "
                                                   "it, which is not an inline fleet: give a built-in entry by its name, or {name, "));
  // every kind's own entries, as listed, get the same account
  for (const char* kind : {"workloads", "hardware", "fleets", "fabrics", "nodes"})
    for (const Json& e : mlsysim::list_registry(kind).value()) CHECK(e.contains("headline"));
}

TEST_CASE("A bad source or name inside a nested inline entry is placed, the one as the other", "[reading][bad-input]") {
  // an attacker's trial: "fleet: source must be a string, got 5" for the accelerator's source
  Json inputs = mlsysim::find_preset("Gpt3ClassRunUsAverage").value()->inputs;
  inputs["fleet"] = {{"name", "F"}, {"count", 2}, {"node", {{"name", "N"}, {"accelerators_per_node", 8},
      {"accelerator", {{"name", "A"}, {"peak_flops", "1 TFLOP/s"}, {"memory_capacity", "1 GiB"}, {"memory_bandwidth", "1 GB/s"}, {"source", 5}}}}}};
  const auto r = mlsysim::evaluate("TrainingEnergyScenario", inputs);
  REQUIRE(!r);
  CHECK(std::string(r.error().what()) == "fleet: node: accelerator source must be a string, got 5");
  inputs["fleet"]["source"] = 7;
  CHECK(std::string(mlsysim::evaluate("TrainingEnergyScenario", inputs).error().what()) == "fleet: node: accelerator source must be a string, got 5");
  inputs["fleet"]["node"]["accelerator"]["name"] = 5;
  CHECK_THAT(std::string(mlsysim::evaluate("TrainingEnergyScenario", inputs).error().what()), Catch::StartsWith("fleet: node: accelerator name must be"));
}


TEST_CASE("Advice suggests only a text the field takes, and says what was typed", "[reading][units]") {
  // an attacker's trial: "$5" was told 'write "5 USD"' in a count, a time and a price per time; "-5" in a
  // rate >= 0 'did you mean "-5 USD/h"?'; "5 s s" a plural s; "5 s/s" that tokens and requests are counts;
  // a Cyrillic Ve in "GB" 'unknown unit "GВ"' with no word of why
  const std::string bsp = "TransformerBsp8Workers", ndr = "NdrRingVsTree1GB", tco = "H100Cluster1KOwnVsCloud";
  CHECK(refusal(bsp, {{"workers", "$5"}}) ==
        "workers: must be an integer >= 1, got \"$5\": a dollar sign before the number is not read, and this input is no "
        "amount of money: write \"5\"");
  CHECK(refusal(bsp, {{"device_hour_rate", "$5"}}) ==
        "device_hour_rate: malformed number \"$5\"; expected a price per time such as \"1 USD/h\": a dollar sign before the "
        "number is not read: write \"5 USD/h\"");
  CHECK(refusal(bsp, {{"base_iteration_time", "$5"}}) ==
        "base_iteration_time: malformed number \"$5\"; expected a time such as \"1 s\": a dollar sign before the number is "
        "not read, and this input is no amount of money");
  CHECK_THAT(refusal(ndr, {{"link_bandwidth", "$400"}}), Catch::EndsWith("a dollar sign before the number is not read, and this input is no amount of money"));
  // a price in the field's own unit (a re-checker's trial: "$5" in a price of energy had no suggestion)
  CHECK_THAT(refusal("Gpt3ClassRunUsAverage", {{"electricity_price", "$5"}}),
             Catch::EndsWith("a dollar sign before the number is not read: write \"5 USD/kWh\""));
  // where money is what the field takes, as before
  CHECK_THAT(refusal(tco, {{"unit_cost", "$30,000"}}), Catch::EndsWith("a dollar sign before the number is not read: write \"30000 USD\""));
  // a suggestion the rule refuses is none: -5 USD/h breaks >= 0 USD/h
  CHECK(refusal(bsp, {{"device_hour_rate", "-5"}}) == "device_hour_rate: expected a price per time, got \"-5\" (no unit); for example \"1 USD/h\"");
  CHECK_THAT(refusal(bsp, {{"device_hour_rate", "5"}}), Catch::Contains("did you mean \"5 USD/h\"?"));
  CHECK_THAT(refusal(ndr, {{"link_latency", "5 s s"}}), Catch::Contains("did you mean \"5 s\"? (a unit is written once)"));
  CHECK(refusal(bsp, {{"base_iteration_time", "5 s/s"}}) ==
        "base_iteration_time: expected a time, got \"5 s/s\" (a plain number: its units cancel); for example \"1 s\"");
  CHECK_THAT(refusal(bsp, {{"base_iteration_time", "5 requests"}}), Catch::Contains("(a plain number: token and request count things and add no unit)"));
  CHECK(refusal(ndr, {{"message_bytes", "5 G\u0412"}}) ==
        "message_bytes: unknown unit \"G\u0412\"; did you mean \"5 GB\"? (\"\u0412\" is a Cyrillic letter that looks like the "
        "Latin \"B\"); expected an amount of data such as \"1 GB\"");
  CHECK_THAT(refusal(ndr, {{"link_bandwidth", "400 \u0393\u0392/s"}}), Catch::Contains("unknown unit"));  // Greek Gamma is no G
  CHECK_THAT(refusal(ndr, {{"link_bandwidth", "400 G\u0392/s"}}), Catch::Contains("did you mean \"400 GB/s\"? (\"\u0392\" is a Greek letter"));
}
