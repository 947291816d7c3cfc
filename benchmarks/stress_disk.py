"""A read-only data folder and a full disk (issue 32): `rules search`, `cards list/add/import`, `track
show` and a change, and `companion serve` with a change sent from a page.

    sudo python benchmarks/stress_disk.py [--only readonly,fulldisk]

Not run in CI. Every command is a real process of the `companion` installed beside this interpreter,
with COMPANION_HOME on a small tmpfs that this script mounts (and unmounts): made read-only with
`mount -o remount,ro` after the home is filled, or 1 MiB filled to a few KiB (then to nothing) by a
filler file. Without root (no mount) the read-only row uses a folder without write permission
instead, and the full disk is skipped, saying so.

For each command: its exit code and its first stderr line. Targets: the reads answer (exit 0); a
write is refused in one line (no traceback), exit 1 or 2; `serve` starts or refuses in one line; a
change from a page is refused with a clear message while the page's stream keeps going; nothing is
left behind (no temporary file, no journal, no empty file; the session's log and the card library
unchanged but for a change that was recorded whole).
"""
from __future__ import annotations

import argparse
import contextlib
import json
import os
import select
import socket
import subprocess
import sys
import tempfile
import time
import urllib.error
import urllib.request
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "benchmarks"))

from stress_play import companion  # noqa: E402

CARDS = """[[cards]]
name = "Stress Sibyl"
rank = 3
icon = "recruit"
vp = 1
"""


def run(home: Path, *args: str) -> dict:
    """One command: exit code, the number of stderr lines, its first line, whether a traceback showed."""
    p = companion(home, *args)
    _out, err = p.communicate(timeout=300)
    lines = [x for x in err.splitlines() if x.strip()]
    return {"exit": p.returncode, "stderr_lines": len(lines), "said": lines[0][:160] if lines else "",
            "traceback": "Traceback" in err}


def files(home: Path) -> dict[str, int]:
    """Every file under the home with its size (what a command may leave behind or change)."""
    return {str(p.relative_to(home)): p.stat().st_size for p in sorted(home.rglob("*")) if p.is_file()}


def left_behind(before: dict, after: dict) -> list[str]:
    """Files that appeared or changed size (whole small files a search keeps, its fingerprint and
    digests, may appear where they fit: see stray())."""
    return [f"{k} ({after[k]} B)" for k in after if k not in before or before[k] != after[k]]


def stray(row: str) -> bool:
    """A row of left_behind() that should not be there: a temporary file, a journal, an empty file."""
    name = row.split(" (")[0].rsplit("/", 1)[-1]
    return name.startswith(".") or name.endswith((".tmp", "-journal", "-wal")) or row.endswith("(0 B)")


def populate(home: Path, search: bool = True, key: bool = True) -> None:
    """A session with a change, a card in the library, the links' key, the search index built."""
    steps = [("track", "new", "cataclysm-arcade", "--players", "Ann,Ben", "--name", "t"),
             ("track", "coins", "ann", "+1", "--session", "t"),
             ("cards", "add", "cataclysm-arcade", "Stress Grunt", "--type", "fighter", "--level", "1", "--health", "3")]
    if search:
        steps.append(("rules", "search", "turn", "--game", "catopomp"))
    for args in steps:
        got = run(home, *args)
        if got["exit"]:
            raise RuntimeError(f"setting up: {' '.join(args)}: {got['said']}")
    if key:
        env = {**os.environ, "PYTHONPATH": str(ROOT)}
        subprocess.run([sys.executable, "-c", "import sys; from pathlib import Path; from trackers import keys; "
                        "keys.key(Path(sys.argv[1]), create=True)", str(home / "data")], check=True, env=env)


