"""The index's stat stamp (rulesdb/index.py): a settled index is verified without hashing its files,
and a file altered after its stamp was recorded (same size, same modification time) is caught."""
from __future__ import annotations

import os
import shutil
import time
from pathlib import Path

import pytest

from rulesdb import index
from rulesdb.games import GAME_IDS


@pytest.fixture(scope="module")
def template(tmp_path_factory) -> Path:
    """A fresh index built once (no stamp recorded yet: too recent for an hour's SETTLE), for each
    test to copy (test_a_stamp_is_not_recorded_before_the_files_settle builds its own)."""
    home = tmp_path_factory.mktemp("stamp-template")
    with pytest.MonkeyPatch.context() as mp:
        mp.setattr(index, "SETTLE", 3600.0)
        index.open_index(home / "cache", home / "data" / "sources")
    return home


@pytest.fixture
def built(template, tmp_path, monkeypatch):
    """A copy of the fresh index (no stamp recorded yet), then stamps count as settled at once
    (SETTLE 0); and a tree_digest call counter."""
    monkeypatch.setattr(index, "SETTLE", 3600.0)
    calls = []
    digest = index.tree_digest
    monkeypatch.setattr(index, "tree_digest", lambda folder: calls.append(folder) or digest(folder))
    cache, sources = tmp_path / "cache", tmp_path / "data" / "sources"
    shutil.copytree(template / "cache", cache)
    shutil.copytree(template / "data", sources.parent)
    target = next(cache.glob("index-*"))
    assert index.verified(target, GAME_IDS, cache, sources)  # the copy is an index this project built
    assert " stat:" not in (sources.parent / index.DIGESTS).read_text()
    monkeypatch.setattr(index, "SETTLE", 0.0)
    time.sleep(0.05)  # later writes fall in another clock tick than the build's
    calls.clear()
    return target, cache, sources, calls


def test_a_settled_index_is_hashed_once_then_verified_by_its_stamp(built):
    target, cache, sources, calls = built
    assert index.verified(target, GAME_IDS, cache, sources)
    assert len(calls) == len(GAME_IDS)  # hashed in full, the stamps recorded
    digests = (sources.parent / index.DIGESTS).read_text()
    assert sum(" stat:" in line for line in digests.splitlines()) == len(GAME_IDS)
    calls.clear()
    assert index.verified(target, GAME_IDS, cache, sources)
    assert calls == []  # the stamps matched: no file hashed


def test_a_stamp_is_not_recorded_before_the_files_settle(tmp_path, monkeypatch):
    monkeypatch.setattr(index, "SETTLE", 3600.0)
    cache, sources = tmp_path / "cache", tmp_path / "data" / "sources"
    index.open_index(cache, sources)
    target = next(cache.glob("index-*"))
    assert index.verified(target, GAME_IDS, cache, sources)  # the files are younger than SETTLE
    assert " stat:" not in (sources.parent / index.DIGESTS).read_text()


def test_a_file_altered_after_its_stamp_with_the_same_size_and_time_is_caught(built, tmp_path):
    target, cache, sources, calls = built
    assert index.verified(target, GAME_IDS, cache, sources)  # the stamps recorded
    time.sleep(0.05)
    marker = tmp_path / "pwned"
    toc = next(target.rglob("*.toc"))
    st = toc.stat()
    payload = ("cos\nsystem\n(S'touch " + str(marker) + "'\ntR.").encode()
    assert len(payload) <= st.st_size
    toc.write_bytes(payload + b" " * (st.st_size - len(payload)))  # the same size
    os.utime(toc, ns=(st.st_atime_ns, st.st_mtime_ns))  # and the same modification time
    assert toc.stat().st_size == st.st_size and toc.stat().st_mtime_ns == st.st_mtime_ns
    calls.clear()
    assert not index.verified(target, GAME_IDS, cache, sources)
    assert calls  # the stamp moved (its change time): hashed in full, and refused
    index.open_index(cache, sources)  # discarded and rebuilt, never unpickled
    assert not marker.exists()
    assert all(not p.read_bytes().startswith(b"cos\nsystem") for p in next(cache.glob("index-*")).rglob("*.toc"))


