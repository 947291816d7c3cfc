"""Shared timing for the benchmark scripts: medians of whole-process runs."""
from __future__ import annotations

import statistics
import subprocess
import time


def process_median(cmd: list[str], env: dict, runs: int) -> float:
    """Median wall time in seconds of running `cmd` to completion `runs` times (output discarded)."""
    times = []
    for _ in range(runs):
        start = time.perf_counter()
        subprocess.run(cmd, env=env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, check=True)
        times.append(time.perf_counter() - start)
    return statistics.median(times)


def median_ms(fn, runs: int = 7, inner: int = 1) -> float:
    """Median in-process time in milliseconds of one call of `fn` (each run averages `inner` calls)."""
    times = []
    for _ in range(runs):
        start = time.perf_counter()
        for _ in range(inner):
            fn()
        times.append((time.perf_counter() - start) / inner * 1000)
    return statistics.median(times)
