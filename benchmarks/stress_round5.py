"""Stress rows of issue 49 (round five), beside benchmarks/stress_round4.py.

    python benchmarks/stress_round5.py [--only hostile,slowbody,flips,media,same,long] [--seconds 60]
        [--trials 40] [--rounds 10] [--sizes 5000,50000]

Not run in CI. Each phase prints one JSON line; targets in brackets.

- hostile: a real `companion serve --allow-plays`: requests with a foreign `Host`, writes with a
  foreign `Origin`, a text/plain form post, a body nested 2,000 levels [421/403/415/400, nothing
  recorded but the one request of the server's own page; no traceback on the host's terminal].
- slowbody: for --seconds, one address (127.0.0.2) opens a POST every 0.35 s and trickles a byte of
  its body every 2 s, while a phone (127.0.0.1) keeps its stream and asks for the table every 2 s
  and another address (127.0.0.3) asks too [the attacker holds a few connections at most; every
  other request answered; the phone's stream hears a change made meanwhile].
- flips: --trials times, one bit flipped among the event rows under the newest snapshot with the
  file's identity left as its last check recorded it (damage the kernel never saw as a write: a bad
  sector, bit rot), then a real `track` change and a real `track export` [0 changes appended to a
  damaged chain, 0 partial exports with exit 0]. On a file, not a file-system image.
- media: the same on an ext4 image (root and a loop device; skipped otherwise): the bit flipped in
  the image while it is unmounted, so the file's times and size are those the kernel last wrote.
- same: stress_round4's 8 copies of one play at once, --rounds times per game, with --load busy
  processes loading the 2 cores (the load average is printed) [each round recorded exactly once].
- long: a session of each --sizes events (written straight into the file, chained as the companion
  chains it, then 100 changes made as a table makes them) against a fresh one (those 100 alone): wall time of `track log --json`, `track log --all`, `history`,
  `track export`, `track show` and a change, as whole processes [log --json as a fresh session's;
  the others no faster than the events they read].
"""
from __future__ import annotations

import argparse
import json
import os
import random
import socket
import subprocess
import sys
import tempfile
import threading
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "benchmarks"))

from stress_play import companion  # noqa: E402
from stress_round4 import _free_port, _read_until, _wait_port  # noqa: E402


