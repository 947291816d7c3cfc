"""The search uses whoosh as it is installed: importing rulesdb leaves whoosh's own modules alone, so
any later ordinary import of one of them works (issue 47: no patched dependency)."""
from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent

PROBE = """
import importlib.util, json, sys
before = set(sys.modules)
import rulesdb.index, rulesdb.search  # what a search imports first
import whoosh.lang.morph_en
spec = importlib.util.find_spec("whoosh.lang.morph_en")
print(json.dumps({"words": sorted(whoosh.lang.morph_en.variations("render")),
                  "spec": spec is not None and spec.origin == whoosh.lang.morph_en.__file__,
                  "stand_ins": sorted(n for n, m in sys.modules.items() if m is not None and n not in before
                                      and n.startswith("whoosh") and getattr(m, "__file__", None) is None
                                      and not hasattr(m, "__path__"))}))
"""


def test_whoosh_word_variations_import_normally_after_rulesdb():
    """In a fresh process: rulesdb imported first, then whoosh's word-variations table by an
    ordinary import answers, has a real spec, and no whoosh module is a file-less stand-in."""
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    done = subprocess.run([sys.executable, "-c", PROBE], capture_output=True, text=True, timeout=60,
                          cwd=ROOT, env=env)
    assert done.returncode == 0, done.stderr[-600:]
    found = json.loads(done.stdout)
    assert {"render", "rendered", "rendering"} <= set(found["words"])
    assert found["spec"] is True
    assert found["stand_ins"] == []
