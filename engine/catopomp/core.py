"""The Catopomp rules core, by concern (one rule written once):

  table.py        card codes, zones as counts, the Table, set kinds and strength
  generate.py     move generation and the legal alternatives to an illegal move
  judge.py        every rule a move breaks or rests on
  transitions.py  a legal move played out, round end, scoring, the next round's set-up

This module gathers them under one name (`from engine.catopomp import core`).
"""
from __future__ import annotations

from .table import (  # noqa: F401
    CAT,
    EMPTY,
    HEAVEN,
    HELL,
    MITCH,
    Move,
    NCODES,
    Opts,
    PASS,
    PLAY,
    PLAYER_TABLE,
    Table,
    VAL,
    WSet,
    beats,
    c_add,
    c_has,
    c_list,
    c_missing,
    c_of,
    c_sub,
    card_name,
    cards_text,
    classify,
    deck_counts,
    dice_text,
    fc,
    key_text,
    kind_rule,
    kind_word,
    next_with_cards,
    set_values,
    size_limit,
    strength_rule,
    ws_key,
)
from .generate import (  # noqa: F401
    _discard_ws,
    _similarity,
    alternatives,
    dice_options,
    dice_pool,
    expand,
    gen_sets,
    gen_swap_sets,
    legal_moves,
    pass_moves,
    play_cores,
    resolve,
    submultisets,
)
from .judge import (  # noqa: F401
    Finding,
    _pass_violations,
    _seat,
    _strength_message,
    _zone_word,
    c_missing_dice,
    violations,
)
from .transitions import (  # noqa: F401
    Eff,
    RoundSetup,
    _finish,
    _round_over,
    _step_pass,
    _step_play,
    end_round,
    final_scoring,
    first_round_centre_dice,
    round_setup,
    score,
    step,
)
