"""Shared timing for the benchmark scripts: medians of whole-process runs."""
from __future__ import annotations

import os
import statistics
import subprocess
import time


def process_median(cmd: list[str], env: dict, runs: int) -> float:
    """Median wall time in seconds of running `cmd` to completion `runs` times (output discarded)."""
    return process_medians(cmd, env, runs)[0]


def process_medians(cmd: list[str], env: dict, runs: int, ok: tuple[int, ...] = (0,)) -> tuple[float, float]:
    """(median wall time, median CPU time) in seconds of `runs` runs of `cmd` (ending with an exit
    code in `ok`). The CPU time (user + system, from the child's rusage) barely moves when other
    programs load the machine; the wall time does."""
    walls, cpus = [], []
    for _ in range(runs):
        start = time.perf_counter()
        proc = subprocess.Popen(cmd, env=env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        _, status, usage = os.wait4(proc.pid, 0)
        walls.append(time.perf_counter() - start)
        proc.returncode = os.waitstatus_to_exitcode(status)
        if proc.returncode not in ok:
            raise subprocess.CalledProcessError(proc.returncode, cmd)
        cpus.append(usage.ru_utime + usage.ru_stime)
    return statistics.median(walls), statistics.median(cpus)


def interleaved_medians(cmds: dict[str, list[str]], env: dict, runs: int) -> dict[str, tuple[float, float]]:
    """process_medians of several commands, run in turn (a, b, c, a, b, c ...) so that a change in
    the machine's load falls on all of them alike."""
    samples: dict[str, list[tuple[float, float]]] = {k: [] for k in cmds}
    for _ in range(runs):
        for key, cmd in cmds.items():
            samples[key].append(process_medians(cmd, env, 1))
    return {k: (statistics.median(w for w, _ in v), statistics.median(c for _, c in v)) for k, v in samples.items()}


def median_ms(fn, runs: int = 7, inner: int = 1) -> float:
    """Median in-process time in milliseconds of one call of `fn` (each run averages `inner` calls)."""
    times = []
    for _ in range(runs):
        start = time.perf_counter()
        for _ in range(inner):
            fn()
        times.append((time.perf_counter() - start) / inner * 1000)
    return statistics.median(times)
