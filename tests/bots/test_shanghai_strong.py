"""The strong Shanghai bot (hard/expert): views only, legal and seeded moves, and
Shanghai sense on stacked deals (searching only the decisions that matter)."""

from __future__ import annotations

from cardtable import load_variant, new_game
from cardtable.bots import make_bot
from cardtable.engine.cards import Card, parse_cards
from cardtable.engine.moves import Move
from cardtable.engine.rng import Rng
from cardtable.games.shanghai.bot import SimpleBot
from cardtable.games.shanghai.sampling import Sampler
from cardtable.games.shanghai.state import ShanghaiGame
from cardtable.games.shanghai.strong import ShanghaiSearchBot, StrongPolicy
from cardtable.games.shanghai.view import ShanghaiView

from ..games.shanghai.helpers import deal, decline_all
from .helpers import position

VARIANT = load_variant("shanghai-classic")


def _bot(seed: int = 3, iterations: int = 6) -> ShanghaiSearchBot:
    bot = make_bot("shanghai", "hard", VARIANT, seed=seed)
    assert isinstance(bot, ShanghaiSearchBot)
    bot.iterations, bot.seconds = iterations, 60.0   # the iteration count ends every search
    bot.strict = True   # a failed search raises (in play the simple bot would answer)
    return bot


class _ViewOnly:
    """Wraps a bot and checks that it is handed views (never the game) and answers legally."""

    def __init__(self, bot: ShanghaiSearchBot) -> None:
        self.bot = bot

    def choose(self, view, legal, rng):
        assert isinstance(view, ShanghaiView) and not isinstance(view, ShanghaiGame)
        move = self.bot.choose(view, legal, rng)
        assert move in legal
        return move


def test_make_bot_gives_the_shanghai_search_bot_for_hard_and_expert():
    hard = make_bot("shanghai", "hard", VARIANT)
    expert = make_bot("shanghai", "expert", VARIANT)
    assert isinstance(hard, ShanghaiSearchBot) and isinstance(expert, ShanghaiSearchBot)
    assert expert.iterations == 5 * hard.iterations


def test_plays_a_whole_hand_from_views_with_legal_moves_only():
    game = position("shanghai", seed=11, moves=0)
    bots = [_ViewOnly(_bot(seed=s)) if s == 0 else make_bot("shanghai", "medium") for s in range(4)]
    rng = Rng(5)
    searched = 0
    for _ in range(3000):
        if game.round_over:
            break
        seat = game.to_act[0]
        legal = game.legal_moves(seat)
        game.apply(seat, bots[seat].choose(game.view(seat), legal, rng))
        searched += seat == 0 and bool(bots[0].bot.last)
    assert game.round_over
    assert searched > 0                              # some decisions were searched


def test_same_seed_same_view_same_move():
    game = position("shanghai", seed=4, moves=9)
    seat = game.to_act[0]
    view, legal = game.view(seat), game.legal_moves(seat)
    first = _bot(seed=8).choose(view, legal, Rng(2))
    again = _bot(seed=8).choose(view, legal, Rng(2))
    assert first == again and first in legal


def test_same_seed_same_discard_search():
    # Seat 1 holds two spare cards and nothing to meld: the discard is searched.
    game = deal(["2C 3D 4D 5D 9C 10C JC", "7C 7D 9H 9S KD 4C AH", "8C 8D 9D 10H 2S 3S 4S"],
                stock="5C 6D 2H 3H 4H QS QD 5S", upcard="QH")
    game.apply(1, "draw_stock")
    decline_all(game)
    view, legal = game.view(1), game.legal_moves(1)
    one, two = _bot(seed=8), _bot(seed=8)
    assert one.choose(view, legal, Rng(2)) == two.choose(view, legal, Rng(2))
    assert one.last and [s.move for s in one.last] == [s.move for s in two.last]
    assert len(one.last) <= 3 and all(s.move.kind == "discard" for s in one.last)


def test_takes_the_upcard_that_completes_its_contract():
    # Contract 1 is two sets of 3: seat 1 (first to draw) holds 7-7 and 9-9-9; the
    # upcard is a 7.
    game = deal(["2C 3D 4D 5D 10S JS", "7C 7D 9H 9S 9D 4C KD", "8C 8D 10D 10H QS KS"],
                stock="5C 6D 2S 3S 4S 5S 6S 8H", upcard="7H")
    assert game.turn == 1 and game.phase == "draw"
    bot = _bot()
    move = bot.choose(game.view(1), game.legal_moves(1), Rng(1))
    assert move.kind == "take_upcard"
    game.apply(1, move)
    assert bot.choose(game.view(1), game.legal_moves(1), Rng(1)).kind == "meld"   # and goes down


