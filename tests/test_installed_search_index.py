"""The search index the wheel ships (rulesdb/shipped.py, built by setup.py): the installed product
carries one that verifies, its first search answers with it (copied, not built), and an installed
copy whose shipped index is damaged builds the index instead and answers the same."""
from __future__ import annotations

import json
import shutil
import subprocess
import sys

import pytest

from rulesdb.games import GAME_IDS
from rulesdb.index import DIGESTS, tree_digest
from tests.conftest import child_env, installed_cwd, installed_root, run_companion

pytestmark = pytest.mark.installed

FIRST = ["rules", "search", "can I reroll just one die?", "--game", "catharsis", "--json"]
ANSWER = "catharsis.combat.player-attack.reroll-which-dice"


def recorded(home) -> dict[str, set[str]]:
    """Game -> the tree digests recorded for its index in this home's data folder."""
    out: dict[str, set[str]] = {}
    for line in (home / "data" / DIGESTS).read_text(encoding="utf-8").splitlines():
        where, digest = line.split()
        if not digest.startswith("stat:"):
            out.setdefault(where.rsplit("/", 1)[1], set()).add(digest)
    return out


def test_the_installed_package_ships_a_search_index_that_verifies():
    folder = installed_root() / "rulesdb" / "shipped-index"
    manifest = json.loads((folder / "manifest.json").read_text(encoding="utf-8"))
    assert sorted(manifest["games"]) == sorted(GAME_IDS)
    for game, digest in manifest["games"].items():
        assert tree_digest(folder / game) == digest, game


def test_the_first_search_after_install_answers_with_the_shipped_index(tmp_path):
    manifest = json.loads((installed_root() / "rulesdb" / "shipped-index" / "manifest.json").read_text(encoding="utf-8"))
    home = tmp_path / "home"
    done = run_companion(*FIRST, env={"COMPANION_HOME": str(home)})
    assert done.returncode == 0, done.stderr
    assert json.loads(done.stdout)["results"][0]["id"] == ANSWER
    assert recorded(home) == {"catharsis": {manifest["games"]["catharsis"]}}  # the shipped copy, no other game
    assert [p.name for p in (home / "cache").glob("index-*")] == [f"index-{manifest['fingerprint']}"]


@pytest.mark.parametrize("harm", ["damaged", "missing"])
def test_an_installed_copy_whose_shipped_search_index_is_harmed_builds_it(tmp_path, harm):
    """The installed rulesdb copied aside and harmed there (the installed one stays whole for other tests)."""
    lib = tmp_path / "lib"
    shutil.copytree(installed_root() / "rulesdb", lib / "rulesdb", ignore=shutil.ignore_patterns("__pycache__"))
    folder = lib / "rulesdb" / "shipped-index"
    shipped = json.loads((folder / "manifest.json").read_text(encoding="utf-8"))["games"]["catharsis"]
    if harm == "damaged":
        seg = next((folder / "catharsis").glob("*.seg"))
        data = bytearray(seg.read_bytes())
        data[len(data) // 2] ^= 0xFF
        seg.write_bytes(bytes(data))
    else:
        shutil.rmtree(folder / "catharsis")
    home = tmp_path / "home"
    env = child_env({"COMPANION_HOME": str(home)}) | {"PYTHONPATH": str(lib)}
    where = subprocess.run([sys.executable, "-c", "import rulesdb; print(rulesdb.__file__)"], env=env,
                           cwd=installed_cwd(), capture_output=True, text=True, timeout=60)
    assert where.stdout.strip() == str(lib / "rulesdb" / "__init__.py")
    done = subprocess.run([sys.executable, "-m", "companion", *FIRST], env=env, cwd=installed_cwd(),
                          capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stderr
    assert json.loads(done.stdout)["results"][0]["id"] == ANSWER
    assert recorded(home)["catharsis"] != {shipped}  # built here, not copied
