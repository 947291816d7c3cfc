"""Stress rows of issue 32 (round four), beside benchmarks/stress_play.py and stress_sessions.py.

    python benchmarks/stress_round4.py [--only same,flips,renames,slow,imports,fulldisk] [--rounds 20]

Not run in CI. Each phase prints one JSON line; targets in brackets.

- same: in every game with plays, 8 real `companion play TEXT` processes started together with the
  same legal play, --rounds times [each round recorded exactly once: 0 doubled, 0 lost].
- flips: --flips trials of one bit flipped in the event rows, the file's size, inode and modification
  time put back; then a change [0 changes appended to a damaged chain].
- renames: two `companion players rename` at once while 4 writers record changes, 10 rounds [both land].
- slow: 300 connections from one address that never finish their headers while a phone keeps its
  stream and asks for the table [the phone served throughout; the server's 300 slots not held].
- imports: `rules import` at the stated limits (MAX_SECTIONS, 20,000 sections; a 19.6 MB file of 9,000 sections),
  time and peak memory, then a search of that game [bounded].
- fulldisk: `rules search`, `cards list` and `serve`'s table on a 1 MiB tmpfs filled to a few KiB
  (needs root for the mount; said so otherwise) [no file left behind, clear errors].
"""
from __future__ import annotations

import argparse
import json
import os
import random
import resource
import socket
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "benchmarks"))

from stress_play import OPTIONS, PLAYERS, companion, next_play, steps  # noqa: E402


def _count(data: Path, name: str) -> int:
    from trackers.sessions import Sessions

    with Sessions(data) as s:
        return len(s.entries(s.get(name)))


def phase_same(rounds: int, rng: random.Random) -> dict:
    """8 copies of one play at once, in every game, `rounds` times."""
    from trackers.sessions import Sessions

    out = {"rounds": 0, "recorded_once": 0, "doubled": 0, "lost": 0, "errors": 0, "per_game": {}}
    for game in PLAYERS:
        home = Path(tempfile.mkdtemp(prefix="stress-same-"))
        data = home / "data"
        with Sessions(data) as s:
            s.new(game, PLAYERS[game], "d", OPTIONS.get(game, {}))
        script, done = steps(game, rng.randrange(1000)), 0
        while done < rounds:
            kind, words = next(script, (None, None))
            if kind is None:
                break
            if kind == "track":
                with Sessions(data) as s:
                    try:
                        s.record(list(words), "d", overrule=True)
                    except Exception:  # noqa: BLE001 - a set-up step the table does not take
                        pass
                continue
            text = words or next_play(data, "d", rng)
            if text is None:
                break
            before = _count(data, "d")
            procs = [companion(home, "play", text, "--session", "d") for _ in range(8)]
            codes = [p.wait() for p in procs]
            errs = [p.stderr.read() for p in procs]
            grew = _count(data, "d") - before
            if codes.count(0) == 0:  # refused by the rules for everyone (the plan's play was illegal)
                if grew:
                    out["lost"] += 1
                continue
            done += 1
            out["rounds"] += 1
            out["recorded_once"] += grew == 1
            out["doubled"] += grew > 1
            out["lost"] += grew < 1
            bad = [c for c in codes if c not in (0, 2)]
            out["errors"] += len(bad)
            if grew != 1 or bad or codes.count(0) != 1:
                print(f"  {game} {text!r}: grew {grew}, exits {codes}: {[e.strip()[:160] for e in errs if e][:2]}",
                      flush=True)
        out["per_game"][game] = done
    return out


def phase_flips(trials: int, rng: random.Random) -> dict:
    """A bit flipped among the event rows with the stamp put back, then a change."""
    from trackers.errors import TrackerError
    from trackers.sessions import Sessions

    base = Path(tempfile.mkdtemp(prefix="stress-flip4-"))
    with Sessions(base) as s:
        s.new("cataclysm-arcade", ["Ann", "Ben"], "f")
        for n in range(70):  # snapshots at 32 and 64: most rows lie under one
            s.record(["coins", "ann" if n % 3 else "ben", f"+{n % 7 + 1}"], "f")
    db = base / "sessions.sqlite3"
    original = db.read_bytes()
    offsets = sorted({o for marker in (b'["Ann"', b'["Ben"') for start in _finds(original, marker)
                      for o in range(max(0, start - 40), min(len(original), start + 60))})
    out = {"trials": 0, "refused": 0, "appended_on_damage": 0, "harmless": 0, "internal_errors": 0}
    for _ in range(trials):
        raw = bytearray(original)
        at = rng.choice(offsets)
        raw[at] ^= 1 << rng.randrange(8)
        st = db.stat()
        db.write_bytes(bytes(raw))
        os.utime(db, ns=(st.st_atime_ns, st.st_mtime_ns))
        out["trials"] += 1
        try:
            with Sessions(base) as s:
                s.record(["coins", "ann", "+1"], "f")
                full = s.entries(s.get("f"))  # the whole chain verifies: the flip was harmless (free space)
            out["harmless"] += 1
            assert len(full) == 71
        except TrackerError:
            out["refused"] += 1
            if db.read_bytes() != bytes(raw):
                out["appended_on_damage"] += 1
        except Exception as exc:  # noqa: BLE001 - counted, not hidden
            out["internal_errors"] += 1
            print(f"  flip at {at}: {type(exc).__name__}: {exc}", flush=True)
        db.write_bytes(original)  # the stamp moves: the next open checks the restored file
    return out


