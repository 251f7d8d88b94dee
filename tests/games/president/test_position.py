"""PresidentGame.from_position: a round in play set up from its public facts and the
hands (what the search bot's sampler builds) is the same position as the real one."""

from __future__ import annotations

import pytest

from cardtable import list_variants, load_variant, new_game
from cardtable.engine.rng import Rng
from cardtable.games.president.bot import SimpleBot
from cardtable.games.president.state import PresidentGame

from tests.positions import check_rebuilt_positions, turns


def _rebuilt(game: PresidentGame) -> PresidentGame:
    table = game.view(None)
    copy = PresidentGame.from_position(
        game.variant, game.players, seed=7, round=table.round, scores=table.scores, titles=table.titles,
        order=table.order, dealer=table.dealer, pile=table.pile, played=table.played,
        last_player=table.last_player, turn=table.turn, passed=table.passed, locked=table.locked,
        finish_order=table.finish_order, out=table.out,
        # Each seat knows only its own exchange and table talk (the public view shows none of
        # it): the game's own records.
        given=game._given, received=game._received, shared=game._shared,
        hands=game.hands, bombed=game._bombed)  # (P23: whose bomb this turn; the game's own lock)
    copy.aside = list(game.aside)  # the face-down cards, as dealt
    copy.rng.setstate(game.rng.getstate())
    return copy


@pytest.mark.parametrize("preset", list_variants("president"))
def test_a_position_set_up_from_its_facts_is_the_same_position(preset):
    """P4–P11: at every 2nd move of the tricks (after the exchange P13–P16; no
    out-of-turn chance open, X3), the rebuilt round shows every seat the same view and
    offers the seat to act the same moves (leads P4, P21; follows P5, equal ranks P5,
    2s P20; passes P6, locked out P6); and after the same next move (a trick cleared P7,
    a seat out P8, the round ended P9/P10), it is still the same, and so is the next
    round's deal and exchange (P11, P13–P16). (Bombs P23, burns P25, P26 and quick
    clears P24 come in the multi-deck preset.)"""
    variant = load_variant(preset)
    checked, seen, dealt = 0, set(), 0
    for seed in (11, 12, 13):  # (a match that ends before a kind of position came up: one more)
        game = new_game(variant, max(variant.players.min, 4), seed=seed)
        more = check_rebuilt_positions(
            game, SimpleBot(), Rng(3), _rebuilt,
            # (whether a chance is open is not public, X3: the game's own list)
            checkable=lambda game, step: step % 2 == 0 and game.phase == "play" and not game._window,
            kind=lambda game, seat: (bool(game.pile), game.titles is not None, bool(game.view(None).out)))
        checked, seen, dealt = checked + more[0], seen | more[1], dealt + more[2]
        if checked > 150 and len(seen) >= 8 and dealt >= 1:
            break
    phases = len(seen)
    assert checked > 150 and phases >= 8 and dealt >= 1  # lead or follow, first round or not, someone out or not


def test_the_one_bomb_per_turn_lock_is_part_of_the_position():
    """P23: after a bomb clears the pile its player leads, and may not bomb again this
    turn: a position given the bomber (``bombed``) offers it no second bomb."""
    variant = load_variant("president-bombs")
    game = new_game(variant, 4, seed=17)
    bot, rng = SimpleBot(), Rng(3)
    locked = 0
    for _step, seat in turns(game, 3000):
        if game.phase == "play" and not game._window and game._bombed is not None:  # (the game's own lock)
            locked += 1
            assert _rebuilt(game).legal_moves(seat) == game.legal_moves(seat)
        game.apply(seat, bot.choose(game.view(seat), game.legal_moves(seat), rng))
    assert locked > 10


@pytest.mark.parametrize("preset", list_variants("president"))
@pytest.mark.parametrize("end", ["fewest", "most"])
def test_a_position_is_the_same_at_the_fewest_and_the_most_players(preset, end):
    """P4–P16 at the preset's fewest and most players (the deal's sizes, the titles and
    their exchanges change with the count): every 3rd move of the tricks, rebuilt, is the
    same position, and stays so after the next move and the next deal."""
    variant = load_variant(preset)
    players = variant.players.min if end == "fewest" else variant.players.max
    game = new_game(variant, players, seed=31)
    checked, seen, _dealt = check_rebuilt_positions(
        game, SimpleBot(), Rng(5), _rebuilt, steps=1200,
        checkable=lambda game, step: step % 3 == 0 and game.phase == "play" and not game._window,
        kind=lambda game, seat: (bool(game.pile), game.titles is not None))
    assert checked > 40 and len(seen) == 4  # lead or follow, in the first round and after it
