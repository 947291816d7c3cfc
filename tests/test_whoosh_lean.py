"""rulesdb/whoosh_lean.py: whoosh's word-variations table stays unloaded until something asks for it,
and whatever asks gets the real module's answers."""
from __future__ import annotations

import json
import subprocess
import sys

from tests.conftest import installed_cwd

NAME = "whoosh.lang.morph_en"

PROBE = """
import json, sys
import rulesdb.index  # puts the stand-in in place
import whoosh.index, whoosh.searching, whoosh.query  # what a search imports
before = "rules" in vars(sys.modules[%(name)r])
from whoosh.lang.morph_en import variations
words = sorted(variations("pull"))
real = sys.modules[%(name)r]
print(json.dumps({"before": before, "words": words, "loaded": "rules" in vars(real),
                  "again": sorted(real.variations("pull"))}))
""" % {"name": NAME}


def test_a_fresh_process_loads_the_table_only_when_variations_are_asked():
    done = subprocess.run([sys.executable, "-c", PROBE], capture_output=True, text=True, timeout=60,
                          cwd=installed_cwd(), check=True)
    found = json.loads(done.stdout)
    assert found["before"] is False  # whoosh imported, the table not compiled
    assert found["loaded"] is True  # asked once: the real module took the stand-in's place
    assert found["words"] == found["again"] and {"pull", "pulled", "pulling"} <= set(found["words"])


def test_a_variations_query_finds_what_whoosh_finds_with_the_real_table():
    """Through whoosh's public API, in this process (the stand-in or the real module, whichever is
    in place): a Variations query for "pull" matches the documents with its inflected forms."""
    from whoosh.fields import ID, TEXT, Schema
    from whoosh.filedb.filestore import RamStorage
    from whoosh.query import Variations

    import rulesdb.index  # noqa: F401  (the stand-in, if whoosh's table was not loaded yet)

    ix = RamStorage().create_index(Schema(id=ID(stored=True), text=TEXT))
    with ix.writer() as w:
        for n, text in enumerate(["he pulled the rope", "pulling hard", "a pull", "push it", "pullover"]):
            w.add_document(id=str(n), text=text)
    with ix.searcher() as s:
        hits = sorted(hit["id"] for hit in s.search(Variations("text", "pull")))
    assert hits == ["0", "1", "2"]
    real = sys.modules[NAME]
    assert "rules" in vars(real) and "pulled" in real.variations("pull")


def test_defer_leaves_a_loaded_table_alone():
    from rulesdb import whoosh_lean

    import whoosh.lang.morph_en as loaded

    loaded.variations("pull")  # the real module now, whichever was there
    real = sys.modules[NAME]
    whoosh_lean.defer()
    assert sys.modules[NAME] is real
