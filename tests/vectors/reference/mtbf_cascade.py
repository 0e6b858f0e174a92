"""MtbfCascadeScenario (the catalog's 4.3, as docs/scenarios.md prints it), by hand from the catalog's equations: exact fractions for the rates and
MTBFs, and 1 - exp(-T/MTBF) through expm1 (accurate for small T/MTBF too)."""
import math
from fractions import Fraction as Q

from common import q, value, FLEETS, rand_int, rand_quantity

TYPE = "MtbfCascadeScenario"
FILE = "mtbf_cascade.json"
TOLERANCE = 1e-10

# the catalog's worked values (canonical units); the book's table shows 4.14 h and 5.8 failures a day
CATALOG = {
    "Book10KThreeWeekJob": {"accelerators": 10000, "node_failure_rate": 5.37037037037e-08, "node_mtbf": 18620689.6552,
                            "cluster_mtbf": 14896.5517241, "failures_per_day": 5.8, "expected_failures": 121.8,
                            "job_failure_probability": 1, "gpu_failure_share": 0.827586206897},
    "DgxA100Fleet25DayJob": {"accelerators": 1024, "node_failure_rate": 6.48148148148e-08, "node_mtbf": 15428571.4286,
                             "cluster_mtbf": 120535.714286, "failures_per_day": 0.7168, "expected_failures": 17.92,
                             "job_failure_probability": 0.999999983502, "gpu_failure_share": 0.685714285714},
}

# the defaults (the catalog's 4.3, as docs/scenarios.md prints it): mlsysim systems/reliability.py MTTFs; the book's node (2 NICs, 2 PSUs)
DEFAULTS = {"gpu_mttf": "50000 h", "nic_mttf": "150000 h", "nics_per_node": 2, "psu_mttf": "100000 h",
            "psus_per_node": 2}
DAY = 86400


def fleet_shape(f):
    """(n nodes, g accelerators per node) of a registry name or an inline fleet."""
    if isinstance(f, str):
        return FLEETS[f]
    return f["count"], f["node"]["accelerators_per_node"]


def evaluate(i):
    get = lambda k: i.get(k, DEFAULTS[k])
    n, g = fleet_shape(i["fleet"])
    gpu_rate = g / q(get("gpu_mttf"))
    rate = gpu_rate + get("nics_per_node") / q(get("nic_mttf")) + get("psus_per_node") / q(get("psu_mttf"))
    node_mtbf = 1 / rate
    cluster_mtbf = node_mtbf / n
    expected = q(i["job_duration"]) / cluster_mtbf
    return {
        "accelerators": value(n * g, "count"),
        "node_failure_rate": value(rate, "1/s"),
        "node_mtbf": value(node_mtbf, "s"),
        "cluster_mtbf": value(cluster_mtbf, "s"),
        "failures_per_day": value(DAY / cluster_mtbf, ""),
        "expected_failures": value(expected, ""),
        "job_failure_probability": value(-math.expm1(-float(expected)), ""),
        "gpu_failure_share": value(gpu_rate / rate, ""),
    }, 0


def fleet(count, per_node):
    return {"name": f"{count}x{per_node}", "count": count, "node": {"name": "Box", "accelerators_per_node": per_node}}


def case(fleet_, job, **optional):
    i = {"fleet": fleet_}
    i.update(optional)
    i["job_duration"] = job
    return i


CASES = [
    ("Book10KThreeWeekJob preset", case("Training_10K", "504 h", nics_per_node=2, psus_per_node=2), "Book10KThreeWeekJob"),
    ("DgxA100Fleet25DayJob preset", case("Training_1K_A100", "25 day", nics_per_node=8, psus_per_node=2),
     "DgxA100Fleet25DayJob"),
    ("defaults: the book's node and mlsysim's MTTFs", case("Training_10K", "3 week"), None),
    ("a job of zero length: no failure expected", case("Mega_100K", "0 s"), None),
    ("one GPU, no NICs or PSUs: the MTBF is the GPU's MTTF",
     case(fleet(1, 1), "1 year", nics_per_node=0, psus_per_node=0), None),
    ("a short job on a small fleet: the probability is well below 1", case("Lab_64_H100", "1 h"), None),
    ("MTTFs in other units, a DGX node's 8 NICs",
     case("Frontier_8K", "90 day", gpu_mttf="3 year", nic_mttf="1e5 hour", nics_per_node=8, psu_mttf="5000 day",
          psus_per_node=4), None),
    ("an inline fleet of 4-GPU nodes", case(fleet(300, 4), "36 h", gpu_mttf="80000 h"), None),
]


def random_inputs(rng):
    f = rng.choice(sorted(FLEETS)) if rng.random() < 0.6 else fleet(rand_int(rng, 1, 20000), rand_int(rng, 1, 16))
    optional = {}
    if rng.random() < 0.5:
        optional["gpu_mttf"] = rand_quantity(rng, 1e4 * 3600, 1e6 * 3600, ["h", "hour", "day", "year"])
    if rng.random() < 0.5:
        optional["nic_mttf"] = rand_quantity(rng, 1e4 * 3600, 1e6 * 3600, ["h", "day", "year"])
    if rng.random() < 0.5:
        optional["nics_per_node"] = rand_int(rng, 0, 16)
    if rng.random() < 0.5:
        optional["psu_mttf"] = rand_quantity(rng, 1e4 * 3600, 1e6 * 3600, ["h", "day", "year"])
    if rng.random() < 0.5:
        optional["psus_per_node"] = rand_int(rng, 0, 8)
    # a day to a year: long enough that 1 - exp(-T/MTBF) in doubles keeps its digits
    return case(f, rand_quantity(rng, 86400, 365 * 86400, ["h", "day", "week", "s"]), **optional)
