"""CollectiveCostScenario (the equations of docs/scenarios.md, as the catalog gives them), by hand: exact fractions, except the
crossover's log2 N, which is irrational unless N is a power of two."""
import math
from fractions import Fraction as Q

from common import q, value, ERROR, rand_int, rand_quantity

TYPE = "CollectiveCostScenario"
FILE = "collective_cost.json"
TOLERANCE = 1e-12

# the catalog's worked values (canonical units), and mlsysim's tests/test_formulas.py
# (docs/sources.md)
CATALOG = {
    "NdrRingVsTree1GB": {"ring_allreduce_factor": 1.9921875, "ring_allreduce_time": 0.04239375,
                         "tree_allreduce_time": 0.32008, "ring_allgather_time": 0.021196875,
                         "point_to_point_time": 0.020005, "alpha_beta_crossover_bytes": 250000,
                         "ring_tree_crossover_bytes": 8000000, "tree_to_ring_time_ratio": 7.5501695415},
    "MlsysimRingVector8": {"ring_allreduce_factor": 1.75, "ring_allreduce_time": 0.035007,
                           "tree_allreduce_time": 0.120003, "ring_allgather_time": 0.0175035,
                           "point_to_point_time": 0.0200005, "alpha_beta_crossover_bytes": 25000,
                           "ring_tree_crossover_bytes": 66666.6666667, "tree_to_ring_time_ratio": 3.42797154855},
}


def ceil_log2(n):
    """The smallest k with 2^k >= n, for an integer n >= 1."""
    return (n - 1).bit_length()


def evaluate(i):
    m, n = q(i["message_bytes"]), i["ranks"]
    beta, alpha = q(i["link_bandwidth"]), q(i["link_latency"])
    ring = Q(2 * (n - 1), n) * m / beta + 2 * (n - 1) * alpha
    tree = 2 * ceil_log2(n) * (m / beta + alpha)
    crossover = float(n * alpha * beta) / math.log2(n) if n > 1 else 0
    return {
        "ring_allreduce_factor": value(Q(2 * (n - 1), n), ""),
        "ring_allreduce_time": value(ring, "s"),
        "tree_allreduce_time": value(tree, "s"),
        "ring_allgather_time": value(Q(n - 1, n) * m / beta + (n - 1) * alpha, "s"),
        "point_to_point_time": value(alpha + m / beta, "s"),
        "alpha_beta_crossover_bytes": value(alpha * beta, "byte"),
        "ring_tree_crossover_bytes": value(crossover, "byte"),
        "tree_to_ring_time_ratio": value(tree / ring, "") if n > 1 and ring != 0 else ERROR,
    }, 1 if 1 < n < 32 else 0


def case(message, ranks, bandwidth, latency):
    return {"message_bytes": message, "ranks": ranks, "link_bandwidth": bandwidth, "link_latency": latency}


CASES = [
    ("NdrRingVsTree1GB preset", case("1 GB", 256, "400 Gbps", "5 us"), "NdrRingVsTree1GB"),
    ("MlsysimRingVector8 preset", case("1e9 byte", 8, "50e9 byte/s", "500 ns"), "MlsysimRingVector8"),
    ("one rank: no ratio, nothing moves but point-to-point", case("1 GB", 1, "400 Gbps", "5 us"), None),
    ("two ranks: one tree level, ring factor 1", case("64 MiB", 2, "25 GB/s", "2 us"), None),
    ("a rank count that is not a power of two", case("350 GB", 1000, "200 Gbps", "7 us"), None),
    ("an empty message: latency only", case("0 byte", 64, "100 Gbps", "50 us"), None),
    ("zero latency: bandwidth only", case("2 GB", 16, "450 GB/s", "0 s"), None),
]


def random_inputs(rng):
    return case(rand_quantity(rng, 1e3, 1e12, ["byte", "KB", "MB", "GB", "MiB", "GiB"]), rand_int(rng, 1, 100000),
                rand_quantity(rng, 1e9, 1e12, ["Gbps", "GB/s", "byte/s", "Tbps"]),
                rand_quantity(rng, 1e-7, 1e-4, ["us", "ns", "ms", "s"]))
