// Text for error messages: how a received value is shown after "got".
#pragma once

#include <string>
#include <vector>

#include "mlsysim/errors.hpp"
#include "mlsysim/json.hpp"

namespace mlsysim {

/// A received value as the user wrote it: numbers in JavaScript style (-3, 2.5, NaN,
/// Infinity), strings quoted and cut at 60 characters, objects as compact JSON cut at
/// 80 characters.
std::string describe(const Json& v);

/// "a, b, c"
std::string join(const std::vector<std::string>& items);

}  // namespace mlsysim
