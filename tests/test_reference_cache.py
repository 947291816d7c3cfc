"""The rules reference read from its JSON cache equals the one parsed and validated from the data
files; a missing, damaged or foreign cache is written again; the commands that use it need no
pydantic."""
from __future__ import annotations

import json
import os
import subprocess
import sys
from dataclasses import fields

import pytest

from rulesdb.reference import load_reference
from rulesdb.refcache import CACHE_FORMAT, RuleEntry, Section, Term, cached_reference, data_hash
from tests.conftest import installed_cwd, run_companion


def as_data(ref) -> dict:
    def plain(cls, obj):
        return {f.name: tuple(v) if isinstance(v := getattr(obj, f.name), list) else v for f in fields(cls)}

    return {
        "sections": {k: plain(Section, v) for k, v in ref.sections.items()},
        "rules": {k: plain(RuleEntry, v) | {"game": v.game} for k, v in ref.rules.items()},
        "glossary": {k: (g.id, g.game, plain(Term, g.term)) for k, g in ref.glossary.items()},
        "order": (list(ref.sections), list(ref.rules), list(ref.glossary)),
    }


@pytest.fixture(scope="module")
def validated():
    """The reference parsed and validated from the data files, once for the file (the tests only read it)."""
    return load_reference()


@pytest.fixture(scope="module")
def truth(validated) -> dict:
    return as_data(validated)


@pytest.fixture(scope="module")
def good_cache(tmp_path_factory) -> str:
    """The text of the cache file `cached_reference` writes (as the first test checks), once for the
    file: a test that starts from a written cache copies it instead of loading the data again to write it."""
    folder = tmp_path_factory.mktemp("refcache")
    cached_reference(folder, load_reference)
    return (folder / f"reference-{data_hash()}.json").read_text(encoding="utf-8")


def test_the_cached_reference_equals_the_validated_one(tmp_path, truth):
    first = cached_reference(tmp_path, load_reference)  # writes the cache
    files = list(tmp_path.glob("reference-*.json"))
    assert [f.name for f in files] == [f"reference-{data_hash()}.json"]
    second = cached_reference(tmp_path, load_reference)  # reads it
    assert as_data(first) == truth and as_data(second) == truth
    assert second.section_rules("catopomp.dice-boost") and second.terms("catopomp")


@pytest.mark.parametrize("damage", ["garbage", "truncated", "other hash", "wrong shape", "empty"])
def test_a_damaged_cache_is_rebuilt(tmp_path, damage, truth, good_cache):
    path = tmp_path / f"reference-{data_hash()}.json"
    text = good_cache
    doc = json.loads(text)
    bad = {
        "garbage": "\x00not json",
        "truncated": text[: len(text) // 2],
        "other hash": json.dumps(doc | {"hash": "0" * 20, "rules": []}),
        "wrong shape": json.dumps(doc | {"rules": [{"id": "x"}]}),
        "empty": "",
    }[damage]
    path.write_text(bad, encoding="utf-8")
    assert as_data(cached_reference(tmp_path, load_reference)) == truth
    again = json.loads(path.read_text(encoding="utf-8"))
    assert again["hash"] == data_hash() and again["format"] == CACHE_FORMAT
    assert as_data(cached_reference(tmp_path, load_reference)) == truth


def test_an_old_cache_file_is_removed(tmp_path):
    (tmp_path / "reference-0123456789abcdef0123.json").write_text("{}", encoding="utf-8")
    cached_reference(tmp_path, load_reference)
    assert [f.name for f in tmp_path.glob("reference-*.json")] == [f"reference-{data_hash()}.json"]


@pytest.mark.installed
def test_lookups_read_the_cache_without_pydantic(home):
    env = {"COMPANION_HOME": str(home)}
    probe = ("import sys, runpy; sys.argv = ['companion'] + sys.argv[1:];"
             "\ntry: runpy.run_module('companion', run_name='__main__')"
             "\nexcept SystemExit: pass"
             "\nprint('PYDANTIC' if 'pydantic' in sys.modules else 'NO-PYDANTIC', file=sys.stderr)")

    def run(*args):
        return subprocess.run([sys.executable, "-c", probe, *args], capture_output=True, text=True, cwd=installed_cwd(),
                              env={**os.environ, **env}, timeout=120)

    first = run("rules", "define", "enforcer")  # builds the cache (validating the data: pydantic)
    assert first.returncode == 0, first.stderr
    for args in (("rules", "define", "enforcer"), ("rules", "show", "catopomp.dice-boost"), ("rules", "toc", "--json")):
        done = run(*args)
        assert done.returncode == 0 and "NO-PYDANTIC" in done.stderr, (args, done.stderr)
    assert done.stdout == run_companion(*args, env=env).stdout


def test_the_cache_carries_the_exception_links(tmp_path, validated, good_cache):
    # found at the merge: a cached reference had lost every exception link
    fresh = validated
    (tmp_path / f"reference-{data_hash()}.json").write_text(good_cache, encoding="utf-8")  # as cached_reference wrote it
    again = cached_reference(tmp_path, load_reference)  # read back
    assert again.exceptions == fresh.exceptions and again.exceptions


def test_a_failed_cache_write_leaves_no_temporary_file(tmp_path, monkeypatch, truth):
    """Issue 32 item 7: on a full disk the cache write fails part way; its temporary file goes."""
    import errno

    def full(fd):
        raise OSError(errno.ENOSPC, "No space left on device")

    monkeypatch.setattr(os, "fsync", full)  # the text is written, then the disk is full
    for _ in range(3):  # each search tries the cache again
        assert as_data(cached_reference(tmp_path, load_reference)) == truth
    assert list(tmp_path.iterdir()) == []


def test_a_cache_folder_that_cannot_be_made_still_gives_the_reference(tmp_path, truth):
    """Issue 19 item 15, at the cache's level: a file where the cache folder goes fails the write and even
    the removal of its temporary file; the reference still comes, and the file is left as it was."""
    in_the_way = tmp_path / "cache"
    in_the_way.write_text("a file where the cache folder goes", encoding="utf-8")
    assert as_data(cached_reference(in_the_way, load_reference)) == truth
    assert in_the_way.read_text(encoding="utf-8") == "a file where the cache folder goes"


def test_stray_temporary_files_of_killed_writes_are_swept(tmp_path):
    """A write killed mid-way leaves its temporary file; the next write removes it once it is an hour
    old (a younger one may be another process's write in progress, and stays)."""
    name = f".reference-{data_hash()}.json."
    stale, young = tmp_path / f"{name}abcd1234.tmp", tmp_path / f"{name}efgh5678.tmp"
    for stray in (stale, young):
        stray.write_text('{"format": "2", "hash"', encoding="utf-8")
    os.utime(stale, (stale.stat().st_atime - 7200, stale.stat().st_mtime - 7200))
    cached_reference(tmp_path, load_reference)
    assert sorted(f.name for f in tmp_path.iterdir()) == sorted([young.name, f"reference-{data_hash()}.json"])
