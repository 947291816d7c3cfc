"""Questions players ask, per reference entry (rulesdb/data/<game>/asked*.toml): indexed as each
entry's `asked` field, so a question in players' words finds the entry whose own text says it
otherwise (document expansion: docs/architecture.md, Search; the format: docs/data-format.md)."""
from __future__ import annotations

import difflib
from pathlib import Path
from typing import Collection, Iterable

from rulesdb.errors import DataError
from rulesdb.games import DATA_DIR

ASKED_GLOB = "asked*.toml"


def asked_files(game: str, data_dir: Path | None = None) -> list[Path]:
    return sorted(((data_dir or DATA_DIR) / game).glob(ASKED_GLOB))


def load_asked(games: Iterable[str], entries: Collection[str], data_dir: Path | None = None) -> dict[str, list[str]]:
    """Entry id -> the questions written for it, over these games' asked files (in `data_dir`, the
    built-in data by default); DataError naming the file, the field and the nearest entry for an id
    that is not one of `entries` of its game."""
    files = [(game, path) for game in games for path in asked_files(game, data_dir)]
    if not files:  # pydantic is imported only for a file to check (a build from the reference cache has none loaded)
        return {}
    import tomllib

    from pydantic import Field, ValidationError

    from rulesdb.models import Frozen, GameId, Text

    class Asked(Frozen):
        id: str
        questions: tuple[Text, ...] = Field(min_length=1)

    class AskedFile(Frozen):
        game: GameId
        asked: tuple[Asked, ...] = ()

    out: dict[str, list[str]] = {}
    for game, path in files:
        own = [e for e in entries if e.startswith(game + ".")]
        try:
            doc = AskedFile.model_validate(tomllib.loads(path.read_text(encoding="utf-8")))
        except (OSError, UnicodeDecodeError, tomllib.TOMLDecodeError) as exc:
            raise DataError(f"{path}: {exc}") from exc
        except ValidationError as exc:
            first = exc.errors()[0]
            raise DataError(f"{path}: field {'.'.join(map(str, first['loc']))}: {first['msg']}") from exc
        if doc.game != game:
            raise DataError(f"{path}: field game: {doc.game} does not match its folder {game}")
        for n, row in enumerate(doc.asked):
            if row.id not in entries or not row.id.startswith(game + "."):
                near = difflib.get_close_matches(row.id, sorted(own), n=1, cutoff=0.6)
                hint = f" (nearest: {near[0]})" if near else ""
                raise DataError(f"{path}: field asked[{n}] ({row.id}).id: no {game} entry {row.id}{hint}")
            out.setdefault(row.id, []).extend(row.questions)
    return out
