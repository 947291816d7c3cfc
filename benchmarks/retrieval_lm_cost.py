"""What a semantic signal would cost the one-shot search (issue 46; measurement only, beside
benchmarks/retrieval_lm.py): CPU seconds (user + system) of fresh processes, interleaved with the
baseline `python -c "import typer"`, one core.

    .toolvenv/bin/python benchmarks/retrieval_lm_cost.py --model DIR [--cache DIR] [--runs 7]

- full model: import numpy, tokenizers and safetensors, load the weights, encode one question
  (benchmarks/retrieval_lm_encoder.py);
- static form, as a product could read it without numpy: the question's words looked up in an int8
  word table on disk (open addressing by crc32, each row the word, a scale and 384 bytes), the
  entries' rows likewise, and cosines over a pool of 20 entries in plain Python; the table is
  written from retrieval_lm.py's cache (its words: the model's 23,502 whole-word pieces; the
  reference's 223 other words would add 1%), and its size is printed.
"""
from __future__ import annotations

import argparse
import os
import statistics
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
HERE = Path(__file__).resolve().parent
DIM, WIDTH = 384, 32  # vector size; a row's word field (utf-8, zero-padded)
ROW = WIDTH + 4 + DIM
QUESTION = "can I attack if I have 2 coins and the attack costs 3"

# the static form's whole one-shot step, run by a fresh interpreter: the words' rows read from the
# table, the question's vector, its cosine with 20 entries' rows
STATIC = r"""
import math, re, struct, sys, zlib
path, question = {path!r}, {question!r}
ROW, WIDTH, DIM = {row}, {width}, {dim}

def rows(f, slots, key):
    key_b = key.encode()[:WIDTH]
    slot = zlib.crc32(key_b) % slots
    while True:
        f.seek(8 + slot * ROW)
        rec = f.read(ROW)
        name = rec[:WIDTH].rstrip(b"\0")
        if not name:
            return None
        if name == key_b:
            scale = struct.unpack("<f", rec[WIDTH:WIDTH + 4])[0]
            return [b * scale for b in struct.unpack(f"<{{DIM}}b", rec[WIDTH + 4:])]
        slot = (slot + 1) % slots

with open(path, "rb") as f:
    slots = struct.unpack("<Q", f.read(8))[0]
    v = [0.0] * DIM
    for w in re.findall(r"[a-z0-9]+", question.lower()):
        got = rows(f, slots, w)
        if got:
            v = [a + b for a, b in zip(v, got)]
    n = math.sqrt(sum(x * x for x in v)) or 1.0
    v = [x / n for x in v]
    cos = []
    for i in range(20):
        e = rows(f, slots, f"#entry{{i}}")
        cos.append(sum(a * b for a, b in zip(v, e)))
print(max(cos))
"""

STATIC_RUN = [""]  # the step with its table and question filled in
FULL = r"""
import sys
sys.path.insert(0, {here!r})
from pathlib import Path
from retrieval_lm_encoder import Encoder
print(Encoder(Path(sys.argv[1])).encode([sys.argv[2]])[0][:2])
"""


def write_table(cache: Path, vocab: dict, out: Path) -> int:
    """The word table (and 20 entries' rows, as `#entryN`) as a file a product could read row by row."""
    import struct
    import zlib

    import numpy as np

    pieces = np.load(cache / "static-table.npy")
    saved = np.load(cache / "model-vectors.npz")
    words = {}
    for w, i in vocab.items():
        words[w] = pieces[i]
    for i in range(20):
        words[f"#entry{i}"] = saved["e"][i]
    slots = int(len(words) / 0.7)
    buf = bytearray(8 + slots * ROW)
    buf[:8] = struct.pack("<Q", slots)
    for w, vec in words.items():
        key = w.encode()[:WIDTH]
        slot = zlib.crc32(key) % slots
        while buf[8 + slot * ROW]:
            slot = (slot + 1) % slots
        scale = float(np.abs(vec).max() / 127.0) or 1.0
        row = key.ljust(WIDTH, b"\0") + struct.pack("<f", scale) + np.round(vec / scale).astype(np.int8).tobytes()
        buf[8 + slot * ROW: 8 + (slot + 1) * ROW] = row
    out.write_bytes(bytes(buf))
    return len(words)


def cpu(cmd: list[str]) -> float:
    """CPU seconds (user + system) of one fresh process."""
    import resource

    def used() -> float:
        r = resource.getrusage(resource.RUSAGE_CHILDREN)
        return r.ru_utime + r.ru_stime

    before = used()
    subprocess.run(cmd, check=True, stdout=subprocess.DEVNULL, env=os.environ | {"OMP_NUM_THREADS": "1",
                                                                                     "OPENBLAS_NUM_THREADS": "1"})
    return used() - before


def in_process(table: Path, runs: int = 50) -> float:
    """The static step's median seconds inside a process that has already imported what it needs
    (the one-shot search imports re, struct and zlib anyway): what it would add to a search."""
    import time

    code = compile(STATIC_RUN[0].replace("print(max(cos))", "out = max(cos)"), "static", "exec")
    got = []
    for _ in range(runs):
        t = time.perf_counter()
        exec(code, {"__name__": "static"})
        got.append(time.perf_counter() - t)
    return statistics.median(got)


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--model", type=Path, required=True)
    ap.add_argument("--cache", type=Path, default=Path(tempfile.gettempdir()) / "companion-retrieval-lm")
    ap.add_argument("--runs", type=int, default=7)
    ap.add_argument("--typer-python", default=str(ROOT / ".venv" / "bin" / "python"),
                    help="the interpreter whose `import typer` is the baseline")
    args = ap.parse_args()
    from tokenizers import Tokenizer

    vocab = {w: i for w, i in Tokenizer.from_file(str(args.model / "tokenizer.json")).get_vocab().items() if w.isalnum()}
    table = args.cache / "word-table.bin"
    n = write_table(args.cache, vocab, table)
    print(f"word table: {n} rows of {ROW} bytes, {table.stat().st_size / 1e6:.1f} MB on disk (70% full)")
    static = STATIC.format(row=ROW, width=WIDTH, dim=DIM, path=str(table), question=QUESTION)
    STATIC_RUN[0] = static
    runs = {"import typer": [args.typer_python, "-c", "import typer"],
            "python alone": [sys.executable, "-c", "pass"],
            "static form (stdlib)": [sys.executable, "-c", static],
            "full model (numpy)": [sys.executable, "-c", FULL.format(here=str(HERE)), str(args.model), QUESTION]}
    got = {k: [] for k in runs}
    for _ in range(args.runs):
        for k, cmd in runs.items():
            got[k].append(cpu(cmd))
    base, bare = statistics.median(got["import typer"]), statistics.median(got["python alone"])
    for k, xs in got.items():
        m = statistics.median(xs)
        print(f"{k:24} {m * 1000:7.0f} ms CPU (median of {len(xs)})  {m / base:.2f}x import typer;"
              f" above a bare python {(m - bare) * 1000:+.0f} ms = {(m - bare) / base:+.2f}x")
    print(f"static step in process (median of 50): {in_process(table) * 1000:.2f} ms")
    print(f"load average {os.getloadavg()[0]:.1f}")


if __name__ == "__main__":
    main()
