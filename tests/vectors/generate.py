#!/usr/bin/env python3
"""Known-answer vectors of every scenario type, worked out independently of the C++ core.

Each type has a module in tests/vectors/reference/ that computes its properties straight
from the specification's equations (docs/scenarios.md prints the same), with exact
rational arithmetic where it can and unit factors written out by hand (common.py).
Nothing here imports or calls project code.

    python3 tests/vectors/generate.py      # rewrites tests/vectors/known/*.json

Each file: {"type", "tolerance" (relative), "generator", "cases": [{"name", "preset" (or
null), "inputs", "expected": {property: {"value", "unit"} | {"error": true}},
"warnings": N}]}: the hand-written cases (presets first), then random ones drawn within
every field's rule (seeded, so the files are reproducible). Before writing, each preset
case is checked against the worked values the specification prints for it (1e-9).
"""
import importlib
import json
import os
import random
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.join(HERE, "reference"))
RANDOM_CASES = 40


def main():
    os.makedirs(os.path.join(HERE, "known"), exist_ok=True)
    names = sorted(f[:-3] for f in os.listdir(os.path.join(HERE, "reference")) if f.endswith(".py") and f != "common.py")
    total = 0
    for name in names:
        ref = importlib.import_module(name)
        cases = []
        for title, inputs, preset in ref.CASES:
            expected, warnings = ref.evaluate(inputs)
            for prop, want in ref.CATALOG.get(preset, {}).items():
                got = expected[prop]["value"]
                assert abs(got - want) <= 1e-9 * max(abs(want), 1e-300), f"{preset}.{prop}: {got} != spec {want}"
            cases.append({"name": title, "preset": preset, "inputs": inputs, "expected": expected, "warnings": warnings})
        rng = random.Random(name)
        for k in range(RANDOM_CASES):
            inputs = ref.random_inputs(rng)
            expected, warnings = ref.evaluate(inputs)
            cases.append({"name": f"random {k + 1}", "preset": None, "inputs": inputs, "expected": expected, "warnings": warnings})
        with open(os.path.join(HERE, "known", ref.FILE), "w") as f:
            json.dump({"type": ref.TYPE, "tolerance": ref.TOLERANCE, "generator": "tests/vectors/generate.py",
                       "cases": cases}, f, indent=1)
            f.write("\n")
        total += len(cases)
        print(f"{ref.FILE}: {len(cases)} cases")
    print("wrote", total, "cases")


if __name__ == "__main__":
    main()
