"""LlmServingScenario (the catalog's 4.10, as docs/scenarios.md prints it), by hand with exact fractions: KV bytes per token
2 L k (h // a) e, prefill 2 P S B + 4 L a (h // a) S^2 B, TTFT at the achieved peak, ITL from
the bytes a decode step reads, and the most sequences that fit, found exactly by flooring
the exact ratio of the free memory to one sequence's cache."""
from fractions import Fraction as Q

from common import q, value, ERROR, WORKLOADS, HARDWARE, rand_int, rand_number, rand_quantity

TYPE = "LlmServingScenario"
FILE = "llm_serving.json"
TOLERANCE = 1e-12

# the catalog's worked values (canonical units)
CATALOG = {
    "Llama8BChatH100": {"kv_bytes_per_token": 131072, "kv_cache_bytes": 268435456, "weight_bytes": 16060000000,
                        "prefill_flops": 3.50899032556e+13, "time_to_first_token": 0.0709603705876,
                        "inter_token_latency": 0.00487415983761, "decode_throughput": 205.163563222,
                        "memory_utilization": 0.190088006854, "max_batch_at_context": 260},
    "Llama8BBatch32H100": {"kv_bytes_per_token": 131072, "kv_cache_bytes": 8589934592, "weight_bytes": 16060000000,
                           "prefill_flops": 1.12287690418e+15, "time_to_first_token": 2.2707318588,
                           "inter_token_latency": 0.00735818943045, "decode_throughput": 4348.895921,
                           "memory_utilization": 0.286963006854, "max_batch_at_context": 260},
}

TRANSFORMERS = sorted(name for name, w in WORKLOADS.items() if "layers" in w)


def workload(w):
    """(P, L, h, a, k) of a registry name or an inline object; k defaults to a."""
    if isinstance(w, str):
        d = WORKLOADS[w]
        return d["parameters"], d["layers"], d["hidden_dim"], d["heads"], d["kv_heads"]
    return q(w["parameters"]), w["layers"], w["hidden_dim"], w["heads"], w.get("kv_heads", w["heads"])


def hardware(hw):
    """(peak_flops, memory_capacity, memory_bandwidth), canonical."""
    if isinstance(hw, str):
        d = HARDWARE[hw]
        return d["peak_flops"], d["memory_capacity"], d["memory_bandwidth"]
    return q(hw["peak_flops"]), q(hw["memory_capacity"]), q(hw["memory_bandwidth"])


def evaluate(i):
    p, layers, h, a, k = workload(i["workload"])
    peak, capacity, bandwidth = hardware(i["hardware"])
    s, b = i["context_tokens"], i["batch_size"]
    width = q(i.get("weight_bytes_per_param", "2 byte/param"))
    e = q(i.get("kv_bytes_per_element", "2 byte"))
    eff = Q(str(i.get("compute_efficiency", 0.5)))
    head_dim = h // a
    per_token = 2 * layers * k * head_dim * e
    cache = per_token * s * b
    weights = p * width
    prefill = 2 * p * s * b + 4 * layers * a * head_dim * s * s * b
    itl = (weights + cache) / bandwidth
    # the largest B >= 0 with weights + B * per_token * S <= capacity, exactly
    fits = (capacity - weights) // (per_token * s) if weights <= capacity else None
    return {
        "kv_bytes_per_token": value(per_token, "byte"),
        "kv_cache_bytes": value(cache, "byte"),
        "weight_bytes": value(weights, "byte"),
        "prefill_flops": value(prefill, "flop"),
        "time_to_first_token": value(prefill / (peak * eff), "s"),
        "inter_token_latency": value(itl, "s"),
        "decode_throughput": value(b / itl, "1/s"),
        "memory_utilization": value((weights + cache) / capacity, ""),
        "max_batch_at_context": value(fits, "count") if fits is not None else ERROR,
    }, (1 if weights + cache > capacity else 0)  # one warning: the weights alone, or the batch, do not fit


def case(workload, hardware, s, b, width=None, e=None, eff=None):
    i = {"workload": workload, "hardware": hardware, "context_tokens": s, "batch_size": b}
    if width is not None:
        i["weight_bytes_per_param"] = width
    if e is not None:
        i["kv_bytes_per_element"] = e
    if eff is not None:
        i["compute_efficiency"] = eff
    return i


