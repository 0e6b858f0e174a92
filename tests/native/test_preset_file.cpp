// A course's own presets (docs/embedding.md, "A course's own presets"): the file is read
// entry by entry, every refused entry is named with its field and rule, the rest are
// kept; the CLI reports every problem and exits 2. Predictions are read by readValue.
#include <sys/wait.h>

#include <cmath>
#include <cstdio>
#include <fstream>
#include <sstream>

#include "support.hpp"

using test::Json;
using test::cli;  // with stderr merged: cli(args, true)
using test::Run;

namespace {

std::string example_file() {
  std::ifstream in(std::string(MLSYSIM_EXAMPLES_DIR) + "/course-presets.json");
  std::stringstream s;
  s << in.rdbuf();
  return s.str();
}

// A valid SyncStrategyScenario input set (every required field).
Json bsp(int workers) {
  return {{"workers", workers},         {"per_worker_batch", 32},         {"iterations", 14000},
          {"communication_overhead", 0.25}, {"base_iterations", 100000}, {"base_iteration_time", "0.5 s"},
          {"device_hour_rate", "2 USD/hour"}};
}

}  // namespace

TEST_CASE("The example preset file is valid, and its presets evaluate by hand", "[preset-file]") {
  const mlsysim::PresetFile file = mlsysim::read_preset_file(example_file()).value();
  CHECK(file.notices.empty());
  REQUIRE(file.presets.size() == 3);
  // three types, none of them a built-in name
  CHECK(file.presets[0].type == "SyncStrategyScenario");
  CHECK(file.presets[1].type == "TrainingComputeScenario");
  CHECK(file.presets[2].type == "ClusterTcoScenario");
  // Week5Llama8BOnLab64, by hand from catalog.md's equations and the registry's numbers:
  // P = 8.03e9 (Llama3_8B), D = 1e12, 64 H100s at 989e12 flop/s, MFU 0.4, 2.5 USD/h
  const double flops = 6 * 8.03e9 * 1e12;
  const double seconds = flops / (64 * 989e12 * 0.4);
  const double cost = 64 * seconds / 3600 * 2.5;  // 84,576.17 USD
  const Json r = mlsysim::evaluate_preset("Week5Llama8BOnLab64", nullptr, {}, file.presets).value();
  CHECK(r["preset"] == "Week5Llama8BOnLab64");
  CHECK(r["properties"]["training_time"]["value"].get<double>() == Approx(seconds).epsilon(1e-12));
  CHECK(r["properties"]["training_cost"]["value"].get<double>() == Approx(cost).epsilon(1e-12));
  CHECK(r["properties"]["training_cost"]["text"] == "$84,576.17");
  // overrides work as for a built-in preset
  const Json half = mlsysim::evaluate_preset("Week5Llama8BOnLab64", {{"mfu", 0.2}}, {}, file.presets).value();
  CHECK(half["properties"]["training_time"]["value"].get<double>() == Approx(2 * seconds).epsilon(1e-12));
  // and a built-in preset is still found with course presets given
  CHECK(mlsysim::evaluate_preset("TransformerBsp8Workers", nullptr, {}, file.presets).value()["preset"] == "TransformerBsp8Workers");
}

