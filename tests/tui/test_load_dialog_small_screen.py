"""Load game at the smallest terminal (80x24): why a save will not load stays in sight
however many saves the list holds, and the file is left as it is."""

from __future__ import annotations

import asyncio
import json
import os

import pytest

from cardtable import load_variant, new_game
from cardtable.engine.errors import SaveError
from cardtable.store import load_game, save_game, saves_dir
from cardtable.tui.screens.store_menu import LoadDialog

from .helpers import screen_text
from .test_store_ui import start_app

SEATS = ["Ann", {"name": "Dag", "kind": "bot", "level": "simple"}, {"name": "Eve", "kind": "bot", "level": "simple"}]


def tonk_save(name: str, seed: int):
    """A Tonk save 13 moves in (a real one, checksum and all)."""
    game = new_game(load_variant("tonk-classic"), 3, seed=seed)
    for _ in range(13):
        if game.round_over:
            break
        game.apply(game.to_act[0], game.legal_moves(game.to_act[0])[0])
    return save_game(saves_dir() / name, game, SEATS)


def edited_save_whose_moves_do_not_replay():
    """The play-tester's file: checksum removed (so it is listed as loadable), seed changed."""
    path = tonk_save("nochk-badmoves.json", 8)
    data = json.loads(path.read_text(encoding="utf-8"))
    del data["checksum"]
    data["game"]["seed"] = 99
    path.write_text(json.dumps(data), encoding="utf-8")
    with pytest.raises(SaveError, match="does not replay"):
        load_game(path)
    return path


@pytest.mark.parametrize("position", ["first", "last"])
def test_why_a_listed_save_does_not_load_shows_at_80x24(position):
    saves_dir().mkdir(parents=True)
    for index in range(10):
        tonk_save(f"save{index}.json", 20 + index)
    bad = edited_save_whose_moves_do_not_replay()
    if position == "last":  # the oldest file: at the foot of the list
        os.utime(bad, (1000, 1000))
    before = bad.read_bytes()

    async def scenario():
        app = start_app()
        async with app.run_test(size=(80, 24)) as pilot:
            for key in ("l", "end", "enter"):
                await pilot.pause()
                if key != "end" or position == "last":
                    await pilot.press(key)
            await pilot.pause()
            assert isinstance(app.screen, LoadDialog)  # nothing opened
            options = app.screen.query_one("#picker-list")
            assert "nochk-badmoves" in str(options.get_option_at_index(options.highlighted).prompt)
            text = screen_text(app)
            words = " ".join(text.replace("│", " ").split())
            assert "the move log does not replay: entry" in words
            assert "(the file is kept as it is)" in words
            assert "nochk-badmoves.json" in words  # the row chosen is still in sight
            lines = text.splitlines()
            assert len(lines) <= 24 and "╰" in "".join(lines)  # the dialog's foot shows too

    asyncio.run(scenario())
    assert bad.read_bytes() == before


def test_a_long_save_line_wraps_between_its_parts_at_80x24():
    """(A play-tester read "· 7" / "moves · …" and "bots Dag," / "Eve" in the Load list: it
    wrapped word by word.) A save's line breaks only between its parts, as the Continue
    line does: no row ends on a separator, no count is parted from its word."""
    saves_dir().mkdir(parents=True)
    game = new_game(load_variant("shanghai-classic"), 4, seed=3)
    for _ in range(7):
        game.apply(game.to_act[0], game.legal_moves(game.to_act[0])[0])
    save_game(saves_dir() / "shanghai-classic-evening-game.json", game,
              ["Annabelle", "Bartholomew", {"name": "Dag", "kind": "bot", "level": "simple"},
               {"name": "Eve", "kind": "bot", "level": "simple"}])

    async def scenario():
        app = start_app()
        async with app.run_test(size=(80, 24)) as pilot:
            await pilot.pause()
            await pilot.press("l")
            await pilot.pause()
            assert isinstance(app.screen, LoadDialog)
            rows = [line.split("▊")[1].split("▎")[0].strip() for line in screen_text(app).splitlines() if "▊ " in line]
            saved = rows[1].split("saved ")[1]
            assert rows == ["shanghai-classic-evening-game.json",  # (its name a line of its own, every entry alike)
                            f"Shanghai rummy · hand 1 · 7 moves · saved {saved}",
                            "Annabelle, Bartholomew · bots Dag, Eve"]

    asyncio.run(scenario())
