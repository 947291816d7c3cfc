"""Hostile invocations of every command, for every game: never a traceback, never an "internal
error", exit 0 or 2 only. A fixed seed; COMPANION_FUZZ_COUNT sets how many (150 in CI; the
issue asks for 3,000 locally: COMPANION_FUZZ_COUNT=3000)."""
from __future__ import annotations

import json
import os
import random
from pathlib import Path

import pytest

from tests.conftest import GAMES as GAME_IDS

GAMES = list(GAME_IDS)

COUNT = int(os.environ.get("COMPANION_FUZZ_COUNT", "150"))

WEIRD = ["", " ", "-", "--", "0", "-1", "+1", "=5", "=-3", "99999999999999999999", "-0", "1e9", "nan", "½",
         "[/]", "[red]Ann[/red]", "[bold]", "../../x", "/", "~", "\\", "'", '"', "Ann", "ann", "Ben", "ben", "Cy",
         "ANN", "a" * 300, "名前", "Zoë", "\u202e", "\t", "null", "{}", "[]", "%s", "{0}", "$(id)", ";rm -rf",
         "top", "bottom", "all", "none", "total", "monster", "boss", "rank", "5", "3", "10", "2", "level", "vp"]
OPTIONS = ["--json", "--overrule", "--session", "--name", "--players", "--option", "--game", "--limit", "-n",
           "--move", "--situation", "--help"]


def hostile_files(folder: Path) -> list[str]:
    folder.mkdir(parents=True, exist_ok=True)
    deep = folder / "deep.json"
    deep.write_text("[" * 50_000 + "]" * 50_000)
    noise = folder / "noise.json"
    noise.write_bytes(bytes(random.Random(7).randrange(256) for _ in range(4000)))
    toml = folder / "odd.toml"
    toml.write_text("a = [[[[[[[[[[1]]]]]]]]]]\n[b]\nc = 'x'\n")
    export = folder / "export.json"
    export.write_text(json.dumps({"format": "companion-session", "version": 1, "name": "[x]", "game": "catopomp",
                                  "players": ["A"] * 3, "options": {}, "events": [{"seq": 2}]}))
    zero = folder / "zero.json"
    if not zero.exists():
        zero.symlink_to("/dev/zero")
    fifo = folder / "fifo.toml"
    if not fifo.exists():
        os.mkfifo(fifo)
    return [str(p) for p in (deep, noise, toml, export, zero, fifo, folder, folder / "missing.json")]


def verbs() -> list[str]:
    from engine import GAMES, get_tracker

    out = set()
    for game in GAMES:
        out.update(get_tracker(game).declaration.verbs.usage)
    return sorted(out)


def invocation(rng: random.Random, files: list[str], verb_list: list[str]) -> list[str]:
    def word() -> str:
        return rng.choice(WEIRD + GAMES + files + verb_list if rng.random() < 0.9 else OPTIONS)

    def words(n: int) -> list[str]:
        return [word() for _ in range(rng.randrange(n + 1))]

    game = rng.choice(GAMES + ["chess", "pomp", "", "[/]"])
    shapes = [
        lambda: ["games"],
        lambda: ["rules", "search", *words(4), "--game", game],
        lambda: ["rules", "search", *words(3)],
        lambda: ["rules", "show", word()],
        lambda: ["rules", "define", *words(3), "--game", game],
        lambda: ["rules", "toc", "--game", game],
        lambda: ["rules", "import", game, rng.choice(files), "--name", word()],
        lambda: ["rules", "sources"],
        lambda: ["rules", "remove", word()],
        lambda: ["track", "new", game, "--players", ",".join(words(5)), "--name", word()],
        lambda: ["track", "new", game, "--players", "Ann,Ben,Cy", "--option", f"{word()}={word()}"],
        lambda: ["track", "list"],
        lambda: ["track", "show", word()],
        lambda: ["track", "use", rng.choice([word(), f"{game}-1"])],  # a Catharsis verb now
        lambda: ["track", "end", word()],
        lambda: ["track", "export", word(), rng.choice(files + [word()])],
        lambda: ["track", "import", rng.choice(files), "--name", word()],
        lambda: ["track", "log", "--session", word()],
        lambda: ["track", rng.choice(["undo", "redo"]), rng.choice(["1", "0", "-3", "999", word()])],
        lambda: ["track", rng.choice(verb_list), *words(4)],
        lambda: ["track", rng.choice(verb_list), *words(3), "--overrule"],
        lambda: ["check", game, *words(4), "--situation", rng.choice(files)],
        lambda: ["check", *words(5)],
        lambda: ["play", *words(5)],
        lambda: ["play", *words(4), "--by", word(), "--overrule"],
        lambda: ["moves", *words(1)],
        lambda: ["status", *words(1)],
        lambda: ["moves", game, "--situation", rng.choice(files)],
        lambda: ["status", game, "--situation", rng.choice(files)],
        lambda: ["track", "switch", rng.choice([word(), f"{game}-1"])],
        lambda: ["track", "verbs", *words(1)],
        lambda: ["track", "situation", "--output", rng.choice(files + [word()])],
        lambda: ["track", "situation", "--session", word()],
        lambda: ["schema", game],
        lambda: [*words(3)],
    ]
    argv = rng.choice(shapes)()
    if rng.random() < 0.3:
        argv.append("--json")
    if rng.random() < 0.1:
        argv.insert(rng.randrange(len(argv) + 1), rng.choice(OPTIONS))
    return argv


@pytest.fixture
def table(home, cli):
    """A home with a session of every game, so game verbs reach real trackers."""
    for game in GAMES:
        extra = ["--option", "morale=18"] if game == "catharsis" else []
        assert cli("track", "new", game, "--players", "Ann,Ben,Cy", *extra).exit_code == 0
    return home


def test_hostile_invocations_never_crash(table, cli, tmp_path):
    rng = random.Random(20261201)
    files = hostile_files(tmp_path / "files")
    verb_list = verbs()
    seen = {0: 0, 1: 0, 2: 0}
    for n in range(COUNT):
        argv = invocation(rng, files, verb_list)
        result = cli(*argv)
        out = result.output + (result.stderr if result.stderr_bytes is not None else "")
        assert result.exit_code in (0, 1, 2), (n, argv, out[-500:])  # 1: a finding (a refusal, an illegal play)
        assert "internal error" not in out and "Traceback" not in out, (n, argv, out[-500:])
        if result.exit_code == 2:
            assert result.stderr.count("\n") == 1, (n, argv, result.stderr)
        if result.exit_code == 1:  # a finding: its answer, and at most the one error line
            assert result.stderr.count("\n") <= 1, (n, argv, result.stderr)
        seen[result.exit_code] += 1
    assert seen[0] and seen[2]  # both outcomes were reached
