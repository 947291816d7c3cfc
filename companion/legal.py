"""The legal plays as typed, for the CLI's commands (`moves`, completion): engine/listing.py."""
from engine.listing import legal_texts, listed, plays_for  # noqa: F401
