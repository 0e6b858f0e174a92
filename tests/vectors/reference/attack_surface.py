"""DataParallelAttackSurfaceScenario (the equations of docs/scenarios.md, as the specification gives them), by hand with exact fractions."""
from fractions import Fraction as Q

from common import q, value, ERROR, WORKLOADS, FLEETS, rand_int, rand_quantity

TYPE = "DataParallelAttackSurfaceScenario"
FILE = "attack_surface.json"
TOLERANCE = 1e-12

CATALOG = {"ReferenceJobAttackSurface": {"accelerators": 1024, "nodes": 128, "accelerators_per_node": 8,
                                         "accelerators_per_replica": 64, "gradient_bytes": 3.5e11,
                                         "checkpoint_bytes": 2.45e12, "weight_bytes": 3.5e11,
                                         "allreduce_factor": 1.875, "gather_factor": 15, "gather_traffic_ratio": 8}}


def evaluate(i):
    w, f, dp = i["workload"], i["fleet"], i["dp_degree"]
    p = WORKLOADS[w]["parameters"] if isinstance(w, str) else q(w["parameters"])
    count, per_node = FLEETS[f] if isinstance(f, str) else (f["count"], f["node"]["accelerators_per_node"])
    acc = count * per_node
    weight = i.get("weight_bytes_per_param")
    warnings = 1 if dp > acc or acc % dp != 0 else 0
    return {
        "accelerators": value(acc, "count"),
        "nodes": value(count, "count"),
        "accelerators_per_node": value(per_node, "count"),
        "accelerators_per_replica": value(Q(acc, dp), "count"),
        "gradient_bytes": value(p * q(i["gradient_bytes_per_param"]), "byte"),
        "checkpoint_bytes": value(p * q(i["checkpoint_bytes_per_param"]), "byte"),
        "weight_bytes": value(p * q(weight), "byte") if weight else ERROR,
        "allreduce_factor": value(Q(2 * (dp - 1), dp) if dp > 1 else 0, ""),
        "gather_factor": value(dp - 1, ""),
        "gather_traffic_ratio": value(Q(dp, 2), "") if dp > 1 else ERROR,
    }, warnings


def case(workload, fleet, dp, grad, ckpt, weight=None):
    i = {"workload": workload, "fleet": fleet, "dp_degree": dp,
         "gradient_bytes_per_param": grad, "checkpoint_bytes_per_param": ckpt}
    if weight:
        i["weight_bytes_per_param"] = weight
    return i


CASES = [
    ("ReferenceJobAttackSurface preset", case("GPT3", "Training_1K_A100", 16, "2 byte/param", "14 byte/param", "2 byte/param"),
     "ReferenceJobAttackSurface"),
    ("LabJobAttackSurface preset", case("Llama3_8B", "Lab_64_H100", 64, "2 byte/param", "14 byte/param"), "LabJobAttackSurface"),
    ("one replica: no ratio, allreduce 0", case("ResNet50", "Research_256", 1, "4 B/param", "16 B/param", "4 B/param"), None),
    ("dp_degree not dividing the fleet warns", case("Llama3_70B", "Production_2K", 3, "2 B/param", "12 B/param"), None),
    ("dp_degree above the accelerator count warns", case("BERT_Base", "Lab_64_H100", 100, "4 byte/param", "8 byte/param"), None),
    ("bits and binary prefixes", case("GPT2", "Reference_25K_H100", 25000, "16 bit/param", "0.015625 KiB/param", "0.5 byte/param"), None),
    ("inline workload and fleet", case({"name": "Toy", "parameters": "7.5 Bparam"},
                                       {"name": "Pod", "count": 12, "node": {"name": "Box", "accelerators_per_node": 4}},
                                       6, "2 byte/param", "16 byte/param", "1 byte/param"), None),
    ("Frontier fleet, Llama 3 405B", case("Llama3_405B", "Frontier_8K", 128, "2 B/param", "14 B/param", "2 B/param"), None),
]


def random_inputs(rng):
    width = lambda: rand_quantity(rng, 0.125, 32, ["byte/param", "B/param", "bit/param"])
    fleet = rng.choice(sorted(FLEETS)) if rng.random() < 0.7 else {
        "name": "Pod", "count": rand_int(rng, 1, 10000), "node": {"name": "Box", "accelerators_per_node": rand_int(rng, 1, 16)}}
    workload = rng.choice(sorted(WORKLOADS)) if rng.random() < 0.7 else {
        "name": "Toy", "parameters": rand_quantity(rng, 1e6, 1e13, ["param", "Mparam", "Bparam"])}
    return case(workload, fleet, rand_int(rng, 1, 100000), width(), width(), width() if rng.random() < 0.7 else None)
