"""Rules reference for the five games: data, glossary and full-text search.

This package imports nothing else of the project. Importing it is cheap: the
pydantic models and whoosh are only loaded by the modules that need them.
"""
from __future__ import annotations

from typing import Callable

from rulesdb.errors import RulesError

__all__ = ["RulesError", "use_cache"]

#: where derived data may be cached (set by the application; None: always read the data files)
cache_dir: Callable | None = None


def use_cache(where: Callable) -> None:
    """Let the reference be read from a JSON cache in the folder `where()` returns."""
    global cache_dir
    cache_dir = where