TEST_CASE("A preset file keeps its valid entries and names each refused one, its field and its rule", "[preset-file][bad-input]") {
  Json bad_workers = bsp(0);
  const Json doc = {{"presets",
                     {{{"name", "Good"}, {"type", "SyncStrategyScenario"}, {"summary", "fine"}, {"inputs", bsp(4)}},
                      {{"name", "ZeroWorkers"}, {"type", "SyncStrategyScenario"}, {"inputs", bad_workers}},
                      {{"name", "transformerbsp8workers"}, {"type", "SyncStrategyScenario"}, {"inputs", bsp(2)}},
                      {{"name", "Good"}, {"type", "SyncStrategyScenario"}, {"inputs", bsp(2)}},
                      {{"name", "NoType"}, {"type", "Nope"}, {"inputs", bsp(2)}},
                      {{"name", "Misspelt"}, {"type", "SyncStrategyScenario"}, {"input", bsp(2)}},
                      {{"name", "has space"}, {"type", "SyncStrategyScenario"}, {"inputs", bsp(2)}},
                      {{"type", "SyncStrategyScenario"}, {"inputs", bsp(2)}},
                      5,
                      {{"name", "AlsoGood"}, {"type", "SyncStrategyScenario"}, {"inputs", bsp(16)}}}}};
  const mlsysim::PresetFile file = mlsysim::read_preset_file(doc.dump()).value();
  REQUIRE(file.presets.size() == 2);
  CHECK(file.presets[0].name == "Good");
  CHECK(file.presets[0].summary == "fine");
  CHECK(file.presets[1].name == "AlsoGood");
  CHECK(file.presets[1].summary.empty());
  REQUIRE(file.notices.size() == 8);
  const auto notice = [&](std::size_t k) { return file.notices[k]; };
  CHECK(notice(0)["preset"] == "ZeroWorkers");
  CHECK(notice(0)["entry"] == 2);
  CHECK(notice(0)["field"] == "workers");
  CHECK(notice(0)["message"] == "preset \"ZeroWorkers\" (entry 2): workers: must be an integer >= 1, got 0");
  CHECK(notice(1)["field"] == "name");
  CHECK_THAT(notice(1)["message"].get<std::string>(), Catch::Contains("is the built-in preset \"TransformerBsp8Workers\""));
  CHECK(notice(2)["message"] == "preset \"Good\" (entry 4): name: \"Good\" is already the name of an earlier preset of this file, \"Good\"");
  // names that differ only in case clash, and the message says so and names the other (an
  // attacker's trial: "w3" beside "W3" did not say which, nor why)
  const mlsysim::PresetFile cased = mlsysim::read_preset_file(Json{{"presets",
      {{{"name", "W3"}, {"type", "SyncStrategyScenario"}, {"inputs", bsp(2)}},
       {{"name", "w3"}, {"type", "SyncStrategyScenario"}, {"inputs", bsp(4)}},
       {{"name", "transformerbsp8workers"}, {"type", "SyncStrategyScenario"}, {"inputs", bsp(4)}}}}}.dump()).value();
  REQUIRE(cased.notices.size() == 2);
  CHECK(cased.notices[0]["message"] == "preset \"w3\" (entry 2): name: \"w3\" is already the name of an earlier preset of this file, \"W3\" "
                                       "(the names differ only in case, which does not tell presets apart)");
  CHECK(cased.notices[1]["message"] == "preset \"transformerbsp8workers\" (entry 3): name: \"transformerbsp8workers\" is the built-in preset "
                                       "\"TransformerBsp8Workers\" (the names differ only in case, which does not tell presets apart); a course "
                                       "preset needs a name of its own");
  CHECK(notice(3)["field"] == "type");
  CHECK_THAT(notice(3)["message"].get<std::string>(), Catch::Contains("unknown scenario type \"Nope\"; valid types: SyncStrategyScenario"));
  CHECK_THAT(notice(4)["message"].get<std::string>(), Catch::Contains("unknown key \"input\" (did you mean \"inputs\"?); valid keys: name, type, summary, inputs"));
  CHECK(notice(5)["field"] == "name");
  CHECK(notice(6)["preset"].is_null());
  CHECK_THAT(notice(6)["message"].get<std::string>(), Catch::StartsWith("entry 8: name: "));
  CHECK_THAT(notice(7)["message"].get<std::string>(), Catch::StartsWith("entry 9: preset: must be an object"));
  // every problem of an entry at once, so that an author fixes it in one pass; a misspelt
  // field is named with the field it most likely meant
  Json two = bsp(0);
  two.erase("per_worker_batch");
  two["per_worker_bacth"] = 32;
  const mlsysim::PresetFile both = mlsysim::read_preset_file(Json{{"presets", {{{"name", "Two"}, {"type", "SyncStrategyScenario"}, {"inputs", two}}}}}.dump()).value();
  CHECK(both.presets.empty());
  REQUIRE(both.notices.size() == 3);
  CHECK_THAT(both.notices[0]["message"].get<std::string>(),
             Catch::StartsWith("preset \"Two\" (entry 1): per_worker_bacth: unknown field of SyncStrategyScenario (did you mean per_worker_batch?)"));
  CHECK(both.notices[1]["message"] == "preset \"Two\" (entry 1): workers: must be an integer >= 1, got 0");
  CHECK(both.notices[2]["field"] == "per_worker_batch");
  // a name that a refused entry had is taken too: fixing that entry must not make a clash
  const Json again = {{"presets",
                       {{{"name", "A"}, {"type", "SyncStrategyScenario"}, {"inputs", bsp(0)}},
                        {{"name", "A"}, {"type", "SyncStrategyScenario"}, {"inputs", bsp(2)}}}}};
  CHECK(mlsysim::read_preset_file(again.dump()).value().presets.empty());
  // inputs that are an object but not one of fields (a JavaScript NaN, as the module sends
  // it) are refused as evaluate refuses them; the entry was kept, and natively it crashed
  // (found by an attacking helper)
  const mlsysim::PresetFile tagged = mlsysim::read_preset_file(
      R"({"presets": [{"name": "x", "type": "SyncStrategyScenario", "inputs": {"$number": "NaN"}}]})").value();
  CHECK(tagged.presets.empty());
  REQUIRE(tagged.notices.size() == 1);
  CHECK(tagged.notices[0]["field"] == "inputs");
  CHECK(tagged.notices[0]["message"] == "preset \"x\" (entry 1): inputs: must be an object of field values, got NaN");
}

