"""PipelineBubbleScenario (the catalog's 4.9, as docs/scenarios.md prints it), by hand with exact fractions: the bubble
(p - 1) / (v m + p - 1) of mlsysim's calc_pipeline_bubble, Megatron-LM's step and bubble
times, and the fewest microbatches found by walking m up the inequality itself."""
from fractions import Fraction as Q

from common import q, value, rand_int, rand_number, rand_quantity

TYPE = "PipelineBubbleScenario"
FILE = "pipeline_bubble.json"
TOLERANCE = 1e-12

# the catalog's worked values (canonical units)
CATALOG = {
    "Book8Stages16Microbatches": {"bubble_fraction": 0.304347826087, "pipeline_efficiency": 0.695652173913,
                                  "ideal_step_time": 0.16, "bubble_time": 0.07, "step_time": 0.23,
                                  "bubble_overhead": 0.4375, "min_microbatches_for_target": 28,
                                  "inflight_microbatches_1f1b": 8},
    "BookInterleaved8x16x4": {"bubble_fraction": 0.0985915492958, "pipeline_efficiency": 0.901408450704,
                              "ideal_step_time": 0.16, "bubble_time": 0.0175, "step_time": 0.1775,
                              "bubble_overhead": 0.109375, "min_microbatches_for_target": 7,
                              "inflight_microbatches_1f1b": 8},
}


def bubble(p, v, m):
    return Q(p - 1, v * m + p - 1)


def fewest_microbatches(p, v, target):
    """The smallest m >= 1 with bubble(m) <= target, exactly: a closed-form guess, then
    checked (and corrected) against the inequality itself."""
    m = max(1, -((-(p - 1) * (1 - target)) // (v * target)))  # ceil of the estimate
    while m > 1 and bubble(p, v, m - 1) <= target:
        m -= 1
    while bubble(p, v, m) > target:
        m += 1
    return int(m)


def evaluate(i):
    p, m = i["pipeline_stages"], i["microbatches"]
    v = i.get("virtual_stages", 1)
    t = q(i["microbatch_time"])
    target = Q(str(i.get("target_bubble", 0.2)))
    return {
        "bubble_fraction": value(bubble(p, v, m), ""),
        "pipeline_efficiency": value(Q(v * m, v * m + p - 1), ""),
        "ideal_step_time": value(m * t, "s"),
        "bubble_time": value((p - 1) * t / v, "s"),
        "step_time": value(m * t + (p - 1) * t / v, "s"),
        "bubble_overhead": value(Q(p - 1, v * m), ""),
        "min_microbatches_for_target": value(fewest_microbatches(p, v, target), "count"),
        "inflight_microbatches_1f1b": value(min(p, m), "count"),
    }, 0


def case(p, m, t, v=None, target=None):
    i = {"pipeline_stages": p, "microbatches": m, "microbatch_time": t}
    if v is not None:
        i["virtual_stages"] = v
    if target is not None:
        i["target_bubble"] = target
    return i


CASES = [
    ("Book8Stages16Microbatches preset", case(8, 16, "10 ms", 1, 0.2), "Book8Stages16Microbatches"),
    ("BookInterleaved8x16x4 preset", case(8, 16, "10 ms", 4, 0.2), "BookInterleaved8x16x4"),
    # the book's rule m >= 4(p - 1) at 20 %: exactly 28 at p = 8 (7/35 = 0.2), where the
    # floating estimate (p - 1)(1 - t)/(v t) is 28.000000000000004
    ("the boundary itself: 7/35 = 0.2 gives 28, defaults for v and the target", case(8, 28, "10 ms"), None),
    ("one microbatch short of the target", case(8, 27, "10 ms", 1, 0.2), None),
    ("one stage: no bubble, one microbatch suffices", case(1, 1, "5 ms", 1, 0.01), None),
    ("fewer microbatches than stages: 1F1B keeps m", case(16, 4, "2.5 ms", 2, 0.1), None),
    ("a target of one quarter, exactly reached at m = 9 (3/12)", case(4, 2, "1 s", 1, 0.25), None),
    ("a tight target on a deep pipeline", case(64, 512, "750 us", 3, 0.001), None),
    ("a loose target just under 1", case(32, 1, "0.02 s", 8, 0.999), None),
]


def random_inputs(rng):
    return case(rand_int(rng, 1, 256), rand_int(rng, 1, 4096), rand_quantity(rng, 1e-5, 10, ["ms", "us", "s"]),
                rand_int(rng, 1, 16) if rng.random() < 0.7 else None,
                float(rand_number(rng, 0.001, 0.95)) if rng.random() < 0.7 else None)
