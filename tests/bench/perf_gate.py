#!/usr/bin/env python3
"""The performance gate: runs bench_interaction, bench_kernels and bench_train (release build,
-march=native) and bench_train and bench_kernels of the portable build (runtime CPU dispatch)
with fixed iteration counts, compares each figure with its row in tests/bench/aims.tsv and fails
when one misses its gate: by default 1.5x the figure measured on the idle machine (1.5x the time,
or the rate divided by 1.5), else the row's own gate, which may not be looser than that.

The memory rows open attention-lab itself: its peak resident memory at the first window of a
large scenario.

The machine's speed changes from one run to the next (the machines are shared: on one day the
same build's kernels ran at 0.57x and its training at 0.66x the figures of another). So the rates
of the kernels and of training are read against the machine's speed measured in the same run:
the rows "machine gemm:threads=N" are the same products as one training step as plain GEMMs of the
release build (bench_train's efficiency line), with their idle figure beside; a rate is gated at
the machine's speed, i.e. multiplied by idle GEMM / GEMM now. The times of the window, the ratios
and the memory are gated as measured.

Usage: tests/bench/perf_gate.py [--bin build/release/bin] [--portable-bin build/portable/bin]
                                [--aims tests/bench/aims.tsv]

Prints one row per aim (benchmark, row, aim, the idle figure, gate, measured, the machine's speed
over the idle one where a row is read against it, whether the aim is met, pass or MISS) and exits 1 on a miss, 2 when a benchmark fails to run or prints no figure or
aims.tsv is malformed.
"""

import argparse
import contextlib
import csv
import io
import json
import os
import random
import re
import statistics
import subprocess
import sys
import tempfile
import time

HERE = os.path.dirname(os.path.abspath(__file__))
LOWER_IS_BETTER = {"ms", "MiB"}
UNITS = {"ms", "GFLOP/s", "steps/s", "ratio", "MiB"}

# Fixed repetition counts: QBENCHMARK runs each row -median times with -iterations passes each
# and reports the median; bench_train is run this many times and its median step rate kept.
INTERACTION_ARGS = ["-median", "15"]  # scaleStep times its first step itself, to the µs
KERNEL_ARGS = ["-iterations", "20", "-median", "5"]
TRAIN_RUNS = 3
KERNEL_D = 64  # bench_kernels' head dimension


def fail(message):
    """Stops with exit status 2: a benchmark that cannot run or report is no measurement."""
    print(f"perf_gate: {message}", file=sys.stderr)
    sys.exit(2)


GATE_FACTOR = 1.5  # a gate's distance from the idle figure, at most


def default_gate(unit, measured):
    """1.5x the idle figure: the time or memory times 1.5, the rate or ratio divided by it."""
    return measured * GATE_FACTOR if unit in LOWER_IS_BETTER else measured / GATE_FACTOR


def read_aims(path):
    """The rows: benchmark, row, unit, aim, the figure measured on the idle machine, and gate
    (\"-\" for default_gate()). An own gate looser than the default one is refused."""
    aims = []
    with open(path, encoding="utf-8") as f:
        for number, line in enumerate(f, 1):
            line = line.split("#", 1)[0].strip()
            if not line:
                continue
            fields = line.split("\t")
            if len(fields) != 6 or fields[2] not in UNITS:
                fail(f"{path}:{number}: expected benchmark, row, unit, aim, measured, gate (tabs)")
            bench, row, unit, aim, measured, gate = fields
            try:
                # A machine row is a yardstick: no aim ("-").
                aim = float("nan") if bench == "machine" and aim == "-" else float(aim)
                measured = float(measured)
                loosest = default_gate(unit, measured)
                gate = loosest if gate == "-" else float(gate)
            except ValueError:
                fail(f"{path}:{number}: aim, measured and gate must be numbers (gate or -)")
            lower = unit in LOWER_IS_BETTER
            if (gate > loosest) if lower else (gate < loosest):
                fail(f"{path}:{number}: the gate {gate:g} is looser than {GATE_FACTOR}x the "
                     f"measured {measured:g}")
            aims.append({"bench": bench, "row": row, "unit": unit, "aim": aim,
                         "measured": measured, "gate": gate})
    return aims