def _serve(home: Path, *args: str):
    """A real server on a free port, its links read from its --json line."""
    port = _free_port()
    server = subprocess.Popen([sys.executable, "-m", "companion", "serve", "--port", str(port), "--json", *args],
                              env={**os.environ, "COMPANION_HOME": str(home), "PYTHONPATH": str(ROOT)},
                              stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    started = json.loads(server.stdout.readline())
    _wait_port(port)
    return server, port, started


def _request(port: int, raw: bytes, source: str = "127.0.0.1", seconds: float = 10) -> int:
    try:
        with socket.socket() as c:
            c.settimeout(seconds)
            c.bind((source, 0))
            c.connect(("127.0.0.1", port))
            c.sendall(raw)
            line = c.recv(64).split(b"\r\n")[0]
            return int(line.split()[1]) if line else 0
    except (OSError, ValueError, IndexError):
        return 0


def _post(port: int, path: str, body: bytes, headers: dict[str, str], source: str = "127.0.0.1") -> int:
    head = {"Host": f"127.0.0.1:{port}", "Content-Type": "application/json", "Connection": "close", **headers}
    lines = "".join(f"{k}: {v}\r\n" for k, v in head.items() if v is not None)
    return _request(port, f"POST {path} HTTP/1.1\r\n{lines}Content-Length: {len(body)}\r\n\r\n".encode() + body,
                    source)


def _table(data: Path, name: str) -> int:
    from trackers.sessions import Sessions

    with Sessions(data) as s:
        return len(s.entries(s.get(name)))


def _arcade(home: Path, name: str = "s") -> Path:
    from trackers.sessions import Sessions

    with Sessions(home / "data") as s:
        s.new("cataclysm-arcade", ["Ann", "Ben"], name)
    return home / "data"


def phase_hostile() -> dict:
    home = Path(tempfile.mkdtemp(prefix="stress5-hostile-"))
    data = _arcade(home)
    server, port, started = _serve(home, "--session", "s", "--allow-plays")
    ann = "/api" + started["links"]["Ann"].split(str(port), 1)[1]
    host = "/api" + started["host"].split(str(port), 1)[1]
    out = {}
    try:
        change = json.dumps({"change": "coins ann +1"}).encode()
        out["foreign_host_get"] = _request(port, b"GET /api/table HTTP/1.1\r\nHost: evil.example\r\n"
                                                 b"Connection: close\r\n\r\n")
        out["foreign_host_post"] = _post(port, f"{ann}/change", change, {"Host": "evil.example"})
        out["foreign_origin_change"] = _post(port, f"{ann}/change", change, {"Origin": "http://evil.example"})
        out["foreign_origin_undo"] = _post(port, f"{host}/undo", b"{}", {"Origin": "http://evil.example"})
        out["null_origin"] = _post(port, f"{ann}/change", change, {"Origin": "null"})
        out["text_plain_form"] = _post(port, f"{ann}/change", change, {"Content-Type": "text/plain"})
        time.sleep(3)  # the write bucket (5 at once, 1 a second) refilled: the answers are the rules'
        out["nested_2000"] = _post(port, f"{ann}/change", b"[" * 2000 + b"]" * 2000, {})
        out["recorded_by_hostile"] = _table(data, "s")
        out["own_page"] = _post(port, f"{ann}/change", change, {"Origin": f"http://127.0.0.1:{port}"})
        out["recorded_after_own"] = _table(data, "s")
    finally:
        server.terminate()
        _, err = server.communicate(timeout=15)
    out["traceback_on_terminal"] = "Traceback" in err
    return out


def phase_slowbody(seconds: float) -> dict:
    home = Path(tempfile.mkdtemp(prefix="stress5-slow-"))
    _arcade(home)
    server, port, started = _serve(home, "--session", "s", "--allow-plays")
    ann = "/api" + started["links"]["Ann"].split(str(port), 1)[1]
    stop = threading.Event()
    held: list[socket.socket] = []
    most_open = [0]
    statuses: dict[str, list[int]] = {"phone": [], "other": []}

    def attacker():
        next_open = time.monotonic()
        while not stop.is_set():
            now = time.monotonic()
            if now >= next_open:
                next_open = now + 0.35
                try:
                    c = socket.socket()
                    c.bind(("127.0.0.2", 0))
                    c.settimeout(5)
                    c.connect(("127.0.0.1", port))
                    c.sendall(f"POST {ann}/change HTTP/1.1\r\nHost: 127.0.0.1:{port}\r\nContent-Type: "
                              f"application/json\r\nContent-Length: 1000\r\n\r\n{{".encode())
                    c.setblocking(False)
                    held.append(c)
                except OSError:
                    pass
            for c in list(held):  # a byte every 2 s on each (roughly), and count the ones still open
                try:
                    if c.recv(4096) == b"":
                        held.remove(c)
                        c.close()
                        continue
                except BlockingIOError:
                    pass
                except OSError:
                    held.remove(c)
                    c.close()
                    continue
                if random.random() < 0.05:
                    try:
                        c.send(b" ")
                    except OSError:
                        pass
            most_open[0] = max(most_open[0], len(held))
            time.sleep(0.1)

    def asker(who: str, source: str):
        while not stop.is_set():
            statuses[who].append(_request(port, f"GET /api/table HTTP/1.1\r\nHost: 127.0.0.1:{port}\r\n"
                                                f"Connection: close\r\n\r\n".encode(), source))
            time.sleep(2)

    try:
        phone = socket.create_connection(("127.0.0.1", port), timeout=10)
        phone.sendall(f"GET /api/stream HTTP/1.1\r\nHost: 127.0.0.1:{port}\r\nAccept: text/event-stream\r\n\r\n"
                      .encode())
        opened = phone.recv(4096).startswith(b"HTTP/1.1 200")
        threads = [threading.Thread(target=attacker), threading.Thread(target=asker, args=("phone", "127.0.0.1")),
                   threading.Thread(target=asker, args=("other", "127.0.0.3"))]
        for t in threads:
            t.start()
        time.sleep(seconds)
        companion(home, "track", "coins", "ann", "+1", "--session", "s").wait()
        heard = b"coins" in _read_until(phone, b"coins", 20)
        stop.set()
        for t in threads:
            t.join(30)
        phone.close()
    finally:
        for c in held:
            c.close()
        server.terminate()
        server.wait(15)
    return {"seconds": seconds, "attacker_most_open": most_open[0], "stream_opened": opened, "stream_heard_change": heard,
            "phone": {str(s): statuses["phone"].count(s) for s in sorted(set(statuses["phone"]))},
            "other": {str(s): statuses["other"].count(s) for s in sorted(set(statuses["other"]))}}


def _judge_damage(home: Path, db: Path, target: Path, out: dict) -> None:
    """A real change, then a real export, of session f on a damaged file: counted into `out` (the
    change refused and nothing appended; the export refused with exit 1 and `--partial` taking the
    good part on purpose, never a partial export with exit 0)."""
    before = db.read_bytes()
    change = companion(home, "track", "coins", "ann", "+1", "--session", "f")
    _, err = change.communicate()
    grew = db.read_bytes() != before
    target.unlink(missing_ok=True)
    export = companion(home, "track", "export", "f", str(target), "--json")
    exported, err2 = export.communicate()
    out["tracebacks"] += ("Traceback" in err) + ("Traceback" in err2)
    if change.returncode == 0:
        out["harmless"] += 1  # the flip fell outside the events (free space, an index): nothing damaged
        return
    out["change_refused"] += 1
    out["appended_on_damage"] += grew
    if export.returncode == 0 and json.loads(exported).get("damaged_at"):
        out["partial_export_exit_0"] += 1
    elif export.returncode == 1 and "--partial" in err2:
        out["export_refused_exit_1"] += 1
        again = companion(home, "track", "export", "f", str(target), "--partial", "--json")
        said, _ = again.communicate()
        out["partial_on_purpose_ok"] += again.returncode == 0 and json.loads(said)["left_out"] > 0
    else:  # refused otherwise (the session itself does not read): its exit code and line
        out.setdefault("export_other", []).append([export.returncode, err2.strip()[:120]])


def phase_flips(trials: int, rng: random.Random) -> dict:
    from trackers import store
    from trackers.sessions import Sessions

    home = Path(tempfile.mkdtemp(prefix="stress5-flips-"))
    data = home / "data"
    with Sessions(data) as s:
        s.new("cataclysm-arcade", ["Ann", "Ben"], "f")
        for n in range(100):  # snapshots at 32, 64 and 96: most rows lie under one
            s.record(["coins", "ann" if n % 3 else "ben", f"+{n % 7 + 1}"], "f")
    db = data / "sessions.sqlite3"
    original = db.read_bytes()
    offsets = [i for i in range(len(original)) if original.startswith((b'["Ann"', b'["Ben"'), i)]
    out = {"trials": 0, "change_refused": 0, "appended_on_damage": 0, "harmless": 0, "export_refused_exit_1": 0,
           "partial_export_exit_0": 0, "partial_on_purpose_ok": 0, "tracebacks": 0}
    for _ in range(trials):
        raw = bytearray(original)
        at = rng.choice(offsets) + rng.randrange(1, 5)
        raw[at] ^= 1 << rng.randrange(8)
        db.write_bytes(bytes(raw))
        store._mark(db, store.identity(db))  # the kernel never saw it: the identity as last checked
        out["trials"] += 1
        _judge_damage(home, db, home / "f.json", out)
        db.write_bytes(original)  # its stamp moves: the next opening checks the restored file
    return out


def phase_media(trials: int, rng: random.Random) -> dict:
    """flips on a file-system image: the sessions file on an ext4 image mounted by loop device (root),
    one bit of an event row flipped in the image while it is unmounted (the kernel never sees a write:
    the file's times and size stay as they were), then mounted again for a real change and export."""
    import shutil

    work = Path(tempfile.mkdtemp(prefix="stress5-media-"))
    image, mnt = work / "fs.ext4", work / "mnt"
    mnt.mkdir()
    subprocess.run(["truncate", "-s", "32M", str(image)], check=True)
    subprocess.run(["mkfs.ext4", "-q", "-F", str(image)], check=True)

    def mount() -> bool:
        return subprocess.run(["mount", "-o", "loop", str(image), str(mnt)], capture_output=True).returncode == 0

    def umount() -> None:
        subprocess.run(["umount", str(mnt)], check=True)

    if shutil.which("mount") is None or not mount():
        return {"skipped": "no loop mount here (needs root and a loop device)"}
    home = mnt / "home"
    for n in range(100):  # made as a table makes them: whole processes, as in `flips`
        if n == 0:
            companion(home, "track", "new", "cataclysm-arcade", "--players", "Ann,Ben", "--name", "f").communicate()
        companion(home, "track", "coins", "ann" if n % 3 else "ben", f"+{n % 7 + 1}").communicate()
    db = home / "data" / "sessions.sqlite3"
    stamp = db.stat()
    umount()
    pristine = image.read_bytes()
    offsets = [i for i in range(len(pristine)) if pristine.startswith((b'["Ann"', b'["Ben"'), i)]
    out = {"trials": 0, "offsets_found": len(offsets), "change_refused": 0, "appended_on_damage": 0, "harmless": 0,
           "export_refused_exit_1": 0, "partial_export_exit_0": 0, "partial_on_purpose_ok": 0, "tracebacks": 0,
           "file_times_unchanged": 0}
    for _ in range(trials):
        raw = bytearray(pristine)
        raw[rng.choice(offsets) + rng.randrange(1, 5)] ^= 1 << rng.randrange(8)
        image.write_bytes(bytes(raw))
        if not mount():
            out.setdefault("mount_failed", 0)
            out["mount_failed"] += 1
            continue
        try:
            out["trials"] += 1
            now = db.stat()
            out["file_times_unchanged"] += (now.st_mtime_ns, now.st_size) == (stamp.st_mtime_ns, stamp.st_size)
            _judge_damage(home, db, work / "f.json", out)
        finally:
            umount()
    shutil.rmtree(work, ignore_errors=True)
    return out


def _load(n: int) -> list[subprocess.Popen]:
    return [subprocess.Popen([sys.executable, "-c", "while True: pass"]) for _ in range(n)]


def phase_same(rounds: int, rng: random.Random, load: int) -> dict:
    from stress_round4 import phase_same as same

    busy = _load(load)
    try:
        return {"load_processes": load, "load_avg_1min_before": os.getloadavg()[0], **same(rounds, rng),
                "load_avg_1min_after": os.getloadavg()[0]}
    finally:
        for p in busy:
            p.kill()
            p.wait()


def _wall(home: Path, *args: str) -> float:
    t = time.perf_counter()
    p = companion(home, *args)
    p.communicate()
    if p.returncode != 0:
        raise RuntimeError(f"{args}: exit {p.returncode}")
    return time.perf_counter() - t


def phase_long(sizes: list[int]) -> dict:
    from verify_cost import build

    rows = {}
    commands = {"log --json": ("track", "log", "--json", "--session", "v"), "log --all": ("track", "log", "--all", "--session", "v"),
                "history": ("history",), "export": ("track", "export", "v", "{out}"),
                "show": ("track", "show", "v"), "change": ("track", "coins", "ann", "+1", "--session", "v")}
    for n in [0, *sizes]:
        home = Path(tempfile.mkdtemp(prefix=f"stress5-long-{n}-"))
        build(home / "data", n)
        from trackers.sessions import Sessions

        with Sessions(home / "data") as s:  # the newest events made as a table makes them: snapshots every 32
            for _ in range(100):
                s.record(["coins", "ann", "+1"], "v")
        times = {}
        for label, words in commands.items():
            samples = []
            for k in range(3):
                out = home / f"x{k}.json"
                samples.append(_wall(home, *[str(out) if w == "{out}" else w for w in words]))
            times[label] = sorted(samples)[1]
        rows[n] = times
    fresh = rows[0]
    return {"fresh_seconds": {k: round(v, 2) for k, v in fresh.items()},
            **{f"at_{n}": {k: f"{v:.2f} s ({v / fresh[k]:.1f}x)" for k, v in rows[n].items()} for n in sizes}}


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--only", default="hostile,slowbody,flips,media,same,long")
    ap.add_argument("--seconds", type=float, default=60.0)
    ap.add_argument("--trials", type=int, default=40)
    ap.add_argument("--rounds", type=int, default=10)
    ap.add_argument("--sizes", default="5000,50000")
    ap.add_argument("--seed", type=int, default=49)
    ap.add_argument("--load", type=int, default=8, help="busy processes during `same` (0 on a machine loaded already)")
    args = ap.parse_args()
    rng = random.Random(args.seed)
    phases = {"hostile": phase_hostile, "slowbody": lambda: phase_slowbody(args.seconds),
              "flips": lambda: phase_flips(args.trials, rng),
              "media": lambda: phase_media(args.trials, rng), "same": lambda: phase_same(args.rounds, rng, args.load),
              "long": lambda: phase_long([int(s) for s in args.sizes.split(",")])}
    for name in args.only.split(","):
        t = time.monotonic()
        row = phases[name]()
        print(json.dumps({"phase": name, **row, "wall_s": round(time.monotonic() - t, 1)}), flush=True)


if __name__ == "__main__":
    main()