def _finds(raw: bytes, marker: bytes):
    start = raw.find(marker)
    while start != -1:
        yield start
        start = raw.find(marker, start + 1)


def phase_renames(rounds: int) -> dict:
    """Two renames at once, with writers running."""
    from trackers.sessions import Sessions

    out = {"rounds": 0, "both_landed": 0, "lost": 0, "writer_errors": 0}
    for r in range(rounds):
        home = Path(tempfile.mkdtemp(prefix="stress-rename-"))
        data = home / "data"
        with Sessions(data) as s:
            s.new("cataclysm-arcade", ["Ann", "Ben"], "w")
        writers = [companion(home, "track", "coins", "ann", "+1", "--session", "w") for _ in range(4)]
        a = companion(home, "players", "rename", "Ann", f"Anna{r}")
        b = companion(home, "players", "rename", "Ben", f"Benno{r}")
        codes = [a.wait(), b.wait()]
        out["writer_errors"] += sum(w.wait() != 0 for w in writers)
        with Sessions(data) as s:
            text = s.meta_value("player-names") or ""  # the alias table (trackers/players.py)
        out["rounds"] += 1
        landed = f"Anna{r}" in text and f"Benno{r}" in text
        out["both_landed"] += landed and codes == [0, 0]
        out["lost"] += (not landed) and codes == [0, 0]
    return out


def phase_slow(held: int) -> dict:
    """`held` connections that never finish their headers, from 127.0.0.1, while a phone streams."""
    from trackers.sessions import Sessions

    home = Path(tempfile.mkdtemp(prefix="stress-slow-"))
    with Sessions(home / "data") as s:
        s.new("cataclysm-arcade", ["Ann", "Ben"], "s")
    port = _free_port()
    server = companion(home, "serve", "--port", str(port), "--session", "s")
    try:
        _wait_port(port)
        phone = socket.create_connection(("127.0.0.1", port), timeout=10)
        phone.sendall(b"GET /api/stream HTTP/1.1\r\nHost: 127.0.0.1\r\nAccept: text/event-stream\r\n\r\n")
        got = phone.recv(4096)
        socks, opened = [], 0
        for _ in range(held):
            try:
                c = socket.create_connection(("127.0.0.1", port), timeout=5)
                c.sendall(b"GET / HTTP/1.1\r\nHost: 127.0.0.1\r\n")  # the header never ends
                socks.append(c)
                opened += 1
            except OSError:
                break
        answered, statuses, t0 = 0, [], time.monotonic()
        for _ in range(10):  # the phone's table asks while they are held
            statuses.append(_get(port, "/api/table"))
            answered += statuses[-1] == 200
            time.sleep(0.5)
        rec = companion(home, "track", "coins", "ann", "+1", "--session", "s")
        rec.wait()
        phone.settimeout(10)
        streamed = b"coins" in _read_until(phone, b"coins", 10)
        closed = sum(_closed(c) for c in socks)
        for c in socks:
            c.close()
        phone.close()
        return {"held": opened, "table_200_of_10": answered, "statuses": sorted(set(statuses)),
                "stream_opened": got.startswith(b"HTTP/1.1 200"), "stream_saw_change": streamed,
                "unfinished_closed_by_server": closed, "seconds": round(time.monotonic() - t0, 1)}
    finally:
        server.terminate()
        server.wait(10)


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def _wait_port(port: int) -> None:
    deadline = time.monotonic() + 60
    while time.monotonic() < deadline:
        try:
            socket.create_connection(("127.0.0.1", port), timeout=1).close()
            return
        except OSError:
            time.sleep(0.2)
    raise RuntimeError("serve did not start")


def _get(port: int, path: str) -> int:
    try:
        with socket.create_connection(("127.0.0.1", port), timeout=10) as c:
            c.sendall(f"GET {path} HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n".encode())
            line = c.recv(64).split(b"\r\n")[0]
            return int(line.split()[1]) if line else 0
    except (OSError, ValueError, IndexError):
        return 0


def _read_until(sock: socket.socket, marker: bytes, seconds: float) -> bytes:
    buf, end = b"", time.monotonic() + seconds
    while marker not in buf and time.monotonic() < end:
        try:
            chunk = sock.recv(65536)
        except OSError:
            break
        if not chunk:
            break
        buf += chunk
    return buf


def _closed(c: socket.socket) -> bool:
    c.setblocking(False)
    try:
        return c.recv(1) == b""
    except BlockingIOError:
        return False
    except OSError:
        return True


