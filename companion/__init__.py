"""companion: the table companion for five tabletop games (CLI and rendering)."""

__version__ = "0.1.0"
