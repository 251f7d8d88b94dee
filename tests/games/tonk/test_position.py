"""TonkGame.from_position: a hand in progress set up from its public facts and the
hands (what the search bot's sampler builds) is the same position as the real one."""

from __future__ import annotations

import pytest

from cardtable import list_variants, load_variant, new_game
from cardtable.engine.rng import Rng
from cardtable.games.tonk.bot import SimpleBot
from cardtable.games.tonk.state import TonkGame

from tests.positions import check_rebuilt_positions


def _rebuilt(game: TonkGame) -> TonkGame:
    table = game.view(None)
    copy = TonkGame.from_position(
        game.variant, game.players, seed=7, round=table.round, scores=table.scores, dealer=table.dealer,
        phase=table.phase, to_act=table.to_act[0], spreads=table.spreads, grown_sets=table.grown_sets,
        drop_locks=table.drop_locks,
        # Not on the public view (each seat sees only its own ``first_turn``): the game's own record.
        turns=game._turns,
        # Not on the public view either (a spread may since have gone to the pile as a dead
        # four, T6): the game's own flag.
        anyone_spread=game._anyone_spread,
        stock_out=table.phase == "act" and table.stock_size == 0,  # the draw took the last card (T9)
        side_bets=table.side_bets, spades_shown=table.spades_shown, hands_paid=table.hands_paid,
        hands=game._hands)  # (Tonk keeps the hands in a private field; a test may read them)
    copy._stock, copy._discard = list(game._stock), list(game._discard)  # the face-down cards, as dealt
    copy.rng.setstate(game.rng.getstate())
    return copy


@pytest.mark.parametrize("preset", list_variants("tonk"))
def test_a_position_set_up_from_its_facts_is_the_same_position(preset):
    """T5–T12: at every 3rd move of a turn that has not spread nor hit yet (the
    positions ``from_position`` describes), the rebuilt game shows every seat the same
    view and offers the seat to act the same moves (side bet T12; draw, take the upcard,
    drop T7 (locked out by hits, T6) or declare T10; spread T3, hit T6, dead four,
    discard T5); and after the same next move (a win settled by T7–T9 included), it is
    still the same."""
    # (the match runs on as long as the check needs: tonk-sitting's would end after 25 hands)
    game = new_game(load_variant(preset).changed(match_hands=0, starting_chips=100), 3, seed=11)
    checked, seen, dealt = check_rebuilt_positions(
        game, SimpleBot(), Rng(3), _rebuilt,
        # (whether this turn has spread or hit yet is not on the view: the game's own flags)
        checkable=lambda game, step: step % 3 == 0 and game._turn_spread == 0 and not game._turn_hit,
        kind=lambda game, seat: (game.view(None).phase, any(game.spreads), game.view(seat).first_turn))
    phases = len(seen)
    assert checked > 500 and phases >= 8 and dealt > 10  # start and act, with and without spreads, first turn or not


def test_a_position_knows_the_hands_paid_that_end_a_match():
    """T13 ``match_hands``: a voided hand is dealt again and not counted, so the hand
    number alone does not say how many were paid. from_position set none paid, whatever
    the hand: a search bot imagining hand 3 of a 3-hand match played on past its end."""
    from cardtable.games.tonk.preset import TonkVariant

    data = load_variant("tonk-classic").model_dump()
    data["rules"]["match_hands"] = 3
    variant = TonkVariant.model_validate(data)
    game = new_game(variant, 3, seed=4)
    table = game.view(None)

    def at_hand_3(paid):
        return TonkGame.from_position(
            variant, 3, seed=4, round=3, scores=(0, 0, 0), dealer=table.dealer, phase=table.phase,
            to_act=table.to_act[0], spreads=table.spreads, grown_sets=(), drop_locks=(0, 0, 0),
            turns=(0, 0, 0), anyone_spread=False, stock_out=False, hands_paid=paid, hands=game._hands)

    assert at_hand_3(None).view(0).hands_paid == 2  # (unsaid: every hand before this one paid)
    for paid, ends in ((2, True), (1, False)):  # (hand 2 was voided: one more to play)
        position = at_hand_3(paid)
        position._stock, position._discard = list(game._stock), list(game._discard)
        bot, rng = SimpleBot(), Rng(1)
        while not position.round_over:
            seat = position.to_act[0]
            position.apply(seat, bot.choose(position.view(seat), position.legal_moves(seat), rng))
        assert position.view(0).hands_paid == paid + 1 and position.is_over is ends


@pytest.mark.parametrize("preset", list_variants("tonk"))
@pytest.mark.parametrize("end", ["fewest", "most"])
def test_a_position_is_the_same_at_the_fewest_and_the_most_players(preset, end):
    """T1–T12 at the preset's fewest and most players (the stock's size, who drops
    against whom): every 3rd move of a turn not yet spread nor hit, rebuilt, is the same."""
    variant = load_variant(preset).changed(match_hands=0, starting_chips=100)
    players = variant.players.min if end == "fewest" else variant.players.max
    game = new_game(variant, players, seed=33)
    checked, seen, dealt = check_rebuilt_positions(
        game, SimpleBot(), Rng(5), _rebuilt, steps=1200,
        checkable=lambda game, step: step % 3 == 0 and game._turn_spread == 0 and not game._turn_hit,
        kind=lambda game, seat: (game.view(None).phase, any(game.spreads)))
    assert checked > 100 and len(seen) >= 3 and dealt > 3
