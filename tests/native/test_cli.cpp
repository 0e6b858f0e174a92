// The native CLI, run as a user runs it: output, JSON shape and exit status.
#include <sys/wait.h>

#include <array>
#include <cstdio>
#include <cstdlib>
#include <unistd.h>

#include "support.hpp"

using test::Json;

using test::cli;
using test::Run;

TEST_CASE("eval PRESET --json prints the same Result as the library", "[cli]") {
  const Run r = cli("eval TransformerBsp8Workers --json");
  REQUIRE(r.status == 0);
  CHECK(Json::parse(r.out) == mlsysim::evaluate_preset("TransformerBsp8Workers", nullptr).value());
}

TEST_CASE("eval PRESET shows each quantity input in the unit people write it in", "[cli]") {
  const Run r = cli("eval TransformerBsp8Workers");
  REQUIRE(r.status == 0);
  // the preset says 2 USD/h; the Result holds it as 2/3600 USD/s
  CHECK_THAT(r.out, Catch::Contains("device_hour_rate            2 USD/h\n"));
  CHECK_THAT(r.out, Catch::Contains("base_iteration_time         0.5 s\n"));
  CHECK_THAT(r.out, !Catch::Contains("USD/s"));
  const Run typed = cli("eval TransformerBsp8Workers --set 'device_hour_rate=1 USD/s'");
  CHECK_THAT(typed.out, Catch::Contains("device_hour_rate            3600 USD/h\n"));
}

TEST_CASE("eval --time and --money write times in one unit and money to the cent, work lines to match", "[cli]") {
  // TransformerBsp8Workers by hand: iteration_time 0.625 s; cost 14,000 x 0.625 s x 8 x 2 USD/h = $38.89
  const Run r = cli("eval TransformerBsp8Workers --time ms --money full --work");
  REQUIRE(r.status == 0);
  CHECK_THAT(r.out, Catch::Contains("iteration_time              625 ms"));
  CHECK_THAT(r.out, Catch::Contains("cost                        $38.89"));
  // Llama 3 8B on Frontier: 722.7e21 flop / 3.2408e18 flop/s / 60 = 3,716.67 min
  const Run f = cli("eval Llama8BOnFrontier8K --time min --work");
  CHECK_THAT(f.out, Catch::Contains("3,716.7 min"));
  CHECK_THAT(f.out, Catch::Contains("= 722.7 ZFLOP / (3.2408 EFLOP/s)\n"));
  CHECK(Json::parse(cli("eval TransformerBsp8Workers --json --time h").out)["properties"]["iteration_time"]["text"] ==
        "0.0001736 h");  // 0.625 / 3600
  const Run bad = cli("eval TransformerBsp8Workers --time hours", true);
  CHECK(bad.status == 2);
  CHECK_THAT(bad.out, Catch::StartsWith("mlsysim: --time must be ns, \u00b5s, ms, s, min, h, day or auto, got \"hours\""));
  const Run money = cli("eval TransformerBsp8Workers --money long", true);
  CHECK(money.status == 2);
  CHECK_THAT(money.out, Catch::StartsWith("mlsysim: --money must be full or short, got \"long\""));
  CHECK_THAT(cli("eval TransformerBsp8Workers --time ms --time h", true).out, Catch::StartsWith("mlsysim: --time given twice"));
}

TEST_CASE("eval --type with --set reads numbers as JSON and the rest as text", "[cli]") {
  const Run r = cli(
      "eval --type SyncStrategyScenario --set workers=8 --set per_worker_batch=32 --set iterations=14000 "
      "--set communication_overhead=0.25 --set base_iterations=100000 --set 'base_iteration_time=500 ms' "
      "--set 'device_hour_rate=2 USD/h' --json");
  REQUIRE(r.status == 0);
  const Json j = Json::parse(r.out);
  CHECK(j["preset"].is_null());
  CHECK_THAT(j["properties"]["speedup"]["value"].get<double>(), test::Near(40.0 / 7));
}

TEST_CASE("eval --input reads a request from a file or standard input", "[cli]") {
  const Run r = cli("eval --input - --json", false,
                    "{\"preset\": \"ReferenceJobAttackSurface\", \"overrides\": {\"fleet\": "
                    "{\"name\": \"P\", \"count\": 2, \"node\": {\"name\": \"N\", \"accelerators_per_node\": 4}}}}\n");
  REQUIRE(r.status == 0);
  CHECK(Json::parse(r.out)["properties"]["accelerators"]["value"] == 8);
  const Run file = cli(std::string("eval --input '") + MLSYSIM_VECTORS_DIR + "/no-such-file.json'", true);
  CHECK(file.status == 2);
  CHECK_THAT(file.out, Catch::StartsWith("input: cannot read file"));
}

