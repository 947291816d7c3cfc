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