def run(command, env=None):
    """Runs a benchmark; its standard output, or exit 2 with its output when it fails."""
    result = subprocess.run(command, capture_output=True, text=True, env=env, timeout=1800)
    if result.returncode != 0:
        sys.stderr.write(result.stdout[-4000:] + result.stderr[-4000:])
        fail(f"{' '.join(command)} exited with {result.returncode}")
    return result.stdout


def qbenchmark(binary, rows, arguments, env=None):
    """Runs a Qt Test benchmark on `rows` (function:tag); ms per iteration by row, and the text
    log (for qInfo lines)."""
    with tempfile.TemporaryDirectory() as folder:
        csv_path = os.path.join(folder, "results.csv")
        text = run([binary, *arguments, "-o", f"{csv_path},csv", "-o", "-,txt", *rows], env)
        with open(csv_path, encoding="utf-8") as f:
            results = {}
            for record in csv.reader(io.StringIO(f.read())):
                # "function","tag","metric",value per iteration,total,iterations
                if len(record) == 6 and record[2] == "WalltimeMilliseconds":
                    results[f"{record[0]}:{record[1]}"] = float(record[3])
    return results, text


@contextlib.contextmanager
def real_display(size="1366x768x24"):
    """Xvfb on a free display with openbox managing its windows, as a class's laptop has a
    window manager; yields the environment a Qt program draws there with (xcb)."""
    number = next(n for n in range(90, 190)
                  if not os.path.exists(f"/tmp/.X{n}-lock")
                  and not os.path.exists(f"/tmp/.X11-unix/X{n}"))
    server = subprocess.Popen(["Xvfb", f":{number}", "-screen", "0", size, "-nolisten", "tcp"],
                              stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    manager = None
    try:
        for _ in range(100):
            if os.path.exists(f"/tmp/.X11-unix/X{number}"):
                break
            time.sleep(0.1)
        else:
            fail(f"Xvfb :{number} did not start")
        env = dict(os.environ, DISPLAY=f":{number}", QT_QPA_PLATFORM="xcb")
        manager = subprocess.Popen(["openbox"], env=env, stdout=subprocess.DEVNULL,
                                   stderr=subprocess.DEVNULL)
        time.sleep(1.0)  # openbox takes the screen before the window maps
        yield env
    finally:
        for process in (manager, server):
            if process:
                process.terminate()
                process.wait()


def measure_interaction(bindir, aims):
    env = dict(os.environ, QT_QPA_PLATFORM="offscreen")
    binary = os.path.join(bindir, "bench_interaction")
    # Rows that report their figure in a line of their own, run once each; those of
    # trainingSpeedWindow in a real window.
    own = {"trainingSpeed": r"app / console ([0-9.]+)",
           "historyFullMemory": r"the resident peak grew ([0-9.]+) MiB"}
    window = "trainingSpeedWindow:"
    rows = [a["row"] for a in aims if a["row"] not in own and not a["row"].startswith(window)]
    figures, _ = qbenchmark(binary, rows, INTERACTION_ARGS, env)
    for row, pattern in own.items():
        if any(a["row"] == row for a in aims):
            _, text = qbenchmark(binary, [row], [], env)
            found = re.search(pattern, text)
            if found:
                figures[row] = float(found.group(1))
    for row in (a["row"] for a in aims if a["row"].startswith(window)):
        with real_display() as display:
            _, text = qbenchmark(binary, [row], [], display)
        found = re.search(own["trainingSpeed"], text)
        if found:
            figures[row] = float(found.group(1))
    return figures


def measure_kernels(bindir, aims):
    times, _ = qbenchmark(os.path.join(bindir, "bench_kernels"), [a["row"] for a in aims],
                          KERNEL_ARGS)
    figures = {}
    for row, ms in times.items():
        length = int(row.split("/")[1])  # attention:KERNEL/T/MASK
        figures[row] = 4.0 * length * length * KERNEL_D / (ms * 1e-3) / 1e9
    return figures


train_runs = {}  # (bin folder, threads) -> (median rate, texts): each measured once a run


def median_train_rate(bindir, threads):
    """bench_train's median step rate at `threads`, the median of TRAIN_RUNS runs, with the
    texts they printed."""
    runs = train_runs
    key = (bindir, threads)
    if key not in runs:
        texts = [run([os.path.join(bindir, "bench_train"), threads]) for _ in range(TRAIN_RUNS)]
        rates = [float(m.group(1)) for m in
                 (re.search(r"([0-9.]+) at the median step time", t) for t in texts) if m]
        runs[key] = (statistics.median(rates) if len(rates) == len(texts) else None, texts)
    return runs[key]


def measure_machine(bindir, aims):
    """Rows gemm:threads=N: the machine's speed, the same products as a training step of the
    default config as plain GEMMs on N threads (GFLOP/s), the median of TRAIN_RUNS."""
    figures = {}
    for aim in aims:
        threads = aim["row"].removeprefix("gemm:threads=")
        texts = median_train_rate(bindir, threads)[1]
        values = [float(m.group(1)) for m in
                  (re.search(r"the same products as GEMMs ([0-9.]+) GFLOP/s", t) for t in texts)
                  if m]
        if len(values) == len(texts):
            figures[aim["row"]] = statistics.median(values)
    return figures


def machine_row(aim):
    """The machine row a rate of `aim` is read against, or None: training on N threads against
    the GEMMs on N, the kernels (two threads) against two."""
    if aim["bench"] == "bench_train" and aim["row"].startswith("threads="):
        return "gemm:" + aim["row"]
    if aim["bench"] == "bench_kernels":
        return "gemm:threads=2"
    return None


def machine_speed(aim, aims, measured):
    """The machine's speed now over its speed when `aim`'s idle figure was measured (1 for a row
    not read against it): the GEMM yardstick measured in this run over the idle one."""
    reference = machine_row(aim)
    if reference is None:
        return 1.0
    idle = next((a["measured"] for a in aims if a["bench"] == "machine" and a["row"] == reference),
                None)
    now = measured.get("machine", {}).get(reference)
    if idle is None or now is None:
        fail(f"{aim['bench']} {aim['row']}: no figure of machine {reference} (aims.tsv, this run)")
    return now / idle


def judge(aim, value, speed):
    """Whether `value` is within `aim`'s gate and meets its aim, both read at the idle machine's
    speed (value / speed): (within the gate, aim met)."""
    at_idle = value / speed
    if aim["unit"] in LOWER_IS_BETTER:
        return at_idle <= aim["gate"], at_idle <= aim["aim"]
    return at_idle >= aim["gate"], at_idle >= aim["aim"]


def measure_train(bindir, aims):
    """Rows threads=N: the median step time's rate; estimate:threads=N: how close step 7's
    estimate before a run came to it, either way (1: exact); scaling: two threads' rate over one
    thread's. Each the median of TRAIN_RUNS."""
    figures = {}
    for aim in aims:
        row = aim["row"]
        if row == "scaling":
            two, one = median_train_rate(bindir, "2")[0], median_train_rate(bindir, "1")[0]
            if two and one:
                figures[row] = two / one
            continue
        threads = row.removeprefix("estimate:").removeprefix("threads=")
        rate, texts = median_train_rate(bindir, threads)
        if row.startswith("estimate:"):
            values = [float(m.group(1)) for m in
                      (re.search(r"accuracy ([0-9.]+)", t) for t in texts) if m]
            if len(values) == len(texts):
                figures[row] = statistics.median(values)
        elif rate:
            figures[row] = rate
    return figures


def measure_portable(bindir, aims, native):
    """Rows bench_train:threads=N and bench_kernels:ROW: the portable build's figure over the
    native build's, both measured in this run (`native`: the figures by benchmark)."""
    figures = {}
    for aim in aims:
        bench, row = aim["row"].split(":", 1)
        mine = measure_train(bindir, [{"row": row}]) if bench == "bench_train" else \
            measure_kernels(bindir, [{"row": row}])
        theirs = native.get(bench, {}).get(row)
        if theirs is None:
            fail(f"portable {aim['row']}: the native build's {bench} {row} is not in aims.tsv")
        if row in mine:
            figures[aim["row"]] = mine[row] / theirs
    return figures


def measure_open(bindir, aims):
    """Rows open:T=N: the resident memory's peak, in MiB, of attention-lab opening a scenario of
    N tokens with d = 64 (random queries and keys, seeded) and saving a screenshot of its window,
    from a home folder of its own."""
    figures = {}
    rng = random.Random(1)
    with tempfile.TemporaryDirectory() as folder:
        for aim in aims:
            tokens = int(aim["row"].removeprefix("open:T="))
            path = os.path.join(folder, f"T{tokens}.json")

            def rows():
                return [[round(rng.gauss(0.0, 1.0), 4) for _ in range(64)] for _ in range(tokens)]

            with open(path, "w", encoding="utf-8") as f:
                json.dump({"format": "attention-lab-scenario", "version": 1,
                           "title": f"T = {tokens}", "tokens": [f"t{i}" for i in range(tokens)],
                           "queries": rows(), "keys": rows()}, f)
            home = os.path.join(folder, f"home{tokens}")
            os.mkdir(home)
            env = dict(os.environ, QT_QPA_PLATFORM="offscreen", HOME=home)
            times = os.path.join(folder, "time.txt")
            run(["/usr/bin/time", "-f", "%M", "-o", times, os.path.join(bindir, "attention-lab"),
                 path, "--screenshot", os.path.join(folder, "window.png")], env)
            with open(times, encoding="utf-8") as f:
                figures[aim["row"]] = int(f.read().split()[-1]) / 1024.0
    return figures


MEASURE = {"machine": measure_machine, "bench_interaction": measure_interaction,
           "bench_kernels": measure_kernels, "bench_train": measure_train,
           "attention-lab": measure_open}


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--bin", default="build/release/bin")
    parser.add_argument("--portable-bin", default="build/portable/bin")
    parser.add_argument("--aims", default=os.path.join(HERE, "aims.tsv"))
    options = parser.parse_args()
    aims = read_aims(options.aims)
    measured = {}
    for bench, measure in MEASURE.items():
        mine = [a for a in aims if a["bench"] == bench]
        if mine:
            measured[bench] = measure(options.bin, mine)
    portable = [a for a in aims if a["bench"] == "portable"]
    if portable:
        measured["portable"] = measure_portable(options.portable_bin, portable, measured)
    misses = 0
    print(f"{'benchmark':<18} {'row':<40} {'aim':>9} {'idle':>9} {'gate':>10} {'now':>9} "
          f"{'speed':>6}  {'aim met':<7}  verdict")
    for a in aims:
        value = measured.get(a["bench"], {}).get(a["row"])
        if value is None:
            fail(f"{a['bench']} printed no figure for {a['row']}")
        if a["bench"] == "machine":  # the yardstick itself: nothing to pass
            print(f"{a['bench']:<18} {a['row']:<40} {'':>9} {a['measured']:>9g} {'':>10} "
                  f"{value:>9.2f} {value / a['measured']:>6.2f}  {'':<7}  reference "
                  f"({a['unit']})")
            continue
        speed = machine_speed(a, aims, measured)
        ok, met = judge(a, value, speed)
        misses += 0 if ok else 1
        sign = "<=" if a["unit"] in LOWER_IS_BETTER else ">="
        shown_speed = f"{speed:>6.2f}" if machine_row(a) else f"{'':>6}"
        print(f"{a['bench']:<18} {a['row']:<40} {sign}{a['aim']:>7g} {a['measured']:>9g} "
              f"{sign}{a['gate']:>8.4g} {value:>9.2f} {shown_speed}  {'yes' if met else 'no':<7}  "
              f"{'pass' if ok else 'MISS'} ({a['unit']})")
    if misses:
        print(f"perf_gate: {misses} figure(s) beyond their gates")
        return 1
    print(f"perf_gate: all {len(aims)} figures within their gates")
    return 0


if __name__ == "__main__":
    sys.exit(main())