TEST_CASE("A preset file that cannot be used as a whole is refused with one error", "[preset-file][bad-input]") {
  const auto refused = [](const std::string& text, const std::string& part) {
    try {
      mlsysim::read_preset_file(text).value();
      FAIL("accepted: " << text.substr(0, 80));
    } catch (const mlsysim::InputError& e) {
      CHECK(e.field == "preset_file");
      CHECK_THAT(e.what(), Catch::Contains(part));
    }
  };
  refused("{", "not valid JSON");
  refused("[]", "must be a JSON object {\"presets\"");
  refused("{\"presets\": {}}", "must be a JSON object {\"presets\"");
  refused("{\"presets\": [], \"extra\": 1}", "unknown key \"extra\"");
  Json many = {{"presets", Json::array()}};
  for (int k = 0; k < 201; ++k)
    many["presets"].push_back({{"name", "P" + std::to_string(k)}, {"type", "SyncStrategyScenario"}, {"inputs", bsp(2)}});
  refused(many.dump(), "has 201 presets; a preset file may have at most 200");
  // a thousand presets, under 1 MiB, are counted as presets (a request's limit on entries
  // had refused them as having "more than 10000 entries")
  Json thousand = many;
  while (thousand["presets"].size() < 1000) thousand["presets"].push_back(many["presets"][0]);
  REQUIRE(thousand.dump().size() < mlsysim::kMaxPresetFileBytes);
  refused(thousand.dump(), "preset_file: has 1000 presets; a preset file may have at most 200");
  many["presets"].erase(200);
  CHECK(mlsysim::read_preset_file(many.dump()).value().presets.size() == 200);
  // 200 presets whose inputs are a Result's (workload and fleet inline, each with its
  // source), ~140 entries each: within the file's limits, so read whole (an attacker's
  // trial: 70 of them were refused for "more than 10000 entries", naming the 200 presets)
  const Json inline_inputs = mlsysim::evaluate_preset("ReferenceJobAttackSurface", Json::object()).value()["inputs"];
  REQUIRE(inline_inputs["workload"].is_object());
  REQUIRE(inline_inputs["fleet"].is_object());
  Json course = {{"presets", Json::array()}};
  for (int k = 0; k < 200; ++k)
    course["presets"].push_back({{"name", "C" + std::to_string(k)}, {"type", "DataParallelAttackSurfaceScenario"}, {"inputs", inline_inputs}});
  REQUIRE(course.dump().size() < mlsysim::kMaxPresetFileBytes);
  const mlsysim::PresetFile read = mlsysim::read_preset_file(course.dump()).value();
  CHECK(read.presets.size() == 200);
  CHECK(read.notices.empty());
  // an entry's unknown fields are named up to 16, the rest counted (a re-checker's trial:
  // 95 entries of 1,000 unknown fields each took seconds to list, a notice per field)
  Json many_unknown = {{"presets", {{{"name", "U"}, {"type", "SyncStrategyScenario"}, {"inputs", bsp(2)}}}}};
  for (int k = 0; k < 20; ++k) many_unknown["presets"][0]["inputs"]["zz" + std::to_string(k)] = 1;
  const mlsysim::PresetFile counted = mlsysim::read_preset_file(many_unknown.dump()).value();
  REQUIRE(counted.notices.size() == 17);
  CHECK(counted.notices[15]["field"] == "zz15");
  CHECK(counted.notices[16]["field"] == "inputs");
  CHECK_THAT(counted.notices[16]["message"].get<std::string>(),
             Catch::StartsWith("preset \"U\" (entry 1): inputs: has 4 more unknown fields of SyncStrategyScenario than the 16 named; valid fields: workers, "));
  // stray closers before a colon are refused as JSON, not counted at a depth below 0
  refused("}}]:{\"a\": 1}", "not valid JSON");
  refused("]:", "not valid JSON");
  // one object of more than 256 keys is still refused, where it opens (nlohmann's
  // ordered objects read such an object in quadratic time)
  std::string wide = "{\"presets\": [\n {\"name\": \"W\", \"type\": \"SyncStrategyScenario\", \"inputs\": {";
  for (int k = 0; k <= 256; ++k) wide += (k ? ", \"k" : "\"k") + std::to_string(k) + "\": 1";
  wide += "}}]}";
  refused(wide, "preset_file: has an object of more than 256 keys, opened at line 2, column 58; no object read here needs more than a few dozen");
  refused(std::string(mlsysim::kMaxPresetFileBytes + 1, ' '), "may have at most 1 MiB (1048576 bytes)");
}

