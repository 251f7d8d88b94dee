"""The engine surface refuses what is not a seat, a move or a deal with a clear error,
the same way for every family, and changes nothing."""

from __future__ import annotations

import copy

import pytest

from cardtable import Game, IllegalMove, load_variant, new_game

TABLES = [("president-classic", 4), ("shanghai-classic", 4), ("tonk-classic", 3)]


@pytest.mark.parametrize(("preset", "players"), TABLES)
@pytest.mark.parametrize("seat", [-1, 99, "1", True, 1.0])
def test_a_view_is_of_a_seat_at_the_table_or_of_nobody(preset, players, seat):
    game = new_game(load_variant(preset), players, seed=3)
    with pytest.raises(ValueError, match=f"there is no seat {seat!r}: seats are 0 to {players - 1}, or None"):
        game.view(seat)
    with pytest.raises(ValueError, match=f"there is no seat {seat!r}: seats are 0 to {players - 1}"):
        game.legal_moves(seat)
    assert game.view(None).hand == ()


@pytest.mark.parametrize(("preset", "players"), TABLES)
@pytest.mark.parametrize("seat", [True, 1.0])
def test_a_seat_that_is_not_a_number_is_refused_after_seat_1s_moves_were_listed(preset, players, seat):
    """The listed moves are kept per seat; ``True == 1`` must not find seat 1's."""
    game = new_game(load_variant(preset), players, seed=3)
    game.legal_moves(1)
    with pytest.raises(ValueError, match=f"there is no seat {seat!r}"):
        game.legal_moves(seat)


@pytest.mark.parametrize("seed", [2**63, -2**63 - 1, 10**400])
def test_a_seed_is_a_64_bit_number(seed):
    """A save and the match history keep the seed as a 64-bit number."""
    with pytest.raises(ValueError, match="a seed is a whole number from -9223372036854775808 to "
                                         "9223372036854775807 [(]64 bits[)]"):
        new_game(load_variant("tonk-classic"), 2, seed=seed)
    assert new_game(load_variant("tonk-classic"), 2, seed=2**63 - 1).seed == 2**63 - 1


def test_a_match_played_again_deals_from_the_next_seed_wrapping_at_64_bits():
    """(Play again from the largest seed crashed: seed + 1 is past 64 bits.)"""
    from cardtable.engine.rng import SEED_HIGH, SEED_LOW, next_seed

    assert next_seed(7) == 8 and next_seed(SEED_HIGH) == SEED_LOW
    assert new_game(load_variant("tonk-classic"), 2, seed=next_seed(SEED_HIGH)).seed == SEED_LOW


@pytest.mark.parametrize("seed", [1, 3, 2**63 - 1])
def test_a_negative_seed_deals_another_game_than_its_positive_twin(seed):
    """(Python's generator seeds with a number's size alone: seed -3 dealt seed 3's game, and
    simulate from a negative seed played pairs of the same deal.)"""
    variant = load_variant("president-classic")
    hands = {s: new_game(variant, 4, seed=s).view(0).hand for s in (seed, -seed)}
    assert hands[seed] != hands[-seed]
    assert new_game(variant, 4, seed=-seed).view(0).hand == hands[-seed]  # (still the same seed, the same deal)


def test_a_game_saved_from_a_negative_seed_before_the_new_dealing_says_why_it_does_not_load():
    """A game saved from seed -3 before 28 Nov 2026 was dealt as seed 3 is now: its moves
    no longer replay, and the refusal says why."""
    from cardtable.engine.errors import SaveError
    from cardtable.engine.game import Game

    game = new_game(load_variant("tonk-classic"), 2, seed=3)  # (how -3 was dealt then)
    for move in ("draw_stock", "discard"):  # (the first seat draws and throws its first card)
        seat = game.to_act[0]
        game.apply(seat, next(m for m in game.legal_moves(seat) if m.kind == move))
    data = game.to_data() | {"seed": -3}
    with pytest.raises(SaveError, match="a game dealt from a negative seed before 28 Nov 2026 deals otherwise now"):
        Game.from_data(data)


