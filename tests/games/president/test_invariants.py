"""Invariants of API.md over every President preset and a spread of house-rule knobs:
cards conserved, legal iff listed, same seed same game, save round trip, hidden hands."""

from __future__ import annotations

import copy
import random
from collections import Counter

import pytest

from cardtable import Game, IllegalMove, Move, list_variants, load_variant, new_game
from cardtable.engine.cards import make_deck
from cardtable.games.president import PresidentRules, PresidentVariant

KNOB_MIXES = {
    "locks-skip-own": dict(pass_locks_out=True, equal_rank="skip", play_on_own=True, reseat=True),
    "windows": dict(two_any_time=True, quick_clear=True, burn=True, twos="single_beats_any",
                    decks=2, jokers=1, bomb="four_of_a_kind", no_lead_with_top=False),
    "locks-windows": dict(pass_locks_out=True, equal_rank="skip", two_any_time=True, quick_clear=True),
    "market-talk": dict(black_market=True, table_talk=True, exchange="president_first",
                        scum_redeal=True, show_hand_counts=False, match_rounds=3),
    "count-points": dict(round_end="card_count", twos="pair_beats_single", wilds=["JK"], jokers=2,
                         top_positions=3, exchange="classic"),
    "card-points": dict(round_end="card_points", exchange="forseti", leftover="aside",
                        no_finish_on_top=True, wilds=["2"], rank_order="ace_high"),
}


def variants():
    for name in list_variants("president"):
        yield name, load_variant(name)
    for name, knobs in KNOB_MIXES.items():
        yield name, PresidentVariant(name=name, players={"min": 3, "max": 8},
                                     rules=PresidentRules(match_target=6, **knobs))


CASES = [(name, variant, players) for name, variant in variants()
         for players in sorted({variant.players.min, variant.players.max})]


def hide_other_hands(game, seat, rng):
    """A copy of the game where every card ``seat`` may not see is dealt differently."""
    other = copy.deepcopy(game)
    partners = {s for pair in other._shared if seat in pair for s in pair}
    hidden = [s for s in range(other.players) if s != seat and s not in partners]
    pool = [card for s in hidden for card in other.hands[s]] + other.aside
    rng.shuffle(pool)
    for s in hidden:
        size = len(other.hands[s])
        other.hands[s] = sorted(pool[:size], key=other.ranks.sort_key)
        pool = pool[size:]
    other.aside = pool
    return other


SAVE_EVERY = 150
"""Steps between two save round trips; besides, the first step of the match in each phase
(exchange, market, table talk, play), in an open out-of-turn window, and between rounds.
(A load replays the whole log: more often makes the test slow.)"""


def round_trip(game):
    """X5 / API.md: ``from_json(to_json())`` mid-match gives an equal game, with the same
    seats to act, the same legal moves for every seat and the same views."""
    loaded = Game.from_json(game.to_json())
    assert loaded == game, "a save loads back equal"
    assert loaded.to_act == game.to_act
    assert [loaded.legal_moves(s) for s in range(game.players)] == \
        [game.legal_moves(s) for s in range(game.players)], "a loaded save offers the same moves"
    assert [loaded.view(s) for s in range(game.players)] == [game.view(s) for s in range(game.players)]
    return loaded


def random_illegal(game, seat, rng):
    hand = game.hands[seat] or game.hands[(seat + 1) % game.players]
    picks = rng.sample(hand, min(len(hand), rng.randint(1, 3)))
    return rng.choice([Move("play", tuple(picks)), Move("pass"), Move("give", tuple(picks)),
                       Move("decline"), Move("draw_stock"), Move("quick_clear", tuple(picks))])


@pytest.mark.parametrize(("name", "variant", "players"), CASES,
                         ids=[f"{name}-{players}p" for name, _v, players in CASES])
def test_random_play_keeps_the_invariants(name, variant, players):
    rng = random.Random(f"{name}{players}")
    seed = rng.randrange(10_000)
    game = new_game(variant, players, seed=seed)
    deck = Counter(make_deck(variant.rules.decks, variant.rules.jokers))
    chosen: list[tuple[int, Move]] = []
    saved_in: set[str] = set()  # the phases (or "window", "round_over") a save was loaded back in
    step = 0
    while not game.is_over and step < 1500:
        if game.round_over:
            if "round_over" not in saved_in:
                loaded = round_trip(game)
                saved_in.add("round_over")
                assert loaded.next_round() == game.next_round() and loaded == game  # (the next deal too)
            else:
                game.next_round()
            chosen.append((-1, Move("next_round")))
            continue
        step += 1
        assert Counter(game.all_cards()) == deck, "cards are conserved"
        (seat,) = game.to_act
        legal = game.legal_moves(seat)
        assert legal, "a seat to act always has a move"
        assert all(game.legal_moves(s) == [] for s in range(players) if s != seat)
        view = game.view(seat)
        assert view.hand == tuple(game.hands[seat])
        if step % 7 == 0:
            assert hide_other_hands(game, seat, rng).view(seat) == view, "the view leaks hidden cards"
        if step % 23 == 0:
            for move in rng.sample(legal, min(len(legal), 12)):
                trial = copy.deepcopy(game)
                trial.apply(seat, move)  # (every listed move is accepted ...)
                assert Counter(trial.all_cards()) == deck, f"{move} lost or made cards"  # (... and keeps them)
            for _ in range(5):
                move = random_illegal(game, seat, rng)
                if game._normalize(move) in legal:  # cards in another order are the same move
                    continue
                before = copy.deepcopy(game)
                with pytest.raises(IllegalMove):
                    game.apply(seat, move)
                assert game == before  # (the whole state, not only the log)
        move = rng.choice(legal)
        loaded = None
        stage = "window" if view.window else game.phase
        if step % SAVE_EVERY == 0 or stage not in saved_in:
            loaded = round_trip(game)
            saved_in.add(stage)
        events = game.apply(seat, move)
        if loaded is not None:  # (the loaded game plays on as the saved one does)
            assert loaded.apply(seat, move) == events and loaded == game
        chosen.append((seat, move))
    # same seed and same moves give the same game; a save loads back equal
    again = new_game(variant, players, seed=seed)
    for seat, move in chosen:
        if seat < 0:
            again.next_round()
        else:
            again.apply(seat, move)
    assert again == game and again.events == game.events
    assert Game.from_json(game.to_json()) == game
    rules = game.rules
    later = game.round > 1  # (titles, and with them exchange, market and talk, from round 2)
    expected = {"play", "round_over"} | {stage for stage, on in [
        ("exchange", later and rules.exchange in ("classic", "president_first")),
        ("market_open", later and rules.black_market), ("talk", later and rules.table_talk)] if on}
    assert expected <= saved_in, "a save was loaded back in each phase the match went through"


def test_seeded_deals_repeat_and_differ():
    variant = load_variant("president-classic")
    a, b, c = (new_game(variant, 4, seed=s) for s in (5, 5, 6))
    assert a.hands == b.hands and a.events == b.events
    assert a.hands != c.hands
