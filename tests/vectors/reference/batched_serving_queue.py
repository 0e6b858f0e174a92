"""BatchedServingQueueScenario (the catalog's 4.11, as docs/scenarios.md prints it), by hand with exact fractions: the book's
batched-serving queue (MLSysBook vol2 appendix_inference): T = T_fixed + t_req B,
rho = lambda T / B, E[W] = lambda T^2 / (2 B (1 - rho)), fill delay B / (2 lambda), Little's L."""
from fractions import Fraction as Q

from common import q, value, ERROR, rand_int, rand_number, rand_quantity

TYPE = "BatchedServingQueueScenario"
FILE = "batched_serving_queue.json"
TOLERANCE = 1e-12

# the catalog's worked values (canonical units); the book prints, for B = 8: 54 ms,
# 148.1/s, 67.5 %, 56.1, 40.0 and 150.1 ms; for B = 16: 58 ms, 275.9/s, 36.3 %, 16.5, 80.0
# and 154.5 ms, 15.45 in the system
CATALOG = {
    "Gpt3Serve100QpsBatch8": {"service_time": 0.054, "service_rate": 148.148148148, "utilization": 0.675,
                              "queue_wait": 0.0560769230769, "batch_fill_delay": 0.04,
                              "response_time": 0.150076923077, "requests_in_system": 15.0076923077,
                              "min_stable_batch": 5.26315789474, "min_batch_for_target": 7.14285714286},
    "Gpt3Serve100QpsBatch16": {"service_time": 0.058, "service_rate": 275.862068966, "utilization": 0.3625,
                               "queue_wait": 0.0164901960784, "batch_fill_delay": 0.08,
                               "response_time": 0.154490196078, "requests_in_system": 15.4490196078,
                               "min_stable_batch": 5.26315789474, "min_batch_for_target": 7.14285714286},
}


def evaluate(i):
    lam, b = q(i["arrival_rate"]), i["batch_size"]
    t_fixed, t_req = q(i["fixed_batch_time"]), q(i["per_request_time"])
    target = Q(str(i.get("target_utilization", 0.75)))
    service = t_fixed + t_req * b
    rho = lam * service / b
    stable = rho < 1
    wait = lam * service * service / (2 * b * (1 - rho)) if stable else None
    fill = Q(b) / (2 * lam)
    response = wait + fill + service if stable else None
    return {
        "service_time": value(service, "s"),
        "service_rate": value(b / service, "1/s") if service > 0 else ERROR,
        "utilization": value(rho, ""),
        "queue_wait": value(wait, "s") if stable else ERROR,
        "batch_fill_delay": value(fill, "s"),
        "response_time": value(response, "s") if stable else ERROR,
        "requests_in_system": value(lam * response, "count") if stable else ERROR,
        "min_stable_batch": value(lam * t_fixed / (1 - lam * t_req), "count") if lam * t_req < 1 else ERROR,
        "min_batch_for_target": value(lam * t_fixed / (target - lam * t_req), "count") if lam * t_req < target else ERROR,
    }, 0


def case(rate, b, t_fixed, t_req, target=None):
    i = {"arrival_rate": rate, "batch_size": b, "fixed_batch_time": t_fixed, "per_request_time": t_req}
    if target is not None:
        i["target_utilization"] = target
    return i


CASES = [
    ("Gpt3Serve100QpsBatch8 preset", case("100 1/s", 8, "50 ms", "0.5 ms", 0.75), "Gpt3Serve100QpsBatch8"),
    ("Gpt3Serve100QpsBatch16 preset", case("100 1/s", 16, "50 ms", "0.5 ms", 0.75), "Gpt3Serve100QpsBatch16"),
    # the catalog's error case, the book's row B = 4: 52 ms, 76.92/s, utilization 1.3;
    # the queue is unstable
    ("the book's row B = 4: unstable", case("100 1/s", 4, "50 ms", "0.5 ms"), None),
    ("the book's row B = 1: unstable", case("100 1/s", 1, "50 ms", "0.5 ms"), None),
    ("the book's row B = 32", case("100 1/s", 32, "50 ms", "0.5 ms"), None),
    ("utilization exactly 1 is unstable", case("8 1/s", 4, "0.25 s", "62.5 ms"), None),
    ("no service time at all: no service rate, no wait", case("100 1/s", 4, "0 s", "0 s", 0.5), None),
    ("per-request work alone above the target, below 1", case("100 1/s", 64, "20 ms", "8 ms", 0.75), None),
    ("per-request work alone exactly 1: nothing is stable", case("256 1/s", 512, "5 ms", "0.00390625 s"), None),
    ("a slow trickle of requests per hour", case("1800 1/h", 2, "1.2 s", "150 ms", 0.6), None),
]


def random_inputs(rng):
    return case(rand_quantity(rng, 0.01, 1e5, ["1/s", "1/min", "1/h"]), rand_int(rng, 1, 4096),
                rand_quantity(rng, 1e-5, 1, ["ms", "us", "s"]) if rng.random() < 0.9 else "0 s",
                rand_quantity(rng, 1e-7, 1e-1, ["ms", "us", "s"]) if rng.random() < 0.9 else "0 ms",
                float(rand_number(rng, 0.05, 0.99)) if rng.random() < 0.7 else None)