def _upcard_offered_to_seat_1(upcard: str):
    """Seat 0 draws from the stock; the others decline until seat 1 is offered ``upcard``."""
    game = deal(["2C 3D 4D 5D 6C 6D", "7C 7D 9H 9S KD 4C", "8C 8D 9D 10H 2S 3S"],
                stock="5C 6H 2H 3H 4H QS QD 5S", upcard=upcard, dealer=2)
    game.apply(0, "draw_stock")
    while game.phase == "buy" and game.to_act[0] != 1:
        game.apply(game.to_act[0], "decline")
    assert game.phase == "buy" and game.to_act[0] == 1
    return game


def test_declines_a_useless_buy_without_searching():
    # Seat 1 is offered QH (the dealt upcard): nothing near it in its hand.
    game = _upcard_offered_to_seat_1("QH")
    bot = _bot()
    move = bot.choose(game.view(1), game.legal_moves(1), Rng(1))
    assert move.kind == "decline" and bot.last == []


def test_policy_buys_a_card_that_brings_the_contract_closer():
    game = _upcard_offered_to_seat_1("9C")
    move = StrongPolicy().choose(game.view(1), game.legal_moves(1), Rng(1))
    assert move.kind == "buy"


def test_sampler_deals_a_seen_pickup_back_to_its_holder():
    game = deal(["2C 3D 4D 5D 10S JS", "7C 7D 9H 9S 9D 4C KD", "8C 8D 10D 10H QS KS"],
                stock="5C 6D 2S 3S 4S 5S 6S 8H", upcard="7H")
    game.apply(1, "take_upcard")
    game.apply(1, "discard KD")
    view = game.view(2)
    assert view.taken[1] == (Card.parse("7H"),)
    sampler = Sampler(VARIANT)
    template = sampler.prepare(view, Rng(3))
    for seed in range(5):
        imagined = sampler.determinize(template, view, Rng(seed))
        assert Card.parse("7H") in imagined.hands[1]
        assert [len(h) for h in imagined.hands] == list(view.hand_sizes)
        assert imagined.hands[2] == sorted(view.hand)


def test_sampler_keeps_the_seen_discard_pile_out_of_imagined_hands():
    """#7: every card on the pile was seen face up, so no imagined hand or stock holds it."""
    from .helpers import position

    game = position("shanghai", 13, moves=40)
    seat = game.to_act[0]
    view = game.view(seat)
    assert len(view.discards) == view.discard_size >= 5 and view.discards[-1] == view.discard_top
    sampler = Sampler(VARIANT)
    template = sampler.prepare(view, Rng(3))
    for seed in range(5):
        imagined = sampler.determinize(template, view, Rng(seed))
        assert imagined.discard == list(view.discards)
        assert [len(h) for h in imagined.hands] == list(view.hand_sizes)
        assert len(imagined.stock) == view.stock_size


def test_policy_swaps_a_melded_joker_to_go_down():
    """S7: a player not yet down may take back a melded joker if it goes down that turn.
    The medium bot never does; the strong policy does when that is its only go-down."""
    # Contract 1 is two sets of 3. Seat 1 goes down with 7C 7D JK and 9H 9S 9D; seat 2
    # then holds 5-5-5, Q-Q and 7H: giving 7H for the joker lets it go down (S7),
    # which the medium bot never does before it is down.
    game = deal(["8C 8H 10S JS QH KD AC", "7C 7D JK 9H 9S 9D 4C", "5C 5D 5S QS QD 7H 2C"],
                stock="2H 3H 4H 8S 8D 10C 10D 6C", upcard="KH")
    medium = make_bot("shanghai", "medium")
    while game.turn == 1:
        seat = game.to_act[0]
        legal = game.legal_moves(seat)
        game.apply(seat, "decline" if game.phase == "buy" else medium.choose(game.view(seat), legal, Rng(1)))
    assert game.down[1] and game.turn == 2 and game.phase == "draw"
    game.apply(2, "draw_stock")
    decline_all(game)
    view, legal = game.view(2), game.legal_moves(2)
    assert not any(m.kind == "meld" for m in legal)
    move = StrongPolicy().choose(view, legal, Rng(1))
    assert move.kind == "swap_joker" and move.cards == (Card.parse("7H"),)
    assert medium.choose(view, legal, Rng(1)).kind == "discard"
    game.apply(2, move)
    assert StrongPolicy().choose(game.view(2), game.legal_moves(2), Rng(1)).kind == "meld"


