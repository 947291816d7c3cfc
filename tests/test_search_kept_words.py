"""An open engine reads each word's counts and documents from a game's index once, not once a
question: the shell asks many questions of one engine (companion shell keeps it open), and most of
their words recur ("card", "turn", "attack")."""
from __future__ import annotations

from rulesdb.search import RulesSearch


def counted(engine: RulesSearch, game: str) -> list[tuple[str, str]]:
    """Every count the game's index reader is asked for from now on, in order."""
    reader = engine.searchers[game].reader()
    asked, plain = [], reader.doc_frequency

    def doc_frequency(field, text):
        asked.append((field, text))
        return plain(field, text)

    reader.doc_frequency = doc_frequency
    return asked


def test_a_second_question_reads_no_count_the_first_read(shared_home):
    with RulesSearch(shared_home / "cache", shared_home / "data" / "sources") as engine:
        asked = counted(engine, "cataclysm-arcade")
        first = engine.search("can a fighter attack twice in one turn", game="cataclysm-arcade")
        read_first = list(asked)
        asked.clear()
        again = engine.search("can a fighter attack twice in one turn", game="cataclysm-arcade")
        assert read_first and not asked
        assert [h.id for h in again.results] == [h.id for h in first.results]
        engine.search("can a fighter attack in the first turn", game="cataclysm-arcade")
        assert not set(asked) & set(read_first)  # its new words only


def test_engines_do_not_share_what_they_read(shared_home):
    """A new engine (the shell opens one when the data or the imported sources change) reads afresh."""
    with RulesSearch(shared_home / "cache", shared_home / "data" / "sources") as engine:
        engine.search("how do tokens leave play", game="cataclysm-arcade")
    with RulesSearch(shared_home / "cache", shared_home / "data" / "sources") as engine:
        asked = counted(engine, "cataclysm-arcade")
        engine.search("how do tokens leave play", game="cataclysm-arcade")
        assert asked