@pytest.mark.parametrize("dealer", [True, "0", 0.0])
def test_the_dealer_is_a_seat_number(dealer):
    with pytest.raises(TypeError, match=f"dealer is a seat number, not {dealer!r}"):
        new_game(load_variant("tonk-classic"), 2, seed=1, dealer=dealer)


@pytest.mark.parametrize(("preset", "players"), TABLES)
@pytest.mark.parametrize("kind", [bool, float])
def test_a_seat_that_is_not_a_number_plays_nothing(preset, players, kind):
    """``True`` or ``1.0`` for the seat to act is refused, and the log keeps no move
    that was not made (the game still saves and loads)."""
    game = new_game(load_variant(preset), players, seed=3)
    seat = game.to_act[0]
    move, before = game.legal_moves(seat)[0], copy.deepcopy(game)
    with pytest.raises(IllegalMove, match=f"a seat is a number from 0 to {players - 1}, not {kind(seat)!r}"):
        game.apply(kind(seat), move)
    assert game == before and game.moves_played == 0
    game.apply(seat, move)
    assert Game.from_json(game.to_json()) == game


@pytest.mark.parametrize(("preset", "players"), TABLES)
def test_a_refused_stacked_deal_for_the_next_round_changes_nothing(preset, players):
    """``next_round`` with cards the decks do not hold raises and leaves the game as it
    was: the round is still over, the next deal can be made, and the game saves."""
    from cardtable.bots import make_bot
    from cardtable.engine.rng import Rng

    game = new_game(load_variant(preset), players, seed=5)
    bot, rng = make_bot(game.family, "simple"), Rng(5)
    while not game.round_over:
        seat = game.to_act[0]
        game.apply(seat, bot.choose(game.view(seat), game.legal_moves(seat), rng))
    before, heard = copy.deepcopy(game), []
    game.subscribe(lambda _game, events: heard.append(events))
    with pytest.raises(ValueError, match="stacked deal: AS is not in the deck, or is given too often"):
        game.next_round(hands=[["AS"] * 20] + [["2C"]] * (players - 1))
    assert game == before and game.round == 1 and game.round_over and heard == []
    assert Game.from_json(game.to_json()) == game
    game.next_round()
    assert game.round == 2 and game.to_act and len(heard) == 1


@pytest.mark.parametrize(("preset", "players"), TABLES)
@pytest.mark.parametrize("move", [None, 17, ("play", "3S")])
def test_a_move_is_a_move_or_its_text(preset, players, move):
    game = new_game(load_variant(preset), players, seed=3)
    seat, before = game.to_act[0], game.to_data()
    with pytest.raises(IllegalMove, match=f"a move is a Move or its text .*, not {type(move).__name__}"):
        game.apply(seat, move)
    assert game.to_data() == before


@pytest.mark.parametrize(("hands", "message"), [
    ("3S 4H", r"hands: give a list with one hand per seat"),
    (["3S", "4H", "5D"], r"hands: give one hand per seat \(4\), not 3"),
    (["3S", "", "5D", "6C"], r"hands: every seat is dealt at least one card \(seat 1 has none\)"),
])
def test_a_stacked_deal_deals_every_seat(hands, message):
    with pytest.raises(ValueError, match=message):
        new_game(load_variant("president-classic"), 4, seed=1, hands=hands)


@pytest.mark.parametrize(("preset", "word"), [("president-classic", "Round"), ("shanghai-classic", "Hand"),
                                              ("tonk-classic", "Hand")])
