"""Measure `companion serve`: commit-to-delivery latency and the server's CPU while idle.

    python benchmarks/serve_latency.py [--streams 20] [--changes 200] [--idle 10]

The installed `companion serve --port 0` runs on a fresh Cataclysm Arcade session; `--streams`
event streams (the public page's) stay connected from this process; `--changes` counter changes
are made one after another by `companion track coins ...` processes. A change's commit time is the
sessions file's modification time after its process ended (the commit is the last write to that
file: the server only reads); its delivery time is when each stream received the event with its
id. Then the server's CPU time over `--idle` seconds with every stream still open (from
/proc/PID/stat). Target (issue 24): p99 <= 300 ms. With `--stale-phones N` (issue 49.1) N phones keep
sending changes on an old table (each answered 409) all the while, and the changes that reached some
page more than a second after their commit are counted. Traffic goes to 127.0.0.0/8 only.
"""
from __future__ import annotations

import argparse
import http.client
import os
import re
import signal
import statistics
import subprocess
import sys
import tempfile
import threading
import time
from pathlib import Path

SCRIPT = Path(sys.executable).parent / "companion"


def read_stream(port: int, arrivals: dict, ready: threading.Event, stop: threading.Event) -> None:
    """Keep one stream open; arrivals[id] gets the wall time (ns) each event reached us."""
    con = http.client.HTTPConnection("127.0.0.1", port, timeout=60)
    con.request("GET", "/api/stream")
    response = con.getresponse()
    buffer = b""
    ready.set()
    while not stop.is_set():
        try:
            chunk = response.read1(65536)
        except (http.client.HTTPException, OSError):  # the server stopped at the end
            break
        if not chunk:
            break
        now = time.time_ns()
        buffer += chunk
        *blocks, buffer = buffer.split(b"\r\n\r\n")
        for block in blocks:
            m = re.search(rb"^id: (\d+)", block, re.M)
            if m and b"event: change" in block:
                arrivals.setdefault(int(m.group(1)), now)
    con.close()


def stale_phone(port: int, path: str, source: str, stop: threading.Event, sent: list) -> None:
    """A phone (its own loopback address, so the per-address write limit is its own) that keeps sending
    a change on the table as it was at the start (`seen` 0): each is answered 409, nothing recorded."""
    while not stop.is_set():
        con = http.client.HTTPConnection("127.0.0.1", port, timeout=10, source_address=(source, 0))
        try:
            con.request("POST", path, body=b'{"change": "coins ben +1", "seen": 0}',
                        headers={"content-type": "application/json"})
            sent.append(con.getresponse().status)
        except (http.client.HTTPException, OSError):
            pass
        finally:
            con.close()
        stop.wait(1.05)  # within the write limit of one play a second


def cpu_seconds(pid: int) -> float:
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--streams", type=int, default=20)
    ap.add_argument("--changes", type=int, default=200)
    ap.add_argument("--idle", type=float, default=10.0)
    ap.add_argument("--stale-phones", type=int, default=0, help="phones sending stale changes (each answered "
                    "409) all the while, from 127.0.0.2, .3 ...: issue 49.1's case (the server with --allow-plays)")
    args = ap.parse_args()
    home = Path(tempfile.mkdtemp(prefix="serve-latency-"))
    env = {**os.environ, "COMPANION_HOME": str(home)}
    env.pop("PYTHONPATH", None)
    subprocess.run([str(SCRIPT), "track", "new", "cataclysm-arcade", "--players", "Ann,Ben", "--name", "bench"],
                   env=env, check=True, capture_output=True)
    plays = ["--allow-plays"] if args.stale_phones else []
    server = subprocess.Popen([str(SCRIPT), "serve", "--port", "0", *plays], env=env, stdout=subprocess.PIPE,
                              stderr=subprocess.PIPE, text=True, start_new_session=True)
    first = server.stdout.readline()
    port = int(re.search(r":(\d+)/", first).group(1))
    told = [first]
    while args.stale_phones and not told[-1].startswith("Plays from"):
        told.append(server.stdout.readline())
    ann = next((re.search(r"(/p/\w+)", line).group(1) for line in told if line.strip().startswith("Ann:")), None)
    db = home / "data" / "sessions.sqlite3"
    arrivals = [dict() for _ in range(args.streams)]
    stop = threading.Event()
    threads = []
    for a in arrivals:
        ready = threading.Event()
        t = threading.Thread(target=read_stream, args=(port, a, ready, stop), daemon=True)
        t.start()
        ready.wait(30)
        threads.append(t)
    time.sleep(1.0)
    answers: list[int] = []
    if args.stale_phones:  # one change first, so the phones' `seen` 0 is behind
        subprocess.run([str(SCRIPT), "track", "coins", "ben", "+1"], env=env, check=True, capture_output=True)
    ended: dict[int, int] = {}
    for k in range(args.stale_phones):
        threading.Thread(target=stale_phone, args=(port, f"/api{ann}/change", f"127.0.0.{k + 2}", stop, answers),
                         daemon=True).start()
    commits: dict[int, int] = {}
    cli_ms = []
    for n in range(1, args.changes + 1):
        start = time.perf_counter()
        subprocess.run([str(SCRIPT), "track", "coins", "ann", "+1" if n % 2 else "-1"], env=env, check=True,
                       capture_output=True)
        cli_ms.append((time.perf_counter() - start) * 1000)
        commits[n] = db.stat().st_mtime_ns
        ended[n] = time.time_ns()
    time.sleep(1.0)
    if args.stale_phones:  # the phones' 409s touch the file too: a change's commit is the end of its command
        commits = ended
    latencies = [(a[n + bool(args.stale_phones)] - commits[n]) / 1e6 for a in arrivals for n in commits
                 if n + bool(args.stale_phones) in a]
    missing = args.streams * args.changes - len(latencies)
    before, t0 = cpu_seconds(server.pid), time.monotonic()
    time.sleep(args.idle)
    idle = (cpu_seconds(server.pid) - before) / (time.monotonic() - t0)
    stop.set()
    os.killpg(server.pid, signal.SIGINT)
    server.wait(timeout=20)
    latencies.sort()

    def pct(p: float) -> float:
        return latencies[min(len(latencies) - 1, int(round(p / 100 * (len(latencies) - 1))))]

    print(f"{args.streams} streams, {args.changes} changes by `companion track` processes "
          f"(each {statistics.median(cli_ms):.0f} ms median)")
    print(f"{'command-end' if args.stale_phones else 'commit'}-to-delivery: p50 {pct(50):.0f} ms, p90 {pct(90):.0f} ms, p99 {pct(99):.0f} ms, "
          f"max {latencies[-1]:.0f} ms over {len(latencies)} deliveries ({missing} missing)")
    if args.stale_phones:
        late = sum(1 for n in commits if any(n + 1 not in a or a[n + 1] - commits[n] > 1e9 for a in arrivals))
        print(f"{args.stale_phones} phones sent {len(answers)} stale changes meanwhile (answers: "
              f"{', '.join(f'{c} x{answers.count(c)}' for c in sorted(set(answers)))}); changes reaching a "
              f"page later than 1 s: {late} of {len(commits)}")
    print(f"server CPU while idle with {args.streams} streams open: {idle * 100:.2f}% of one core")
    print("target p99 <= 300 ms: " + ("met" if pct(99) <= 300 and not missing else "NOT met"))


if __name__ == "__main__":
    main()