TEST_CASE("CLI: --preset-file lists and evaluates a course's presets and reports every problem", "[preset-file][cli]") {
  const std::string example = std::string(MLSYSIM_EXAMPLES_DIR) + "/course-presets.json";
  const Run ok = cli("list presets --preset-file '" + example + "'", true);
  CHECK(ok.status == 0);
  CHECK_THAT(ok.out, Catch::Contains("course presets from " + example + "\nWeek3Bsp16Workers "));
  const Run json = cli("list presets --json --preset-file '" + example + "'", true);
  REQUIRE(json.status == 0);
  const Json listed = Json::parse(json.out);
  CHECK(listed.size() == mlsysim::list_presets().size() + 3);
  CHECK(listed.back()["name"] == "Week7Lab64OwnVsCloud");
  CHECK(listed.back()["file"] == example);
  const Run eval = cli("eval Week5Llama8BOnLab64 --json --preset-file '" + example + "'", true);
  REQUIRE(eval.status == 0);
  CHECK(Json::parse(eval.out)["properties"]["training_cost"]["text"] == "$84,576.17");

  const Json doc = {{"presets",
                     {{{"name", "Good"}, {"type", "SyncStrategyScenario"}, {"inputs", bsp(4)}},
                      {{"name", "ZeroWorkers"}, {"type", "SyncStrategyScenario"}, {"inputs", bsp(0)}}}}};
  const std::string path = test::write_temp(doc.dump());
  const Run bad = cli("list presets --preset-file " + path, true);
  CHECK(bad.status == 2);  // listed, with the problem, and status 2
  CHECK_THAT(bad.out, Catch::Contains(path + ": preset \"ZeroWorkers\" (entry 2): workers: must be an integer >= 1, got 0"));
  CHECK_THAT(bad.out, Catch::Contains("\nGood "));
  const Run good = cli("eval Good --set workers=8 --preset-file " + path, true);
  CHECK(good.status == 0);  // the valid entry evaluates; the problem is still said
  CHECK_THAT(good.out, Catch::Contains("Good (SyncStrategyScenario)"));
  CHECK_THAT(good.out, Catch::Contains("global_batch                256 "));
  const Run left = cli("eval ZeroWorkers --preset-file " + path, true);
  CHECK(left.status == 2);
  CHECK_THAT(left.out, Catch::Contains("preset: \"ZeroWorkers\" of \"" + path + "\" was left out: preset \"ZeroWorkers\" (entry 2): workers"));
  std::remove(path.c_str());
  // an entry that repeats an earlier name is refused, not the earlier one: eval runs the
  // first, as list shows it and the page keeps it (eval had refused it: an attacking helper)
  const Json repeated = {{"presets",
                          {{{"name", "Mine"}, {"type", "SyncStrategyScenario"}, {"inputs", bsp(4)}},
                           {{"name", "Mine"}, {"type", "SyncStrategyScenario"}, {"inputs", bsp(8)}}}}};
  const std::string twice = test::write_temp(repeated.dump());
  const Run first = cli("eval Mine --preset-file " + twice, true);
  CHECK(first.status == 0);
  CHECK_THAT(first.out, Catch::Contains("Mine (SyncStrategyScenario)"));
  CHECK_THAT(first.out, Catch::Contains("workers                     4"));
  CHECK_THAT(first.out, Catch::Contains("(entry 2): name: \"Mine\" is already the name of an earlier preset of this file"));
  std::remove(twice.c_str());
  // an entry left out for taking a built-in preset's name: eval runs the built-in, and says
  // why the entry was left out, as the page does (it had refused the built-in: an attacking helper)
  const Json shadow = {{"presets", {{{"name", "TransformerBsp8Workers"}, {"type", "SyncStrategyScenario"}, {"inputs", bsp(16)}}}}};
  const std::string shadowing = test::write_temp(shadow.dump());
  const Run builtin = cli("eval TransformerBsp8Workers --preset-file " + shadowing, true);
  CHECK(builtin.status == 0);
  CHECK_THAT(builtin.out, Catch::Contains("TransformerBsp8Workers (SyncStrategyScenario)"));
  CHECK_THAT(builtin.out, Catch::Contains("workers                     8"));
  CHECK_THAT(builtin.out, Catch::Contains("is the built-in preset \"TransformerBsp8Workers\"; a course preset needs a name of its own"));
  std::remove(shadowing.c_str());
  const Run missing = cli("list presets --preset-file /nonexistent/presets.json", true);
  CHECK(missing.status == 2);
  CHECK_THAT(missing.out, Catch::Contains("preset_file: cannot read file \"/nonexistent/presets.json\""));
  CHECK(cli("list types --preset-file").status == 2);  // needs a value
  // a summary's control characters reach the terminal escaped (an attacker's file cleared,
  // recoloured and retitled it); a summary of null is no summary, as null is everywhere
  const Json esc = {{"presets", {{{"name", "Esc"}, {"type", "SyncStrategyScenario"}, {"summary", "\x1b[2J\x1b]0;pwned\x07 \r over"}, {"inputs", bsp(4)}},
                                 {{"name", "NoSummary"}, {"type", "SyncStrategyScenario"}, {"summary", nullptr}, {"inputs", bsp(4)}}}}};
  const std::string escaping = test::write_temp(esc.dump());
  const Run escaped = cli("list presets --preset-file " + escaping, true);
  CHECK(escaped.status == 0);
  CHECK_THAT(escaped.out, Catch::Contains("\\u001b[2J\\u001b]0;pwned\\u0007 \\r over\n"));
  CHECK_THAT(escaped.out, !Catch::Contains("\x1b"));
  CHECK_THAT(escaped.out, Catch::Contains("\nNoSummary "));
  std::remove(escaping.c_str());
}

