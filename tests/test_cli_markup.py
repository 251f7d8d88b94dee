"""What the command line prints from players, presets and files is shown as written:
square brackets and backslashes included, never read as Rich markup (a player called
``[/]`` crashed ``cardtable stats``; a preset file ``[odd].toml`` vanished from the list)."""

from __future__ import annotations

import pytest

from cardtable import load_variant, new_game
from cardtable.bots import make_bot
from cardtable.cli import main
from cardtable.engine.rng import Rng
from cardtable.store import record_match

ODD = ["[/]", "Bob [beta]", "back\\", "[bold]x"]


def finished_match(names):
    game = new_game(load_variant("tonk-classic"), 3, seed=4)
    bot, rng = make_bot("tonk", "simple"), Rng(4)
    while not game.is_over:
        if game.round_over:
            game.next_round()
            continue
        seat = game.to_act[0]
        game.apply(seat, bot.choose(game.view(seat), game.legal_moves(seat), rng))
    record_match(game, names)


def test_stats_shows_odd_names_as_written(capsys, monkeypatch):
    monkeypatch.setenv("COLUMNS", "200")
    finished_match(ODD[:3])
    assert main(["stats"]) == 0
    out = capsys.readouterr().out
    for name in ODD[:3]:
        assert name in out, name


def test_presets_list_show_and_validate_show_odd_names_and_titles(user_presets, capsys, monkeypatch):
    monkeypatch.setenv("COLUMNS", "200")
    (user_presets / "[odd].toml").write_text(
        'family = "president"\nextends = "president-classic"\ntitle = "T [/] \\\\"\n'
        'description = "[bold]not bold"\n[titles]\nscum = "[/]Scum"\n')
    assert main(["presets", "list"]) == 0
    out = capsys.readouterr().out
    assert "[odd]" in out and "T [/] \\" in out and "[bold]not bold" in out
    assert main(["presets", "show", "[odd]"]) == 0
    out = capsys.readouterr().out
    assert out.startswith("T [/] \\ — President · [odd]") and "scum = [/]Scum" in out
    assert main(["presets", "validate", str(user_presets / "[odd].toml")]) == 0
    assert "President preset 'T [/] \\\\', 3–7 players" in capsys.readouterr().out  # (repr doubles the \\)


@pytest.mark.parametrize("name", ODD)
def test_a_message_naming_a_file_shows_it_as_written(name, capsys, tmp_path):
    path = tmp_path / f"{name.replace('/', '_')}.json"
    path.write_text("not json")
    assert main(["load", str(path)]) == 2
    err = " ".join(capsys.readouterr().err.split())
    assert str(path) in err and "not JSON" in err
