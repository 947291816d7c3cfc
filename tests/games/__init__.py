"""Each game's own test data (tests/games/<game>.toml), and the toy game nim/ the "add a game" recipe
of docs/architecture.md is proven with (tests/test_add_a_game.py)."""
