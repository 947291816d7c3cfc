"""Modules that a one-shot command imports but does not use, executed only at their first use.

Why: a one-shot `companion` process is mostly imports, and typer and whoosh import at their top some
modules that a search, a tracker change or a play never touches: `subprocess` (typer: completion
installs, editors), `bz2` and `lzma` (the standard library's `shutil`, for archives), `calendar`
(whoosh's date parsing), `random` (whoosh's new-file names and sampling), whoosh's English
word-variation table (`whoosh.lang.morph_en`, which compiles dozens of large regular expressions
when it runs; a search never builds a `Variations` query) and its sound-alike encoder
(`whoosh.lang.dmetaphone`; the analyzer stems, rulesdb/analyzer.py); then `tokenize`, `token` and
`linecache` (inspect's and traceback's: read when a traceback is printed), `textwrap` (help text),
`ipaddress` (urllib's parsing of host names) and whoosh's
Levenshtein automata (`whoosh.automata.lev`, fuzzy terms, which a search never builds). Running them is about a tenth of a
search's instructions (docs/architecture.md, "Speed").

How: while `defer()` is in force (the process entry, companion/entry.py, turns it on; importing
companion as a library does not), importing one of DEFERRED's modules gives a stand-in: the real
module's spec and file with an empty namespace. The first attribute read it cannot answer runs the
real module's code in that same module object (as `importlib.util.LazyLoader` does, so every holder
sees the real module) and answers from it; a later `import` of it, or the import system's own look
at `__spec__` and `__path__`, does not run it (the standard library's LazyLoader, on Python 3.11, runs
a module at its second `import`, which typer's and whoosh's modules do). A `from M import f` of a
name in DEFERRED[M] gets a function that runs M at its first call and calls M's own `f` (whoosh's
query module takes `variations` that way). Nothing of typer's or whoosh's code is changed: their
modules run as written, later or never. Only plain source modules are deferred (a package, a
built-in or an extension module imports as usual). The first use runs under a lock, so two threads
cannot run one module twice.
"""
from __future__ import annotations

import sys
from importlib.machinery import SourceFileLoader
from types import ModuleType

import _thread

#: module -> the names a `from module import name` may take before the module has run (functions)
DEFERRED: dict[str, tuple[str, ...]] = {
    "subprocess": (),
    "bz2": (),
    "lzma": (),
    "calendar": (),
    "random": (),
    "whoosh.lang.morph_en": ("variations",),
    "whoosh.lang.dmetaphone": ("double_metaphone",),
    # issue 25, fourth pass: imported at the top of typer's, click's and the standard library's
    # modules for tracebacks, help text and URLs, unused by a search, a change or a play
    "tokenize": (),
    "token": (),
    "linecache": (),
    "textwrap": (),
    "ipaddress": (),
    "whoosh.automata.lev": ("levenshtein_automaton",),  # fuzzy terms; the search builds none
}

_LOCK = _thread.RLock()
_RUNNING = "__companion_running__"  # in a stand-in's namespace while its real code runs


class Deferred(ModuleType):
    """A module whose code has not run yet; it runs at the first attribute read it cannot answer."""

    def __getattr__(self, name: str):
        if name == "__path__":  # the import system asks every new module; a plain module has none
            raise AttributeError(name)
        if name in DEFERRED.get(self.__name__, ()) and _RUNNING not in self.__dict__:
            return _forwarder(self, name)
        run(self)
        return getattr(self, name)

    def __dir__(self):
        run(self)
        return dir(self)


def run(module: ModuleType) -> None:
    """Run a stand-in's real code in it, making it the real module (the stand-in again if that fails);
    nothing for a module that has run."""
    with _LOCK:
        if type(module) is Deferred:  # (another thread may have run it while this one waited)
            if _RUNNING in module.__dict__:  # read by its own code while running: not there yet
                raise AttributeError(f"partly run module {module.__name__!r}")
            _run(module)


def _run(module: Deferred) -> None:
    spec = module.__spec__
    waiting = spec.loader
    spec.loader = module.__loader__ = waiting.real
    module.__dict__[_RUNNING] = True
    try:
        waiting.real.exec_module(module)
    except BaseException:
        spec.loader = module.__loader__ = waiting
        raise
    finally:
        module.__dict__.pop(_RUNNING, None)
    module.__class__ = ModuleType


def _forwarder(module: Deferred, name: str):
    def forward(*args, **kwargs):
        run(module)
        return getattr(module, name)(*args, **kwargs)

    forward.__name__ = forward.__qualname__ = name
    forward.__module__ = module.__name__
    forward.__doc__ = f"{module.__name__}.{name}, the module run at the first call"
    return forward


class _Waiting:
    """The loader of a stand-in: creates it, and leaves running the real loader's code for later."""

    def __init__(self, real: SourceFileLoader):
        self.real = real

    def __getattr__(self, name: str):  # get_source, get_filename ... as the real loader
        return getattr(self.real, name)

    def create_module(self, spec) -> Deferred:
        module = Deferred(spec.name)
        module.__file__ = spec.origin  # set now, so that the import system's look at them runs nothing
        if spec.cached is not None:
            module.__cached__ = spec.cached
        return module

    def exec_module(self, module: Deferred) -> None:
        """Nothing now: the module runs at its first use."""


class _Finder:
    """First on sys.meta_path: DEFERRED's plain source modules get a waiting loader."""

    def find_spec(self, fullname: str, path=None, target=None):
        if fullname not in DEFERRED:
            return None
        for finder in sys.meta_path:
            find = getattr(finder, "find_spec", None)
            if finder is self or find is None:
                continue
            spec = find(fullname, path, target)
            if spec is not None:
                break
        else:
            return None
        if type(spec.loader) is SourceFileLoader and spec.submodule_search_locations is None:
            spec.loader = _Waiting(spec.loader)
        return spec


_FINDER = _Finder()


def defer() -> None:
    """From now on, DEFERRED's modules run at their first use (the process entry only)."""
    if _FINDER not in sys.meta_path:
        sys.meta_path.insert(0, _FINDER)


def stop() -> None:
    """Import as usual again (modules already deferred still run at their first use)."""
    if _FINDER in sys.meta_path:
        sys.meta_path.remove(_FINDER)


def waiting(name: str) -> bool:
    """Whether the module `name` is imported and still waits to run."""
    return type(sys.modules.get(name)) is Deferred
