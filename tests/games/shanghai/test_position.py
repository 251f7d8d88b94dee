"""ShanghaiGame.from_position: a hand in progress set up from its public facts and the
hands (what the search bot's sampler builds) is the same position as the real one."""

from __future__ import annotations

import pytest

from cardtable import list_variants, load_variant, new_game
from cardtable.engine.rng import Rng
from cardtable.games.shanghai.bot import SimpleBot
from cardtable.games.shanghai.state import ShanghaiGame

from tests.positions import check_rebuilt_positions

from .helpers import deal, decline_all


def _rebuilt(game: ShanghaiGame) -> ShanghaiGame:
    table = game.view(None)
    copy = ShanghaiGame.from_position(
        game.variant, game.players, seed=7, round=game.round, scores=game.scores, dealer=game.dealer,
        turn=game.turn, phase=game.phase, melds=game.melds, down=table.down, buys_left=table.buys_left,
        live=game.live, discarder=game.discarder, offered_to=game.to_act[0] if game.phase == "buy" else None,
        must_go_down=game.must_go_down, went_down_now=table.went_down_now, taken=table.taken,
        rebuilds=game.rebuilds, hands=game.hands, played_wild=table.played_wild)
    copy.stock, copy.discard = list(game.stock), list(game.discard)  # the face-down cards, as dealt
    copy.rng.setstate(game.rng.getstate())  # (so a stock rebuilt from the pile is shuffled alike)
    return copy


@pytest.mark.parametrize("preset", list_variants("shanghai"))
def test_a_position_set_up_from_its_facts_is_the_same_position(preset):
    """S2–S12: at every 7th move, the rebuilt game shows every seat the same view and
    offers the seat to act the same moves (draws, buy window, go-downs, lay-offs); and
    after the same next move, it is still the same (where a buy window leads, S8)."""
    game = new_game(load_variant(preset), 4, seed=11)
    checked, seen, _dealt = check_rebuilt_positions(
        game, SimpleBot(), Rng(3), _rebuilt, checkable=lambda game, step: step % 7 == 0,
        kind=lambda game, seat: (game.phase, game.down[seat]))
    assert checked > 50 and len(seen) >= 4   # draw, buy and play, before and after going down


@pytest.mark.parametrize("preset", list_variants("shanghai"))
@pytest.mark.parametrize("end", ["fewest", "most"])
def test_a_position_is_the_same_at_the_fewest_and_the_most_players(preset, end):
    """S1–S12 at the preset's fewest and most players (the decks dealt and the buyers
    change with the count): every 5th move, rebuilt, is the same position."""
    variant = load_variant(preset)
    players = variant.players.min if end == "fewest" else variant.players.max
    game = new_game(variant, players, seed=32)
    checked, seen, _dealt = check_rebuilt_positions(
        game, SimpleBot(), Rng(5), _rebuilt, steps=1200, checkable=lambda game, step: step % 5 == 0,
        kind=lambda game, seat: (game.phase, game.down[seat]))
    assert checked > 40 and len(seen) >= 4  # draw, buy and play, before and after going down


def test_a_wild_played_this_turn_is_part_of_the_position():
    """S13: going down with a joker and going out in the same turn scores go_out_bonus
    (-25 in shanghai-wild-twos), not the in-one bonus (-50): the table saw the joker
    (``played_wild`` on every view, until the turn ends), and a game rebuilt mid-turn
    from the table's facts scores that turn as the real one (it scored -50)."""
    hands = ["3C 3D 4D 5D", "7C 7D 7H 9H 9S JK", "8C 8D 9D 10H"]
    game = deal(hands, stock="9D 6D 2S", upcard="QH", preset="shanghai-wild-twos")
    game.apply(1, "draw_stock"); decline_all(game)
    assert not game.view(0).played_wild
    game.apply(1, "meld 7C 7D 7H | 9H 9S JK")
    assert all(game.view(seat).played_wild for seat in (None, 0, 1, 2))
    copy = _rebuilt(game)
    for played in (game, copy):
        played.apply(1, "lay_off 9D @1,1")
        assert played.scores[1] == -25


@pytest.mark.parametrize(("seven_set", "scored"), [("7C 7D 7H", -50), ("7C 7D JK", -25)])
def test_the_search_bots_imagined_game_scores_a_go_out_in_one_as_the_table_would(seven_set, scored):
    """S13: the hard bot, imagining the hidden cards mid-turn, builds its game from the
    view's facts: gone down this turn (``went_down_now``, once read from the bot's own
    memory of the turn's start, which a hint's fresh bot lacks) and a wild played
    (``played_wild``); going out there scores as the real game would."""
    from cardtable.bots import make_bot

    hands = ["3C 3D 4D 5D", f"{seven_set} 9H 9S 9C", "8C 8D 9D 10H"]
    game = deal(hands, stock="9D 6D 2S", upcard="QH", preset="shanghai-wild-twos")
    game.apply(1, "draw_stock"); decline_all(game)
    game.apply(1, f"meld {' '.join(sorted(seven_set.split(), key=lambda c: c == 'JK'))} | 9C 9H 9S")
    view = game.view(1)
    assert view.went_down_now and view.played_wild == ("JK" in seven_set)
    bot = make_bot("shanghai", "hard", game.variant, seed=1)  # (a fresh bot: no memory of the turn)
    sampler = bot._sampler_for(view)
    imagined = sampler.determinize(sampler.prepare(view, Rng(1)), view, Rng(2))
    for played in (game, imagined):
        played.apply(1, "lay_off 9D @1,1")
        assert played.round_over and played.scores[1] == scored
