"""A bot-only game that autosaves after every move, for the kill test.

Run as ``python -c "from tests.store.driver import main; main()" PRESET SEED AUTOSAVE DELAY``.
It resumes from AUTOSAVE when the file exists, then plays on, printing
``<moves> <round> <seat> <move>`` after each move's autosave has been written (flushed),
until the match ends or it is killed."""

from __future__ import annotations

import sys
import time
from pathlib import Path

from cardtable import load_variant, new_game
from cardtable.store import AutoSaver, load_autosave

from .helpers import PLAYERS, bot_step, seats_for


def main(argv: list[str] | None = None) -> None:
    preset, seed, path, delay = (argv or sys.argv[1:])[:4]
    autosave = Path(path)
    if autosave.exists():
        game, seats = load_autosave(autosave)
        print(f"resumed {game.moves_played} {game.round}", flush=True)
    else:
        variant = load_variant(preset)
        game = new_game(variant, PLAYERS[variant.family], int(seed))
        seats = seats_for(game.players)
    saver = AutoSaver(game, seats, autosave, record=False)
    while not game.is_over:
        bot_step(game)
        assert saver.last_error is None, saver.last_error
        print(f"{game.moves_played} {game.round}", flush=True)
        time.sleep(float(delay))
    print("over", flush=True)
