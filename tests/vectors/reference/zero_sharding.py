"""ZeroShardingScenario (the catalog's 4.5, as docs/scenarios.md prints it: Rajbhandari et al. 2020, ZeRO; mlsysim TrainingMemoryModel), by hand with
exact fractions; zero3_min_devices as the smallest integer n >= 1 with replicated_bytes / n <= device_memory."""
from fractions import Fraction as Q

from common import q, value, WORKLOADS, rand_int, rand_quantity

TYPE = "ZeroShardingScenario"
FILE = "zero_sharding.json"
TOLERANCE = 1e-12

# the catalog's worked values (canonical units), copied from the catalog's 4.5, as docs/scenarios.md prints it
CATALOG = {
    "ZeroPaper7_5B64Gpus": {"state_bytes_per_param": 16, "replicated_bytes": 120000000000,
                            "zero1_bytes": 31406250000, "zero2_bytes": 16640625000, "zero3_bytes": 1875000000,
                            "replicated_memory_fraction": 3.49245965481, "zero3_memory_fraction": 0.0545696821064,
                            "zero3_min_devices": 4},
    "Llama70BZeroLab64": {"state_bytes_per_param": 16, "replicated_bytes": 1.1296e12,
                          "zero1_bytes": 295637500000, "zero2_bytes": 156643750000, "zero3_bytes": 17650000000,
                          "replicated_memory_fraction": 13.1502747536, "zero3_memory_fraction": 0.205473043025,
                          "zero3_min_devices": 14},
}

DEFAULTS = {"weight_bytes_per_param": "2 byte/param", "gradient_bytes_per_param": "2 byte/param",
            "optimizer_bytes_per_param": "12 byte/param"}


def least_n(replicated, memory):
    """The smallest integer n >= 1 with replicated / n <= memory, exactly."""
    n = max(1, -(-replicated // memory))  # ceil of the exact ratio
    assert replicated / n <= memory and (n == 1 or replicated / (n - 1) > memory)
    return n


def evaluate(i):
    wl = i["workload"]
    p = WORKLOADS[wl]["parameters"] if isinstance(wl, str) else q(wl["parameters"])
    nd = i["dp_degree"]
    w, g, o = (q(i.get(k, DEFAULTS[k])) for k in ("weight_bytes_per_param", "gradient_bytes_per_param",
                                                    "optimizer_bytes_per_param"))
    mem = q(i["device_memory"])
    replicated = p * (w + g + o)
    zero3 = p * (w + g + o) / nd
    return {
        "state_bytes_per_param": value(w + g + o, "byte/param"),
        "replicated_bytes": value(replicated, "byte"),
        "zero1_bytes": value(p * (w + g) + p * o / nd, "byte"),
        "zero2_bytes": value(p * w + p * (g + o) / nd, "byte"),
        "zero3_bytes": value(zero3, "byte"),
        "replicated_memory_fraction": value(replicated / mem, ""),
        "zero3_memory_fraction": value(zero3 / mem, ""),
        "zero3_min_devices": value(least_n(replicated, mem), "count"),
    }, (1 if zero3 > mem else 0)  # a warning when not even ZeRO-3 fits


def case(workload, dp, memory, w=None, g=None, o=None):
    i = {"workload": workload, "dp_degree": dp}
    for k, v in (("weight_bytes_per_param", w), ("gradient_bytes_per_param", g), ("optimizer_bytes_per_param", o)):
        if v is not None:
            i[k] = v
    i["device_memory"] = memory
    return i


CASES = [
    ("ZeroPaper7_5B64Gpus preset", case("ZeRO_7_5B", 64, "32 GiB"), "ZeroPaper7_5B64Gpus"),
    ("Llama70BZeroLab64 preset", case("Llama3_70B", 64, "80 GiB"), "Llama70BZeroLab64"),
    # the book's vol1 appendix_machine: a 7B model needs 112 GB of state "just to start training"
    ("the book's 16 B/param: Llama 2 7B needs 112 GB", case("Llama2_7B", 8, "80 GiB"), None),
    ("the book's widths written out (2 + 2 + 4 + 8)",
     case("Llama2_7B", 8, "80 GiB", "2 byte/param", "2 byte/param", "12 byte/param"), None),
    ("one rank: every stage is the replicated state", case("GPT3", 1, "80 GiB"), None),
    ("no optimizer state (plain SGD, o = 0): ZeRO-1 saves nothing",
     case("BERT_Large", 16, "16 GB", "4 byte/param", "4 byte/param", "0 byte/param"), None),
    ("state that fits on one device: one device is enough", case("ResNet50", 4, "24 GiB"), None),
    ("state exactly four devices' memory: n = 4, not 5",
     case({"name": "Toy", "parameters": "1 Bparam"}, 32, "4 GB"), None),
    ("state exactly three devices' memory: n = 3",
     case({"name": "Toy", "parameters": "750 Mparam"}, 3, "4 GB"), None),
    ("one byte more than four devices hold: n = 5",
     case({"name": "Toy", "parameters": "1 Bparam"}, 32, "3999999999 byte"), None),
    ("FP32 weights and gradients, bits and binary prefixes",
     case("Llama3_405B", 1024, "192 GiB", "32 bit/param", "0.00390625 KiB/param", "12 B/param"), None),
]


def random_inputs(rng):
    width = lambda lo, hi: rand_quantity(rng, lo, hi, ["byte/param", "B/param", "bit/param"])
    workload = rng.choice(sorted(WORKLOADS)) if rng.random() < 0.7 else {
        "name": "Toy", "parameters": rand_quantity(rng, 1e6, 1e13, ["param", "Mparam", "Bparam"])}
    return case(workload, rand_int(rng, 1, 100000), rand_quantity(rng, 1e9, 1e12, ["GB", "GiB", "MiB", "TB"]),
                width(0.5, 8) if rng.random() < 0.6 else None, width(0.5, 8) if rng.random() < 0.6 else None,
                (width(1, 24) if rng.random() < 0.9 else "0 byte/param") if rng.random() < 0.6 else None)
