#!/usr/bin/env python3
"""Known-answer vectors for both scenario types, worked out independently of the C++ core.

Every value is computed here with exact rational arithmetic (fractions.Fraction) straight
from the equations of ../shared/spec/SPEC.md sections 2-3, with unit factors written out
by hand below (SPEC section 1). Nothing here imports or calls project code.

    python3 tests/vectors/generate.py      # rewrites tests/vectors/*.json

Each file: {"type", "tolerance" (relative), "cases": [{"name", "inputs", "expected":
{property: {"value", "unit"} | {"error": true}}, "warnings": N}]}.
"""
import json
import math
import os
from fractions import Fraction as Q

HERE = os.path.dirname(os.path.abspath(__file__))

# unit factors to canonical units (s, byte, param, USD), by hand from SPEC section 1
SECOND = {"s": 1, "ms": Q(1, 1000), "us": Q(1, 10**6), "min": 60, "hour": 3600, "h": 3600,
          "day": 86400, "week": 604800}
BYTE = {"byte": 1, "B": 1, "KB": 10**3, "MB": 10**6, "GB": 10**9, "KiB": 2**10, "MiB": 2**20,
        "GiB": 2**30, "bit": Q(1, 8)}
PARAM = {"param": 1, "Kparam": 10**3, "Mparam": 10**6, "Bparam": 10**9, "Tparam": 10**12}

WORKLOADS = {"GPT3": Q(175 * 10**9), "GPT2": Q(15 * 10**8), "BERT_Base": Q(11 * 10**7),
             "BERT_Large": Q(34 * 10**7), "Llama3_8B": Q(803 * 10**7), "Llama3_70B": Q(706 * 10**8),
             "Llama3_405B": Q(405 * 10**9), "ResNet50": Q(256 * 10**5)}
FLEETS = {"Lab_64_H100": (8, 8), "Research_256": (32, 8), "Training_512_H100": (64, 8),
          "Training_1K": (128, 8), "Training_1K_A100": (128, 8), "Production_2K": (256, 8),
          "Frontier_8K": (1024, 8), "Reference_25K_H100": (3125, 8)}


def num(x):
    return float(x)


def value(v, unit):
    return {"value": num(v), "unit": unit}


def sync_case(name, workers, per_worker_batch, iterations, overhead, base_iterations,
              base_time, base_time_unit, rate, rate_unit, staleness=None):
    """rate_unit is (currency factor, time unit), e.g. (1, "hour") for USD/hour."""
    inputs = {"workers": workers, "per_worker_batch": per_worker_batch, "iterations": iterations,
              "communication_overhead": float(overhead), "base_iterations": base_iterations,
              "base_iteration_time": f"{base_time} {base_time_unit}",
              "device_hour_rate": f"{rate} USD/{rate_unit}"}
    if staleness is not None:
        inputs["staleness"] = staleness
    s = staleness or 0
    c = Q(str(overhead))
    t0 = Q(str(base_time)) * SECOND[base_time_unit]          # s
    r = Q(str(rate)) / SECOND[rate_unit]                      # USD/s
    ideal = Q(base_iterations, workers)
    it_time = t0 * (1 + c)
    expected = {
        "global_batch": value(workers * per_worker_batch, "samples"),
        "ideal_iterations": value(ideal, "iterations"),
        "iteration_time": value(it_time, "s"),
        "speedup": value(Q(base_iterations) / (iterations * (1 + c)), ""),
        "sample_efficiency": value(ideal / iterations, ""),
        "cost": value(iterations * it_time * workers * r, "USD"),
        "stale_lr_factor": value(1 / math.sqrt(1 + s), ""),
    }
    return {"name": name, "inputs": inputs, "expected": expected, "warnings": 0}


