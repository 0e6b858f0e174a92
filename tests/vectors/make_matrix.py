#!/usr/bin/env python3
"""Writes tests/vectors/input_matrix.json: every field of both scenario types crossed
with classes of awkward input, each row saying whether it must be accepted (and the
canonical value the core must report for that input) or refused (and the field the
error must name). The expectations come from the specification's rules (as docs/api.md and docs/units.md
state them), read here by hand,
not from the C++ code.

    python3 tests/vectors/make_matrix.py

A value {"$number": "NaN"|"Infinity"|"-Infinity"} stands for that JavaScript number and
{"$repeat": [text, n]} for text repeated n times (kept out of the file for size).
"""
import json
import os

HERE = os.path.dirname(os.path.abspath(__file__))
NAN, INF, NINF = ({"$number": "NaN"}, {"$number": "Infinity"}, {"$number": "-Infinity"})
MEGA = {"$repeat": ["9", 1 << 20]}
SYNC, ATTACK, COLL = "TransformerBsp8Workers", "ReferenceJobAttackSurface", "NdrRingVsTree1GB"
# one preset of each catalog type (docs/scenarios.md)
HIER, MTBF, CKPT = "MlsysimHierarchical4x8", "Book10KThreeWeekJob", "Gpt3On10KYoungDaly"
ZERO, ACT, ROOF, TRAIN = "ZeroPaper7_5B64Gpus", "Gpt3Activations2K", "Llama8BDecodeStepH100", "Gpt3OnTraining1KA100"
PIPE, SERVE, QUEUE = "Book8Stages16Microbatches", "Llama8BChatH100", "Gpt3Serve100QpsBatch8"
ENERGY, TCO = "Gpt3ClassRunUsAverage", "H100Cluster1KOwnVsCloud"

rows = []


def refuse(preset, field, value, why, blame=None):
    rows.append({"preset": preset, "set": {field: value}, "why": why, "expect": "refuse", "field": blame or field})


def accept(preset, field, value, why, canonical):
    rows.append({"preset": preset, "set": {field: value}, "why": why, "expect": "accept", "value": canonical})


# integer fields: (preset, field, lowest valid value)
ints = [(SYNC, "workers", 1), (SYNC, "per_worker_batch", 1), (SYNC, "iterations", 1),
        (SYNC, "base_iterations", 1), (SYNC, "staleness", 0), (ATTACK, "dp_degree", 1), (COLL, "ranks", 1),
        (MTBF, "nics_per_node", 0), (MTBF, "psus_per_node", 0), (ZERO, "dp_degree", 1), (ACT, "sequence_length", 1),
        (ACT, "microbatch_size", 1), (ACT, "tensor_parallel", 1), (PIPE, "pipeline_stages", 1), (PIPE, "microbatches", 1),
        (PIPE, "virtual_stages", 1), (SERVE, "context_tokens", 1), (SERVE, "batch_size", 1), (QUEUE, "batch_size", 1)]
for preset, f, lo in ints:
    refuse(preset, f, True, "a boolean is not an integer")
    refuse(preset, f, "", "empty text")
    refuse(preset, f, "   ", "whitespace only")
    refuse(preset, f, NAN, "NaN")
    refuse(preset, f, INF, "+Infinity")
    refuse(preset, f, NINF, "-Infinity")
    refuse(preset, f, lo - 1, "one below the bound")
    refuse(preset, f, 2.5, "a fraction")
    refuse(preset, f, "9007199254740993", "an integer above 2^53")
    refuse(preset, f, "1e309", "1e308 x 10 overflows a double")
    refuse(preset, f, "8 s", "a unit on a count")
    refuse(preset, f, "0x10", "hexadecimal")
    refuse(preset, f, "1..2", "a malformed number")
    refuse(preset, f, "\uff18", "a full-width digit")
    refuse(preset, f, [8], "an array")
    refuse(preset, f, {"value": 8}, "an object")
    refuse(preset, f, MEGA, "a 1 MB string of digits")
    accept(preset, f, "8", "numeric text", 8)
    accept(preset, f, 8.0, "an integral float", 8)
    if lo == 0:
        accept(preset, f, {"$number": "-0"} if False else -0.0, "-0 is 0", 0)
    else:
        refuse(preset, f, -0.0, "-0 is 0, below the bound")

