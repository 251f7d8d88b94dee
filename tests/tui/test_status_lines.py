"""Status lines say what a player needs in words that fit an 80-column terminal."""

from __future__ import annotations

from cardtable.bots import make_bot
from cardtable.engine.rng import Rng
from cardtable.tui.president.present import present
from cardtable.tui.seats import parse_seats

from .helpers import played_round


def test_president_status_after_the_exchange_names_the_cards_and_fits_80_columns():
    """P8: until a player has played in round 2, the status says what they gave and got."""
    game = played_round()
    game.next_round()
    bot, rng = make_bot("president", "simple"), Rng(1)
    while game.phase != "play":
        seat = game.to_act[0]
        game.apply(seat, bot.choose(game.view(seat), game.legal_moves(seat), rng))
    seats = parse_seats("Player,Dag,Eve,Finn")
    leader = game.to_act[0]
    view = game.view(leader)
    status = present(game, leader, seats).status
    gave = " ".join(card.pretty() for card in view.given)
    got = " ".join(card.pretty() for card in view.received)
    assert status == f"{seats[leader].name} — your turn: lead any card or set of one rank · you gave {gave}, got {got}"
    assert len(status) <= 78  # 80 columns less the status line's padding


def test_the_match_goal_reads_in_words():
    from types import SimpleNamespace

    from cardtable.tui.president.present import match_text

    assert match_text(SimpleNamespace(match_target=11, match_rounds=1)) == "first to 11 or 1 round"
    assert match_text(SimpleNamespace(match_target=11, match_rounds=5)) == "first to 11 or 5 rounds"
    assert match_text(SimpleNamespace(match_target=0, match_rounds=1)) == "1 round"
    assert match_text(SimpleNamespace(match_target=0, match_rounds=0)) == "endless"


def test_log_rows_wrap_whole_words_and_a_tall_newest_line_keeps_its_start():
    from cardtable.tui.widgets.log import newest_rows

    assert newest_rows(("old", "short", "new"), 12, 2) == ["short", "new"]
    assert newest_rows(("old", "Ann lays off Q-C on Bob's meld"), 14, 3) == \
        ["old", "Ann lays off", "  Q-C on Bob's", "  meld"][-3:]
    assert newest_rows(("old", "Ann goes down: Q-C Q-D Q-H | 8-S 9-S 10-S J-S"), 12, 3) == \
        ["Ann goes", "  down: Q-C", "  Q-D Q-H |"]
