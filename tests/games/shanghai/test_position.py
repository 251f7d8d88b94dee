"""ShanghaiGame.from_position: a hand in progress set up from its public facts and the
hands (what the search bot's sampler builds) is the same position as the real one."""

from __future__ import annotations

import pytest

from cardtable import list_variants, load_variant, new_game
from cardtable.engine.rng import Rng
from cardtable.games.shanghai.bot import SimpleBot
from cardtable.games.shanghai.state import ShanghaiGame

from tests.positions import check_rebuilt_positions


def _rebuilt(game: ShanghaiGame) -> ShanghaiGame:
    table = game.view(None)
    copy = ShanghaiGame.from_position(
        game.variant, game.players, seed=7, round=game.round, scores=game.scores, dealer=game.dealer,
        turn=game.turn, phase=game.phase, melds=game.melds, down=table.down, buys_left=table.buys_left,
        live=game.live, discarder=game.discarder, offered_to=game.to_act[0] if game.phase == "buy" else None,
        must_go_down=game.must_go_down, went_down_now=game.went_down_now, taken=table.taken,
        rebuilds=game.rebuilds, hands=game.hands)
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
