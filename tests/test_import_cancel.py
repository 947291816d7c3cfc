"""Issue 21: Ctrl-C during `rules import` cancels it: nothing imported, the sources and the index as
before. A real process, interrupted (SIGINT) once its source file is written, while it indexes."""
from __future__ import annotations

import json
import os
import signal
import subprocess
import time

import pytest

from tests.conftest import SCRIPT, child_env, ctrl_c_reaches_it, installed_cwd, run_companion


@pytest.mark.installed
def test_ctrl_c_while_indexing_leaves_nothing_imported(home, tmp_path):
    env = {**os.environ, "COMPANION_HOME": str(home)}
    assert run_companion("rules", "search", "soul gem", "--game", "catopomp", env=env).returncode == 0
    indexes = sorted(p.name for p in (home / "cache").glob("index-*"))
    book = tmp_path / "big.txt"
    book.write_text("\n".join(f"SECTION {n}\n\nRule {n} moves the token {n % 7} spaces and draws {n % 5} cards.\n"
                              for n in range(9500)), encoding="utf-8")  # under the 10,000-section limit
    proc = subprocess.Popen([str(SCRIPT), "rules", "import", "catastrophe", str(book), "--name", "big"],
                            cwd=installed_cwd(), env=child_env(env), stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                            preexec_fn=ctrl_c_reaches_it)
    written = home / "data" / "sources" / "big.json"
    deadline = time.monotonic() + 120
    while not written.exists() and proc.poll() is None and time.monotonic() < deadline:
        time.sleep(0.02)
    assert written.exists() and proc.poll() is None, "the import finished before it could be interrupted"
    time.sleep(0.3)  # indexing
    proc.send_signal(signal.SIGINT)
    out, err = proc.communicate(timeout=60)
    assert proc.returncode != 0 and b"Traceback" not in err, err
    assert not written.exists()
    sources = json.loads(run_companion("rules", "sources", "--json", env=env).stdout)
    assert [s["name"] for s in sources] == ["built-in"]
    assert sorted(p.name for p in (home / "cache").glob("index-*")) == indexes
    assert run_companion("rules", "search", "soul gem", "--game", "catopomp", env=env).returncode == 0