TEST_CASE("Bad input exits with status 2 and the error text on standard error", "[cli]") {
  const Run r = cli("eval TransformerBsp8Workers --set workers=-3", true);
  CHECK(r.status == 2);
  CHECK(r.out == "workers: must be an integer >= 1, got -3\n");
  const Run json = cli("eval --input -", true, "{not json\n");
  CHECK(json.status == 2);
  CHECK_THAT(json.out, Catch::StartsWith("input: not valid JSON"));
  CHECK(cli("eval NoSuchPreset").status == 2);
  CHECK(cli("frobnicate").status == 2);
  CHECK(cli("eval TransformerBsp8Workers --set workers").status == 2);
  // one field set twice: which was meant is not guessed (the last had won without a word)
  const Run set_twice = cli("eval TransformerBsp8Workers --set workers=3 --set workers=5", true);
  CHECK(set_twice.status == 2);
  CHECK_THAT(set_twice.out, Catch::StartsWith("mlsysim: --set workers given twice; give each field once"));
  CHECK(cli("eval TransformerBsp8Workers --set workers=3 --set per_worker_batch=5").status == 0);
  // a name in another case is named as the one meant (an attacking helper: the CLI and the
  // module listed every valid name, the embed alone said which)
  CHECK_THAT(cli("eval transformerbsp8workers", true).out, Catch::StartsWith("preset: unknown preset \"transformerbsp8workers\" (did you mean \"TransformerBsp8Workers\"?); valid choices: "));
  CHECK_THAT(cli("eval Gpt3OnTraining1KA100 --set workload=gpt3", true).out, Catch::StartsWith("workload: unknown workload \"gpt3\" (did you mean \"GPT3\"?); valid choices: GPT3, "));
  CHECK_THAT(cli("eval --type syncstrategyscenario", true).out, Catch::StartsWith("type: unknown scenario type \"syncstrategyscenario\" (did you mean \"SyncStrategyScenario\"?); valid types: "));
  // ... and so --type and --input (an attacking helper: the last had won)
  const Run type_twice = cli("eval --type SyncStrategyScenario --type RooflineScenario", true);
  CHECK(type_twice.status == 2);
  CHECK_THAT(type_twice.out, Catch::StartsWith("mlsysim: --type given twice; give one scenario type"));
  const Run input_twice = cli("eval --input - --input -", true, "{}");
  CHECK(input_twice.status == 2);
  CHECK_THAT(input_twice.out, Catch::StartsWith("mlsysim: --input given twice; give one request"));
  // an option of eval's is refused by list, not ignored (`list presets --work` printed the list)
  for (const char* option : {"--work", "--binary", "--type SyncStrategyScenario", "--input -", "--set workers=8", "--time ms", "--money full"}) {
    const Run listed = cli(std::string("list presets ") + option, true, "{}");
    CHECK(listed.status == 2);
    CHECK_THAT(listed.out, Catch::StartsWith("mlsysim: " + std::string(option).substr(0, std::string(option).find(' ')) +
                                             " goes with eval; list takes --json and --preset-file"));
  }
  CHECK(cli("list presets --json").status == 0);
  // ... and so in a request's JSON: a key given twice is refused, not the last taken
  const Run json_twice = cli("eval --input -", true, "{\"type\": \"SyncStrategyScenario\", \"inputs\": {\"workers\": 8, \"workers\": 4}}");
  CHECK(json_twice.status == 2);
  // placed as a parse error is (an attacker's trial: a preset file's was not)
  CHECK(json_twice.out == "input: gives the key \"workers\" twice in one object, the second time at line 1, column 59; give each key "
                          "once (which one was meant is not guessed)\n");
}

TEST_CASE("list prints every registry, as text and as JSON", "[cli]") {
  for (const char* what : {"types", "presets", "workloads", "fleets"}) {
    SECTION(what) {
      const Run text = cli(std::string("list ") + what);
      CHECK(text.status == 0);
      CHECK_FALSE(text.out.empty());
      const Run json = cli(std::string("list ") + what + " --json");
      CHECK(json.status == 0);
      CHECK(Json::parse(json.out).is_array());
    }
  }
  CHECK(Json::parse(cli("list types --json").out) == mlsysim::list_scenario_types());
  CHECK_THAT(cli("eval LabJobAttackSurface").out, Catch::Contains("unavailable"));
}

TEST_CASE("Hostile requests get exit status 2, not a crash", "[cli][bad-input]") {
  const std::string deep = std::string(100000, '[') + std::string(100000, ']');
  const Run nested = cli("eval --input -", true, "{\"type\":\"SyncStrategyScenario\",\"inputs\":{\"workers\":" + deep + "}}");
  CHECK(nested.status == 2);
  // blamed on the field it is the value of (an attacking helper: "inputs" named no field)
  CHECK_THAT(nested.out, Catch::StartsWith("workers: nests deeper than 64 levels; an input nests 4 levels at most"));
  const Run top = cli("eval --input -", true, deep);
  CHECK(top.status == 2);
  CHECK_THAT(top.out, Catch::StartsWith("input: nests deeper than 64 levels"));
  const Run huge = cli("eval --input /dev/zero", true);
  CHECK(huge.status == 2);
  CHECK_THAT(huge.out, Catch::StartsWith("input: is larger than 16 MiB"));
  const Run bad_set = cli("eval ReferenceJobAttackSurface --set 'fleet={\"name\": \"f\",'", true);
  CHECK(bad_set.status == 2);
  CHECK_THAT(bad_set.out, Catch::StartsWith("fleet: not valid JSON"));
  const Run dir = cli("eval --input /tmp", true);
  CHECK(dir.status == 2);
  CHECK(cli("eval TransformerBsp8Workers > /dev/full").status == 1);
}

