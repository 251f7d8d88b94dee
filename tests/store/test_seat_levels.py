"""A saved bot seat's level is checked on load with the bots' own level parser, so a
hand-edited or damaged level is a SaveError naming the seat — not a crash at the table."""

from __future__ import annotations

import json

import pytest

from cardtable.bots import BOT_LEVELS, make_bot
from cardtable.store import SaveError, load_game, save_game, save_info
from cardtable.store.saves import checksum

from .helpers import started_game


def save_with_level(tmp_path, level):
    game = started_game(tmp_path, "tonk", 1, 4)
    seats = ["Ann", {"name": "Dag", "kind": "bot", "level": "simple"}, "Eve"]
    path = save_game(tmp_path / "g.json", game, seats)
    document = json.loads(path.read_text())
    document["seats"][1]["level"] = level
    document["checksum"] = checksum(document)
    path.write_text(json.dumps(document))
    return path


def test_an_unknown_bot_level_is_a_save_error_naming_the_seat(tmp_path):
    path = save_with_level(tmp_path, "grandmaster")
    for read in (load_game, save_info):
        with pytest.raises(SaveError) as caught:
            read(path)
        message = str(caught.value)
        assert "g.json" in message and "seat 2 (Dag)" in message and "'grandmaster'" in message
        assert all(level in message for level in BOT_LEVELS)


@pytest.mark.parametrize("level", [*BOT_LEVELS, "bot:hard", None])
def test_every_known_level_loads_and_makes_a_bot(tmp_path, level):
    game, seats = load_game(save_with_level(tmp_path, level))
    make_bot(game.family, seats[1]["level"] or "simple", game.variant)


def test_a_human_seat_level_is_not_read(tmp_path):
    game = started_game(tmp_path, "tonk", 1, 4)
    path = save_game(tmp_path / "g.json", game, ["Ann", "Dag", "Eve"])
    document = json.loads(path.read_text())
    document["seats"][0]["level"] = "grandmaster"
    document["checksum"] = checksum(document)
    path.write_text(json.dumps(document))
    assert load_game(path)[1][0]["name"] == "Ann"
