"""SyncStrategyScenario (the equations of docs/scenarios.md, as the specification gives them), by hand with exact fractions."""
import math
from fractions import Fraction as Q

from common import q, value, rand_int, rand_number, rand_quantity

TYPE = "SyncStrategyScenario"
FILE = "sync_strategy.json"
TOLERANCE = 1e-12

# the specification's worked values
CATALOG = {"TransformerBsp8Workers": {"global_batch": 256, "ideal_iterations": 12500, "iteration_time": 0.625,
                                      "speedup": 5.714285714285714, "sample_efficiency": 0.8928571428571429,
                                      "cost": 38.888888888888886, "stale_lr_factor": 1}}


def evaluate(i):
    workers, batch, iterations = i["workers"], i["per_worker_batch"], i["iterations"]
    c = Q(str(i["communication_overhead"]))
    t0, rate = q(i["base_iteration_time"]), q(i["device_hour_rate"])
    s = i.get("staleness", 0)
    ideal = Q(i["base_iterations"], workers)
    it_time = t0 * (1 + c)
    return {
        "global_batch": value(workers * batch, "samples"),
        "ideal_iterations": value(ideal, "iterations"),
        "iteration_time": value(it_time, "s"),
        "speedup": value(Q(i["base_iterations"]) / (iterations * (1 + c)), ""),
        "sample_efficiency": value(ideal / iterations, ""),
        "cost": value(iterations * it_time * workers * rate, "USD"),
        "stale_lr_factor": value(1 / math.sqrt(1 + s), ""),
    }, int(Q(i["base_iterations"]) / (iterations * (1 + c)) > workers) + int(ideal / iterations > 1)


def case(workers, per_worker_batch, iterations, overhead, base_iterations, base_time, rate, staleness=None):
    i = {"workers": workers, "per_worker_batch": per_worker_batch, "iterations": iterations,
         "communication_overhead": float(overhead), "base_iterations": base_iterations,
         "base_iteration_time": base_time, "device_hour_rate": rate}
    if staleness is not None:
        i["staleness"] = staleness
    return i


CASES = [
    ("TransformerBsp8Workers preset", case(8, 32, 14000, "0.25", 100000, "0.5 s", "2 USD/hour", 0), "TransformerBsp8Workers"),
    ("TransformerSsp8Workers preset", case(8, 32, 15500, "0.10", 100000, "0.5 s", "2 USD/hour", 3), "TransformerSsp8Workers"),
    ("TransformerAsp8Workers preset", case(8, 32, 19000, "0.02", 100000, "0.5 s", "2 USD/hour", 7), "TransformerAsp8Workers"),
    ("one worker, no overhead, staleness defaulted", case(1, 1, 1, "0", 1, "1 s", "0 USD/hour"), None),
    ("milliseconds and dollars per minute", case(64, 16, 2100, "0.4", 120000, "350 ms", "0.05 USD/min", 2), None),
    ("superlinear sample efficiency", case(4, 128, 2000, "0.125", 10000, "2.5 s", "3.75 USD/hour", 1), None),
    ("days and a weekly rate", case(1024, 4, 90, "1.5", 50000, "0.02 day", "700 USD/week", 15), None),
    ("microsecond iterations", case(3, 7, 11, "0.333", 29, "250 us", "1.2 USD/h", 99), None),
]


def random_inputs(rng):
    return case(rand_int(rng, 1, 100000), rand_int(rng, 1, 4096), rand_int(rng, 1, 10**7),
                rand_number(rng, 0.001, 10), rand_int(rng, 1, 10**8),
                rand_quantity(rng, 1e-6, 1e4, ["s", "ms", "us", "min", "h"]),
                rand_quantity(rng, 1e-6, 1e-1, ["USD/h", "USD/hour", "USD/min", "USD/s", "USD/day"]),
                rand_int(rng, 0, 1000))