def commands(home: Path, cards_file: Path) -> dict:
    """The rows: reads that must answer, writes that must answer or be refused in one line."""
    return {
        "rules search catopomp": run(home, "rules", "search", "soul gem", "--game", "catopomp"),
        "rules search cataclysm-arcade": run(home, "rules", "search", "attack the boss", "--game", "cataclysm-arcade"),
        "cards list": run(home, "cards", "list", "cataclysm-arcade"),
        "cards add": run(home, "cards", "add", "cataclysm-arcade", "Stress Ogre", "--type", "fighter",
                         "--level", "2", "--health", "6"),
        "cards import": run(home, "cards", "import", "theseus", str(cards_file)),
        "track show": run(home, "track", "show", "t"),
        "track log": run(home, "track", "log", "--session", "t"),
        "track coins ann +1": run(home, "track", "coins", "ann", "+1", "--session", "t"),
    }


READS = ("rules search catopomp", "rules search cataclysm-arcade", "cards list", "track show", "track log")


def verdict(rows: dict) -> list[str]:
    """What misses the targets: a read that failed, a write refused in more than one line or by a traceback."""
    bad = []
    for name, r in rows.items():
        if not isinstance(r, dict) or "exit" not in r:
            continue
        if name in READS and r["exit"] != 0:
            bad.append(f"{name}: exit {r['exit']}: {r['said']}")
        if r["exit"] not in (0, 1, 2) or r["traceback"] or (r["exit"] and r["stderr_lines"] != 1):
            bad.append(f"{name}: exit {r['exit']}, {r['stderr_lines']} stderr lines: {r['said']}")
    return bad


def log_length(home: Path) -> int:
    import sqlite3

    con = sqlite3.connect(f"file:{home / 'data' / 'sessions.sqlite3'}?mode=ro&immutable=1", uri=True)
    try:
        return con.execute("SELECT count(*) FROM events").fetchone()[0]
    finally:
        con.close()


# -- serve ------------------------------------------------------------------------------------------

def _http(url: str, body: dict | None = None) -> tuple[int, dict]:
    data = None if body is None else json.dumps(body).encode()
    req = urllib.request.Request(url, data=data, headers={"content-type": "application/json"} if data else {})
    try:
        with urllib.request.urlopen(req, timeout=30) as r:
            return r.status, json.loads(r.read() or b"{}")
    except urllib.error.HTTPError as exc:
        try:
            return exc.code, json.loads(exc.read() or b"{}")
        except ValueError:
            return exc.code, {}
    except (OSError, ValueError) as exc:
        return 0, {"error": str(exc)}


def _stream(base: str) -> socket.socket:
    host, port = base.split("//")[1].rstrip("/").split(":")
    s = socket.create_connection((host, int(port)), timeout=30)
    s.sendall(b"GET /api/stream HTTP/1.1\r\nHost: 127.0.0.1\r\nAccept: text/event-stream\r\n\r\n")
    return s


def _read(sock: socket.socket, marker: bytes, seconds: float) -> bytes:
    buf, end = b"", time.monotonic() + seconds
    sock.settimeout(1)
    while marker not in buf and time.monotonic() < end:
        try:
            chunk = sock.recv(65536)
        except socket.timeout:
            continue
        except OSError:
            break
        if not chunk:
            break
        buf += chunk
    return buf