def attack_case(name, workload, fleet, dp, grad, ckpt, weight=None, warnings=0):
    """grad/ckpt/weight are (number, byte unit) pairs, per param."""
    inputs = {"workload": workload, "fleet": fleet, "dp_degree": dp,
              "gradient_bytes_per_param": f"{grad[0]} {grad[1]}/param",
              "checkpoint_bytes_per_param": f"{ckpt[0]} {ckpt[1]}/param"}
    if weight:
        inputs["weight_bytes_per_param"] = f"{weight[0]} {weight[1]}/param"
    if isinstance(workload, str):
        p = WORKLOADS[workload]
    else:
        n, u = workload["parameters"].split()
        p = Q(n) * PARAM[u]
    if isinstance(fleet, str):
        count, per_node = FLEETS[fleet]
    else:
        count, per_node = fleet["count"], fleet["node"]["accelerators_per_node"]
    acc = count * per_node
    width = lambda w: Q(str(w[0])) * BYTE[w[1]]
    expected = {
        "accelerators": value(acc, "count"),
        "nodes": value(count, "count"),
        "accelerators_per_node": value(per_node, "count"),
        "accelerators_per_replica": value(Q(acc, dp), "count"),
        "gradient_bytes": value(p * width(grad), "byte"),
        "checkpoint_bytes": value(p * width(ckpt), "byte"),
        "weight_bytes": value(p * width(weight), "byte") if weight else {"error": True},
        "allreduce_factor": value(Q(2 * (dp - 1), dp) if dp > 1 else 0, ""),
        "gather_factor": value(dp - 1, ""),
        "gather_traffic_ratio": value(Q(dp, 2), "") if dp > 1 else {"error": True},
    }
    return {"name": name, "inputs": inputs, "expected": expected, "warnings": warnings}


sync = [
    sync_case("TransformerBsp8Workers preset", 8, 32, 14000, "0.25", 100000, "0.5", "s", 2, "hour", 0),
    sync_case("TransformerSsp8Workers preset", 8, 32, 15500, "0.10", 100000, "0.5", "s", 2, "hour", 3),
    sync_case("TransformerAsp8Workers preset", 8, 32, 19000, "0.02", 100000, "0.5", "s", 2, "hour", 7),
    sync_case("one worker, no overhead, staleness defaulted", 1, 1, 1, "0", 1, "1", "s", 0, "hour"),
    sync_case("milliseconds and dollars per minute", 64, 16, 2100, "0.4", 120000, "350", "ms", "0.05", "min", 2),
    sync_case("superlinear sample efficiency", 4, 128, 2000, "0.125", 10000, "2.5", "s", "3.75", "hour", 1),
    sync_case("days and a weekly rate", 1024, 4, 90, "1.5", 50000, "0.02", "day", 700, "week", 15),
    sync_case("microsecond iterations", 3, 7, 11, "0.333", 29, "250", "us", "1.2", "h", 99),
]

attack = [
    attack_case("ReferenceJobAttackSurface preset", "GPT3", "Training_1K_A100", 16, (2, "byte"), (14, "byte"), (2, "byte")),
    attack_case("LabJobAttackSurface preset", "Llama3_8B", "Lab_64_H100", 64, (2, "byte"), (14, "byte")),
    attack_case("one replica: no ratio, allreduce 0", "ResNet50", "Research_256", 1, (4, "B"), (16, "B"), (4, "B")),
    attack_case("dp_degree not dividing the fleet warns", "Llama3_70B", "Production_2K", 3, (2, "B"), (12, "B"), warnings=1),
    attack_case("dp_degree above the accelerator count warns", "BERT_Base", "Lab_64_H100", 100, (4, "byte"), (8, "byte"), warnings=1),
    attack_case("bits and binary prefixes", "GPT2", "Reference_25K_H100", 25000, (16, "bit"), ("0.015625", "KiB"), ("0.5", "byte")),
    attack_case("inline workload and fleet", {"name": "Toy", "parameters": "7.5 Bparam"},
                {"name": "Pod", "count": 12, "node": {"name": "Box", "accelerators_per_node": 4}},
                6, (2, "byte"), (16, "byte"), (1, "byte")),
    attack_case("Frontier fleet, Llama 3 405B", "Llama3_405B", "Frontier_8K", 128, (2, "B"), (14, "B"), (2, "B")),
]

for fname, type_name, cases in [("sync_strategy.json", "SyncStrategyScenario", sync),
                                ("attack_surface.json", "DataParallelAttackSurfaceScenario", attack)]:
    with open(os.path.join(HERE, fname), "w") as f:
        json.dump({"type": type_name, "tolerance": 1e-12, "generator": "tests/vectors/generate.py",
                   "cases": cases}, f, indent=1)
        f.write("\n")
print("wrote", len(sync), "+", len(attack), "cases")