TEST_CASE("readValue reads a prediction in the dimension of a property's unit", "[prediction]") {
  CHECK(mlsysim::read_value("2 h", "s", "prediction").value() == 7200);
  CHECK(mlsysim::read_value("40 USD", "USD", "prediction").value() == 40);
  CHECK(mlsysim::read_value("1.5 GB", "byte", "prediction").value() == 1.5e9);
  CHECK(mlsysim::read_value("2 USD/h", "USD/s", "prediction").value() == Approx(2.0 / 3600).epsilon(1e-15));
  CHECK(mlsysim::read_value(12500, "count", "prediction").value() == 12500);
  CHECK(mlsysim::read_value("5.7", "", "prediction").value() == 5.7);
  CHECK(mlsysim::read_value("-3", "", "prediction").value() == -3);
  const auto refused = [](const Json& v, const std::string& unit, const std::string& part) {
    try {
      mlsysim::read_value(v, unit, "prediction").value();
      FAIL("accepted " << v.dump());
    } catch (const mlsysim::InputError& e) {
      CHECK(e.field == "prediction");
      CHECK_THAT(e.what(), Catch::StartsWith("prediction: "));
      CHECK_THAT(e.what(), Catch::Contains(part));
    }
  };
  refused("40 USD", "s", "expected a time");
  refused(40, "s", "(no unit)");
  refused("", "s", "");
  refused("15T", "count", "write \"15e12\"");
  refused("abc", "USD", "expected an amount of money");
  refused("$40", "USD", "a dollar sign before the number is not read: write \"40 USD\"");
  refused("40 usd", "USD", "did you mean \"40 USD\"? (unit symbols are case-sensitive)");
  // a money rate's advice is per hour, as its card reads ($1.37/h), not per second: 3,600
  // times off (a re-checker's trial)
  refused("2", "USD/s", "did you mean \"2 USD/h\"?");
  refused("2 USD", "USD/s", "for example \"1 USD/h\"");
  // a number too small for a double is refused, as one too large is, not checked as 0 (an attacker's trial)
  refused("1e-400 day", "s", "got \"1e-400 day\": too small for a double, which holds nothing nearer 0 than 4.9e-324; write 0 or a larger value");
  CHECK(mlsysim::read_value("0 day", "s", "prediction").value() == 0);
  CHECK(mlsysim::read_value("0e-400 s", "s", "prediction").value() == 0);
  refused("40%", "", "write the fraction \"0.4\"");
  // what a card shows can be typed back: a count with its label, a rate per unit of time
  CHECK(mlsysim::read_value("256 samples", "samples", "prediction").value() == 256);
  CHECK(mlsysim::read_value(" 12500 iterations ", "iterations", "prediction").value() == 12500);
  refused("256 iterations", "samples", "unknown unit \"iterations\"");  // another label is not this one
  refused("samples", "samples", "malformed number");
  // 1.694/year: 1.694 / (365 x 86400 s), the year of money arithmetic (docs/units.md)
  CHECK(mlsysim::read_value("1.694/year", "1/s", "prediction").value() == Approx(1.694 / (365 * 86400.0)).epsilon(1e-15));
  CHECK(mlsysim::read_value("2 /h", "1/s", "prediction").value() == Approx(2 / 3600.0).epsilon(1e-15));
  CHECK(mlsysim::read_value("2.5 USD/h", "USD/s", "prediction").value() == Approx(2.5 / 3600).epsilon(1e-15));
  refused("/year", "1/s", "malformed number");
}