def serve(home: Path, on_full=None, free=None) -> dict:
    """Start `serve --allow-plays`: its first line (or its refusal); with it running, a change from
    Ann's page (while `on_full` holds: the disk full), the stream kept, then (after `free`) a change
    that lands and reaches the stream; the server stopped."""
    proc = companion(home, "serve", "--port", "0", "--allow-plays", "--json", "--session", "t", "--stop-after", "120")
    ready, _w, _x = select.select([proc.stdout], [], [], 120)
    first = proc.stdout.readline() if ready else ""
    if not first.startswith("{"):
        proc.kill()
        _out, err = proc.communicate()
        lines = [x for x in err.splitlines() if x.strip()]
        return {"started": False, "exit": proc.returncode, "stderr_lines": len(lines),
                "said": lines[0][:160] if lines else first.strip()[:160], "traceback": "Traceback" in err}
    doc = json.loads(first)
    base, ann = doc["url"], doc["links"]["Ann"].replace("/p/", "/api/p/")
    out = {"started": True}
    try:
        stream = _stream(base)
        out["stream_opened"] = _read(stream, b"event: table", 30).startswith(b"HTTP/1.1 200")
        before = log_length(home)
        if on_full:
            on_full()
        status, answer = _http(f"{ann}/change", {"change": "coins ann +1"})
        out["full_change"] = {"status": status, "recorded": answer.get("recorded"),
                              "error": str(answer.get("error", ""))[:200]}
        out["recorded_on_full"] = log_length(home) - before
        out["table_after"] = _http(f"{base}api/table")[0]
        out["stream_alive"] = b"event: alive" in _read(stream, b"event: alive", 30)
        if free:
            free()
            status, answer = _http(f"{ann}/change", {"change": "coins ben +2"})
            out["change_after_freeing"] = {"status": status, "recorded": answer.get("recorded")}
            out["stream_saw_it"] = b"Ben" in _read(stream, b"Ben", 20)
        stream.close()
    finally:
        proc.terminate()
        _out, err = proc.communicate(timeout=60)
    out["server_stderr"] = [x[:200] for x in err.splitlines() if x.strip()][:3]
    out["server_traceback"] = "Traceback" in err
    return out


# -- the mounts -------------------------------------------------------------------------------------

@contextlib.contextmanager
def tmpfs(size: str):
    mnt = Path(tempfile.mkdtemp(prefix="stress-disk-"))
    if subprocess.run(["mount", "-t", "tmpfs", "-o", f"size={size}", "tmpfs", str(mnt)]).returncode:
        mnt.rmdir()
        raise PermissionError("mount -t tmpfs failed")
    try:
        yield mnt
    finally:
        subprocess.run(["umount", str(mnt)], check=True)
        mnt.rmdir()


def fill(mnt: Path, leave: int) -> int:
    """Fill the tmpfs with a filler file but `leave` bytes; the bytes free then."""
    filler = mnt / "filler"
    fd = os.open(filler, os.O_WRONLY | os.O_CREAT | os.O_APPEND)
    try:
        for size in (65536, 4096, 512, 1):
            with contextlib.suppress(OSError):
                while True:
                    os.write(fd, b"\0" * size)
    finally:
        os.close(fd)
    if leave:
        os.truncate(filler, max(0, filler.stat().st_size - leave))
    st = os.statvfs(mnt)
    return st.f_bavail * st.f_frsize


def phase_readonly(work: Path) -> dict:
    cards_file = work / "theseus-cards.toml"
    cards_file.write_text(CARDS, encoding="utf-8")
    out = {}
    for label, search, key in (("built", True, True), ("fresh (no index, no key)", False, False)):
        if os.geteuid() == 0:
            ctx = tmpfs("32m")
        else:
            ctx = contextlib.nullcontext(Path(tempfile.mkdtemp(prefix="stress-ro-", dir=work)))
        with ctx as mnt:
            home = mnt / "home"
            populate(home, search, key)
            before = files(home)
            if os.geteuid() == 0:
                subprocess.run(["mount", "-o", "remount,ro", str(mnt)], check=True)
                how = "tmpfs remounted read-only"
            else:
                for p in [home, *home.rglob("*")]:
                    p.chmod(p.stat().st_mode & ~0o222)
                how = "folders and files without write permission"
            rows = commands(home, cards_file)
            rows["serve"] = serve(home)
            after = files(home)
            if os.geteuid() != 0:
                for p in [home, *home.rglob("*")]:
                    p.chmod(p.stat().st_mode | 0o200)
        out[label] = {"how": how, "rows": rows, "changed_or_left": left_behind(before, after),
                      "misses": verdict(rows) + _serve_misses(rows["serve"], full=False)}
    return out


