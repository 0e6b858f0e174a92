// The declarations of the scenario types, one file per category.
#pragma once

#include "mlsysim/scenario.hpp"

namespace mlsysim {

ScenarioType sync_strategy_scenario();                 // communication.cpp
ScenarioType data_parallel_attack_surface_scenario();  // reliability.cpp

}  // namespace mlsysim