def test_a_deal_is_told_in_the_game_s_own_word(preset, word):
    """President plays rounds; Shanghai and Tonk hands (the logs and replays say so)."""
    from cardtable.engine.rng import Rng
    from cardtable.bots import make_bot

    game = new_game(load_variant(preset), 4 if preset != "tonk-classic" else 3, seed=2)
    assert game.events[0].describe(str) == f"{word} 1 — 0 deals"
    bot, rng = make_bot(game.family, "simple"), Rng(2)
    while not game.round_over:
        seat = game.to_act[0]
        game.apply(seat, bot.choose(game.view(seat), game.legal_moves(seat), rng))
    ended = next(e for e in game.events if e.kind == "round_ended")
    assert ended.describe(str) == f"{word} 1 is over"


def test_wrong_arguments_are_told_in_words():
    """A Python user's slips get the error that names them, not an AttributeError from
    deep inside (API: new_game, legal_moves, list_variants)."""
    from cardtable import list_variants

    variant = load_variant("president-classic")
    for call, kind, words in (
        (lambda: new_game(None, 4), TypeError, "new_game needs a loaded preset (load_variant(name)) or a preset name, not NoneType"),
        (lambda: new_game(variant, "4"), TypeError, "players is a whole number, not '4'"),
        (lambda: new_game(variant, 4, seed="abc"), TypeError, "seed is a whole number or None, not 'abc'"),
        (lambda: new_game(variant, 4, seed=1).legal_moves(9), ValueError, "there is no seat 9: seats are 0 to 3"),
        (lambda: list_variants("poker"), ValueError, "unknown game family 'poker' (known: president, shanghai, tonk)"),
    ):
        with pytest.raises(kind) as caught:
            call()
        assert str(caught.value) == words


def test_list_variants_names_only_presets_that_load(user_presets):
    """A broken user preset is left out of every listing (``broken_presets`` has it)."""
    from cardtable import list_variants
    from cardtable.presets.loader import broken_presets

    (user_presets / "broken.toml").write_text('family = "tonk"\nplayers = {min = 2, max = 4}\n[rules]\nstake = "x"\n')
    assert "broken" not in list_variants() and "broken" not in list_variants("tonk")
    assert "tonk-classic" in list_variants() and set(list_variants("tonk")) < set(list_variants())
    assert any("broken" in names for names, _error in broken_presets())


def test_a_huge_player_count_is_refused_before_anything_is_built():
    """(President built its seating for every player first: a billion ran out of memory.)"""
    for preset in ("president-classic", "shanghai-classic", "tonk-classic"):
        with pytest.raises(ValueError, match="players, not 1000000000$"):
            new_game(load_variant(preset), 10**9, seed=1)


def test_wrong_arguments_to_the_rest_of_the_surface_say_what_they_should_be():
    from cardtable import Move
    from cardtable.bots import make_bot

    game = new_game(load_variant("tonk-classic"), 2, seed=1)
    with pytest.raises(TypeError, match="a listener is called as listener[(]game, events[)]; 5 cannot be"):
        game.subscribe(5)
    game.apply(game.to_act[0], game.legal_moves(game.to_act[0])[0])  # (the refused listener is not called)
    with pytest.raises(TypeError, match="Move.parse reads a move's text, such as \"play 7S 7H\", not None"):
        Move.parse(None)
    with pytest.raises(ValueError, match="unknown game family 'poker' [(]known: president, shanghai, tonk[)]"):
        make_bot("poker", "hard")
    with pytest.raises(TypeError, match="a bot level is text such as 'hard', not None"):
        make_bot("tonk", None)
    assert type(make_bot("tonk", "HARD")) is type(make_bot("tonk", "hard"))


def test_a_card_named_more_often_than_held_is_told_so():
    """A move naming 3D twice from a hand that holds it once says so, not "you do not
    hold 3D" (a play-tester held it); twins from two decks are counted."""
    from cardtable.engine.cards import not_held, parse_cards

    hand = parse_cards("3D 4C 9H 9H")
    assert not_held(parse_cards("3D 4C"), hand) is None
    assert not_held(parse_cards("5S"), hand) == "you do not hold 5S"
    assert not_held(parse_cards("3D 3D"), hand) == "you hold 3D only once"
    assert not_held(parse_cards("9H 9H 9H"), hand) == "you hold 9H only twice"


