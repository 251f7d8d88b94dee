"""Replays: forward and back through a game, every hand revealed, the log in sync."""

from __future__ import annotations

import pytest

from cardtable import Game
from cardtable.store import Replay, SaveError, save_game
from cardtable.store.saves import save_data

from .helpers import FAMILIES, finished_game, seats_for, started_game


def game_at(game: Game, step: int) -> Game:
    """The game rebuilt from its data with only the first ``step`` log records."""
    data = game.to_data()
    return Game.from_data(dict(data, log=data["log"][:step]))


@pytest.mark.parametrize("family", FAMILIES)
def test_every_step_matches_a_game_rebuilt_to_it(family, tmp_path):
    """X5: a saved game replays move by move; every step is the game rebuilt to it."""
    game = finished_game(tmp_path, family, 2)
    replay = Replay(save_data(game, seats_for(game.players)), every=16)
    assert replay.total == len(game.to_data()["log"]) and replay.step == 0
    assert replay.end() == game and replay.at_end
    for step in (0, 1, 15, 16, 17, replay.total // 2, replay.total - 1, replay.total):
        at = replay.seek(step)
        expected = game_at(game, step)
        assert at == expected and replay.step == step
        assert replay.events == expected.events
        assert replay.hands == tuple(expected.view(s).hand for s in range(game.players))


def test_forward_and_back_agree(tmp_path):
    game = finished_game(tmp_path, "president", 4)
    replay = Replay(game, every=8)
    forward = []
    while not replay.at_end:
        replay.forward()
        forward.append((replay.game.to_act, replay.hands, len(replay.events)))
    backward = []
    for _ in range(replay.total):
        backward.append((replay.game.to_act, replay.hands, len(replay.events)))
        replay.back()
    assert replay.at_start and backward == forward[::-1]
    replay.seek(-5)
    assert replay.step == 0
    replay.seek(10**9)
    assert replay.step == replay.total


def test_step_records_and_events(tmp_path):
    game = finished_game(tmp_path, "tonk", 1)
    replay = Replay(save_data(game, seats_for(3)))
    assert replay.record(0) == ("start", None, "hand 1")  # Tonk's word (President: round)
    kind, seat, text = replay.record(1)
    assert (kind, seat, text) == ("move", *game.to_data()["log"][0][1:])
    deals = [s for s in range(1, replay.total + 1) if replay.record(s)[0] == "deal"]
    assert [replay.record(s)[2] for s in deals] == [f"hand {r}" for r in range(2, game.round + 1)]
    assert len(deals) >= 2
    # the events of every step, in order, are the whole log
    assert [e for s in range(replay.total + 1) for e in replay.step_events(s)] == game.events
    replay.seek(5)
    assert replay.events == [e for s in range(6) for e in replay.step_events(s)]


def test_everything_is_revealed_in_the_text(tmp_path):
    game = finished_game(tmp_path, "shanghai", 5)
    replay = Replay(save_data(game, seats_for(4)))
    text = "\n".join(replay.transcript())
    assert "Ann is dealt" in text and "Dag is dealt" in text
    assert "cards" not in text.split("\n")[3]  # dealt hands shown card by card, not counted
    assert "draws" in text and "won" in text.splitlines()[-1]
    assert replay.describe(game.events[2]).startswith(("Ann", "Dag", "Eve", "Finn", "Hand"))


def test_a_saved_unfinished_game_replays_up_to_where_it_stopped(tmp_path):
    game = started_game(tmp_path, "president", 7, 30)
    path = save_game(tmp_path / "g.json", game, seats_for(4))
    replay = Replay.from_file(path)
    assert replay.end() == game and not replay.game.is_over
    assert "not over" in list(replay.transcript())[-1]


def test_a_bad_log_is_a_save_error(tmp_path):
    game = started_game(tmp_path, "president", 7, 30)
    data = save_data(game, seats_for(4))
    data.pop("checksum")
    data["game"]["log"][10] = ["move", 0, "play 2S 2S 2S"]
    with pytest.raises(SaveError, match="step 11"):
        Replay(data, name="bad.json")
    with pytest.raises(SaveError, match="missing.json: no such file"):
        Replay.from_file(tmp_path / "missing.json")
