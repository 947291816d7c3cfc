"""The build's one step beyond pyproject.toml: the built-in reference's search index, built into the
wheel's copy of rulesdb (rulesdb/ship_index.py, read by rulesdb/shipped.py), so the first search after an install opens it instead
of building it. A build that cannot write it still builds a working package (the first search then
builds the index, as from a checkout)."""
import sys
from pathlib import Path

from setuptools import setup
from setuptools.command.build_py import build_py


class BuildWithIndex(build_py):
    """build_py, then the shipped search index in the built copy of rulesdb."""

    def run(self):
        super().run()
        if self.dry_run or getattr(self, "editable_mode", False):
            return  # an editable install runs the checkout, which ships no index
        built = Path(self.build_lib).resolve()
        sys.path.insert(0, str(built))
        try:
            from rulesdb.ship_index import build_shipped
            from rulesdb.shipped import FOLDER

            build_shipped(FOLDER)
            print(f"built the shipped search index in {FOLDER}")
        except Exception as exc:  # noqa: BLE001 - the package works without it
            print(f"warning: no search index shipped ({type(exc).__name__}: {exc}); the first search builds it",
                  file=sys.stderr)
        finally:
            sys.path.remove(str(built))
            for name in [m for m in sys.modules if m == "rulesdb" or m.startswith("rulesdb.")]:
                del sys.modules[name]


setup(cmdclass={"build_py": BuildWithIndex})