# the float field
f = "communication_overhead"
for v, why in [(True, "a boolean"), ("", "empty text"), (NAN, "NaN"), (INF, "+Infinity"), (NINF, "-Infinity"),
               (-0.01, "negative"), ("1e309", "overflow"), ("25 %", "a percent sign"), ("0.25 s", "a unit"),
               ("1e", "a malformed exponent"), (MEGA, "a 1 MB string")]:
    refuse(SYNC, f, v, why)
accept(SYNC, f, 0, "zero overhead", 0)
accept(SYNC, f, -0.0, "-0 is 0", 0)
accept(SYNC, f, "0.25", "numeric text", 0.25)
accept(SYNC, f, 1e300, "huge but finite", 1e300)

# the catalog's other plain-number fields: (preset, field, a valid value, a value below the
# rule, a value above it or None): "in (0, 1]", "in (0, 1)", ">= 1", "> 0", ">= 0"
floats = [(TRAIN, "training_tokens", 3e11, 0, None), (TRAIN, "mfu", 1, 0, 1.01), (PIPE, "target_bubble", 0.5, 0, 1),
          (SERVE, "compute_efficiency", 0.25, 0, 1.5), (QUEUE, "target_utilization", 0.9, 0, 1),
          (ENERGY, "mfu", 0, -0.1, 1.1), (ENERGY, "pue", 1, 0.99, None), (TCO, "pue", 1.5, 0.5, None),
          (TCO, "annual_maintenance_ratio", 0, -0.01, None)]
for preset, f, ok, below, above in floats:
    for v, why in [(True, "a boolean"), ("", "empty text"), (NAN, "NaN"), (INF, "+Infinity"), ("5 s", "a unit"),
                   ("0,5", "a decimal comma")]:
        refuse(preset, f, v, why)
    refuse(preset, f, below, "below the rule")
    if above is not None:
        refuse(preset, f, above, "above the rule")
    accept(preset, f, ok, "within the rule", ok)
    accept(preset, f, str(ok), "as text", ok)

