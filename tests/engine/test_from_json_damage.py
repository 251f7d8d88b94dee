"""Game.from_json / from_data on damaged saves: every problem is a SaveError (API: "a bad
save raises SaveError") — numbers too large for an int and structures nested too deep
included; a damaged preset names its field."""

from __future__ import annotations

import json

import pytest

from cardtable import Game, SaveError, load_variant, new_game


def saved() -> dict:
    game = new_game(load_variant("president-classic"), players=4, seed=7)
    game.apply(game.to_act[0], game.legal_moves(game.to_act[0])[0])
    return game.to_data()


def nested(depth: int) -> list:
    value: list = []
    for _ in range(depth):
        value = [value]
    return value


@pytest.mark.parametrize("seed", [1e400, 7.0, 2.7, "7", True])
def test_a_seed_that_is_not_a_whole_number_is_a_save_error(seed):
    """A hand-edited seed of 7.0 would otherwise load as 7, and 1e400 overflow."""
    data = saved()
    data["seed"] = seed
    with pytest.raises(SaveError, match=r"^the seed is a whole number, not \S+$"):   # (the count is not blamed)
        Game.from_json(json.dumps(data))


def test_a_player_count_that_is_not_a_whole_number_is_a_save_error():
    data = saved()
    data["players"] = 4.0
    with pytest.raises(SaveError, match=r"^the player count is a whole number, not 4.0$"):
        Game.from_data(data)


@pytest.mark.parametrize("version", [True, 1.0])
def test_a_format_version_that_is_not_the_whole_number_is_a_save_error(version):
    """A library tester's "version": true loaded (true == 1 in Python)."""
    data = saved()
    data["version"] = version
    with pytest.raises(SaveError, match="saved by an unknown format version"):
        Game.from_data(data)


@pytest.mark.parametrize("seat", [7, -1])
def test_a_move_by_a_seat_the_game_does_not_have_is_told_in_the_records_own_count(seat):
    """X5: a play-tester's hand-edited ``["move", 7, "draw_stock"]`` read "seat 8's
    'draw_stock': there is no seat 7": the record's seats count from 0, so the message
    names them as the record does (and says which seats there are)."""
    data = saved()
    data["log"][0] = ["move", seat, "pass"]
    with pytest.raises(SaveError) as error:
        Game.from_data(data)
    assert str(error.value) == (f"entry 1 of the move log: a move by a seat the game does not have "
                                f"({seat}: the 4 seats are 0 to 3): ['move', {seat}, 'pass']")


@pytest.mark.parametrize("log, kind", [({"a": 1}, "an object"), ("move", "a string"), (7, "a number")])
def test_a_move_log_that_is_not_a_list_is_a_save_error(log, kind):
    """A tester's log of ``{"a": 1}`` escaped as ``KeyError: 0`` (the records were read
    from its keys, and the bad one looked up by number)."""
    data = saved()
    data["log"] = log
    with pytest.raises(SaveError) as error:
        Game.from_data(data)
    assert str(error.value) == f"the save is damaged: its move log is {kind}, not a list"


def test_a_log_nested_too_deep_is_a_save_error():
    data = saved()
    data["log"] = [nested(100_000)]
    with pytest.raises(SaveError, match="nested too deep"):
        Game.from_data(data)


def test_json_nested_too_deep_is_a_save_error():
    text = json.dumps(saved())[:-1] + ', "extra": ' + "[" * 100_000 + "]" * 100_000 + "}"
    with pytest.raises(SaveError, match="^not a saved game: the JSON is nested too deeply to read$"):
        Game.from_json(text)  # (not Python's "maximum recursion depth exceeded while decoding…")


PRESET_REFUSED = "the preset in the save does not load here (damaged, or saved under rules this cardtable no longer allows): "
"""A preset in a save that does not load: damaged, or allowed by an older cardtable."""


def test_a_damaged_preset_names_its_field():
    data = saved()
    data["variant"]["players"]["max"] = 99
    with pytest.raises(SaveError) as caught:
        Game.from_data(data)
    assert str(caught.value).startswith(PRESET_REFUSED + "players.max: ")


@pytest.mark.parametrize(("change", "words"), [
    (lambda v: v["rules"].__setitem__("burn", 1), "rules.burn: should be true or false (got 1)"),
    (lambda v: v["rules"].__setitem__("twos", True),
     "rules.twos: should be 'same_count', 'pair_beats_single' or 'single_beats_any' (got true)"),
    (lambda v: v["rules"].__setitem__("twos", "always"),
     "rules.twos: should be 'same_count', 'pair_beats_single' or 'single_beats_any' (got 'always')"),
    (lambda v: v.__setitem__("extends", "forseti"), "extends: unknown key"),
])
def test_a_damaged_preset_says_what_is_wrong_as_presets_validate_does(change, words):
    """The value that is wrong is shown, and no pydantic wording ("Extra inputs are not
    permitted") reaches the player."""
    data = saved()
    change(data["variant"])
    with pytest.raises(SaveError) as caught:
        Game.from_data(data)
    assert str(caught.value) == PRESET_REFUSED + words


def test_an_unknown_family_is_not_called_a_damaged_preset():
    data = saved()
    data["family"] = "bridge"
    with pytest.raises(SaveError, match="damaged or incomplete .*unknown game family 'bridge'"):
        Game.from_data(data)


def test_the_game_module_does_not_import_pydantic():
    """Its ValidationError is a ValueError: the engine catches that, the presets own pydantic."""
    import ast

    import cardtable.engine.game as module

    tree = ast.parse(open(module.__file__, encoding="utf-8").read())
    imported = {alias.name for node in ast.walk(tree) if isinstance(node, ast.Import) for alias in node.names}
    imported |= {node.module for node in ast.walk(tree) if isinstance(node, ast.ImportFrom) and node.module}
    assert not any(name.split(".")[0] == "pydantic" for name in imported)


def test_damage_is_told_in_words_not_python_exception_names():
    with pytest.raises(SaveError, match=r"^the save is damaged or incomplete \(no 'family' entry\)$"):
        Game.from_json('{"format": "cardtable-game", "version": 1}')
    for not_text in (None, 5, {"format": "cardtable-game"}):
        with pytest.raises(SaveError, match="a save is JSON text, not "):
            Game.from_json(not_text)  # type: ignore[arg-type]


@pytest.mark.parametrize(("setup", "kind"), [(None, "null"), ([], "an array"), ("hands", "a string")])
def test_a_setup_that_is_not_an_object_is_a_save_error(setup, kind):
    """(A null setup said "'NoneType' object has no attribute 'get'".)"""
    data = saved()
    data["setup"] = setup
    with pytest.raises(SaveError, match=f"^the save is damaged: its setup is {kind}, not an object$"):
        Game.from_data(data)
