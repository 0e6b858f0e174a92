// The errors of the core (docs/api.md, Errors): an input error names the field it blames
// and travels as a value (Expected); a property that cannot be computed is a value of its
// result ({error}), not an error of the call.
#pragma once

#include <cstdint>
#include <cstdlib>
#include <optional>
#include <stdexcept>
#include <string>
#include <utility>
#include <variant>

namespace mlsysim {

/// An input error (docs/api.md, Errors): `field` names the offending input ("workers",
/// "fleet", "type", "preset", ...); what() is the whole message, which starts with
/// the field, e.g. `workers: must be an integer >= 1, got -3`.
/// Control characters and invalid UTF-8 in the message are escaped (\u0000, U+FFFD),
/// so that what() is whole and safe to print on a terminal; `field` is kept as given,
/// cut at 200 characters (whole: a character cut in two would reach JavaScript as U+FFFD).
struct InputError : std::invalid_argument {
  InputError(const std::string& field_name, const std::string& detail);
  std::string field;

  /// `s` with control characters escaped and invalid UTF-8 replaced.
  static std::string printable(const std::string& s);
  /// A field name for a message: printable and at most 60 characters.
  static std::string printable_field(const std::string& s);
  /// `s` quoted for a message as every value the core quotes (describe): in JSON quotes,
  /// `"` and `\` escaped, cut at 60 characters, unseen code points escaped (\u202e).
  static std::string quoted(const std::string& s);
};

/// Ends the program with `e`: natively throws it (for the tests, and the CLI, which lets
/// an error end the command); in the module, built without exceptions, aborts.
template <class E>
[[noreturn]] void raise_error(const E& e) {
#if defined(__cpp_exceptions)
  throw e;
#else
  (void)e;
  std::abort();
#endif
}

/// A wrong declaration (a scenario type, a registry entry, a unit written in the code):
/// a programming error that every native test run shows. Natively it throws
/// std::logic_error with `what`, so the tests can see it; in the WebAssembly module, which
/// is built without exceptions (docs/performance.md, "Errors as values"), it aborts.
[[noreturn]] inline void declaration_error(const std::string& what) { raise_error(std::logic_error(what)); }

/// A value of type T, or the error E that took its place: how every input error travels
/// in the core (docs/performance.md, "Errors as values": the module has no exceptions).
/// A function that may fail returns Expected; its caller tests it (`if (!r) return
/// r.error();`) and reads the value with `*r`.
template <class T, class E = InputError>
class [[nodiscard]] Expected {
 public:
  Expected(T value) : v_(std::in_place_index<0>, std::move(value)) {}
  Expected(E error) : v_(std::in_place_index<1>, std::move(error)) {}
  explicit operator bool() const { return v_.index() == 0; }
  /// The error; only when there is one.
  const E& error() const { return *checked<1>(&v_); }
  /// The value; only when there is one (read without testing, an error ends the program
  /// rather than reading memory that holds none: an attacking helper found such a read).
  T& operator*() { return *checked<0>(&v_); }
  const T& operator*() const { return *checked<0>(&v_); }
  T* operator->() { return checked<0>(&v_); }
  const T* operator->() const { return checked<0>(&v_); }
  /// The value; for an error, natively throws it (as std::expected::value does, for tests
  /// and callers that let it end the program), in the module aborts: only for errors that
  /// cannot happen (a declared unit, a built-in preset).
  T value() && {
    if (v_.index() != 0) raise_error(error());
    return std::move(*std::get_if<0>(&v_));
  }

 private:
  // alternative I of `v` (const or not), which must be the one it holds
  template <std::size_t I, class V>
  static auto* checked(V* v) {
    auto* p = std::get_if<I>(v);
    if (!p) std::abort();
    return p;
  }
  std::variant<T, E> v_;
};

/// Success or an error: a check that has no value to give.
template <class E>
class [[nodiscard]] Expected<void, E> {
 public:
  Expected() = default;
  Expected(E error) : e_(std::move(error)) {}
  explicit operator bool() const { return !e_; }
  const E& error() const {
    if (!e_) std::abort();  // only when there is one
    return *e_;
  }
  void value() && {
    if (e_) raise_error(*e_);
  }

 private:
  std::optional<E> e_;
};

/// The largest integer accepted anywhere: 2^53 (exact in JavaScript, docs/api.md, Input values).
inline constexpr std::int64_t kMaxExactInteger = std::int64_t{1} << 53;

}  // namespace mlsysim
