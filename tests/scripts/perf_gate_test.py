#!/usr/bin/env python3
"""Tests of tests/bench/perf_gate.py's rules, without running a benchmark: the gate of a row is
1.5x its idle figure (the time times 1.5, the rate divided by it) unless the row gives a tighter
one; an own gate looser than that, or a malformed row, is refused (exit 2); and the project's own
tests/bench/aims.tsv reads, every gate within 1.5x of its idle figure; the kernels' and training's
rates are read at the idle machine's speed (the GEMM yardstick of the same run). The ctest
perf_gate_rules runs it.

Usage: perf_gate_test.py PATH/TO/perf_gate.py PATH/TO/aims.tsv
"""

import contextlib
import importlib.util
import io
import os
import subprocess
import sys
import tempfile


def load(path):
    spec = importlib.util.spec_from_file_location("perf_gate", path)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def refused(script, text):
    """True when perf_gate.py stops with exit 2 and names line 1 on reading `text` as aims."""
    with tempfile.NamedTemporaryFile("w", suffix=".tsv", delete=False) as f:
        f.write(text)
    try:
        result = subprocess.run([sys.executable, "-c",
                                 f"import sys; sys.argv = ['perf_gate']; "
                                 f"import importlib.util as u; s = u.spec_from_file_location('g', "
                                 f"{script!r}); m = u.module_from_spec(s); s.loader.exec_module(m); "
                                 f"m.read_aims({f.name!r})"],
                                capture_output=True, text=True)
    finally:
        os.unlink(f.name)
    return result.returncode == 2 and f"{os.path.basename(f.name)}:1" in result.stderr


def main():
    script, aims_path = sys.argv[1], sys.argv[2]
    gate = load(script)
    failures = []
    checks = [0]

    def check(condition, what):
        checks[0] += 1
        if not condition:
            failures.append(what)

    with tempfile.NamedTemporaryFile("w", suffix=".tsv", delete=False) as f:
        f.write("# a comment\n"
                "b\tslow\tms\t10\t8\t-\n"
                "b\tfast\tGFLOP/s\t100\t300\t-\n"
                "b\tmemory\tMiB\t200\t150\t160\n"
                "b\tratio\tratio\t1.5\t1.9\t1.5\n")
    try:
        rows = {a["row"]: a for a in gate.read_aims(f.name)}
    finally:
        os.unlink(f.name)
    check(abs(rows["slow"]["gate"] - 12.0) < 1e-9, "a time's gate is 1.5x its idle figure")
    check(abs(rows["fast"]["gate"] - 200.0) < 1e-9, "a rate's gate is its idle figure / 1.5")
    check(rows["memory"]["gate"] == 160.0, "a tighter own gate is kept (memory)")
    check(rows["ratio"]["gate"] == 1.5, "a tighter own gate is kept (ratio)")
    check(rows["slow"]["aim"] == 10.0 and rows["slow"]["measured"] == 8.0, "aim and idle figure")

    check(refused(script, "b\tslow\tms\t10\t8\t13\n"), "a time gate looser than 1.5x is refused")
    check(refused(script, "b\tfast\tsteps/s\t100\t90\t50\n"), "a rate gate looser than /1.5")
    check(refused(script, "b\tfast\tsteps/s\t100\t90\n"), "a row without its gate column")
    check(refused(script, "b\tfast\tfurlongs\t100\t90\t-\n"), "an unknown unit")
    check(refused(script, "b\tfast\tms\tten\t90\t-\n"), "an aim that is not a number")

    # The rates of the kernels and of training are read at the idle machine's speed: half the
    # rate on a machine at half its speed passes, half the rate at full speed fails.
    kernel = {"bench": "bench_kernels", "row": "attention:tiled/2000/full", "unit": "GFLOP/s",
              "aim": 250.0, "measured": 300.0, "gate": 200.0}
    machine = [{"bench": "machine", "row": "gemm:threads=2", "unit": "GFLOP/s",
                "aim": float("nan"), "measured": 120.0, "gate": 80.0}]
    half = gate.machine_speed(kernel, machine, {"machine": {"gemm:threads=2": 60.0}})
    check(abs(half - 0.5) < 1e-12, f"the machine at half its speed reads {half}")
    check(gate.judge(kernel, 150.0, half) == (True, True), "half the rate at half the speed")
    check(gate.judge(kernel, 150.0, 1.0) == (False, False), "half the rate at full speed fails")
    check(gate.judge(kernel, 190.0, 1.0) == (False, False), "a rate below its gate fails")
    try:
        with contextlib.redirect_stderr(io.StringIO()):
            gate.machine_speed(kernel, machine, {})
        check(False, "a rate without this run's yardstick is refused")
    except SystemExit as stop:
        check(stop.code == 2, "a rate without this run's yardstick stops with exit 2")
    window = {"bench": "bench_interaction", "row": "scaleStep:T=5", "unit": "ms", "aim": 4.0,
              "measured": 2.5, "gate": 3.75}
    check(gate.machine_speed(window, machine, {}) == 1.0, "a time in the window: as measured")
    check(gate.judge(window, 3.7, 1.0) == (True, True), "a time within its gate")
    check(gate.judge(window, 3.8, 1.0) == (False, True), "a time beyond its gate fails")
    train = {"bench": "bench_train", "row": "threads=1", "unit": "steps/s", "aim": 100.0,
             "measured": 65.0, "gate": 43.3}
    check(gate.machine_row(train) == "gemm:threads=1", "training on one thread: one thread's GEMM")

    # The project's own rows: every one within 1.5x of its idle figure, none with a zero figure.
    shipped = gate.read_aims(aims_path)
    check(len(shipped) >= 20, f"aims.tsv has {len(shipped)} rows")
    for a in shipped:
        check(a["measured"] > 0, f"{a['bench']} {a['row']}: an idle figure")

    for failure in failures:
        print(f"FAIL: {failure}")
    print(f"perf_gate_test: {checks[0] - len(failures)} checks passed, {len(failures)} failed")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
