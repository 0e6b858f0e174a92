"""CheckpointIntervalScenario (the catalog's 4.4, as docs/scenarios.md prints it), by hand from the catalog's equations: exact fractions, and the
square roots of Young and Daly to 50 digits (decimal), so only the final rounding to a double is inexact."""
from decimal import Decimal, localcontext
from fractions import Fraction as Q

from common import q, value, WORKLOADS, rand_quantity

TYPE = "CheckpointIntervalScenario"
FILE = "checkpoint_interval.json"
TOLERANCE = 1e-10

# the catalog's worked values (canonical units); the book prints "~14 min" and about 2.9 %
CATALOG = {
    "Gpt3On10KYoungDaly": {"checkpoint_bytes": 2.45e12, "checkpoint_write_time": 24.5, "young_interval": 854.360014562,
                           "daly_interval": 838.104744859, "interval": 854.360014562,
                           "checkpoint_overhead": 0.028676435674, "rework_overhead": 0.028676435674,
                           "recovery_time": 114.5, "recovery_overhead": 0.00768634259259,
                           "goodput_ratio": 0.934960786059},
    "Llama70BFourHourCheckpoints": {"checkpoint_bytes": 988400000000, "checkpoint_write_time": 9.884,
                                    "young_interval": 1543.61588486, "daly_interval": 1537.03358361,
                                    "interval": 14400, "checkpoint_overhead": 0.000686388888889,
                                    "rework_overhead": 0.0597333333333, "recovery_time": 99.884,
                                    "recovery_overhead": 0.000828667259259, "goodput_ratio": 0.938751610519},
}

# Daly 2006's abstract (the catalog's 4.4, as docs/scenarios.md prints it, extra known answers): delta = 5 min; MTBF -> daly_interval in minutes,
# as the catalog prints them (the paper rounds to 117, 57 and 9.1)
DALY = {"24 h": "116.69", "6 h": "56.71", "15 min": "9.141"}

# the defaults (the catalog's 4.4, as docs/scenarios.md prints it)
DEFAULTS = {"checkpoint_bytes_per_param": "14 byte/param", "checkpoint_write_bandwidth": "100 GB/s",
            "restart_time": "90 s"}


def sqrt(x):
    """The square root of a non-negative Fraction, as a Fraction good to 50 digits."""
    with localcontext() as ctx:
        ctx.prec = 60
        return Q((Decimal(x.numerator) / Decimal(x.denominator)).sqrt())


def parameters(w):
    return WORKLOADS[w]["parameters"] if isinstance(w, str) else q(w["parameters"])


def evaluate(i):
    get = lambda k: i.get(k, DEFAULTS[k])
    m = q(i["system_mtbf"])
    size = parameters(i["workload"]) * q(get("checkpoint_bytes_per_param"))
    delta = size / q(get("checkpoint_write_bandwidth"))
    young = sqrt(2 * delta * m)
    x = delta / (2 * m)
    daly = young * (1 + sqrt(x) / 3 + x / 9) - delta if delta < 2 * m else m
    tau = q(i["checkpoint_interval"]) if "checkpoint_interval" in i else young
    ckpt, rework = delta / tau, tau / (2 * m)
    recovery = q(get("restart_time")) + delta
    warnings = (1 if delta >= 2 * m else 0) + (1 if delta / m > Q(1, 10) or tau / m > Q(1, 10) else 0)
    return {
        "checkpoint_bytes": value(size, "byte"),
        "checkpoint_write_time": value(delta, "s"),
        "young_interval": value(young, "s"),
        "daly_interval": value(daly, "s"),
        "interval": value(tau, "s"),
        "checkpoint_overhead": value(ckpt, ""),
        "rework_overhead": value(rework, ""),
        "recovery_time": value(recovery, "s"),
        "recovery_overhead": value(recovery / m, ""),
        "goodput_ratio": value(max(Q(0), 1 - ckpt - rework - recovery / m), ""),
    }, warnings


