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
    """The level is read back as written (None: an older save, read as "simple", the
    level a bot seat without one plays at) and makes the bot of that level."""
    game, seats = load_game(save_with_level(tmp_path, level))
    assert seats[1] == {"name": "Dag", "kind": "bot", "level": level or "simple"}
    bot = make_bot(game.family, seats[1]["level"] or "simple", game.variant)
    assert type(bot) is type(make_bot(game.family, (level or "medium").removeprefix("bot:"), game.variant))
    if level in ("hard", "bot:hard", "expert"):
        assert getattr(bot, "iterations", None) == getattr(make_bot(game.family, level, game.variant),
                                                           "iterations", None)


def test_a_human_seat_level_is_not_read(tmp_path):
    game = started_game(tmp_path, "tonk", 1, 4)
    path = save_game(tmp_path / "g.json", game, ["Ann", "Dag", "Eve"])
    document = json.loads(path.read_text())
    document["seats"][0]["level"] = "grandmaster"
    document["checksum"] = checksum(document)
    path.write_text(json.dumps(document))
    assert load_game(path)[1][0]["name"] == "Ann"


@pytest.mark.parametrize(("seat", "words"), [
    ({"name": "Dag", "kind": "bot", "level": "godlike"}, "seat 2 (Dag) has an unknown bot level 'godlike'"),
    ({"name": "Dag", "bot": "godlike"}, "seat 2 (Dag) has an unknown bot level 'godlike'"),
    ({"name": "Dag", "kind": "robot"}, "seat 2 (Dag): kind should be 'human' or 'bot', not 'robot'"),
    ("bot:hard", "seat 2: 'bot:hard' would be a human's name; a bot seat is {'name': 'Dag', 'bot': 'hard'}"),
    ({"name": " "}, "seat 2 has no name"),
    ("ann ", "seats 1 and 2 have the same name, 'ann': every player needs a different name"),
])
def test_a_save_that_loading_would_refuse_is_not_written(tmp_path, seat, words):
    """``save_game`` checks seats as ``load_game`` does: a bad bot level, an unknown kind
    or the ``--seats`` spelling of a bot is a ValueError, and no file is written."""
    game = started_game(tmp_path, "tonk", 1, 3)
    with pytest.raises(ValueError) as caught:
        save_game(tmp_path / "g.json", game, ["Ann", seat, "Eve"])
    assert str(caught.value).startswith(words)
    assert not (tmp_path / "g.json").exists()


def test_saving_onto_a_folder_says_so_and_writes_nothing_beside_it(tmp_path):
    game = started_game(tmp_path, "tonk", 1, 3)
    (tmp_path / "saves").mkdir()
    with pytest.raises(IsADirectoryError) as caught:
        save_game(tmp_path / "saves", game, ["Ann", "Bob", "Eve"])
    assert "is a folder; give a file name for the save" in str(caught.value)
    assert not [p for p in tmp_path.rglob("*") if p.name.endswith(".tmp")]
    assert list((tmp_path / "saves").iterdir()) == []


def test_a_hand_edited_save_with_two_seats_of_one_name_is_refused(tmp_path):
    """``play`` refuses two seats of one name; a save edited to have them loaded, and the
    table showed "Dag — your turn" beside "Dag (bot)". Loading refuses it as saving does."""
    path = save_with_level(tmp_path, "hard")
    document = json.loads(path.read_text())
    document["seats"][0]["name"] = "DAG"
    document["checksum"] = checksum(document)
    path.write_text(json.dumps(document))
    for read in (load_game, save_info):
        with pytest.raises(SaveError) as caught:
            read(path)
        assert str(caught.value).endswith("g.json: the save is damaged: seats 1 and 2 have the same name, "
                                          "'Dag': every player needs a different name")
