"""President's preset: every knob of rules P1–P30, by its rule-book name."""

from __future__ import annotations

from collections import Counter
from collections.abc import Collection, Iterable
from math import prod
from typing import ClassVar, Literal

from pydantic import ConfigDict, Field, ValidationInfo, field_validator, model_validator

from ...engine.cards import RANK_NAMES, Card, make_deck, preset_rank, rank_of
from ...engine.rng import Rng
from ...presets.model import Knobs, VariantBase, plain_text

TITLE_KEYS = ("president", "vice_president", "secretary", "neutral", "clerk", "vice_scum", "scum")
"""Title keys from the top of the table to the bottom."""

TITLE_SHORT = {"president": "P", "vice_president": "VP", "secretary": "Sec", "neutral": "N",
               "clerk": "Clk", "vice_scum": "VS", "scum": "S"}
"""The titles' short forms for tables of statistics."""

def titled_places(players: int, top_positions: int) -> int:
    """P10: how many places at each end of the table carry a title: ``top_positions``,
    but one with fewer than 4 players, and never more than half the table."""
    return min(top_positions if players >= 4 else 1, players // 2)


class PresidentRules(Knobs):
    """The knobs of the President family (``[rules]`` in a preset)."""

    decks: int = Field(default=1, ge=1, le=3)
    """P1: how many 52-card decks are shuffled together."""
    jokers: int = Field(default=0, ge=0, le=4)
    """P1: jokers added per deck."""
    leftover: Literal["deal", "aside"] = "deal"
    """P2: cards that do not divide evenly are dealt on ("deal") or set aside unseen ("aside")."""
    rank_order: Literal["two_high", "ace_high"] = "two_high"
    """P3: 3 low … A, 2 high ("two_high") or 2 low … A high ("ace_high")."""
    equal_rank: Literal["no", "allowed", "skip"] = "no"
    """P5: may a follower play the same rank? "no", "allowed", or "skip" (allowed, and skips the next seat)."""
    pass_locks_out: bool = False
    """P6: a pass takes the player out of the rest of the trick."""
    play_on_own: bool = False
    """P7: the last player may play higher on their own cards before leading anew."""
    round_end: Literal["last_player", "card_count", "card_points"] = "last_player"
    """P9: play until only one player holds cards, or rank the rest by fewest cards / lowest points when the first goes out (a wild card left counts as the top rank)."""
    top_positions: int = Field(default=2, ge=1, le=3)
    """P10: titled places at each end (3 adds Secretary and Clerk)."""
    dealer: Literal["president", "scum"] = "president"
    """P11: who deals the rounds after the first."""
    first_lead: Literal["left_of_dealer", "three_of_spades"] = "left_of_dealer"
    """P11: who leads the first round: the dealer's left, or the holder of the 3 of spades (with two, the first clockwise from the dealer's left; with none dealt, the dealer's left)."""
    reseat: bool = False
    """P12: after each round the turn order becomes title order, from the President."""
    exchange: Literal["classic", "forseti", "president_first", "none"] = "classic"
    """P13–P16: the card exchange after the first round: "classic" (Scum's best cards, as many as top_positions, for as many of the President's choice; one fewer each place inward), "forseti" (Scum's 2 best for the President's 2 worst, Vice-Scum 1 for 1), "president_first" (the President gives 2 of its choice for Scum's 2 best, the Vice-President 1), or "none"; under 4 players, 1 card each way."""
    scum_redeal: bool = False
    """P17: deal again if Scum's hand holds no J, Q or K."""
    black_market: bool = False
    """P18: after the exchange the President may open a market for 1-for-1 swaps."""
    table_talk: bool = False
    """P19: players of adjacent titles may agree to see each other's hands for the round (the higher title offers, the lower accepts)."""
    twos: Literal["same_count", "pair_beats_single", "single_beats_any"] = "same_count"
    """P20: what 2s may beat: as many cards as played, a pair on a single 2, or one 2 on anything."""
    no_lead_with_top: bool = True
    """P21: nobody may lead a 2 or a bomb unless their hand holds nothing else."""
    two_any_time: bool = False
    """P22: a single 2 may be played out of turn at any moment of a trick."""
    bomb: Literal["none", "four_of_a_kind"] = "none"
    """P23: a bomb may be played on anything, clears the pile, and its player leads."""
    quick_clear: bool = False
    """P24: whoever holds the cards that complete four of the rank just played may throw them at once."""
    burn: bool = False
    """P25: playing the same rank as the top of the pile with natural cards burns the pile."""
    no_finish_on_top: bool = False
    """P26: going out on a 2 (ranking high, or wild), a joker or a pile-clearing play makes you Scum."""
    wilds: tuple[str, ...] = ()
    """P27: wild cards, by rank ("JK", "2", ...); a combination may not be all wild."""
    red_threes: bool = False
    """P28: red 3s are the highest cards, black 3s the lowest, and a wild may stand as a black 3."""
    show_hand_counts: bool = True
    """P29: the table shows how many cards each opponent holds."""
    title_points: dict[str, int] = Field(default_factory=lambda: {"president": 2, "vice_president": 1})
    """P30: points each title scores per round (missing titles score 0)."""
    match_target: int = Field(default=11, ge=0, le=1000)
    """P30: the match ends when someone reaches this score (0: no target)."""
    match_rounds: int = Field(default=0, ge=0, le=1000)
    """P30: the match ends after this many rounds (0: no limit)."""

    @field_validator("wilds")
    @classmethod
    def _known_wilds(cls, wilds: tuple[str, ...]) -> tuple[str, ...]:
        return tuple(dict.fromkeys(preset_rank(w) for w in wilds))  # a rank named twice is wild once

    @field_validator("title_points")
    @classmethod
    def _known_titles(cls, points: dict[str, int]) -> dict[str, int]:
        for key in points:
            if key not in TITLE_KEYS:
                raise ValueError(f"unknown title {key!r} (titles: {', '.join(TITLE_KEYS)})")
            if not -100 <= points[key] <= 100:
                raise ValueError(f"{key}: a title scores -100 to 100 points, not {points[key]}")
        return points

    @property
    def wild_ranks(self) -> frozenset[int]:
        """The ranks ``wilds`` names, as rank numbers (``JK`` is ``JOKER``)."""
        return frozenset(rank_of(name) for name in self.wilds)

    @model_validator(mode="after")
    def _consistent(self) -> PresidentRules:
        if "JK" in self.wilds and self.jokers == 0:
            raise ValueError("wilds: lists JK but the deck has no jokers (set jokers)")
        if set(RANK_NAMES) - {"JK"} <= set(self.wilds):
            raise ValueError("wilds: lists every rank from 2 to A; leave at least one rank natural "
                             "(a play may not be all wild, P27)")
        if self.red_threes and "3" in self.wilds:
            raise ValueError("red_threes: needs natural 3s, so 3 cannot also be wild")
        twos_low_or_wild = self.rank_order == "ace_high" or "2" in self.wilds
        if self.two_any_time and twos_low_or_wild:
            raise ValueError('two_any_time: P22 throws in the top card, a natural 2, so it needs rank_order '
                             '"two_high" and 2 not wild (under "ace_high" a 2 is a low card)')
        if self.twos != "same_count" and twos_low_or_wild:
            raise ValueError(f'twos: "{self.twos}" lets natural 2s, the top rank, top other plays (P20), so it '
                             'needs rank_order "two_high" and 2 not wild (under "ace_high" a 2 is a low card)')
        if self.match_target and not any(points > 0 for points in self.title_points.values()):
            raise ValueError(f"match_target: no title scores points (title_points), so nobody reaches "
                             f"{self.match_target}; give a title points, or end the match by match_rounds")
        return self


class PresidentTitles(Knobs):
    """Display names for the title keys; every preset may rename them."""

    model_config = ConfigDict(frozen=True, extra="forbid", use_attribute_docstrings=True)

    president: str = "President"
    vice_president: str = "Vice-President"
    secretary: str = "Secretary"
    neutral: str = "Neutral"
    clerk: str = "Clerk"
    vice_scum: str = "Vice-Scum"
    scum: str = "Scum"

    @field_validator("*")
    @classmethod
    def _named(cls, name: str, info: ValidationInfo) -> str:
        if not name.strip():
            raise ValueError("give a name (or leave it out for the default)")
        return plain_text(name, info)


def title_legend(held: Collection[str] = TITLE_KEYS) -> list[str]:
    """What the short forms of the ``held`` titles stand for, in the default titles, top
    first (["P President", "S Scum"]): a legend names the titles its table shows, not all seven."""
    names = PresidentTitles().model_dump()
    return [f"{TITLE_SHORT[key]} {names[key]}" for key in TITLE_KEYS if key in held]


MOST_LEAD_PLAYS = 10_000
"""P27: the most plays a lead may list in the fullest hand of 64 sample deals at the
preset's fewest players. Wild cards multiply a hand's plays (a turn lists every one, and
the bots weigh them): ~30 in a classic hand, ~7,000 with two decks and jokers and 2s wild
(a hard bot then takes a second or more on such a turn), ~24,000 with 2s and 3s wild in two
decks at three players."""


def lead_plays(hand: Iterable[Card], wild_ranks: frozenset[int]) -> int:
    """How many distinct plays a lead from ``hand`` may list, at most (P4, P27): for each
    rank, every set of its natural cards (at least one; the twins of several decks alike)
    with any set of the wild cards held (P21 and red 3s list fewer)."""
    hand = list(hand)
    with_wilds = prod(held + 1 for held in Counter(c for c in hand if c.rank in wild_ranks).values())
    by_rank: dict[int, int] = {}
    for card, held in Counter(c for c in hand if c.rank not in wild_ranks).items():
        by_rank[card.rank] = by_rank.get(card.rank, 1) * (held + 1)
    return sum(sets - 1 for sets in by_rank.values()) * with_wilds


def most_lead_plays(rules: PresidentRules, players: int, deals: int = 64) -> int:
    """The most plays a lead lists in any hand of ``deals`` sample deals at ``players``
    (seeded: the same answer every time)."""
    deck, most = make_deck(rules.decks, rules.jokers), 0
    size = len(deck) // players
    for seed in range(deals):
        Rng(seed).shuffle(deck)
        most = max(most, *(lead_plays(deck[seat * size:(seat + 1) * size], rules.wild_ranks)
                           for seat in range(players)))
    return most


class PresidentVariant(VariantBase):
    """A President preset: players 3–8 at most, the knobs and the title names."""

    how_to_play: ClassVar[str] = (
        "Get rid of your cards first. The leader plays one card or a set of one rank; each "
        "player in turn plays as many cards of a higher rank (or of the same rank, where the "
        "house rules allow it), or passes. When everyone has passed, the last player to play "
        "clears the pile and leads anew. The first out takes the top title (President), the "
        "last the bottom one (Scum); from the second round on, the bottom places give their best "
        "cards to the top places and get cards back. The rank order, what clears the pile, "
        "how the cards are exchanged and the titles' names are this table's house rules, below.")
    """The game in a paragraph, for the rules screen above the knobs (P4–P13)."""

    family: Literal["president"] = "president"
    rules: PresidentRules = PresidentRules()
    titles: PresidentTitles = PresidentTitles()

    def title_names(self, players: int | None = None) -> tuple[str, ...]:
        """The titles this preset gives at ``players`` (default: its most), from the top,
        in its own names: the titled places at each end (P10), Neutral between them."""
        seated = self.players.max if players is None else players
        titled = titled_places(seated, self.rules.top_positions)
        keys = [*("president", "vice_president", "secretary")[:titled]]
        keys += ["neutral"] * (seated > 2 * titled) + [*("clerk", "vice_scum", "scum")[3 - titled:]]
        return tuple(getattr(self.titles, key) for key in keys)

    @model_validator(mode="after")
    def _fits_players(self) -> PresidentVariant:
        rules = self.rules
        if 2 * rules.top_positions > self.players.max:
            raise ValueError(
                f"rules.top_positions: {rules.top_positions} titled places at each end need "
                f"{2 * rules.top_positions} players, but players.max is {self.players.max}")
        cards = rules.decks * (52 + rules.jokers)
        if cards < self.players.max:
            raise ValueError(f"players.max: {cards} cards cannot be dealt to {self.players.max} players")
        if rules.wilds and (plays := most_lead_plays(rules, self.players.min)) > MOST_LEAD_PLAYS:
            raise ValueError(
                f"rules.wilds: with these wild cards in {rules.decks} deck{'s' * (rules.decks > 1)}, a hand "
                f"at {self.players.min} players (players.min) can have {plays:,} plays to lead (in sample "
                f"deals); more than "
                f"{MOST_LEAD_PLAYS:,} make every turn slow to list and the bots slow to weigh: name fewer "
                "wild ranks, use fewer decks, or raise players.min")
        return self
