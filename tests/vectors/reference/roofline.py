"""RooflineScenario (the catalog's 4.7, as docs/scenarios.md prints it: Williams et al. 2009; mlsysim calc_bottleneck and ridge_point), by hand with exact
fractions."""
from common import q, value, HARDWARE, rand_quantity

TYPE = "RooflineScenario"
FILE = "roofline.json"
TOLERANCE = 1e-12

# the catalog's worked values (canonical units), copied from the catalog's 4.7, as docs/scenarios.md prints it
CATALOG = {
    "Llama8BDecodeStepH100": {"arithmetic_intensity": 1, "ridge_point": 295.223880597,
                              "attainable_throughput": 3.35e12, "compute_time": 1.62386248736e-05,
                              "memory_time": 0.00479402985075, "roofline_time": 0.00479402985075,
                              "memory_to_compute_ratio": 295.223880597, "peak_fraction": 0.00338725985844},
    "Llama8BPrefill2KH100": {"arithmetic_intensity": 2048, "ridge_point": 295.223880597,
                             "attainable_throughput": 9.89e14, "compute_time": 0.0332567037412,
                             "memory_time": 0.00479402985075, "roofline_time": 0.0332567037412,
                             "memory_to_compute_ratio": 0.144152285448, "peak_fraction": 1},
}


def evaluate(i):
    ops, moved, hw = q(i["operations"]), q(i["bytes_moved"]), i["hardware"]
    if isinstance(hw, str):
        peak, bw = HARDWARE[hw]["peak_flops"], HARDWARE[hw]["memory_bandwidth"]
    else:
        peak, bw = q(hw["peak_flops"]), q(hw["memory_bandwidth"])
    intensity = ops / moved
    attainable = min(peak, intensity * bw)
    compute, memory = ops / peak, moved / bw
    return {
        "arithmetic_intensity": value(intensity, "flop/byte"),
        "ridge_point": value(peak / bw, "flop/byte"),
        "attainable_throughput": value(attainable, "flop/s"),
        "compute_time": value(compute, "s"),
        "memory_time": value(memory, "s"),
        "roofline_time": value(max(compute, memory), "s"),
        "memory_to_compute_ratio": value(memory / compute, ""),
        "peak_fraction": value(attainable / peak, ""),
    }, 0


def case(ops, moved, hardware):
    return {"operations": ops, "bytes_moved": moved, "hardware": hardware}


def fp8(name, peak, capacity, bandwidth):
    return {"name": name, "peak_flops": peak, "memory_capacity": capacity, "memory_bandwidth": bandwidth}


CASES = [
    ("Llama8BDecodeStepH100 preset", case("1.606e10 flop", "1.606e10 byte", "H100"), "Llama8BDecodeStepH100"),
    ("Llama8BPrefill2KH100 preset", case("3.289088e13 flop", "1.606e10 byte", "H100"), "Llama8BPrefill2KH100"),
    # the book's vol1 appendix_machine ridge points: A100 ~153, H100 ~295 flop/byte
    ("A100 ridge point (the book's ~153 flop/byte)", case("1 TFLOP", "1 GB", "A100"), None),
    ("exactly at B200's ridge (2250e12 / 8e12 = 281.25): both times equal, peak reached",
     case("281.25 GFLOP", "1 GB", "B200"), None),
    ("at V100's ridge (125e12 / 900e9, not a terminating decimal): 125 TFLOP over 900 GB",
     case("125 TFLOP", "900 GB", "V100"), None),
    ("an inline FP8 entry (H100 FP8 dense peak 1979 TFLOP/s)",
     case("3.289088e13 flop", "1.606e10 byte", fp8("H100_FP8", "1979 TFLOP/s", "80 GiB", "3.35 TB/s")), None),
    ("B200, a tiny memory-bound kernel in binary bytes", case("1 GFLOP", "1 GiB", "B200"), None),
]


def random_inputs(rng):
    hardware = rng.choice(sorted(HARDWARE)) if rng.random() < 0.7 else fp8(
        "Chip", rand_quantity(rng, 1e12, 1e16, ["TFLOP/s", "PFLOP/s", "GFLOP/s"]),
        rand_quantity(rng, 1e9, 1e12, ["GiB", "GB"]), rand_quantity(rng, 1e10, 1e13, ["GB/s", "TB/s"]))
    return case(rand_quantity(rng, 1e6, 1e20, ["flop", "GFLOP", "TFLOP", "PFLOP"]),
                rand_quantity(rng, 1e3, 1e13, ["byte", "KB", "MB", "GB", "GiB"]), hardware)