TEST_CASE("A preset file's JSON error names the character it stopped at, whole; a NUL never ends the text early", "[preset-file][bad-input]") {
  const auto refusal = [](const std::string& text) {
    try {
      mlsysim::read_preset_file(text).value();
    } catch (const mlsysim::InputError& e) {
      CHECK(e.field == "preset_file");
      return std::string(e.what());
    }
    return std::string("accepted");
  };
  // a key given twice in one object is refused, at any depth: nlohmann kept the last without
  // a word ({"name": "A", "name": "B"} became preset B; an attacking helper's trial)
  CHECK(refusal("{\"presets\": [{\"name\": \"A\", \"name\": \"B\", \"type\": \"SyncStrategyScenario\", \"inputs\": {}}]}") ==
        "preset_file: gives the key \"name\" twice in one object, the second time at line 1, column 28; give each key once "
        "(which one was meant is not guessed)");
  CHECK_THAT(refusal("{\"presets\": [], \"presets\": []}"), Catch::Contains("the key \"presets\" twice"));
  // placed on its line, in a preset below others (an attacker's trial: no preset, entry or line)
  CHECK_THAT(refusal("{\"presets\": [\n  {\"name\": \"A\", \"type\": \"SyncStrategyScenario\", \"inputs\": {\"workers\": 1}},\n"
                     "  {\"name\": \"B\", \"type\": \"SyncStrategyScenario\", \"inputs\": {\"workers\": 1, \"workers\": 2}}]}"),
             Catch::Contains("the key \"workers\" twice in one object, the second time at line 3, column 74;"));
  // a key written with an escape is the same key, refused, though not placed as written
  CHECK(refusal("{\"presets\": [], \"pre\\u0073ets\": []}") ==
        "preset_file: gives the key \"presets\" twice in one object; give each key once (which one was meant is not guessed)");
  CHECK_THAT(refusal("{\"presets\": [{\"inputs\": {\"workers\": 8, \"workers\": 4}}]}"), Catch::Contains("the key \"workers\" twice"));
  // ... but the same key in two objects, or an object in an array beside another, is fine
  CHECK(refusal("{\"presets\": [{\"name\": \"A\", \"type\": \"SyncStrategyScenario\", \"inputs\": {\"x\": {\"name\": 1}}}, "
                "{\"name\": \"B\", \"type\": \"SyncStrategyScenario\", \"inputs\": {}}]}")
            .find("twice") == std::string::npos);
  // a word processor's curly quotes: the lexer stops at the first of U+201C's three bytes
  CHECK(refusal("{\u201cpresets\u201d: []}") ==
        "preset_file: not valid JSON: parse error at line 1, column 2: syntax error while parsing object key - invalid literal; "
        "last read: '{\u201c' (U+201C, which JSON takes only inside a string: its quotes are the straight \" and its spaces "
        "ASCII); expected string literal");
  // a no-break space between tokens; a zero width space, escaped as every unseen character
  CHECK_THAT(refusal("{\"presets\":\u00a0[]}"), Catch::EndsWith("last read: '\"presets\":\u00a0' (U+00A0, which JSON takes only inside a string: its quotes are the straight \" and its spaces ASCII)"));
  CHECK_THAT(refusal("{\"presets\":\u200b[]}"), Catch::Contains("last read: '\"presets\":\\u200b' (U+200B,"));
  CHECK(refusal("{\"presets\":\u200b[]}").find("\xef\xbf\xbd") == std::string::npos);  // no U+FFFD
  // positions count characters, as an editor shows them (nlohmann counts bytes): in
  // {"é": x} the x is the 7th character (8th byte); on line 2 of {\n  "ééé": y} the y is
  // the 10th (13th byte); a NUL after "ü" (quotes included) is the 4th character of its
  // line (5th byte)
  CHECK_THAT(refusal("{\"\u00e9\": x}"), Catch::StartsWith("preset_file: not valid JSON: parse error at line 1, column 7: syntax error"));
  CHECK_THAT(refusal("{\n  \"\u00e9\u00e9\u00e9\": y}"), Catch::StartsWith("preset_file: not valid JSON: parse error at line 2, column 10: syntax error"));
  // a byte order mark is not a column; a first character of U+F000–U+FFFF shares the BOM's
  // first byte, and is named as the character it is (nlohmann: "invalid BOM")
  CHECK_THAT(refusal("\xEF\xBB\xBF{\"presets\": x}"), Catch::StartsWith("preset_file: not valid JSON: parse error at line 1, column 13: syntax error"));
  CHECK(refusal("\uff5b\"presets\": []}") ==
        "preset_file: not valid JSON: parse error at line 1, column 1: syntax error while parsing value - invalid literal; "
        "last read: '\uff5b' (U+FF5B, which JSON takes only inside a string: its quotes are the straight \" and its spaces ASCII)");
  CHECK_THAT(refusal("\xEF{}"), Catch::Contains("invalid BOM"));  // not a character: the lexer's own words
  // a file saved as Latin-1 or Windows-1252: the byte is named, with what it was meant to be
  // (its "last read" ended in half a character, named as U+132817, a code point that does not exist)
  CHECK(refusal("{\"presets\": [{\"name\": \"A\", \"summary\": \"f\xFCr\"}]}") ==
        "preset_file: not valid JSON: the byte 0xFC at line 1, column 41 is not UTF-8 text (in Latin-1 or Windows-1252 it is \"\u00fc\"): save the file as UTF-8");
  CHECK(refusal("{\x93presets\x94: []}") == "preset_file: not valid JSON: the byte 0x93 at line 1, column 2 is not UTF-8 text: save the file as UTF-8");
  CHECK_THAT(refusal("{\"presets\": \"\xF8\"}"), Catch::Contains("the byte 0xF8 at line 1, column 14 is not UTF-8 text (in Latin-1 or Windows-1252 it is \"\u00f8\")"));
  // a NUL: nlohmann's lexer reads it as the end of the text
  using namespace std::string_literals;
  CHECK(refusal("{\"presets\": []}\0garbage"s) == "preset_file: not valid JSON: a NUL character (\\u0000) at line 1, column 16, outside a string");
  CHECK(refusal("{\"presets\":\n\0[]}"s) == "preset_file: not valid JSON: a NUL character (\\u0000) at line 2, column 1, outside a string");
  CHECK(refusal("{\"presets\":\n\"\u00fc\"\0[]}"s) == "preset_file: not valid JSON: a NUL character (\\u0000) at line 2, column 4, outside a string");
  // inside a string it is a control character JSON refuses
  CHECK_THAT(refusal("{\"presets\": [\"a\0\"]}"s), Catch::Contains("control character U+0000 (NUL) must be escaped"));
  // a misspelt "presets" is named as a key, with the one meant (it was "must be a JSON object …")
  CHECK(refusal("{\"presest\": []}") == "preset_file: unknown key \"presest\" (did you mean \"presets\"?); a preset file has only \"presets\"");
  // a JSON number not written as zero that a double reads as 0 is its text, as typed text is:
  // a quantity with no unit is refused, not taken as the 0 that needs none (a re-checker's trial)
  const Json pf = mlsysim::read_preset_file(R"({"presets": [{"name": "Tiny", "type": "SyncStrategyScenario", "summary": "",
      "inputs": {"workers": 8, "per_worker_batch": 32, "iterations": 100, "base_iterations": 1000, "base_iteration_time": "1 s", "communication_overhead": 0.1,
                 "device_hour_rate": 1e-999}}]})").value().notices;
  REQUIRE(pf.size() == 1);
  CHECK_THAT(pf[0]["message"].get<std::string>(), Catch::Contains("device_hour_rate: expected a price per time, got \"1e-999\" (no unit)"));
  // a file saved as UTF-16 ("Unicode" in Windows Notepad), with its byte order mark, without
  // one, either byte order, and as a page's fetch decodes it (the mark as two U+FFFD): named
  // as what it is, not "a NUL character at line 1, column 4" (an attacker's trial)
  const std::string utf16 = "preset_file: not valid JSON: the text is UTF-16 (a file saved as \"Unicode\"): save it as UTF-8";
  CHECK(refusal("\xFF\xFE{\0\"\0p\0r\0e\0s\0e\0t\0s\0\"\0:\0 \0[\0]\0}\0"s) == utf16);
  CHECK(refusal("\xFE\xFF\0{\0\"\0p\0r\0e\0s\0e\0t\0s\0\"\0:\0 \0[\0]\0}"s) == utf16);
  CHECK(refusal("{\0\"\0p\0r\0e\0s\0e\0t\0s\0\"\0:\0 \0[\0]\0}\0"s) == utf16);
  CHECK(refusal("\xEF\xBF\xBD\xEF\xBF\xBD{\0\"\0p\0r\0e\0s\0e\0t\0s\0\"\0:\0 \0[\0]\0}\0"s) == utf16);
  // a number past the largest double: where it is, which nlohmann's "number overflow parsing"
  // did not say (an attacker's trial: the whole file refused with no line)
  CHECK(refusal("{\"presets\": [\n {\"name\": \"Big\", \"type\": \"SyncStrategyScenario\", \"inputs\": {\"workers\": 1e999}}]}") ==
        "preset_file: the number 1e999 at line 2, column 72 is too large for a double (at most 1.7976931348623157e308)");
  CHECK(refusal("{\"presets\": [-2e400]}") ==
        "preset_file: the number -2e400 at line 1, column 14 is too large for a double (at most 1.7976931348623157e308)");
}