TEST_CASE("eval PRESET --json gives every preset's known values, and list names every registry", "[cli][vectors]") {
  for (const Json& v : test::known_vectors())
    for (const Json& c : v["cases"]) {
      if (!c["preset"].is_string()) continue;
      const std::string preset = c["preset"].get<std::string>();
      SECTION(preset) {
        const Run run = cli("eval " + preset + " --json");
        REQUIRE(run.status == 0);
        const Json r = Json::parse(run.out);
        for (const auto& [name, want] : c["expected"].items()) {
          INFO(preset << "." << name << ": " << r["properties"][name].dump());
          if (want.contains("error")) CHECK(r["properties"][name].contains("error"));
          else CHECK_THAT(r["properties"][name]["value"].get<double>(), test::Near(want["value"].get<double>(), 1e-9));
        }
      }
    }
  for (const Json& k : mlsysim::list_registries()) {
    const std::string plural = k["plural"].get<std::string>();
    SECTION("list " + plural) {
      const Run text = cli("list " + plural);
      CHECK(text.status == 0);
      for (const Json& e : k["entries"]) CHECK_THAT(text.out, Catch::Contains(e["name"].get<std::string>()));
      CHECK(Json::parse(cli("list " + plural + " --json").out) == k["entries"]);
    }
  }
  const Run unknown = cli("list nonsense", true);
  CHECK(unknown.status == 2);
  CHECK_THAT(unknown.out, Catch::Contains("valid lists: types, presets"));
}

TEST_CASE("Usage errors say what is wrong once, on standard error; every command reports a failed write", "[cli][bad-input]") {
  // no arguments: the usage, on standard error, status 2, nothing on standard output
  const Run none = cli("");
  CHECK(none.status == 2);
  CHECK(none.out.empty());
  const Run none_err = cli("", true);
  CHECK_THAT(none_err.out, Catch::StartsWith("usage:\n  mlsysim list types|presets|categories|registries|limits|units|workloads"));
  // said once, with the lists the core takes
  const Run unknown = cli("list foo", true);
  CHECK(unknown.status == 2);
  CHECK_THAT(unknown.out, Catch::StartsWith("mlsysim: list: unknown list \"foo\"; valid lists: types, presets, categories, "
                                            "registries, limits, units, workloads"));
  const Run extra = cli("list types extra", true);
  CHECK(extra.status == 2);
  CHECK_THAT(extra.out, Catch::StartsWith("mlsysim: list takes one name, one of types, presets, categories, registries, "
                                          "limits, units, workloads"));
  CHECK_THAT(extra.out, Catch::Contains("; got 2"));
  const Run two = cli("eval TransformerBsp8Workers TransformerSsp8Workers", true);
  CHECK(two.status == 2);
  CHECK_THAT(two.out, Catch::StartsWith("mlsysim: eval takes one PRESET, got 2 names"));
  // an integer past 2^64 is quoted as typed, not as the double it rounds to (an attacker's trial)
  for (const char* n : {"18446744073709551617", "-9223372036854775809", "9007199254740993.0", "9.007199254740993e15"}) {
    const Run big = cli(std::string("eval TransformerBsp8Workers --set workers=") + n, true);
    CHECK(big.status == 2);
    CHECK_THAT(big.out, Catch::Contains(std::string("got \"") + n + "\""));
  }
  // an attacker's trial: `--version extra` printed the version and exited 0
  for (const char* args : {"--version extra", "--help --json"}) {
    INFO(args);
    const Run r = cli(args, true);
    CHECK(r.status == 2);
    CHECK_THAT(r.out, Catch::StartsWith("mlsysim: " + std::string(args).substr(0, std::string(args).find(' ')) + " takes nothing after it, got \""));
  }
  for (const char* args : {"list types", "list units --json", "--help", "--version"}) {
    INFO(args);
    CHECK(cli(std::string(args) + " > /dev/full").status == 1);
  }
  // an inline name's control characters never reach the terminal
  const Run ansi = cli("eval --input -", false,
                       R"({"preset":"ReferenceJobAttackSurface","overrides":{"workload":{"name":"A\u001b[31mRED\nline2","parameters":"1e9 param"}}})");
  CHECK(ansi.status == 0);
  CHECK(ansi.out.find('\x1b') == std::string::npos);
  CHECK(ansi.out.find("RED\nline2") == std::string::npos);
}
