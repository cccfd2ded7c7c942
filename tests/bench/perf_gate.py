#!/usr/bin/env python3
"""The performance gate: runs bench_interaction, bench_kernels and bench_train (release build)
with fixed iteration counts, compares each figure with its aim in tests/bench/aims.tsv and fails
when one misses its gate (by default: more than 2x worse than the aim).

Usage: tests/bench/perf_gate.py [--bin build/release/bin] [--aims tests/bench/aims.tsv]

Prints one row per aim (benchmark, row, aim, gate, measured, how many times worse than the aim,
pass or MISS) and exits 1 on a miss, 2 when a benchmark fails to run or prints no figure.
"""

import argparse
import contextlib
import csv
import io
import os
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
INTERACTION_ARGS = ["-iterations", "1", "-median", "15"]
KERNEL_ARGS = ["-iterations", "20", "-median", "5"]
TRAIN_RUNS = 3
KERNEL_D = 64  # bench_kernels' head dimension


def fail(message):
    """Stops with exit status 2: a benchmark that cannot run or report is no measurement."""
    print(f"perf_gate: {message}", file=sys.stderr)
    sys.exit(2)


def read_aims(path):
    """The aims: benchmark, row, unit, aim and gate (\"-\" for 2 x the aim) per line."""
    aims = []
    with open(path, encoding="utf-8") as f:
        for number, line in enumerate(f, 1):
            line = line.split("#", 1)[0].strip()
            if not line:
                continue
            fields = line.split("\t")
            if len(fields) != 5 or fields[2] not in UNITS:
                fail(f"{path}:{number}: expected benchmark, row, unit, aim, gate (tabs)")
            bench, row, unit, aim, gate = fields
            aim = float(aim)
            if gate == "-":
                gate = aim * 2 if unit in LOWER_IS_BETTER else aim / 2
            aims.append({"bench": bench, "row": row, "unit": unit, "aim": aim,
                         "gate": float(gate)})
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


def measure_train(bindir, aims):
    """Rows threads=N: the median step time's rate; estimate:threads=N: how close step 7's
    estimate before a run came to it, either way (1: exact). Each the median of TRAIN_RUNS."""
    runs = {}
    figures = {}
    for aim in aims:
        threads = aim["row"].removeprefix("estimate:").removeprefix("threads=")
        if threads not in runs:
            runs[threads] = [run([os.path.join(bindir, "bench_train"), threads])
                             for _ in range(TRAIN_RUNS)]
        pattern = (r"accuracy ([0-9.]+)" if aim["row"].startswith("estimate:")
                   else r"([0-9.]+) at the median step time")
        values = [float(m.group(1)) for m in (re.search(pattern, t) for t in runs[threads]) if m]
        if values:
            figures[aim["row"]] = statistics.median(values)
    return figures


MEASURE = {"bench_interaction": measure_interaction, "bench_kernels": measure_kernels,
           "bench_train": measure_train}


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--bin", default="build/release/bin")
    parser.add_argument("--aims", default=os.path.join(HERE, "aims.tsv"))
    options = parser.parse_args()
    aims = read_aims(options.aims)
    measured = {}
    for bench, measure in MEASURE.items():
        mine = [a for a in aims if a["bench"] == bench]
        if mine:
            measured[bench] = measure(options.bin, mine)
    misses = 0
    print(f"{'benchmark':<18} {'row':<34} {'aim':>11} {'gate':>11} {'measured':>11} "
          f"{'x aim':>6}  verdict")
    for a in aims:
        value = measured[a["bench"]].get(a["row"])
        if value is None:
            fail(f"{a['bench']} printed no figure for {a['row']}")
        lower = a["unit"] in LOWER_IS_BETTER
        worse = value / a["aim"] if lower else a["aim"] / value
        ok = value <= a["gate"] if lower else value >= a["gate"]
        misses += 0 if ok else 1
        sign = "<=" if lower else ">="
        print(f"{a['bench']:<18} {a['row']:<34} {sign}{a['aim']:>9g} {sign}{a['gate']:>9g} "
              f"{value:>11.2f} {worse:>6.2f}  {'pass' if ok else 'MISS'} ({a['unit']})")
    if misses:
        print(f"perf_gate: {misses} aim(s) missed beyond the gate")
        return 1
    print(f"perf_gate: all {len(aims)} aims within their gates")
    return 0


if __name__ == "__main__":
    sys.exit(main())
