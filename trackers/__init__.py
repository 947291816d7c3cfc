"""Persistent table sessions: an append-only SQLite event log per session, replayed through the
game's tracker (engine/) to give the state; undo and redo are entries in the log too."""