def test_a_planted_extra_file_moves_the_stamp(built):
    target, cache, sources, calls = built
    assert index.verified(target, GAME_IDS, cache, sources)
    (target / GAME_IDS[0] / "extra.seg").write_bytes(b"x")
    assert not index.verified(target, GAME_IDS, cache, sources)


def test_the_fingerprint_is_kept_while_its_inputs_stay_and_hashed_again_when_one_changes(tmp_path, monkeypatch):
    sources = tmp_path / "data" / "sources"
    sources.mkdir(parents=True)
    source = sources / "x.json"
    source.write_text('{"name": "x", "game": "catopomp", "sections": []}')
    monkeypatch.setattr(index, "SETTLE", 3600.0)
    first = index.fingerprint(sources)  # just written: too recent to keep
    assert not (sources.parent / index.FINGERPRINT).exists()
    monkeypatch.setattr(index, "SETTLE", 0.0)
    time.sleep(0.05)
    assert index.fingerprint(sources) == first
    assert (sources.parent / index.FINGERPRINT).read_text().split()[1] == first  # kept
    reads = []
    read_bytes = Path.read_bytes
    monkeypatch.setattr(Path, "read_bytes", lambda self: reads.append(self) or read_bytes(self))
    assert index.fingerprint(sources) == first and reads == []  # nothing hashed
    st = source.stat()
    source.write_text('{"name": "x", "game": "catopomp", "sections": [] }'[:st.st_size])  # the same size
    os.utime(source, ns=(st.st_atime_ns, st.st_mtime_ns))  # and the same modification time
    assert index.fingerprint(sources) != first and reads  # its change time moved: hashed again


def _disk_full(monkeypatch) -> None:
    """Every text file opened from a descriptor fails to write, as on a full disk."""
    import errno

    real = os.fdopen

    def full(fd, *args, **kwargs):
        fh = real(fd, *args, **kwargs)

        def write(text):
            raise OSError(errno.ENOSPC, "No space left on device")

        fh.write = write
        return fh

    monkeypatch.setattr(os, "fdopen", full)


def test_a_fingerprint_write_that_finds_the_disk_full_leaves_no_temporary_file(tmp_path, monkeypatch):
    """Issue 32 (the stress re-run): every search on a full disk left an empty
    `.search-index.inputs.*` file in the data folder, never removed."""
    sources = tmp_path / "data" / "sources"
    sources.mkdir(parents=True)
    (sources / "x.json").write_text('{"name": "x", "game": "catopomp", "sections": []}')
    monkeypatch.setattr(index, "SETTLE", 0.0)
    time.sleep(0.05)
    with monkeypatch.context() as disk:
        _disk_full(disk)
        first = index.fingerprint(sources)
    assert sorted(p.name for p in sources.parent.iterdir()) == ["sources"]  # nothing kept, nothing left
    assert index.fingerprint(sources) == first
    assert sorted(p.name for p in sources.parent.iterdir()) == [index.FINGERPRINT, "sources"]


def test_a_digest_line_that_finds_the_disk_full_leaves_no_empty_digest_file(tmp_path, monkeypatch):
    digests = tmp_path / "data" / index.DIGESTS
    with monkeypatch.context() as disk:
        _disk_full(disk)
        with pytest.raises(OSError):
            index._append_digests(digests, "index-x/catopomp 0123\n")
    assert not digests.exists()
    index._append_digests(digests, "index-x/catopomp 0123\n")
    with monkeypatch.context() as disk:
        _disk_full(disk)
        with pytest.raises(OSError):
            index._append_digests(digests, "index-x/theseus 4567\n")
    assert digests.read_text() == "index-x/catopomp 0123\n"  # a file with lines is kept
