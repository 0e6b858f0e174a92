"""TrainingComputeScenario (the catalog's 4.8, as docs/scenarios.md prints it: 6PD, mlsysim dTime and ScalingModel, Kaplan 2020, Hoffmann 2022), by hand
with exact fractions."""
from fractions import Fraction as Q

from common import q, value, WORKLOADS, FLEETS, HARDWARE, NODES, fleet_node, rand_int, rand_number, rand_quantity

TYPE = "TrainingComputeScenario"
FILE = "training_compute.json"
TOLERANCE = 1e-12

# the catalog's worked values (canonical units), copied from the catalog's 4.8, as docs/scenarios.md prints it
CATALOG = {
    "Gpt3OnTraining1KA100": {"training_flops": 3.15e23, "accelerators": 1024, "effective_throughput": 1.59744e17,
                             "training_time": 1971905.04808, "accelerator_hours": 2019230769.23,
                             "training_cost": 1121794.87179, "tokens_per_parameter": 1.71428571429,
                             "chinchilla_optimal_tokens": 3.5e12},
    "Llama8BOnFrontier8K": {"training_flops": 7.227e23, "accelerators": 8192, "effective_throughput": 3.2407552e18,
                            "training_time": 223003.57645, "accelerator_hours": 1826845298.28,
                            "training_cost": 2029828.1092, "tokens_per_parameter": 1867.99501868,
                            "chinchilla_optimal_tokens": 160600000000},
}


def peak_of(hw):
    return HARDWARE[hw]["peak_flops"] if isinstance(hw, str) else q(hw["peak_flops"])


def fleet_numbers(f):
    """(nodes, accelerators per node, peak FLOP/s of one accelerator) of a fleet name or inline fleet."""
    if isinstance(f, str):
        node = fleet_node(f)
        return FLEETS[f][0], node["accelerators_per_node"], peak_of(node["accelerator"])
    node = NODES[f["node"]] if isinstance(f["node"], str) else f["node"]
    return f["count"], node["accelerators_per_node"], peak_of(node["accelerator"])


def evaluate(i):
    wl = i["workload"]
    p = WORKLOADS[wl]["parameters"] if isinstance(wl, str) else q(wl["parameters"])
    d = Q(i["training_tokens"])
    count, per_node, peak = fleet_numbers(i["fleet"])
    mfu = Q(i.get("mfu", Q(1, 2)))
    rate = q(i["device_hour_rate"])
    n = count * per_node
    flops = 6 * p * d
    throughput = n * peak * mfu
    time = flops / throughput
    hours = n * time  # canonical seconds
    return {
        "training_flops": value(flops, "flop"),
        "accelerators": value(n, "count"),
        "effective_throughput": value(throughput, "flop/s"),
        "training_time": value(time, "s"),
        "accelerator_hours": value(hours, "s"),
        "training_cost": value(hours * rate, "USD"),
        "tokens_per_parameter": value(d / p, "1/param"),
        "chinchilla_optimal_tokens": value(20 * p, "count"),
    }, 0


def case(workload, tokens, fleet, mfu, rate):
    i = {"workload": workload, "training_tokens": tokens, "fleet": fleet}
    if mfu is not None:
        i["mfu"] = mfu
    i["device_hour_rate"] = rate
    return i


CASES = [
    ("Gpt3OnTraining1KA100 preset", case("GPT3", 3e11, "Training_1K_A100", 0.5, "2 USD/hour"), "Gpt3OnTraining1KA100"),
    ("Llama8BOnFrontier8K preset", case("Llama3_8B", 1.5e13, "Frontier_8K", 0.4, "4 USD/hour"), "Llama8BOnFrontier8K"),
    # mlsysim's tests: 1e18 flop on 8 x 312 TFLOP/s at MFU 0.5 gives 801.28 s (6PD = 1e18 within a rounding of D)
    ("mlsysim's dTime vector: 1e18 flop on one DGX A100 at MFU 0.5, about 801.28 s",
     case({"name": "Toy", "parameters": "1 Bparam"}, 1e18 / 6e9, {"name": "OneBox", "count": 1, "node": "DGX_A100"},
          None, "2 USD/h"), None),
    ("mfu defaults to 0.5", case("Llama2_7B", 2e12, "Lab_64_H100", None, "4 USD/h"), None),
    ("Chinchilla-optimal run: D = 20P, 20 tokens per parameter", case("Llama2_70B", 1.4e12, "Production_2K", 0.4, "2 USD/h"), None),
    ("a free fleet: zero rate, zero cost", case("GPT2", 4e10, "Research_256", 0.3, "0 USD/h"), None),
    ("MFU 1 (the peak itself)", case("BERT_Large", 3.3e9, "Training_512_H100", 1, "3.5 USD/hour"), None),
    ("an inline node with an inline FP8 accelerator",
     case("Llama3_405B", 1.5e13, {"name": "Pod", "count": 2000, "node": {
         "name": "Box", "accelerators_per_node": 8,
         "accelerator": {"name": "H100_FP8", "peak_flops": "1979 TFLOP/s", "memory_capacity": "80 GiB",
                         "memory_bandwidth": "3.35 TB/s"}}}, 0.35, "2.5 USD/h"), None),
]


def random_inputs(rng):
    workload = rng.choice(sorted(WORKLOADS)) if rng.random() < 0.7 else {
        "name": "Toy", "parameters": rand_quantity(rng, 1e6, 1e13, ["param", "Mparam", "Bparam"])}
    if rng.random() < 0.6:
        fleet = rng.choice(sorted(FLEETS))
    else:
        accelerator = rng.choice(sorted(HARDWARE)) if rng.random() < 0.6 else {
            "name": "Chip", "peak_flops": rand_quantity(rng, 1e13, 1e16, ["TFLOP/s", "PFLOP/s"]),
            "memory_capacity": "80 GiB", "memory_bandwidth": "3 TB/s"}
        node = rng.choice(sorted(NODES)) if rng.random() < 0.3 else {
            "name": "Box", "accelerators_per_node": rand_int(rng, 1, 16), "accelerator": accelerator}
        fleet = {"name": "Pod", "count": rand_int(rng, 1, 20000), "node": node}
    mfu = float(rand_number(rng, 0.05, 1, 3)) if rng.random() < 0.7 else None
    return case(workload, float(rand_number(rng, 1e6, 1e14)), fleet, mfu,
                rand_quantity(rng, 0.1, 20, ["USD/hour", "USD/h"]) if rng.random() < 0.9 else "0 USD/h")
