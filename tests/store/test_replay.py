"""Replays: forward and back through a game, every hand revealed, the log in sync."""

from __future__ import annotations

import pytest

from cardtable import Game
from cardtable.store import Replay, SaveError, save_game
from cardtable.store.replay import HIDDEN_NOTE
from cardtable.store.saves import save_data

from .helpers import FAMILIES, bot_step, finished_game, seats_for, started_game


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


@pytest.mark.parametrize("family", FAMILIES)
def test_the_round_a_save_ends_in_keeps_its_hands_hidden(family, tmp_path):
    """X1/X5: a save made mid-round can be loaded and played on, so its replay hides that
    round's hands (and tells its events as the table saw them, e.g. a draw without the
    card); earlier rounds, over and done, show every hand."""
    game = started_game(tmp_path, family, 3, 0)
    while game.round < 2 or game.moves_played < 5 or game.round_over:  # into round 2
        bot_step(game)
    replay = Replay(save_data(game, seats_for(game.players)))
    deal = max(i + 1 for i, record in enumerate(replay.records) if record[0] == "next_round")
    assert replay.open_from == deal
    replay.seek(deal - 1)  # the end of round 1: revealed
    assert not replay.hidden and replay.hands == tuple(replay.game.view(s).hand for s in range(game.players))
    replay.seek(deal)
    assert replay.hidden and replay.hands == ((),) * game.players
    for step in range(deal, replay.total + 1):
        for event in replay.step_events(step):
            assert replay.describe(event, True) == event.describe(replay.name, None)
    text = list(replay.transcript())
    assert HIDDEN_NOTE in text
    after = text[text.index(HIDDEN_NOTE) + 1:]
    private = [e for s in range(deal, replay.total + 1) for e in replay.step_events(s)
               if not e.visible_to(None)]
    assert private  # (the round's deal at least: every hand dealt)
    for event in private:
        seen = replay.describe(event, False)
        assert seen not in after  # the revealed line is nowhere in the hidden part


def test_a_finished_match_and_a_save_between_rounds_hide_nothing(tmp_path):
    game = finished_game(tmp_path, "tonk", 1)
    assert Replay(game).open_from is None
    between = started_game(tmp_path, "president", 2, 0)
    while not between.round_over:
        bot_step(between)
    assert Replay(between).open_from is None
