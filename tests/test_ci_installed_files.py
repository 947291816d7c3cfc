"""`.ci/run` runs the installed-script set on the newest Python from the files its grep finds (collecting
every test in each worker to keep about 140 costs about 23 s of CPU a worker): those files must be
every file holding a test pytest marks `installed`, read from this run's own collection."""
from __future__ import annotations

import re
import subprocess
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent


def grep_files() -> set[str]:
    """The files `.ci/run`'s own grep line finds, run as written there."""
    line = next(l for l in (ROOT / ".ci" / "run").read_text().splitlines() if "mapfile -t marked" in l)
    command = re.search(r"< <\((.+)\)\s*$", line).group(1)
    out = subprocess.run(["bash", "-c", command], cwd=ROOT, capture_output=True, text=True, check=True).stdout
    return set(out.split())


def test_the_grep_finds_every_file_with_an_installed_test(request):
    items = request.session.items
    files = {Path(str(item.path)).relative_to(ROOT).as_posix() for item in items}
    if request.config.option.markexpr or len(files) < len(list((ROOT / "tests").glob("test_*.py"))):
        pytest.skip("needs the whole suite's collection (a run of some files or marks sees only part of it)")
    marked = {Path(str(item.path)).relative_to(ROOT).as_posix() for item in items
              if item.get_closest_marker("installed")}
    assert marked, "no test is marked installed"
    assert grep_files() == marked