@pytest.mark.parametrize(("preset", "move", "reason"), [
    ("tonk-classic", "draw_stock 5S", "draw_stock takes no cards or target: the move is just 'draw_stock'"),
    ("tonk-classic", "take_upcard @0", "take_upcard takes no cards or target: the move is just 'take_upcard'"),
    ("shanghai-classic", "draw_stock @0", "draw_stock takes no cards or target: the move is just 'draw_stock'"),
    ("shanghai-classic", "take_upcard 5S", "take_upcard takes no cards or target: the move is just 'take_upcard'"),
    ("president-classic", "pass 3S", "pass takes no cards or target: the move is just 'pass'"),
    ("tonk-classic", "discard KC @0", "discard takes no target (the @ part)"),
    ("shanghai-classic", "discard 2D @0", "discard takes no target (the @ part)"),
    ("president-classic", "play 3D @0", "play takes no target (the @ part)"),
    ("president-classic", "play 3D | 4D", "play takes no groups (cards split by |)"),
    ("president-classic", "offer_talk 6H @2", "offer_talk takes no cards: the move is 'offer_talk' with its target (@…)"),
    ("president-classic", "fold", "'fold' is not a President move (moves: play, pass, decline, quick_clear, give, "
                                  "open_market, offer, accept, offer_talk)"),
    ("tonk-classic", "draw_stock @x", "a target is whole numbers after @, such as @1,0 (not @x)"),
    ("president-classic", "pass @", "a target is whole numbers after @, such as @1,0 (not @)"),
])
def test_a_move_that_names_what_its_kind_takes_not_is_told_so(preset, move, reason):
    """A draw with a card said "the stock is empty" (it held 36), a discard with a target
    "you may not go out by discarding your last card", a target not a number "invalid
    literal for int() with base 10"."""
    game = new_game(load_variant(preset), 3, seed=5)
    with pytest.raises(IllegalMove) as refused:
        game.apply(game.to_act[0], move)
    assert refused.value.reason == reason


def test_a_pass_that_is_the_only_move_is_not_called_a_move_not_allowed_now():
    """P4/P6: a player who cannot beat the pair of 5s may only pass; "pass 6D" said "you
    may not pass now". On a lead a decline says to play, not to play or pass."""
    game = new_game(load_variant("president-classic"), players=3,
                    hands=[["3S", "4H", "2C", "2D"], ["5C", "5D", "9S", "AH"], ["6D", "7H", "KS", "QS"]])
    with pytest.raises(IllegalMove, match="^you cannot decline now: play cards$"):
        game.apply(1, "decline")
    game.apply(1, "play 5C 5D")
    assert [str(m) for m in game.legal_moves(2)] == ["pass"]
    with pytest.raises(IllegalMove, match="^pass takes no cards or target: the move is just 'pass'$"):
        game.apply(2, "pass 6D")
    with pytest.raises(IllegalMove, match="^you cannot decline now: play cards or pass$"):
        game.apply(2, "decline")


def test_a_view_built_at_once_must_name_every_field_and_nothing_else():
    """PlayerView.of (Shanghai's and Tonk's views, built per move) sets the fields at once;
    a name left out or misspelt is a TypeError there, not a view that fails when read."""
    from cardtable.games.tonk.view import TonkView

    view = new_game(load_variant("tonk-classic"), 3, seed=5).view(0)
    fields = {name: getattr(view, name) for name in TonkView.__dataclass_fields__}
    assert TonkView.of(**fields) == view
    fields["chip"] = fields.pop("chips")
    with pytest.raises(TypeError, match=r"^TonkView\.of: missing \['chips'\]; not fields \['chip'\]$"):
        TonkView.of(**fields)


