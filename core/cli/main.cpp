// mlsysim: the command-line face of the core (docs/api.md "Command line").
//
//   mlsysim list types|presets|categories|registries|limits|workloads|hardware|nodes|fabrics|fleets [--json] [--preset-file FILE]
//   mlsysim eval PRESET [--set FIELD=VALUE]... [--json]
//   mlsysim eval --type TYPE --set FIELD=VALUE... [--json]
//   mlsysim eval --input FILE|- [--json]
//   --preset-file FILE (list and eval): a course's own presets (docs/embedding.md)
//
// Extras: --binary (byte texts in KiB/MiB/GiB), --time UNIT and --money full (times in one
// unit, money to the cent), --work (substituted equations), --help,
// --version.
// Exit status: 0 on success; 2 on invalid input or usage, the error text on stderr.
#include <algorithm>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <iterator>
#include <sstream>
#include <string>
#include <vector>

#include "mlsysim/api.hpp"
#include "mlsysim/units.hpp"

namespace {

using mlsysim::InputError;
using mlsysim::Json;

// The usage text; the lists `list` takes come from the core (mlsysim::list_names).
std::string usage() {
  std::string lists;
  for (const std::string& n : mlsysim::list_names()) lists += (lists.empty() ? "" : "|") + n;
  return "usage:\n"
         "  mlsysim list " + lists + " [--json] [--preset-file FILE]\n"
         "  mlsysim eval PRESET [--set FIELD=VALUE]... [--json] [--binary] [--time UNIT] [--money full] [--work]\n"
         "  mlsysim eval --type TYPE --set FIELD=VALUE... [--json] [--binary] [--time UNIT] [--money full] [--work]\n"
         "  mlsysim eval --input FILE|- [--json] [--binary] [--time UNIT] [--money full] [--work]\n"
         "\n"
         "--preset-file FILE (with list or eval): a course's own presets, JSON {\"presets\": [...]};\n"
         "each entry is checked, every problem is reported on standard error, and `list`\n"
         "exits with status 2 if there is any; `eval` can evaluate the valid ones by name.\n"
         "--binary: byte texts in KiB/MiB/GiB. --time UNIT (ns, \u00b5s, ms, s, min, h, day or auto):\n"
         "every time in that unit. --money full: money to the cent (\"$8,923,000.00\"). --work (any\n"
         "eval form): each equation with the inputs substituted, its numbers to as many digits\n"
         "as give the result as written. --version: the library version.\n"
         "\n"
         "VALUE is read as JSON when it is JSON (8, 0.25, {\"name\": ...}), else as text\n"
         "(\"0.5 s\", \"2 USD/hour\", GPT3). Exit status 2 on invalid input.\n";
}

// its text is printable as an InputError's (unseen code points escaped): a command line
// may carry anything
struct UsageError : std::runtime_error {
  explicit UsageError(const std::string& message) : std::runtime_error(InputError::printable(message)) {}
};

// --set values: JSON when they parse as JSON, otherwise the text itself; text that
// opens like a JSON object or array must be valid JSON.
Json set_value(const std::string& field, const std::string& text) {
  std::size_t start = text.find_first_not_of(" \t\n\r");
  if (start != std::string::npos && (text[start] == '{' || text[start] == '[')) return mlsysim::parse_json(text, field).value();
  Json v = Json::parse(text, nullptr, false);
  if (v.is_discarded()) return Json(text);
  // a number a double may not hold as typed goes as typed, as the page sends one, and the
  // core reads it exactly: an integer past what the parser holds (2^64), or a decimal or
  // exponent form from 2^52 up, where a double holds no fraction. The core then quotes the
  // text ("got "18446744073709551617"", "got "9007199254740993.0""), not the double it
  // rounds to ("got 18446744073709552000", "got 9007199254740992": two trials)
  // (and one not zero that a double reads as 0, "1e-999": quoted as typed, not as 0)
  const std::size_t end = text.find_last_not_of(" \t\n\r");
  const std::string typed = text.substr(start, end - start + 1);
  if (v.is_number_float() && (text.find_first_of(".eE") == std::string::npos || std::fabs(v.get<double>()) >= 4503599627370496.0 ||
                              (v.get<double>() == 0 && !mlsysim::written_zero(typed))))
    return Json(typed);
  return v;
}

std::string pad(const std::string& s, std::size_t width) {
  // pad by code points so that "µs" and "×" line up
  std::size_t len = 0;
  for (unsigned char c : s) len += (c & 0xC0) != 0x80;
  return s + std::string(len < width ? width - len : 1, ' ');
}

// An input as the table shows it. A quantity is shown in the unit people write it in
// (the field's display_unit: "2 USD/h", not "0.0005555555555555556 USD/s"), to 12
// significant digits so that the conversion's last-bit error does not show.
std::string input_text(const Json& v, const Json& field) {
  if (v.is_null()) return "(not given)";
  if (v.is_object() && v.contains("unit") && v.contains("value")) {
    double value = v["value"].get<double>();
    std::string unit = v["unit"].get<std::string>();
    const std::string shown_in = field.is_object() ? field.value("display_unit", unit) : unit;
    if (shown_in != unit && std::isfinite(value)) {
      const mlsysim::Quantity u = mlsysim::declared_unit(shown_in);  // a declared unit: it parses
      char buf[40];
      std::snprintf(buf, sizeof buf, "%.12g", value / u.value);
      value = std::strtod(buf, nullptr);
      unit = shown_in;
    }
    return mlsysim::js_number(value) + " " + unit;
  }
  if (v.is_object() && v.contains("name")) return v["name"].get<std::string>();
  if (v.is_number()) return mlsysim::js_number(v.get<double>());
  return v.dump();
}

void print_result(const Json& r) {
  const Json types = mlsysim::list_scenario_types();
  Json decl;
  for (const Json& t : types)
    if (t["name"] == r["type"]) decl = t;
  if (r["preset"].is_string())
    std::cout << r["preset"].get<std::string>() << " (" << r["type"].get<std::string>() << ")\n";
  else
    std::cout << r["type"].get<std::string>() << "\n";
  // the name column as wide as the longest name, and at least 28
  std::size_t width = 28;
  for (const Json& f : decl["fields"]) width = std::max(width, f["name"].get<std::string>().size() + 2);
  for (const Json& p : decl["properties"]) width = std::max(width, p["name"].get<std::string>().size() + 2);
  std::cout << "\ninputs\n";
  for (const auto& [name, v] : r["inputs"].items()) {
    Json field;
    for (const Json& f : decl["fields"])
      if (f["name"] == name) field = f;
    // an inline entry's name is the caller's text: control characters escaped, never sent to the terminal
    std::cout << "  " << pad(name, width) << InputError::printable(input_text(v, field)) << "\n";
  }
  std::cout << "\nproperties\n";
  for (const Json& p : decl["properties"]) {
    const std::string name = p["name"].get<std::string>();
    const Json& v = r["properties"][name];
    std::string shown = v.contains("error") ? "unavailable" : v["text"].get<std::string>();
    std::cout << "  " << pad(name, width) << pad(shown, 18) << "= " << p["equation"].get<std::string>() << "\n";
    // (an alias's work is its equation: nothing to substitute, nothing to repeat)
    if (v.contains("work") && v["work"]["text"] != p["equation"])
      std::cout << "  " << pad("", width) << pad("", 18) << "= " << v["work"]["text"].get<std::string>() << "\n";
    if (v.contains("error")) std::cout << "  " << pad("", width) << v["error"].get<std::string>() << "\n";
  }
  if (!r["warnings"].empty()) {
    std::cout << "\nwarnings\n";
    for (const Json& w : r["warnings"]) std::cout << "  " << InputError::printable(w.get<std::string>()) << "\n";
  }
}

// A registry entry's numbers as one line: each sub-field in its display unit, nested
// entries by name ("count 8, node DGX_H100, fabric InfiniBand_HDR, accelerators 64").
std::string entry_line(const Json& e, const Json& kind) {
  std::string out;
  auto add = [&](const std::string& s) { out += (out.empty() ? "" : ", ") + s; };
  for (const Json& f : kind["fields"]) {
    const std::string name = f["name"].get<std::string>();
    if (!e.contains(name)) continue;
    const Json& v = e[name];
    if (v.is_object()) add(name + " " + v["name"].get<std::string>());
    else if (f["type"] == "quantity") add(name + " " + input_text(Json{{"value", v}, {"unit", f["unit"]}}, f));
    else add(name + " " + mlsysim::js_number(v.get<double>()));
  }
  for (const Json& d : kind["derived"])
    if (e.contains(d["name"].get<std::string>())) add(d["name"].get<std::string>() + " " + e[d["name"].get<std::string>()].dump());
  return out;
}

// `course`: the presets of --preset-file, listed after the built-in ones (with "file").
void print_list(const std::string& what, bool json, const mlsysim::PresetFile& course, const std::string& file) {
  mlsysim::Expected<Json> listed = mlsysim::list(what);
  if (!listed) throw UsageError(listed.error().what());  // "list: unknown list ...; valid lists: ..."
  Json list = std::move(*listed);
  if (what == "presets")
    for (const mlsysim::Preset& p : course.presets)
      list.push_back({{"name", p.name}, {"type", p.type}, {"summary", p.summary}, {"inputs", p.inputs}, {"file", file}});
  if (json) {
    std::cout << list.dump(2) << "\n";
    return;
  }
  Json kind;  // the registry kind listed, if any
  for (const Json& k : mlsysim::list_registries())
    if (k["plural"] == what) kind = k;
  if (what == "limits" || what == "units") {
    std::cout << list.dump(2) << "\n";
    return;
  }
  bool course_heading = false;
  for (const Json& e : list) {
    const std::string name = e["name"].get<std::string>();
    if (what == "types") {
      std::cout << name << " (" << e["category"].get<std::string>() << ")\n  " << e["question"].get<std::string>() << "\n  "
                << e["summary"].get<std::string>() << "\n  fields:\n";
      for (const Json& f : e["fields"])
        std::cout << "    " << pad(f["name"].get<std::string>(), 28) << f["rule"].get<std::string>()
                  << (f["required"].get<bool>() ? "" : " (default " + f["default"].dump() + ")") << "\n";
      std::cout << "  properties:\n";
      for (const Json& p : e["properties"])
        std::cout << "    " << pad(p["name"].get<std::string>(), 28) << "= " << p["equation"].get<std::string>() << "\n";
    } else if (what == "presets") {
      if (e.contains("file") && !course_heading) {
        std::cout << "\ncourse presets from " << InputError::printable(file) << "\n";
        course_heading = true;
      }
      // a course file's summary is its author's text: its control characters escaped, as every
      // quoted value is (an attacker's file cleared and retitled the terminal)
      std::cout << pad(name, 28) << pad(e["type"].get<std::string>(), 36) << InputError::printable(e["summary"].get<std::string>()) << "\n";
    } else if (what == "categories") {
      std::cout << pad(name, 16) << e["title"].get<std::string>() << "\n";
    } else if (what == "registries") {
      std::cout << pad(e["plural"].get<std::string>(), 12) << e["entries"].size() << " entries: " << e["doc"].get<std::string>() << "\n";
    } else {
      std::cout << pad(name, 22) << entry_line(e, kind) << "\n" << pad("", 22) << "source: " << e["source"].get<std::string>() << "\n";
    }
  }
}

// Reads a request; refuses more than kMaxInput bytes (an endless /dev/zero, a wrong file).
constexpr std::size_t kMaxInput = 16u << 20;

std::string read_all(const std::string& path, const std::string& field = "input", std::size_t limit = kMaxInput) {
  std::ifstream file;
  std::istream* in = &std::cin;
  if (path != "-") {
    std::error_code ec;
    if (std::filesystem::is_directory(path, ec)) throw InputError(field, InputError::quoted(path) + " is a directory, not a file");
    file.open(path, std::ios::binary);
    if (!file) throw InputError(field, "cannot read file " + InputError::quoted(path));
    in = &file;
  }
  std::string text;
  char buf[65536];
  while (in->read(buf, sizeof buf) || in->gcount() > 0) {
    text.append(buf, static_cast<std::size_t>(in->gcount()));
    if (text.size() > limit)
      throw InputError(field, limit == kMaxInput ? "is larger than 16 MiB; a request is a small JSON object"
                                                 : "is larger than " + std::to_string(limit) + " bytes (1 MiB), the most it may have");
  }
  return text;
}

// 0 when everything printed reached standard output; 1, with a message, when it did not
// (a full disk, a closed pipe: `mlsysim list types > /dev/full`).
int written() {
  std::cout.flush();
  if (std::cout) return 0;
  std::cerr << "mlsysim: cannot write to standard output\n";
  return 1;
}

int run(const std::vector<std::string>& args) {
  if (args.empty()) {  // a usage error: the usage on standard error
    std::cerr << usage();
    return 2;
  }
  const bool help = args[0] == "--help" || args[0] == "-h" || args[0] == "help";
  // anything after them is a mistake, said as one (`--version extra` printed the version)
  if ((help || args[0] == "--version") && args.size() > 1)
    throw UsageError(args[0] + " takes nothing after it, got \"" + args[1] + "\"");
  if (help) {
    std::cout << usage();
    return written();
  }
  if (args[0] == "--version") {
    std::cout << "mlsysim " << mlsysim::version() << "\n";
    return written();
  }
  bool json = false, binary = false, work = false, money_full = false, has_time = false, has_money = false;
  std::string time;
  std::vector<std::string> positional;
  std::string type, input, preset_file;
  bool has_type = false, has_input = false, has_preset_file = false;
  Json sets = Json::object();
  std::string eval_only;  // the first option given that only eval takes: list refuses it, never ignores it
  for (std::size_t i = 1; i < args.size(); ++i) {
    const std::string& a = args[i];
    auto next = [&]() -> const std::string& {
      if (i + 1 >= args.size()) throw UsageError(a + " needs a value");
      return args[++i];
    };
    if (eval_only.empty() && (a == "--binary" || a == "--work" || a == "--type" || a == "--input" || a == "--set" ||
                              a == "--time" || a == "--money"))
      eval_only = a;
    if (a == "--json") json = true;
    else if (a == "--binary") binary = true;
    else if (a == "--work") work = true;
    else if (a == "--time") {
      if (has_time) throw UsageError("--time given twice; give one unit");
      time = next(), has_time = true;
      if (time != "auto" && mlsysim::time_setting_seconds(time) == 0)
        throw UsageError("--time must be ns, \u00b5s, ms, s, min, h, day or auto, got " + InputError::quoted(time) +
                         (time == "\xCE\xBCs" ? " (the micro sign is \u00b5, not Greek mu)" : time == "us" ? " (write \u00b5s, with the micro sign)" : ""));
    } else if (a == "--money") {
      if (has_money) throw UsageError("--money given twice; give full or short once");
      const std::string& m = next();
      if (m != "full" && m != "short") throw UsageError("--money must be full or short, got " + InputError::quoted(m));
      money_full = m == "full", has_money = true;
    }
    else if (a == "--type") {
      if (has_type) throw UsageError("--type given twice; give one scenario type");  // the last would win unsaid
      type = next(), has_type = true;
    } else if (a == "--input") {
      if (has_input) throw UsageError("--input given twice; give one request");
      input = next(), has_input = true;
    }
    else if (a == "--preset-file") {
      if (has_preset_file) throw UsageError("--preset-file given twice; give one file");
      preset_file = next(), has_preset_file = true;
    }
    else if (a == "--set") {
      const std::string& kv = next();
      const auto eq = kv.find('=');
      if (eq == std::string::npos || eq == 0) throw UsageError("--set needs FIELD=VALUE, got " + InputError::quoted(kv));
      // one value per field, as --preset-file is given once: which of two a reader meant
      // is not ours to guess (the last had won without a word)
      if (sets.contains(kv.substr(0, eq)))
        throw UsageError("--set " + InputError::printable(kv.substr(0, eq)) + " given twice; give each field once");
      sets[kv.substr(0, eq)] = set_value(kv.substr(0, eq), kv.substr(eq + 1));
    } else if (a.size() > 1 && a[0] == '-' && a != "-") throw UsageError("unknown option " + InputError::quoted(a));
    else positional.push_back(a);
  }
  mlsysim::EvalOptions options;
  options.bytes = binary ? mlsysim::BytePrefix::binary : mlsysim::BytePrefix::decimal;
  options.work = work;
  options.settings = {time, money_full};
  // a course's presets: each refused entry reported on standard error
  mlsysim::PresetFile course;
  if (has_preset_file) {
    if (args[0] != "list" && args[0] != "eval") throw UsageError("--preset-file goes with list or eval");
    if (preset_file == "-" && has_input && input == "-") throw UsageError("--preset-file and --input cannot both read standard input");
    course = mlsysim::read_preset_file(read_all(preset_file, "preset_file", mlsysim::kMaxPresetFileBytes)).value();
    for (const Json& n : course.notices)
      std::cerr << InputError::printable(preset_file) << ": " << n["message"].get<std::string>() << "\n";
  }
  const int problems = course.notices.empty() ? 0 : 2;
  if (args[0] == "list") {
    // `list presets --work` had printed the list as if --work were not there
    if (!eval_only.empty()) throw UsageError(eval_only + " goes with eval; list takes --json and --preset-file");
    if (positional.size() != 1) {
      std::string names;
      for (const std::string& n : mlsysim::list_names()) names += (names.empty() ? "" : ", ") + n;
      throw UsageError("list takes one name, one of " + names + (positional.empty() ? "" : "; got " + std::to_string(positional.size())));
    }
    print_list(positional[0], json, course, preset_file);
    const int status = written();
    return status ? status : problems;
  }
  if (args[0] != "eval") throw UsageError("unknown command " + InputError::quoted(args[0]));
  Json result;
  if (has_input) {
    if (has_type || !positional.empty() || !sets.empty())
      throw UsageError("--input takes the whole request; do not combine it with PRESET, --type or --set");
    // an InputError (.value() throws it, natively) ends the command with status 2 (main)
    const Json request = mlsysim::parse_request(read_all(input), "input").value();
    result = mlsysim::evaluate_request(request, options, course.presets).value();
  } else if (has_type) {
    if (!positional.empty()) throw UsageError("give either PRESET or --type TYPE, not both");
    result = mlsysim::evaluate(type, sets, options).value();
  } else {
    if (positional.size() > 1) throw UsageError("eval takes one PRESET, got " + std::to_string(positional.size()) + " names");
    if (positional.empty()) throw UsageError("eval needs PRESET, --type TYPE or --input FILE");
    // a course preset that was left out says why, unless an entry of that name was kept (a
    // later entry that repeats the name is refused, not the first: as the page keeps it), or
    // the name is a built-in preset's (an entry is left out for taking it): the built-in
    // runs, its notice said above, as the page shows it
    const bool kept = std::any_of(course.presets.begin(), course.presets.end(), [&](const mlsysim::Preset& p) { return p.name == positional[0]; });
    if (!kept && !mlsysim::find_preset(positional[0]))
      for (const Json& n : course.notices)
        if (n["preset"] == positional[0])
          throw InputError("preset", InputError::quoted(positional[0]) + " of " + InputError::quoted(preset_file) + " was left out: " + n["message"].get<std::string>());
    result = mlsysim::evaluate_preset(positional[0], sets, options, course.presets).value();
  }
  if (json) std::cout << result.dump(2, ' ', false, Json::error_handler_t::replace) << "\n";
  else print_result(result);
  return written();
}

}  // namespace

int main(int argc, char** argv) {
  try {
    return run(std::vector<std::string>(argv + 1, argv + argc));
  } catch (const InputError& e) {
    std::cerr << e.what() << "\n";
    return 2;
  } catch (const UsageError& e) {
    std::cerr << "mlsysim: " << e.what() << "\n" << usage();
    return 2;
  } catch (const std::exception& e) {
    std::cerr << "mlsysim: internal error: " << e.what() << "\n";
    return 1;
  }
}
