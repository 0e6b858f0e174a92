"""ActivationMemoryScenario (the catalog's 4.6, as docs/scenarios.md prints it: Korthikanti et al. 2022 as mlsysim's calc_activation_memory has it, with the
paper's /t for tensor + sequence parallelism), by hand with exact fractions."""
from fractions import Fraction as Q

from common import q, value, WORKLOADS, rand_int, rand_quantity

TYPE = "ActivationMemoryScenario"
FILE = "activation_memory.json"
TOLERANCE = 1e-12

# the catalog's worked values (canonical units), copied from the catalog's 4.6, as docs/scenarios.md prints it
CATALOG = {
    "Gpt3Activations2K": {"attention_score_ratio": 2.35294117647, "layer_bytes_no_recompute": 2868903936,
                          "layer_bytes_selective": 855638016, "layer_bytes_full": 50331648,
                          "total_bytes_no_recompute": 275414777856, "total_bytes_selective": 82141249536,
                          "total_bytes_full": 4831838208, "selective_saving": 0.701754385965},
    "Gpt3ActivationsTp8": {"attention_score_ratio": 2.35294117647, "layer_bytes_no_recompute": 358612992,
                           "layer_bytes_selective": 106954752, "layer_bytes_full": 6291456,
                           "total_bytes_no_recompute": 34426847232, "total_bytes_selective": 10267656192,
                           "total_bytes_full": 603979776, "selective_saving": 0.701754385965},
}

# the registry workloads with a transformer's geometry (ResNet50 and ZeRO_7_5B have none)
TRANSFORMERS = sorted(k for k, v in WORKLOADS.items() if "layers" in v)


def evaluate(i):
    wl = i["workload"]
    geo = WORKLOADS[wl] if isinstance(wl, str) else wl
    big_l, h, a = geo["layers"], geo["hidden_dim"], geo["heads"]
    s, b, t = i["sequence_length"], i["microbatch_size"], i.get("tensor_parallel", 1)
    e = q(i.get("activation_bytes_per_element", "2 byte"))
    none = s * b * h * (34 + Q(5 * a * s, h)) * (e / 2) / t
    selective = 34 * s * b * h * (e / 2) / t
    full = 2 * s * b * h * (e / 2) / t
    return {
        "attention_score_ratio": value(Q(5 * a * s, 34 * h), ""),
        "layer_bytes_no_recompute": value(none, "byte"),
        "layer_bytes_selective": value(selective, "byte"),
        "layer_bytes_full": value(full, "byte"),
        "total_bytes_no_recompute": value(big_l * none, "byte"),
        "total_bytes_selective": value(big_l * selective, "byte"),
        "total_bytes_full": value(big_l * full, "byte"),
        "selective_saving": value(1 - selective / none, ""),
    }, 0


def case(workload, s, b, t=None, e=None):
    i = {"workload": workload, "sequence_length": s, "microbatch_size": b}
    if t is not None:
        i["tensor_parallel"] = t
    if e is not None:
        i["activation_bytes_per_element"] = e
    return i


def toy(layers, hidden, heads):
    return {"name": "Toy", "parameters": "1 Bparam", "layers": layers, "hidden_dim": hidden, "heads": heads}


CASES = [
    ("Gpt3Activations2K preset", case("GPT3", 2048, 1, 1), "Gpt3Activations2K"),
    ("Gpt3ActivationsTp8 preset", case("GPT3", 2048, 1, 8), "Gpt3ActivationsTp8"),
    ("defaults: t = 1 and e = 2 byte (mlsysim's calc_activation_memory exactly)", case("Llama3_8B", 8192, 1), None),
    ("FP32 activations double every term", case("GPT3", 2048, 1, 1, "4 byte"), None),
    ("FP8 activations, written in bits", case("Llama3_70B", 4096, 2, 8, "8 bit"), None),
    ("one token: the quadratic term is smallest", case("BERT_Base", 1, 1), None),
    ("a long context: the s² term dominates", case("Llama3_405B", 131072, 1, 8), None),
    ("heads not dividing the width (GPT-2: 1600 / 25)", case("GPT2", 1024, 16, 1, "2 byte"), None),
    ("an inline transformer", case(toy(4, 512, 8), 512, 32, 2), None),
]


def random_inputs(rng):
    workload = rng.choice(TRANSFORMERS) if rng.random() < 0.7 else toy(
        rand_int(rng, 1, 200), rand_int(rng, 64, 32768), rand_int(rng, 1, 256))
    return case(workload, rand_int(rng, 1, 262144), rand_int(rng, 1, 512),
                rand_int(rng, 1, 64) if rng.random() < 0.7 else None,
                rand_quantity(rng, 0.5, 8, ["byte", "B", "bit"]) if rng.random() < 0.6 else None)