def _first_targeted(preset: str, players: int):
    """A game of ``preset`` played (seeded, at random) to a seat's first move with a target
    (a Tonk hit, a Shanghai lay-off): (the game, the seat, that move)."""
    import random

    game = new_game(load_variant(preset), players, seed=5)
    for step in range(5000):
        if game.round_over:
            game.next_round()
            continue
        seat = game.to_act[0]
        moves = game.legal_moves(seat)
        aimed = [move for move in moves if move.target is not None]
        if aimed:
            return game, seat, aimed[0]
        game.apply(seat, random.Random(step).choice(moves))
    raise AssertionError(f"{preset}: no move with a target in 5000 steps")


@pytest.mark.parametrize("preset", ["tonk-classic", "shanghai-classic"])
def test_a_move_built_by_hand_in_another_shape_is_judged_as_the_listed_one(preset):
    """A library tester's hand-built moves: a list target was refused with a false reason,
    a float one got through to a TypeError, a target of text a TypeError. One equal to a
    listed move is that move (as listed, in its shapes); parts of no move's shape are an
    IllegalMove that says so, and change nothing."""
    from cardtable import Card, Move

    game, seat, move = _first_targeted(preset, 3)
    for equal in (move._replace(target=list(move.target)), move._replace(cards=list(move.cards)),
                  move._replace(target=tuple(float(t) for t in move.target))):
        copy_ = copy.deepcopy(game)
        copy_.apply(seat, equal)
        assert copy_._log[-1] == ["move", seat, move] and type(copy_._log[-1][2].target[0]) is int
    before = copy.deepcopy(game)
    for shape, said in ((move._replace(target=tuple(str(t) for t in move.target)), "a target is a tuple"),
                        (move._replace(target=5), "a target is a tuple"),
                        (move._replace(cards=(Card(99, "X"),)), "is no card"),
                        (Move("play", None), "cards are a tuple of cards")):
        with pytest.raises(IllegalMove, match=f"^not a move of this game: .*{said}"):
            game.apply(seat, shape)
    assert game == before


@pytest.mark.parametrize("preset, players", [("president-classic", 4), ("forseti", 4), ("scum-secretary", 6),
                                             ("president-bombs", 4)])
def test_a_stacked_round_too_short_for_its_exchange_is_refused(preset, players):
    """P13: a library tester's second round dealt one card each: Scum gave its only card,
    the President gave two back and had none to lead, and the round could never end. Such
    a deal is refused (changing nothing); one with enough cards plays to its end."""
    ranks = ["3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A"]
    game = new_game(load_variant(preset), players, hands=[[f"{ranks[seat]}S"] for seat in range(players)])
    while not game.round_over:
        seat = game.to_act[0]
        game.apply(seat, game.legal_moves(seat)[0])
    before = copy.deepcopy(game)
    with pytest.raises(ValueError, match=r"^hands: seat \d is dealt 1 card, fewer than the \d it gives in the "
                                         r"exchange \(P13\)$"):
        game.next_round(hands=[[f"{ranks[seat]}H"] for seat in range(players)])
    assert game == before
    game.next_round(hands=[[f"{ranks[seat]}{suit}" for suit in "HDC"] for seat in range(players)])
    for _move in range(500):
        if game.round_over:
            break
        seat = game.to_act[0]
        game.apply(seat, game.legal_moves(seat)[0])
    assert game.round_over


def test_odd_cards_and_hands_for_a_deal_are_told_as_value_errors():
    """A library tester's Card(1, "S") (no rank of a deck) was a KeyError naming
    Card.parse('1S') (the ace), and hands=5 or stock=5 a TypeError."""
    from cardtable import Card

    with pytest.raises(ValueError, match=r"^\(1, 'S'\) is no card of a deck"):
        new_game(load_variant("tonk-classic"), 2, hands=[[Card(1, "S")], ["4S"]])
    with pytest.raises(ValueError, match=r"^hands: give a list with one hand per seat"):
        new_game(load_variant("president-classic"), 3, hands=5)
    with pytest.raises(ValueError, match=r"^5 is not cards \(give a list of them"):
        new_game(load_variant("tonk-classic"), 2, hands=[["4S"], ["5S"]], stock=5)
