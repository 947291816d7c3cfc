"""The trackers exception family; the CLI turns these into exit codes."""


class TrackerError(Exception):
    """Base: something the user typed or supplied (exit code 2)."""

    bad_input = True


class SessionError(TrackerError):
    """An unknown, duplicate or ended session, or no current session."""


class Refused(TrackerError):
    """A change the rulebook forbids; carries the verdict so the CLI can show the rule ids (and, for a
    play, the PlayResult of the refusal: who tried it, who is to act, the table as it stands). A
    finding (exit 1), not bad input."""

    finding = True
    OVERRULE = "; if the table decides otherwise, add --overrule"

    def __init__(self, message: str, verdict, result=None, overrulable: bool = False):
        super().__init__(message + (self.OVERRULE if overrulable else ""))
        self.bare = message  # without the hint, for a page where --overrule is not the player's to give
        self.overrulable = overrulable
        self.verdict = verdict
        self.result = result


class Moved(Refused):
    """A play (or a page's change) sent when the table stood at an event the log has since gone past:
    nothing recorded; `changed` tells each event written since (trackers/recording.py Marks)."""

    def __init__(self, message: str, changed: list[str], result=None):
        super().__init__(message, None, result)
        self.changed = changed


class StoreError(TrackerError):
    """A database file that is not ours, is damaged, or is newer than this version."""


class ImportFileError(TrackerError):
    """An export file that cannot be imported."""


class DamagedLog(StoreError):
    """A session whose ledger (the chained checksums of its events) does not verify."""

    def __init__(self, message: str, first_bad: int):
        super().__init__(message)
        self.first_bad = first_bad


class DamagedExport(DamagedLog):
    """An export of a damaged session, refused whole (exit 1): it names the events it would leave out
    and how to export the good ones before them on purpose (`--partial`)."""

    bad_input = False


class Busy(TrackerError):
    """The sessions file stayed locked by other writers for longer than the limit (exit 1)."""

    bad_input = False


class DiskFull(StoreError):
    """No space left to record a change (exit 1: nothing the user typed is wrong)."""

    bad_input = False


class DiskError(StoreError):
    """The disk failed to read or write the sessions file (exit 1: nothing the user typed is wrong)."""

    bad_input = False


class ExportError(TrackerError):
    """A place an export cannot be written to (a folder, the data folder, a missing folder)."""
