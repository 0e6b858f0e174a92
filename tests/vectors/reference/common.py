"""Shared by the reference modules: unit factors, registry numbers and random inputs,
all typed by hand from the specification (the tables docs/units.md and docs/scenarios.md
also print, with the sources of docs/sources.md),
never read from the project's code. Values are exact Fractions wherever the arithmetic
allows it."""
import math
import random
from fractions import Fraction as Q

# unit factors to canonical units (s, byte, param, USD, flop, J, W, kg), by hand
SECOND = {"s": 1, "ms": Q(1, 1000), "us": Q(1, 10**6), "ns": Q(1, 10**9), "min": 60, "hour": 3600,
          "h": 3600, "day": 86400, "week": 604800, "year": 365 * 86400}
BYTE = {"byte": 1, "B": 1, "KB": 10**3, "kB": 10**3, "MB": 10**6, "GB": 10**9, "TB": 10**12,
        "KiB": 2**10, "MiB": 2**20, "GiB": 2**30, "TiB": 2**40, "bit": Q(1, 8), "Gbit": Q(10**9, 8)}
RATE = {"Gbps": Q(10**9, 8), "Mbps": Q(10**6, 8), "Tbps": Q(10**12, 8)}  # byte/s
PARAM = {"param": 1, "Kparam": 10**3, "Mparam": 10**6, "Bparam": 10**9, "Tparam": 10**12}
FLOP = {"flop": 1, "FLOP": 1, "GFLOP": 10**9, "TFLOP": 10**12, "PFLOP": 10**15, "EFLOP": 10**18}
ENERGY = {"J": 1, "kJ": 10**3, "MJ": 10**6, "Wh": 3600, "kWh": 3600 * 10**3, "MWh": 3600 * 10**6}
POWER = {"W": 1, "kW": 10**3, "MW": 10**6}
MASS = {"g": Q(1, 1000), "kg": 1, "tonne": 1000, "t": 1000}
USD = {"USD": 1, "$": 1, "dollar": 1}


def factor(unit):
    """The factor of a unit expression written as a / b (one slash at most), e.g.
    "USD/hour", "byte/param", "GB/s", "Gbps", "g/kWh", "1/s"."""
    tables = [SECOND, BYTE, RATE, PARAM, FLOP, ENERGY, POWER, MASS, USD]

    def one(u):
        if u == "1":
            return Q(1)
        for t in tables:
            if u in t:
                return Q(t[u])
        raise KeyError(u)
    if "/" in unit:
        a, b = unit.split("/")
        return one(a) / one(b)
    return one(unit)


def q(text):
    """The exact canonical value of a quantity text "1.5 GB", "400 Gbps", "2 USD/hour"."""
    number, unit = text.split(" ", 1)
    return Q(number) * factor(unit)


def value(v, unit):
    return {"value": float(v), "unit": unit}


ERROR = {"error": True}