# quantity fields: (preset, field, a valid text, its canonical value, a wrong-dimension text, bound)
quantities = [
    (SYNC, "base_iteration_time", "500 ms", 0.5, "5 GB", ">0"),
    (SYNC, "device_hour_rate", "3.6 USD/h", 0.001, "2 USD", ">=0"),
    (ATTACK, "gradient_bytes_per_param", "16 bit/param", 2.0, "2 byte", ">0"),
    (ATTACK, "checkpoint_bytes_per_param", "0.5 KiB/Kparam", 0.512, "14 param/byte", ">0"),
    (ATTACK, "weight_bytes_per_param", "2 B/param", 2.0, "2 s/param", ">0"),
    # docs/units.md's spellings: 1 Gbit = 1e9 bit = 1.25e8 byte; 1 Tbps = 1.25e11 byte/s
    (COLL, "message_bytes", "8 Gbit", 1e9, "8 s", ">=0"),
    (COLL, "link_bandwidth", "3.2 Tbps", 4e11, "5 GB", ">0"),
    (COLL, "link_latency", "500 ns", 5e-7, "5 GB/s", ">=0"),
    (HIER, "message_bytes", "8 GB", 8e9, "8 Gbps", ">=0"),
    (HIER, "intra_node_bandwidth", "300 GB/s", 3e11, "300 GB", ">0"),
    (HIER, "inter_node_bandwidth", "200 Gbps", 2.5e10, "200 Gbit", ">0"),
    (HIER, "intra_node_latency", "0.5 us", 5e-7, "5 GB", ">=0"),
    (HIER, "inter_node_latency", "7 us", 7e-6, "7 GB", ">=0"),
    (MTBF, "gpu_mttf", "50000 h", 1.8e8, "50000 GB", ">0"),
    (MTBF, "nic_mttf", "6250 day", 5.4e8, "6250 USD", ">0"),
    (MTBF, "psu_mttf", "100000 hour", 3.6e8, "1 J", ">0"),
    (MTBF, "job_duration", "3 week", 1814400.0, "3 flop", ">=0"),
    (CKPT, "checkpoint_bytes_per_param", "16 byte/param", 16.0, "16 byte", ">0"),
    (CKPT, "checkpoint_write_bandwidth", "800 Gbps", 1e11, "100 GB", ">0"),
    (CKPT, "system_mtbf", "240 min", 14400.0, "4 kWh", ">0"),
    (CKPT, "restart_time", "1.5 min", 90.0, "90 W", ">=0"),
    (CKPT, "checkpoint_interval", "0.25 day", 21600.0, "6 kg", ">0"),
    (ZERO, "weight_bytes_per_param", "16 bit/param", 2.0, "2 bit", ">0"),
    (ZERO, "gradient_bytes_per_param", "4 B/param", 4.0, "4 B/s", ">0"),
    (ZERO, "optimizer_bytes_per_param", "12 byte/param", 12.0, "12 param/byte", ">=0"),
    (ZERO, "device_memory", "32 GiB", 34359738368.0, "32 GiB/s", ">0"),
    (ACT, "activation_bytes_per_element", "16 bit", 2.0, "16 bit/param", ">0"),
    (ROOF, "operations", "16.06 GFLOP", 1.606e10, "16.06 GB", ">0"),
    (ROOF, "bytes_moved", "16.06 GB", 1.606e10, "16.06 GFLOP", ">0"),
    (TRAIN, "device_hour_rate", "2 USD/hour", 2 / 3600, "2 USD", ">=0"),
    (PIPE, "microbatch_time", "10 ms", 0.01, "10 MB", ">0"),
    (SERVE, "weight_bytes_per_param", "1 byte/param", 1.0, "1 byte", ">0"),
    (SERVE, "kv_bytes_per_element", "1 byte", 1.0, "1 byte/param", ">0"),
    (QUEUE, "arrival_rate", "100 1/s", 100.0, "100 s", ">0"),
    (QUEUE, "fixed_batch_time", "50 ms", 0.05, "50 MB", ">=0"),
    (QUEUE, "per_request_time", "0.5 ms", 5e-4, "0.5 MB", ">=0"),
    (ENERGY, "device_tdp", "0.4 kW", 400.0, "400 J", ">0"),
    (ENERGY, "training_duration", "25 day", 2160000.0, "25 kWh", ">=0"),
    (ENERGY, "grid_carbon_intensity", "0.429 kg/kWh", 0.429 / 3.6e6, "429 g", ">=0"),
    (ENERGY, "electricity_price", "0.12 USD/kWh", 0.12 / 3.6e6, "0.12 USD", ">=0"),
    (TCO, "unit_cost", "30000 USD", 30000.0, "30000 USD/h", ">=0"),
    (TCO, "device_tdp", "700 W", 700.0, "700 Wh", ">=0"),
    (TCO, "electricity_price", "70 USD/MWh", 0.07 / 3.6e6, "70 USD/MW", ">=0"),
    (TCO, "amortization_period", "3 year", 94608000.0, "3 tonne", ">0"),
    (TCO, "cloud_hour_rate", "4 USD/h", 4 / 3600, "4 USD", ">=0"),
]
for preset, f, ok, canonical, wrong, bound in quantities:
    unit = ok.split(" ", 1)[1]
    refuse(preset, f, "", "empty text")
    refuse(preset, f, "  ", "whitespace only")
    refuse(preset, f, "5", "no unit on a dimensional field")
    refuse(preset, f, 5, "a bare number")
    # (a rate's unit "1/s" alone reads as one per second, as "1.694/year" reads as 1.694 per
    # year, the way results write rates; its unit without a number is "/s")
    refuse(preset, f, unit[1:] if unit.startswith("1/") else unit, "a unit without a number")
    refuse(preset, f, f"5 {unit} {unit}", "a doubled unit")
    refuse(preset, f, wrong, "the wrong dimension")
    refuse(preset, f, "5 parsec", "an unknown unit")
    refuse(preset, f, f"NaN {unit}", "NaN")
    refuse(preset, f, f"Infinity {unit}", "Infinity")
    refuse(preset, f, f"1e309 {unit}", "1e308 x 10")
    refuse(preset, f, f"1..2 {unit}", "a malformed number")
    refuse(preset, f, f"1e {unit}", "a malformed exponent")
    refuse(preset, f, f"0x10 {unit}", "hexadecimal")
    refuse(preset, f, f"\uff15 {unit}", "a full-width digit")
    refuse(preset, f, f"-1 {unit}", "negative")
    refuse(preset, f, {"value": NAN, "unit": unit}, "NaN inside {value, unit}")
    refuse(preset, f, {"value": "5", "unit": unit}, "a text value inside {value, unit}")
    refuse(preset, f, {"value": 5, "unit": unit, "extra": 1}, "an unknown key inside {value, unit}")
    refuse(preset, f, True, "a boolean")
    refuse(preset, f, {"$repeat": ["5", 1 << 20]}, "a 1 MB string")
    if bound == ">0":
        refuse(preset, f, f"0 {unit}", "zero where > 0 is required")
        refuse(preset, f, "0", "a bare zero where > 0 is required")
    else:
        accept(preset, f, f"0 {unit}", "zero where >= 0 is allowed", 0)
        accept(preset, f, "0", "a bare zero: zero in every unit", 0)
        accept(preset, f, 0, "the number zero: zero in every unit", 0)
    accept(preset, f, ok, "another spelling of the unit", canonical)
    accept(preset, f, {"value": float(ok.split()[0]), "unit": unit}, "as {value, unit}", canonical)
    accept(preset, f, f"  {ok}  ", "surrounding spaces", canonical)
    # a bound is said in the field's display unit, never its canonical one
