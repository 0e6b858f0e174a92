"""HierarchicalAllReduceScenario (the catalog's 4.2, as docs/scenarios.md prints it), by hand from the catalog's equations with exact fractions:
ReduceScatter inside each node, a ring AllReduce of each 1/g shard across the n nodes, AllGather inside
each node, against one flat ring over all n·g accelerators at the NIC's speed."""
from fractions import Fraction as Q

from common import q, value, ERROR, FLEETS, rand_int, rand_quantity

TYPE = "HierarchicalAllReduceScenario"
FILE = "hierarchical_allreduce.json"
TOLERANCE = 1e-12

# the catalog's worked values (canonical units); mlsysim's tests/test_formulas.py derives
# 0.1067037 s for the first
CATALOG = {
    "MlsysimHierarchical4x8": {"accelerators": 32, "intra_reduce_scatter_time": 0.0233368333333,
                               "inter_allreduce_time": 0.06003, "intra_allgather_time": 0.0233368333333,
                               "hierarchical_time": 0.106703666667, "flat_ring_time": 0.62031,
                               "hierarchical_speedup": 5.81338973044, "inter_node_bytes_per_accelerator": 1500000000},
    "Llama70BGradientsTraining1K": {"accelerators": 1024, "intra_reduce_scatter_time": 0.274559055556,
                                    "inter_allreduce_time": 1.40274675, "intra_allgather_time": 0.274559055556,
                                    "hierarchical_time": 1.95186486111, "flat_ring_time": 11.29929075,
                                    "hierarchical_speedup": 5.78897185718,
                                    "inter_node_bytes_per_accelerator": 35024218750},
}

# the defaults (the catalog's 4.2, as docs/scenarios.md prints it: mlsysim's calc_hierarchical_allreduce_time)
DEFAULT_INTRA_LATENCY = "500 ns"
DEFAULT_INTER_LATENCY = "5 us"


def fleet_shape(f):
    """(n nodes, g accelerators per node) of a registry name or an inline fleet."""
    if isinstance(f, str):
        return FLEETS[f]
    return f["count"], f["node"]["accelerators_per_node"]


def evaluate(i):
    m = q(i["message_bytes"])
    n, g = fleet_shape(i["fleet"])
    b_intra, b_inter = q(i["intra_node_bandwidth"]), q(i["inter_node_bandwidth"])
    a_intra = q(i.get("intra_node_latency", DEFAULT_INTRA_LATENCY))
    a_inter = q(i.get("inter_node_latency", DEFAULT_INTER_LATENCY))
    big_n = n * g
    phase1 = Q(g - 1, g) * m / b_intra + (g - 1) * a_intra
    phase2 = Q(2 * (n - 1), n) * (m / g) / b_inter + 2 * (n - 1) * a_inter
    hierarchical = phase1 + phase2 + phase1
    flat = Q(2 * (big_n - 1), big_n) * m / b_inter + 2 * (big_n - 1) * a_inter
    return {
        "accelerators": value(big_n, "count"),
        "intra_reduce_scatter_time": value(phase1, "s"),
        "inter_allreduce_time": value(phase2, "s"),
        "intra_allgather_time": value(phase1, "s"),
        "hierarchical_time": value(hierarchical, "s"),
        "flat_ring_time": value(flat, "s"),
        "hierarchical_speedup": value(flat / hierarchical, "") if hierarchical != 0 else ERROR,
        "inter_node_bytes_per_accelerator": value(Q(2 * (n - 1), n) * m / g, "byte"),
    }, 0


def fleet(count, per_node):
    return {"name": f"{count}x{per_node}", "count": count, "node": {"name": "Box", "accelerators_per_node": per_node}}


def case(message, fleet_, intra_bw, inter_bw, intra_lat=None, inter_lat=None):
    i = {"message_bytes": message, "fleet": fleet_, "intra_node_bandwidth": intra_bw, "inter_node_bandwidth": inter_bw}
    if intra_lat is not None:
        i["intra_node_latency"] = intra_lat
    if inter_lat is not None:
        i["inter_node_latency"] = inter_lat
    return i


CASES = [
    ("MlsysimHierarchical4x8 preset",
     case("8e9 byte", {"name": "4x8", "count": 4, "node": {"name": "8-GPU", "accelerators_per_node": 8}},
          "300e9 byte/s", "25e9 byte/s", "500 ns", "5 us"), "MlsysimHierarchical4x8"),
    ("Llama70BGradientsTraining1K preset",
     case("1.412e11 byte", "Training_1K", "450 GB/s", "200 Gbps", "500 ns", "7 us"), "Llama70BGradientsTraining1K"),
    ("latencies left out: mlsysim's defaults 500 ns and 5 us", case("1 GB", "Frontier_8K", "450 GB/s", "400 Gbps"), None),
    ("one node: no inter-node phase, the flat ring runs over g at NIC speed",
     case("2 GB", fleet(1, 8), "450 GB/s", "400 Gbps", "500 ns", "5 us"), None),
    ("one accelerator per node: the hierarchy is the flat ring (speedup 1)",
     case("1 GB", fleet(64, 1), "450 GB/s", "100 Gbps", "1 us", "10 us"), None),
    ("one accelerator in all: every time 0, no speedup", case("1 GB", fleet(1, 1), "450 GB/s", "400 Gbps"), None),
    ("an empty message with no latency: no speedup",
     case("0 byte", "Training_10K", "450 GB/s", "400 Gbps", "0 s", "0 s"), None),
    ("an empty message: latency only", case("0 GB", "Research_256", "300 GB/s", "100 Gbps", "500 ns", "50 us"), None),
    ("zero latencies: bandwidth only", case("350 GB", "Mega_100K", "900 GB/s", "0.8 Tbps", "0 ns", "0 us"), None),
    ("nodes of 6 on an odd node count", case("7 GiB", fleet(37, 6), "0.3 TB/s", "25 GB/s", "2 us", "7 us"), None),
]


def random_inputs(rng):
    f = rng.choice(sorted(FLEETS)) if rng.random() < 0.6 else fleet(rand_int(rng, 1, 5000), rand_int(rng, 1, 16))
    intra_lat = rand_quantity(rng, 1e-7, 1e-5, ["ns", "us", "s"]) if rng.random() < 0.7 else None
    inter_lat = rand_quantity(rng, 1e-6, 1e-4, ["us", "ms", "ns"]) if rng.random() < 0.7 else None
    return case(rand_quantity(rng, 1e3, 1e12, ["byte", "KB", "MB", "GB", "MiB", "GiB"]), f,
                rand_quantity(rng, 1e10, 2e12, ["GB/s", "byte/s", "Tbps"]),
                rand_quantity(rng, 1e9, 1e11, ["Gbps", "GB/s", "byte/s"]), intra_lat, inter_lat)