def test_policy_buys_cards_for_a_long_contract_it_holds_too_few_cards_for():
    """S8 / S9: only buys add cards to a hand; in a contract longer than the hand the
    strong policy buys a card near its hand even when it adds nothing by itself."""
    # A run of 10 and a set of 3 (hand 8's contract) need 13 cards; seat 1 holds 6,
    # so it buys a card near its hand even when the card adds nothing by itself.
    rules = VARIANT.rules.model_copy(update={"contracts": [[["set", 3], ["run", 10]]] * 10})
    variant = VARIANT.model_copy(update={"rules": rules})
    hands = ["2D 3D 4D 8H 9H 10S", "2C 3C 4C 5C 6C KD", "8C 8D 9D 10H 2S 3S"]
    game = new_game(variant, 3, seed=1, hands=hands, stock=parse_cards("7H 6H 2H 3H 4H QS QD 5S"),
                    upcard="5C", dealer=2)
    game.apply(0, "draw_stock")
    while game.phase == "buy" and game.to_act[0] != 1:
        game.apply(game.to_act[0], "decline")
    assert game.phase == "buy" and game.to_act[0] == 1
    view, legal = game.view(1), game.legal_moves(1)
    assert StrongPolicy()._gain(view, Card.parse("5C")) == 0
    assert StrongPolicy().choose(view, legal, Rng(1)).kind == "buy"
    assert make_bot("shanghai", "medium").choose(view, legal, Rng(1)).kind == "decline"


def test_a_search_bot_without_a_preset_samples_with_the_house_rules_it_sees():
    """Made without a variant, the hard bot takes the rules from the view (here 2s wild),
    not the classic preset's."""

    game = new_game(load_variant("shanghai-wild-twos"), 4, seed=2)
    view = game.view(game.to_act[0])
    sampler = ShanghaiSearchBot()._sampler_for(view)
    assert sampler.variant.rules == view.rules
    assert sampler.variant.rules != load_variant("shanghai-classic").rules


def test_discards_by_the_presets_card_points(tmp_path):
    """S11 ``card_points``: between two spare cards of equal use the costlier goes, as
    the preset counts them (a 9 worth 20 here, against the king's 10)."""
    (tmp_path / "nines.toml").write_text('extends = "shanghai-classic"\n[rules.card_points]\n9 = 20\n')
    for variant, thrown in ((VARIANT, "KD"), (load_variant(tmp_path / "nines.toml"), "9C")):
        game = new_game(variant, 3, hands=["4C 4D 6H 6S 8H 8D 10H 10S QH QS AH",
                                           "3C 3D 5H 5S 7C 7D JH JS 8C KD 9C",
                                           "2C 2D 6C 6D 10C 10D QC QD AC AD KC"],
                        stock=parse_cards("4H 5D 5C 9S 9H"), upcard="2S")
        game.apply(1, "draw_stock")
        decline_all(game)
        view, legal = game.view(1), game.legal_moves(1)
        for bot in (SimpleBot(shake=0.0), StrongPolicy()):
            assert bot.choose(view, legal, Rng(1)) == Move("discard", (Card.parse(thrown),)), type(bot)


def test_an_upcard_taken_is_the_last_card_the_strong_bot_lets_go():
    """S3: a play-tester's hint said "take the upcard J♣", then "discard J♣": the turn
    wasted. An upcard the seat took and still holds is now the last of its discards (it
    was second here: a lone king among the spare cards the search chose from)."""
    from cardtable.games.shanghai.strong import DISCARD_CANDIDATES

    game = new_game(load_variant("shanghai-classic"), 3, seed=5, dealer=2, upcard="KS", hands=[
        "5C 5D 7C 7D 9S 9H 4D QS QH 3C JH", "2C 3D 6D 8H 10S JC QD AH 2D 4H 6S", "3H 5S 8C 10H JD 4C AS 3S 5H 8S 6C"])
    game.apply(0, "take_upcard")
    order = [str(move) for move in StrongPolicy().discard_order(game.view(0), game.legal_moves(0))]
    assert order[-1] == "discard KS" and "discard KS" not in order[:DISCARD_CANDIDATES]