def case(workload, mtbf, **optional):
    i = {"workload": workload}
    for k in ("checkpoint_bytes_per_param", "checkpoint_write_bandwidth"):
        if k in optional:
            i[k] = optional.pop(k)
    i["system_mtbf"] = mtbf
    i.update(optional)
    return i


# delta = 3e12 param x 10 byte/param / 100 GB/s = 300 s = 5 min exactly
DALY_WORKLOAD = {"name": "Daly5min", "parameters": "3e12 param"}


def daly_case(mtbf, **optional):
    return case(DALY_WORKLOAD, mtbf, checkpoint_bytes_per_param="10 byte/param", checkpoint_write_bandwidth="100 GB/s",
                **optional)


CASES = [
    ("Gpt3On10KYoungDaly preset",
     case("GPT3", "4.137931034482759 h", checkpoint_bytes_per_param="14 byte/param",
          checkpoint_write_bandwidth="100 GB/s", restart_time="90 s"), "Gpt3On10KYoungDaly"),
    ("Llama70BFourHourCheckpoints preset",
     case("Llama3_70B", "33.48214285714286 h", checkpoint_bytes_per_param="14 byte/param",
          checkpoint_write_bandwidth="100 GB/s", restart_time="90 s", checkpoint_interval="4 h"),
     "Llama70BFourHourCheckpoints"),
] + [(f"Daly 2006: 5 min with an MTBF of {m} gives {DALY[m]} min", daly_case(m), None) for m in DALY] + [
    ("a write time of exactly 2M: daly_interval is M, both warnings", daly_case("150 s"), None),
    ("a write time above 2M: out of regime, goodput clamps at 0", daly_case("2 min"), None),
    ("defaults: 14 byte/param, 100 GB/s, 90 s", case("Llama3_405B", "12 h"), None),
    ("no restart time, a short fixed interval", case("Llama3_8B", "1 day", restart_time="0 s", checkpoint_interval="1 min"),
     None),
    ("a small model: milliseconds to write", case("ResNet50", "10000 h", checkpoint_write_bandwidth="2 GB/s"), None),
    ("MTBF in seconds as MtbfCascadeScenario gives it, the interval in hours",
     case("Llama2_70B", "14896.551724137931 s", checkpoint_bytes_per_param="16 B/param",
          checkpoint_write_bandwidth="1.6 Tbps", restart_time="6 min", checkpoint_interval="0.25 h"), None),
]


def _check_daly():
    # the extra known answers, independently of the C++ code: Daly's values to the catalog's digits
    for m, want in DALY.items():
        minutes = float(evaluate(daly_case(m))[0]["daly_interval"]["value"]) / 60
        assert f"{minutes:.{len(want.split('.')[1])}f}" == want, (m, minutes, want)


_check_daly()


def random_inputs(rng):
    workload = rng.choice(sorted(WORKLOADS)) if rng.random() < 0.7 else {
        "name": "Toy", "parameters": rand_quantity(rng, 1e6, 1e13, ["param", "Mparam", "Bparam"])}
    optional = {}
    if rng.random() < 0.6:
        optional["checkpoint_bytes_per_param"] = rand_quantity(rng, 2, 20, ["byte/param", "B/param", "bit/param"])
    if rng.random() < 0.6:
        optional["checkpoint_write_bandwidth"] = rand_quantity(rng, 1e9, 1e12, ["GB/s", "Gbps", "TB/s", "byte/s"])
    if rng.random() < 0.6:
        optional["restart_time"] = rand_quantity(rng, 1, 1000, ["s", "min", "ms"])
    if rng.random() < 0.5:
        optional["checkpoint_interval"] = rand_quantity(rng, 60, 36000, ["min", "h", "s"])
    return case(workload, rand_quantity(rng, 600, 1e4 * 3600, ["h", "min", "day", "s"]), **optional)
