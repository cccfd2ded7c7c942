#!/usr/bin/python3
"""Time the same attention as `attention-cli bench` with numpy, as a peer to compare against.

    out = softmax(q kᵀ / √d, causal mask) v     q, k, v: (T, d) float32

written the way a numpy user would (one product, an in-place row softmax, another product), for
the same T, d and thread count as the C++ benchmark. Prints JSON in the shape of
`attention-cli bench --format json` (kernel "numpy"), or a table.

Use Debian's numpy with a fast BLAS (`apt-get install python3-numpy libopenblas0-pthread`) and run
it with /usr/bin/python3, so that a python from elsewhere on PATH does not bring another numpy:

    /usr/bin/python3 tests/bench/peer_numpy.py --T 1000,2000,4000 --d 64 --threads 2

The thread count must be fixed before numpy is imported (BLAS reads it at load time), so this
script sets OPENBLAS_NUM_THREADS, OMP_NUM_THREADS and MKL_NUM_THREADS first. Some machines set
OPENBLAS_CORETYPE / OPENBLAS_L2_SIZE to steer old OpenBLAS builds to safe kernels; those settings
slow a current OpenBLAS, so they are removed for this process only (--keep-blas-env keeps them).
The BLAS core actually used is printed in the output ("blas").
"""

import argparse
import ctypes
import json
import os
import statistics
import sys
import time


def parse_args(argv):
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--T", default="1000,2000,4000",
                        help="sequence lengths, comma-separated (default 1000,2000,4000)")
    parser.add_argument("--d", type=int, default=64, help="width of q, k and v (default 64)")
    parser.add_argument("--threads", type=int, default=0,
                        help="BLAS threads (default 0: every core)")
    parser.add_argument("--repeat", type=int, default=5,
                        help="timed runs after one warm-up; the median is reported (default 5)")
    parser.add_argument("--causal", action="store_true", help="mask keys after each query")
    parser.add_argument("--seed", type=int, default=1, help="seed of the random inputs")
    parser.add_argument("--format", choices=("json", "table"), default="json")
    parser.add_argument("--keep-blas-env", action="store_true",
                        help="keep OPENBLAS_CORETYPE and OPENBLAS_L2_SIZE if set")
    args = parser.parse_args(argv)
    try:
        args.lengths = [int(t) for t in args.T.split(",") if t.strip()]
    except ValueError:
        parser.error("--T takes positive integers separated by commas")
    if not args.lengths or min(args.lengths) < 1:
        parser.error("--T takes positive integers separated by commas")
    if args.d < 1 or args.repeat < 1 or args.threads < 0:
        parser.error("--d and --repeat must be at least 1, --threads at least 0")
    return args


def blas_info():
    """The BLAS numpy loaded, read from the process's mapped libraries (OpenBLAS only)."""
    info = {"library": None, "core": None, "threads": None}
    try:
        with open("/proc/self/maps", encoding="utf-8") as maps:
            paths = {line.split()[-1] for line in maps if "blas" in line.lower() and "/" in line}
    except OSError:
        return info
    for path in sorted(paths):
        try:
            lib = ctypes.CDLL(path)
        except OSError:
            continue
        info["library"] = path
        if hasattr(lib, "openblas_get_corename"):
            lib.openblas_get_corename.restype = ctypes.c_char_p
            info["core"] = lib.openblas_get_corename().decode()
            info["threads"] = lib.openblas_get_num_threads()
            break
    return info


def main(argv):
    args = parse_args(argv)
    threads = args.threads if args.threads > 0 else (os.cpu_count() or 1)
    for name in ("OPENBLAS_NUM_THREADS", "OMP_NUM_THREADS", "MKL_NUM_THREADS"):
        os.environ[name] = str(threads)
    if not args.keep_blas_env:
        os.environ.pop("OPENBLAS_CORETYPE", None)
        os.environ.pop("OPENBLAS_L2_SIZE", None)

    import numpy as np  # only now: BLAS reads the variables above when it loads

    def attention(q, k, v, hidden):
        scale = np.float32(1.0 / np.sqrt(q.shape[1]))
        s = (q * scale) @ k.T  # (T, T) float32
        if hidden is not None:
            s[hidden] = -np.inf  # causal: keys after the query
        s -= s.max(axis=1, keepdims=True)
        np.exp(s, out=s)
        s /= s.sum(axis=1, keepdims=True)
        return s @ v  # (T, d)

    rng = np.random.default_rng(args.seed)
    results = []
    previous_ms = None
    for T in args.lengths:
        q = rng.standard_normal((T, args.d), dtype=np.float32)
        k = rng.standard_normal((T, args.d), dtype=np.float32)
        v = rng.standard_normal((T, args.d), dtype=np.float32)
        # The mask is built once, outside the timing, like a model's registered buffer.
        hidden = np.triu(np.ones((T, T), dtype=bool), 1) if args.causal else None
        attention(q, k, v, hidden)  # warm-up
        times = []
        for _ in range(args.repeat):
            start = time.perf_counter()
            attention(q, k, v, hidden)
            times.append((time.perf_counter() - start) * 1e3)
        median_ms = statistics.median(times)
        results.append({
            "kernel": "numpy",
            "T": T,
            "median_ms": round(median_ms, 4),
            "gflops": round(4.0 * T * T * args.d / (median_ms * 1e6), 2),
            "growth": None if previous_ms is None else round(median_ms / previous_ms, 3),
            # the (T, T) float32 score table; the causal mask (T² bytes) is built beforehand
            "extra_bytes": 4 * T * T,
            "runs": args.repeat,
        })
        previous_ms = median_ms

    report = {
        "d": args.d,
        "threads": threads,
        "causal": args.causal,
        "numpy": np.__version__,
        "blas": blas_info(),
        "results": results,
    }
    if args.format == "json":
        print(json.dumps(report))
    else:
        blas = report["blas"]
        print(f"numpy {report['numpy']}, BLAS {blas['library']} core {blas['core']}, "
              f"d = {args.d}, threads = {threads}, causal = {str(args.causal).lower()}")
        print(f"{'kernel':<8} {'T':>7} {'median ms':>11} {'GFLOP/s':>9} {'growth':>7} "
              f"{'extra bytes':>13}")
        for r in results:
            growth = "-" if r["growth"] is None else f"{r['growth']:.2f}"
            print(f"{r['kernel']:<8} {r['T']:>7} {r['median_ms']:>11.3f} {r['gflops']:>9.1f} "
                  f"{growth:>7} {r['extra_bytes']:>13}")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