# an inline accelerator whose memory holds Llama 3 8B's weights (16.06 GB) and exactly 100
# sequences of 1024 tokens (128 MiB each): the boundary itself fits
EXACT_100 = {"name": "Exact100", "peak_flops": "989 TFLOP/s", "memory_capacity": "29481772800 byte",
             "memory_bandwidth": "3.35 TB/s"}
# memory exactly the weights: no sequence fits, but it is not an error (written in bytes:
# "16.06 GB" reads as 16.06 x 1e9 in doubles, 2 microbytes short of the weights)
WEIGHTS_ONLY = {"name": "WeightsOnly", "peak_flops": "312 TFLOP/s", "memory_capacity": "16060000000 byte",
                "memory_bandwidth": "2039 GB/s"}

CASES = [
    ("Llama8BChatH100 preset", case("Llama3_8B", "H100", 2048, 1), "Llama8BChatH100"),
    ("Llama8BBatch32H100 preset", case("Llama3_8B", "H100", 2048, 32), "Llama8BBatch32H100"),
    # the catalog's error case: 141.2 GB of BF16 weights exceed 80 GiB; utilization 1.6516,
    # ITL 42.35 ms
    ("Llama 3 70B on one H100 at BF16: the weights alone do not fit",
     case("Llama3_70B", "H100", 2048, 1, "2 byte/param"), None),
    ("the same at FP8 on a B200 fits", case("Llama3_70B", "B200", 8192, 16, "1 byte/param", "1 byte", 0.4), None),
    ("the boundary itself: exactly 100 sequences fit", case("Llama3_8B", EXACT_100, 1024, 100), None),
    ("memory exactly the weights: 0 sequences, no error", case("Llama3_8B", WEIGHTS_ONLY, 512, 1), None),
    ("multi-head attention: kv_heads defaults to heads (GPT-3)", case("GPT3", "B200", 2048, 1, "1 byte/param"), None),
    ("a single token, full efficiency", case("GPT2", "V100", 1, 1, "4 byte/param", "4 byte", 1), None),
    ("an inline model whose width does not divide by its heads (head_dim rounds down)",
     case({"name": "Odd", "parameters": "1.3 Bparam", "layers": 24, "hidden_dim": 2000, "heads": 3},
          "A100", 4096, 8), None),
    ("an inline grouped-query model on an inline accelerator",
     case({"name": "Gqa", "parameters": "30 Bparam", "layers": 60, "hidden_dim": 6656, "heads": 52, "kv_heads": 4},
          {"name": "Chip", "peak_flops": "1.5 PFLOP/s", "memory_capacity": "144 GB", "memory_bandwidth": "4.8 TB/s"},
          32768, 4, "16 bit/param", "8 bit", 0.35), None),
]


def random_inputs(rng):
    if rng.random() < 0.7:
        w = rng.choice(TRANSFORMERS)
    else:
        heads = rand_int(rng, 1, 128)
        w = {"name": "Toy", "parameters": rand_quantity(rng, 1e7, 1e12, ["param", "Mparam", "Bparam"]),
             "layers": rand_int(rng, 1, 160), "hidden_dim": heads * rand_int(rng, 1, 256) + rand_int(rng, 0, 3),
             "heads": heads}
        if rng.random() < 0.5:
            w["kv_heads"] = rand_int(rng, 1, heads)
    if rng.random() < 0.7:
        hw = rng.choice(sorted(HARDWARE))
    else:
        hw = {"name": "Chip", "peak_flops": rand_quantity(rng, 1e13, 1e16, ["TFLOP/s", "PFLOP/s"]),
              "memory_capacity": rand_quantity(rng, 1e9, 1e12, ["GB", "GiB", "TB"]),
              "memory_bandwidth": rand_quantity(rng, 1e11, 2e13, ["GB/s", "TB/s"])}
    return case(w, hw, rand_int(rng, 1, 131072), rand_int(rng, 1, 1024),
                rand_quantity(rng, 0.5, 4, ["byte/param", "bit/param"]) if rng.random() < 0.5 else None,
                rand_quantity(rng, 0.5, 4, ["byte", "bit"]) if rng.random() < 0.5 else None,
                float(rand_number(rng, 0.05, 1)) if rng.random() < 0.5 else None)