# registries (docs/scenarios.md, Registries)
WORKLOADS = {
    "GPT3": dict(parameters=Q(175 * 10**9), layers=96, hidden_dim=12288, heads=96, kv_heads=96),
    "GPT2": dict(parameters=Q(15 * 10**8), layers=48, hidden_dim=1600, heads=25, kv_heads=25),
    "BERT_Base": dict(parameters=Q(11 * 10**7), layers=12, hidden_dim=768, heads=12, kv_heads=12),
    "BERT_Large": dict(parameters=Q(34 * 10**7), layers=24, hidden_dim=1024, heads=16, kv_heads=16),
    "Llama3_8B": dict(parameters=Q(803 * 10**7), layers=32, hidden_dim=4096, heads=32, kv_heads=8),
    "Llama3_70B": dict(parameters=Q(706 * 10**8), layers=80, hidden_dim=8192, heads=64, kv_heads=8),
    "Llama3_405B": dict(parameters=Q(405 * 10**9), layers=126, hidden_dim=16384, heads=128, kv_heads=8),
    "ResNet50": dict(parameters=Q(256 * 10**5)),
    "Llama2_7B": dict(parameters=Q(7 * 10**9), layers=32, hidden_dim=4096, heads=32, kv_heads=32),
    "Llama2_70B": dict(parameters=Q(7 * 10**10), layers=80, hidden_dim=8192, heads=64, kv_heads=8),
    "ZeRO_7_5B": dict(parameters=Q(75 * 10**8)),
}
# hardware (docs/scenarios.md, Registries): dense FP16/BF16 peak, memory, memory bandwidth, NVLink (both
# directions), TDP, price; all canonical (flop/s, byte, byte/s, W, USD)
GIB = 2**30
HARDWARE = {
    "H100": dict(peak_flops=Q(989 * 10**12), memory_capacity=Q(80 * GIB), memory_bandwidth=Q(335 * 10**10),
                 nvlink_bandwidth=Q(900 * 10**9), tdp=Q(700), unit_cost=Q(30000)),
    "A100": dict(peak_flops=Q(312 * 10**12), memory_capacity=Q(80 * GIB), memory_bandwidth=Q(2039 * 10**9),
                 nvlink_bandwidth=Q(600 * 10**9), tdp=Q(400), unit_cost=Q(15000)),
    "V100": dict(peak_flops=Q(125 * 10**12), memory_capacity=Q(32 * GIB), memory_bandwidth=Q(900 * 10**9),
                 nvlink_bandwidth=Q(300 * 10**9), tdp=Q(300), unit_cost=Q(10000)),
    "B200": dict(peak_flops=Q(2250 * 10**12), memory_capacity=Q(192 * GIB), memory_bandwidth=Q(8 * 10**12),
                 nvlink_bandwidth=Q(1800 * 10**9), tdp=Q(1000), unit_cost=Q(40000)),
}
# nodes: accelerator, accelerators per node, intra-node bandwidth per direction (byte/s), NICs, PSUs
NODES = {"DGX_H100": dict(accelerator="H100", accelerators_per_node=8, intra_node_bandwidth=Q(450 * 10**9), nics_per_node=8, psus_per_node=2),
         "DGX_A100": dict(accelerator="A100", accelerators_per_node=8, intra_node_bandwidth=Q(300 * 10**9), nics_per_node=8, psus_per_node=2)}
# fabrics: bandwidth (byte/s), latency (s)
FABRICS = {"InfiniBand_HDR": dict(bandwidth=Q(200 * 10**9, 8), latency=Q(7, 10**6)),
           "InfiniBand_NDR": dict(bandwidth=Q(400 * 10**9, 8), latency=Q(5, 10**6)),
           "Ethernet_100G": dict(bandwidth=Q(100 * 10**9, 8), latency=Q(50, 10**6)),
           "RoCE_100G": dict(bandwidth=Q(100 * 10**9, 8), latency=Q(10, 10**6))}
# fleets: (nodes, accelerators per node); FLEET_NODES: each fleet's node
FLEET_NODES = {"Training_1K_A100": "DGX_A100"}  # every other fleet is DGX_H100
FLEETS = {"Lab_64_H100": (8, 8), "Research_256": (32, 8), "Training_512_H100": (64, 8),
          "Training_1K": (128, 8), "Training_1K_A100": (128, 8), "Production_2K": (256, 8),
          "Frontier_8K": (1024, 8), "Reference_25K_H100": (3125, 8), "Training_10K": (1250, 8),
          "Mega_100K": (12500, 8)}


def fleet_node(name):
    """The node entry of a registry fleet."""
    return NODES[FLEET_NODES.get(name, "DGX_H100")]


def log_uniform(rng, lo, hi):
    return math.exp(rng.uniform(math.log(lo), math.log(hi)))


def rand_int(rng, lo, hi):
    """An integer in [lo, hi], spread over orders of magnitude."""
    return max(lo, min(hi, int(round(log_uniform(rng, max(lo, 1), hi)))))


def rand_number(rng, lo, hi, digits=4):
    """A decimal text in [lo, hi] with a few significant digits, spread over magnitudes
    (so its exact value is the decimal, as the core reads it)."""
    x = log_uniform(rng, lo, hi)
    return f"{x:.{digits}g}"


def rand_quantity(rng, lo, hi, units):
    """A quantity text: a value between lo and hi canonical units, written in one of
    `units` (its decimal rounded to 4 significant digits)."""
    unit = rng.choice(units)
    return f"{rand_number(rng, lo / float(factor(unit)), hi / float(factor(unit)))} {unit}"