refuse(SYNC, "base_iteration_time", "5 \u03bcs", "Greek mu instead of the micro sign")
accept(SYNC, "base_iteration_time", "5 \u00b5s", "the micro sign of the spec", 5e-6)
accept(SYNC, "base_iteration_time", "5 us", "us for microseconds", 5e-6)
accept(SYNC, "base_iteration_time", "2 Seconds", "full names in any case, plural", 2.0)
refuse(SYNC, "base_iteration_time", "2 S", "symbols are case-sensitive")
accept(SYNC, "device_hour_rate", "1 dollar / hour", "spaces around the operator", 1 / 3600)
accept(COLL, "message_bytes", "2 kB", "kB, the SI symbol, is KB", 2000.0)
accept(COLL, "link_bandwidth", "400 Gbps", "Gbps: 10^9 bit/s", 5e10)
accept(COLL, "link_bandwidth", "100 Gbit/s", "Gbit/s, the same rate written out", 1.25e10)
refuse(COLL, "link_bandwidth", "200 Gb/s", "Gb is ambiguous (gigabit or gigabyte) and refused")
refuse(COLL, "link_bandwidth", "200 Gbps/s", "a rate per second is not a bandwidth")

# registry-backed fields
for f, bad_name, inline_bad in [
    ("workload", "GPT5", [({"name": "X", "parameters": "-1 param"}, "negative parameters"),
                          ({"name": "X", "parameters": "0 param"}, "zero parameters"),
                          ({"name": "X", "parameters": "7e9"}, "parameters without a unit"),
                          ({"name": "X", "parameters": "7 GB"}, "parameters in bytes"),
                          ({"name": "X"}, "no parameters"),
                          ({"name": "", "parameters": "1 param"}, "an empty name"),
                          ({"name": "X", "parameters": "1 param", "depth": 3}, "an unknown key (layers is a sub-field since the catalog's registries)")]),
    ("fleet", "Mars_1M", [({"name": "F", "count": 0, "node": "DGX_H100"}, "zero nodes"),
                          ({"name": "F", "count": 1.5, "node": "DGX_H100"}, "a fractional count"),
                          ({"name": "F", "count": 2, "node": "DGX_Z"}, "an unknown node"),
                          ({"name": "F", "count": 2, "node": {"name": "N", "accelerators_per_node": 0}}, "no accelerators"),
                          ({"name": "F", "count": 2, "node": {"name": "N", "accelerators_per_node": 2 ** 60}}, "accelerators above 2^53"),
                          ({"name": "F", "count": 4503599627370496, "node": "DGX_H100"}, "a product above 2^53"),
                          ({"name": "F", "node": "DGX_H100"}, "no count")]),
]:
    refuse(ATTACK, f, bad_name, "an unknown registry name")
    refuse(ATTACK, f, "", "empty text")
    refuse(ATTACK, f, "gpt3" if f == "workload" else "training_1k", "registry names are case-sensitive")
    refuse(ATTACK, f, 7, "a number")
    refuse(ATTACK, f, [], "an array")
    for value, why in inline_bad:
        refuse(ATTACK, f, value, f"inline: {why}")
