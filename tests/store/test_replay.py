"""Replays: forward and back through a game, every hand revealed, the log in sync."""

from __future__ import annotations

import json

import pytest

from cardtable import Game
from cardtable.store import Replay, SaveError, save_game
from cardtable.store.replay import HIDDEN_NOTE
from cardtable.store.saves import save_data

from .helpers import FAMILIES, bot_step, finished_game, game_with_a_hidden_chance, seats_for, started_game


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


def test_a_save_without_its_move_log_is_damaged_not_a_game_at_its_start(tmp_path):
    """A tester's save with its checksum and move log cut out: Load game listed it as
    "round 1 · 0 moves" and the replay played nothing, as if the game had just begun.
    Every reader refuses it: loading, the summary Load game lists, the replay."""
    from cardtable.store.saves import load_game, save_info

    game = started_game(tmp_path, "president", 7, 30)
    path = save_game(tmp_path / "g.json", game, seats_for(4))
    data = json.loads(path.read_text())
    data.pop("checksum")
    data["game"].pop("log")
    path.write_text(json.dumps(data))
    told = f"{path}: the save is damaged or incomplete: its game has no move log ('log')"
    for read in (load_game, save_info, Replay.from_file):
        with pytest.raises(SaveError) as refused:
            read(path)
        assert str(refused.value) == told, read


def test_a_bad_log_is_a_save_error(tmp_path):
    game = started_game(tmp_path, "president", 7, 30)
    data = save_data(game, seats_for(4))
    data.pop("checksum")
    data["game"]["log"][10] = ["move", 0, "play 2S 2S 2S"]
    with pytest.raises(SaveError) as refused:  # (worded as loading the save words it: no exception names)
        Replay(data, name="bad.json")
    assert str(refused.value) == ("bad.json: the move log does not replay: entry 11, seat 1's 'play 2S 2S 2S': "
                                  "it is not your turn")  # (the seat the rules' "your" speaks to)
    data["game"]["log"][10] = ["move", "x"]  # (a record of the wrong shape: worded as load words it too)
    with pytest.raises(SaveError) as refused:
        Replay(data, name="bad.json")
    assert str(refused.value).startswith("bad.json: entry 11 of the move log: a move is [")
    with pytest.raises(SaveError, match="missing.json: no such file"):
        Replay.from_file(tmp_path / "missing.json")
    data["game"]["log"] = 5  # (it was a TypeError, and the replays screen crashed)
    with pytest.raises(SaveError, match="bad.json: the save is damaged: its move log is not a list of moves"):
        Replay(data, name="bad.json")


@pytest.mark.parametrize("family", FAMILIES)
def test_the_round_a_save_ends_in_keeps_its_hands_hidden(family, tmp_path):
    """X1/X5: a save made mid-round can be loaded and played on, so its replay hides that
    round's hands (and tells its events as the table saw them: "is dealt 11 cards", not
    the cards); earlier rounds, over and done, show every hand."""
    game = started_game(tmp_path, family, 3, 0)
    while game.round < 2 or game.moves_played < 5 or game.round_over:  # into round 2
        bot_step(game)
    replay = Replay(save_data(game, seats_for(game.players)))
    round_two = next(step for step in range(replay.total + 1) if replay.record(step)[0] == "deal")
    assert replay.open_from == round_two
    replay.seek(round_two - 1)  # the end of round 1: revealed
    assert not replay.hidden and replay.hands == tuple(replay.game.view(s).hand for s in range(game.players))
    replay.seek(round_two)
    assert replay.hidden and replay.hands == ((),) * game.players
    text = list(replay.transcript())
    hidden = text[text.index(HIDDEN_NOTE) + 1:]
    dealt = [line.strip() for line in hidden if " is dealt " in line]
    assert len(dealt) == game.players and all(line.endswith(" cards") for line in dealt), dealt
    cards_dealt = [card for event in replay.step_events(round_two) if event.kind == "cards_dealt"
                   for card in event.cards]
    assert cards_dealt and not any(card.pretty() in line for card in cards_dealt for line in dealt)
    for step in range(round_two, replay.total + 1):  # every private line of the round is unsaid
        for event in replay.step_events(step):
            seen = replay.describe(event, False)
            if not event.visible_to(None):
                assert not any(seen in line for line in hidden), seen


def test_a_declined_out_of_turn_chance_in_the_round_in_play_leaves_no_trace():
    """X3: in the round a save ends in, a seat's declined quick-clear or any-time-2 chance
    (which nobody else saw) is passed by: no line in the text, no step on the screen, and
    the seat to act is the table's (not the seat asked)."""
    found = game_with_a_hidden_chance()
    replay = Replay(found)
    replay.end()
    assert replay.hidden and replay.to_act == found.view(None).to_act != found.to_act
    silent = [step for step in range(replay.total + 1) if replay.is_silent(step)]
    assert silent and all(replay.record(step)[2] == "decline" for step in silent)
    text = list(replay.transcript())
    assert not any("out-of-turn chance" in line for line in text)
    assert all(line.strip() for line in text)  # (no empty line where a decline was)


def test_a_finished_match_and_a_save_between_rounds_hide_nothing(tmp_path):
    game = finished_game(tmp_path, "tonk", 1)
    assert Replay(game).open_from is None
    between = started_game(tmp_path, "president", 2, 0)
    while not between.round_over:
        bot_step(between)
    assert Replay(between).open_from is None


def test_loading_a_log_with_a_refused_move_names_the_seat_the_reason_speaks_to(tmp_path):
    """The rules' reason is said to the seat that moved ("you do not hold …"): in a file's
    error it read as if about the reader; the entry names the seat and its move."""
    import json

    from cardtable.store import load_game

    game = started_game(tmp_path, "president", 7, 30)
    data = save_data(game, seats_for(4))
    data.pop("checksum")
    seat = data["game"]["log"][10][1]
    data["game"]["log"][10] = ["move", seat, "play 2S 2S 2S 2S 2S"]
    path = tmp_path / "edited.json"
    path.write_text(json.dumps(data))
    with pytest.raises(SaveError) as refused:
        load_game(path)
    assert f"entry 11, seat {seat + 1}'s 'play 2S 2S 2S 2S 2S': " in str(refused.value)