def _serve_misses(s: dict, full: bool) -> list[str]:
    bad = []
    if not s["started"]:
        if s["traceback"] or s["stderr_lines"] != 1:
            bad.append(f"serve refused in {s['stderr_lines']} lines: {s['said']}")
        return bad
    change = s["full_change"]
    if s["recorded_on_full"] or change["recorded"] or not change["error"] or change["status"] in (0, 500):
        bad.append(f"serve: a change from a page: {change}")
    if s["server_traceback"]:
        bad.append(f"serve: a traceback on the server's stderr: {s['server_stderr']}")
    if s["table_after"] != 200 or not s["stream_opened"] or not s["stream_alive"]:
        bad.append("serve: the table or the stream stopped answering")
    if full and (not s["change_after_freeing"]["recorded"] or not s["stream_saw_it"]):
        bad.append(f"serve: after freeing space: {s['change_after_freeing']}, stream saw it {s['stream_saw_it']}")
    return bad


def phase_fulldisk(work: Path) -> dict:
    if os.geteuid() != 0:
        return {"skipped": "needs root to mount a 1 MiB tmpfs (run with sudo)"}
    cards_file = work / "theseus-cards.toml"
    cards_file.write_text(CARDS, encoding="utf-8")
    out = {}
    for label, leave in (("a few KiB free", 8192), ("nothing free", 0)):
        with tmpfs("1m") as mnt:
            home = mnt / "home"
            populate(home, search=False)  # the index does not fit: it is built in a temporary folder
            library = (home / "data" / "cards" / "cataclysm-arcade.toml").read_bytes()
            length = log_length(home)
            free = fill(mnt, leave)
            before = files(home)
            rows = commands(home, cards_file)
            rows["rules search x5"] = [run(home, "rules", "search", "soul gem", "--game", "catopomp")["exit"]
                                       for _ in range(5)]
            grew = log_length(home) - length
            after = files(home)
            kept = left_behind(before, after)
            left = [k for k in kept if stray(k)]
            lib_same = (home / "data" / "cards" / "cataclysm-arcade.toml").read_bytes() == library
            filler = mnt / "filler"
            rows["serve"] = serve(home, on_full=lambda: fill(mnt, 0),
                                  free=lambda: os.truncate(filler, max(0, filler.stat().st_size - 256 * 1024)))
            strays = [k for k in files(home) if k.endswith((".tmp", "-journal", "-wal"))]
        misses = verdict({k: v for k, v in rows.items() if isinstance(v, dict) and k != "serve"})
        misses += _serve_misses(rows["serve"], full=True)
        if rows["track coins ann +1"]["exit"] == 0 and grew != 1 or rows["track coins ann +1"]["exit"] and grew:
            misses.append(f"track coins: exit {rows['track coins ann +1']['exit']}, log grew by {grew}")
        if rows["cards add"]["exit"] and not lib_same:
            misses.append("cards add refused but the library changed")
        if left or strays or any(rows["rules search x5"]):
            misses.append(f"left behind: {left + strays}; searches {rows['rules search x5']}")
        out[label] = {"free_bytes": free, "rows": rows, "log_grew": grew, "library_unchanged": lib_same,
                      "written": kept, "left_behind": left, "strays_after_serve": strays, "misses": misses}
    return out


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--only", default="readonly,fulldisk")
    args = ap.parse_args()
    work = Path(tempfile.mkdtemp(prefix="stress-disk-work-"))
    phases = {"readonly": phase_readonly, "fulldisk": phase_fulldisk}
    misses = 0
    for name in args.only.split(","):
        t = time.monotonic()
        result = phases[name](work)
        print(f"{name} ({time.monotonic() - t:.0f} s): {json.dumps(result, indent=1)}", flush=True)
        misses += sum(len(v.get("misses", [])) for v in result.values() if isinstance(v, dict))
    print(f"misses: {misses}")
    sys.exit(1 if misses else 0)


if __name__ == "__main__":
    main()