accept(ATTACK, "workload", {"name": "Toy", "parameters": "7 Bparam"}, "an inline workload", 7e9)
accept(ATTACK, "fleet", {"name": "Pod", "count": 3, "node": "DGX_A100"}, "an inline fleet with a registry node", 24)

# the catalog's registries (docs/scenarios.md, Registries): hardware, fabrics in fleets,
# the sub-fields a type needs
for v, why in [("H200", "an unknown hardware name"), ("h100", "registry names are case-sensitive"), (7, "a number"),
               ({"name": "X", "peak_flops": "989 TFLOP/s", "memory_capacity": "80 GiB"}, "inline: no memory_bandwidth"),
               ({"name": "X", "peak_flops": "989 TFLOPS", "memory_capacity": "80 GiB", "memory_bandwidth": "3 TB/s"}, "inline: TFLOPS, not a unit"),
               ({"name": "X", "peak_flops": "0 TFLOP/s", "memory_capacity": "80 GiB", "memory_bandwidth": "3 TB/s"}, "inline: zero peak"),
               ({"name": "X", "peak_flops": "989 TB/s", "memory_capacity": "80 GiB", "memory_bandwidth": "3 TB/s"}, "inline: a peak in bytes")]:
    refuse(ROOF, "hardware", v, why)
accept(ROOF, "hardware", {"name": "FP8 H100", "peak_flops": "1979 TFLOP/s", "memory_capacity": "80 GiB",
                          "memory_bandwidth": "3.35 TB/s"}, "an inline accelerator (the FP8 peak)", 1.979e15)
refuse(ACT, "workload", "ResNet50", "a workload without the layers, hidden_dim and heads the type needs")
refuse(ACT, "workload", {"name": "X", "parameters": "7 Bparam", "layers": 32, "hidden_dim": 4096}, "inline: no heads")
accept(ACT, "workload", {"name": "X", "parameters": "7 Bparam", "layers": 32, "hidden_dim": 4096, "heads": 32},
       "an inline transformer", 7e9)
refuse(TRAIN, "fleet", {"name": "F", "count": 2, "node": {"name": "N", "accelerators_per_node": 8}},
       "an inline fleet whose node names no accelerator, which the type needs")
accept(TRAIN, "fleet", {"name": "F", "count": 2, "node": {"name": "N", "accelerators_per_node": 8, "accelerator": "A100"}},
       "an inline fleet of A100 nodes", 16)
refuse(HIER, "fleet", {"name": "F", "count": 2, "node": "DGX_H100", "fabric": "InfiniBand_XDR"}, "inline: an unknown fabric")
accept(HIER, "fleet", {"name": "F", "count": 2, "node": "DGX_H100", "fabric": {"name": "Slow", "bandwidth": "10 Gbps", "latency": "1 ms"}},
       "an inline fleet with an inline fabric", 16)

# unknown fields
refuse(SYNC, "worker", 8, "a misspelt field")
refuse(SYNC, "dp_degree", 8, "a field of the other type")
refuse(ATTACK, "<script>alert(1)</script>", 1, "markup as a field name")

with open(os.path.join(HERE, "input_matrix.json"), "w", encoding="utf-8") as out:
    out.write('{\n "about": ' + json.dumps(__doc__.strip().split("\n\n")[0].replace("\n", " ")) + ',\n "cases": [\n')
    out.write(",\n".join("  " + json.dumps(r, ensure_ascii=False) for r in rows))
    out.write("\n ]\n}\n")
print(len(rows), "cases:", sum(r["expect"] == "refuse" for r in rows), "refused,", sum(r["expect"] == "accept" for r in rows), "accepted")
