"""CATastrophe: `end` refused before the turn's CATastrophe card offers the reveals `moves` lists (the
deck holds CATastrophic Events and Grim Reapurr cards: the top card may be either), not one of them."""
from __future__ import annotations

import pytest


def _offered(result) -> list[str]:
    lines = result.stdout.splitlines()
    start = lines.index("Legal instead:") + 1
    return [x.strip() for x in lines[start:] if x.startswith("  ") and " reveal " in x]


def _moves_reveals(cli) -> list[str]:
    return [x.strip() for x in cli("moves").stdout.splitlines() if " reveal " in x and x.startswith("  ")]


@pytest.mark.parametrize("phase_steps", [0, 1], ids=["paw-phase", "catastrophe-phase"])
def test_a_refused_end_offers_every_reveal_moves_lists(cli, home, phase_steps):
    assert cli("track", "new", "catastrophe", "--players", "Abi,Betty,Chris").exit_code == 0
    assert cli("play", "Abi draw").exit_code == 0
    for _ in range(phase_steps):  # into the CATastrophe Phase, card not revealed yet
        assert cli("track", "next-phase").exit_code == 0
    listed = _moves_reveals(cli)
    assert listed == ["Abi reveal CATastrophic Event", "Abi reveal Grim Reapurr"], listed
    result = cli("play", "Abi end")
    assert result.exit_code == 1, result.output
    assert _offered(result) == listed, result.stdout
