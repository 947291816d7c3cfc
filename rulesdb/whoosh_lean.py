"""whoosh without its English word-variations table until something asks for it.

`whoosh.query` imports `whoosh.lang.morph_en` at its top, and that module compiles some fifty
large suffix patterns as it loads: about 44 M instructions, a tenth of a one-shot search. Only
whoosh's `Variations` query calls it, and the companion builds none. `defer()` (called before the
project first imports whoosh) puts a stand-in under that module's name: its `variations`, and any
other name asked of it, imports the real module first and answers from it, so whatever whoosh or
anyone else asks of the module answers as before. Nothing private of whoosh is read or changed.
"""
from __future__ import annotations

import sys
import types

NAME = "whoosh.lang.morph_en"


def defer() -> None:
    """Put the stand-in in place, unless the real module is already loaded (then nothing to save)."""
    if NAME in sys.modules:
        return
    stand_in = types.ModuleType(NAME, "Stand-in for whoosh's word-variations table (rulesdb/whoosh_lean.py).")

    def real() -> types.ModuleType:
        import importlib

        if sys.modules.get(NAME) is stand_in:
            del sys.modules[NAME]
        return importlib.import_module(NAME)

    def variations(word):
        return real().variations(word)

    def __getattr__(attr: str):
        if attr.startswith("__"):  # the import system's own questions (`__path__`...) load nothing
            raise AttributeError(attr)
        return getattr(real(), attr)

    stand_in.variations = variations
    stand_in.__getattr__ = __getattr__
    sys.modules[NAME] = stand_in