def _timed(home: Path, *args: str) -> tuple[int, float, float, str]:
    """(exit code, wall s, CPU s, stderr) of one real command; peak memory from the children's rusage."""
    t, before = time.monotonic(), resource.getrusage(resource.RUSAGE_CHILDREN)
    p = companion(home, *args)
    _out, err = p.communicate()
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    cpu = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
    return p.returncode, time.monotonic() - t, cpu, err.strip()[:200]


def _peak(home: Path, *args: str) -> tuple[int, float, float, int]:
    """(exit, wall s, user s, peak KB) through /usr/bin/time (each command's own peak)."""
    env = {**os.environ, "COMPANION_HOME": str(home), "PYTHONPATH": str(ROOT)}
    t = time.monotonic()
    p = subprocess.run(["/usr/bin/time", "-f", "%U %M", sys.executable, "-m", "companion", *args], cwd=ROOT,
                       env=env, capture_output=True, text=True)
    user, kb = p.stderr.strip().splitlines()[-1].split()
    return p.returncode, round(time.monotonic() - t, 1), float(user), int(kb)


def phase_imports() -> dict:
    from rulesdb.sources import MAX_SECTIONS

    work = Path(tempfile.mkdtemp(prefix="stress-import-"))
    tiny = work / "tiny.md"
    tiny.write_text("".join(f"# H{i}\nx\n" for i in range(MAX_SECTIONS)), encoding="utf-8")
    over = work / "over.md"
    over.write_text("".join(f"# H{i}\nx\n" for i in range(280_000)), encoding="utf-8")
    big = work / "big.md"
    big.write_text("".join(f"# Rule {i}\n" + " ".join(["the cat draws a card and rolls"] * 70) + "\n\n"
                           for i in range(9000)), encoding="utf-8")
    out = {}
    for label, book, game in (("280000_headings_refused", over, "catopomp"), (f"{MAX_SECTIONS}_headings", tiny, "catopomp"),
                              ("19.6MB_9000_sections", big, "catharsis")):
        home = work / label
        code, wall, user, kb = _peak(home, "rules", "import", game, str(book))
        s_code, s_wall, s_user, s_kb = _peak(home, "rules", "search", "draws a card", "--game", game)
        out[label] = {"file_MB": round(book.stat().st_size / 1e6, 1), "exit": code, "wall_s": wall, "user_s": user,
                      "peak_MB": round(kb / 1024), "search_exit": s_code, "search_user_s": s_user,
                      "search_peak_MB": round(s_kb / 1024)}
    return out


def phase_fulldisk() -> dict:
    """A 1 MiB tmpfs as COMPANION_HOME, filled to a few KiB: searches, cards list, serve's table."""
    if os.geteuid() != 0:
        return {"skipped": "needs root to mount a small tmpfs"}
    mnt = Path(tempfile.mkdtemp(prefix="stress-full-"))
    if subprocess.run(["mount", "-t", "tmpfs", "-o", "size=1m", "tmpfs", str(mnt)]).returncode != 0:
        return {"skipped": "mount -t tmpfs failed (no privilege in this container)"}
    try:
        home = mnt / "home"
        (home / "data").mkdir(parents=True)
        filler = mnt / "filler"
        fd = os.open(filler, os.O_WRONLY | os.O_CREAT)
        try:
            while True:
                os.write(fd, b"\0" * 4096)
        except OSError:
            pass
        finally:
            os.close(fd)
        os.truncate(filler, filler.stat().st_size - 8192)  # a few KiB free
        free_before = os.statvfs(mnt).f_bavail * os.statvfs(mnt).f_frsize
        codes = []
        for _ in range(5):
            codes.append(_timed(home, "rules", "search", "soul gem", "--game", "catopomp")[0])
        codes.append(_timed(home, "cards", "list", "catharsis")[0])
        left = sorted(str(p.relative_to(home)) for p in home.rglob("*.tmp*"))
        free = os.statvfs(mnt).f_bavail * os.statvfs(mnt).f_frsize
        files = sorted(f"{p.relative_to(home)} ({p.stat().st_size} B)" for p in home.rglob("*") if p.is_file())
        return {"search_exits": codes[:5], "cards_list_exit": codes[5], "temp_files_left": left,
                "free_KiB_before": free_before // 1024, "free_KiB_after": free // 1024, "files": files}
    finally:
        subprocess.run(["umount", str(mnt)])


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--only", default="same,flips,renames,slow,imports,fulldisk")
    ap.add_argument("--rounds", type=int, default=20)
    ap.add_argument("--flips", type=int, default=300)
    ap.add_argument("--seed", type=int, default=32)
    args = ap.parse_args()
    rng = random.Random(args.seed)
    phases = {"same": lambda: phase_same(args.rounds, rng), "flips": lambda: phase_flips(args.flips, rng),
              "renames": lambda: phase_renames(10), "slow": lambda: phase_slow(300), "imports": phase_imports,
              "fulldisk": phase_fulldisk}
    for name in args.only.split(","):
        t = time.monotonic()
        result = phases[name]()
        print(f"{name} ({time.monotonic() - t:.0f} s): {json.dumps(result)}", flush=True)


if __name__ == "__main__":
    main()
