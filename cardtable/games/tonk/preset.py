"""Tonk's preset: every knob of rules T1–T13, by its rule-book name."""

from __future__ import annotations

from typing import Any, ClassVar, Literal

from pydantic import Field, field_validator, model_validator

from ...engine.cards import ACE, JACK, JOKER, KING, QUEEN, preset_rank, rank_of
from ...presets.model import Knobs, PlayerRange, VariantBase, value_text

STANDARD_POINTS = {**{r: r for r in range(2, 11)}, JACK: 10, QUEEN: 10, KING: 10, ACE: 1, JOKER: 0}
"""T4: A = 1, 2–10 face value, J Q K = 10; a joker left in hand counts 0."""


class TonkRules(Knobs):
    """The knobs of the Tonk family (``[rules]`` in a preset)."""

    jokers: int = Field(default=0, ge=0, le=2)
    """T1: jokers added to the 52-card deck; they are wild in spreads."""
    deal_size: int = Field(default=5, ge=2, le=12)
    """T1: cards dealt to each player."""
    upcard: bool = True
    """T2: the first undealt card is turned up to start the discard pile."""
    card_points: dict[str, int] = Field(default_factory=lambda: {"A": 1, "J": 10, "Q": 10, "K": 10, "JK": 0})
    """T4: count of a card left in hand, by rank name (ranks not named count face value, a joker 0)."""
    hit_runs_only: bool = False
    """T6: only runs may be hit, never sets."""
    dead_fours: bool = False
    """T6: a set grown to all four cards may be put on the discard pile by the player on turn."""
    drop_when: Literal["before_draw", "any_time"] = "before_draw"
    """T7: drop only at the start of a turn after one's first ("before_draw") or any time on one's own turn until the discard, after spreads and hits too, the first turn included ("any_time")."""
    caught: Literal["seed", "pagat", "texas"] = "seed"
    """T7: who pays whom when a dropper is caught: "seed" (one stake to each lower hand and one more to the lowest), "pagat" (double to each hand as low or lower), or T11 "texas" (double to the lowest hand); the others pay the lowest one stake."""
    tonk_needs_six: bool = False
    """T8: going out without a discard pays double only if every card held (the deal and the draw: six of a five-card deal) was spread that turn."""
    dealt_50_wins: bool = False
    """T10: a dealt hand counting 50 wins double at once."""
    dealt_49_wins: bool = False
    """T10: a dealt 49 wins single if declared on one's first turn before anyone spreads."""
    low_deal_wins: bool = False
    """T10: a dealt count of 13 or less wins double at once, 9 or less triple."""
    spades_side_bet: bool = False
    """T12: before play, players may bet a stake on holding the highest spade (the ace highest)."""
    stake: int = Field(default=1, ge=1, le=1000)
    """T13: chips per stake unit."""
    starting_chips: int = Field(default=100, ge=0, le=1_000_000)
    """T13: chips each player brings to the table."""
    broke_ends_match: bool = True
    """T13: the match ends after the hand in which a player's chips reach zero or less."""
    match_hands: int = Field(default=0, ge=0, le=10_000)
    """T13: the match ends after this many paid hands (0: no limit)."""

    @classmethod
    def knob_text(cls, name: str, value: Any) -> str | None:
        """card_points without a joker counting 0, the standard count (most decks have none)."""
        if name == "card_points":
            shown = {rank: points for rank, points in value.items() if not (rank == "JK" and points == 0)}
            return value_text(shown)
        return None

    @field_validator("card_points")
    @classmethod
    def _known_ranks(cls, points: dict[str, int]) -> dict[str, int]:
        fixed = {}
        for name, value in points.items():
            key = preset_rank(name)
            if not 0 <= value <= 100:
                raise ValueError(f"{name}: a card counts 0 to 100 points, not {value}")
            fixed[key] = value
        return fixed

    @model_validator(mode="after")
    def _consistent(self) -> TonkRules:
        if self.broke_ends_match and self.starting_chips <= 0:
            raise ValueError("starting_chips: must be above 0 when broke_ends_match is on")
        if "JK" in self.card_points and self.jokers == 0 and self.card_points["JK"] != 0:
            raise ValueError("card_points: counts JK but the deck has no jokers (set jokers)")
        return self

    def points_table(self) -> dict[int, int]:
        """T4: the count of each rank number (joker included)."""
        table = dict(STANDARD_POINTS)
        table.update({rank_of(name): value for name, value in self.card_points.items()})
        return table

    def drop_may_come(self, phase: str) -> bool:
        """T7: whether a drop may come at this point of a turn: before the draw ("start"),
        and after it ("act") only where drops come any time."""
        return phase == "start" or (phase == "act" and self.drop_when == "any_time")

    @property
    def drop_on_first_turn(self) -> bool:
        """T7: whether a player may drop on their first turn (only where drops come any time)."""
        return self.drop_when == "any_time"


class TonkPlayers(PlayerRange):
    """T1: Tonk seats 2 to 5 players (checked with the rest of the range, in one go)."""

    min: int = Field(ge=2, le=5)
    max: int = Field(ge=2, le=5)


class TonkVariant(VariantBase):
    """A Tonk preset: 2–5 players and the knobs."""

    how_to_play: ClassVar[str] = (
        "Five cards each (unless deal_size below says otherwise). Each turn: draw from the "
        "stock or take the upcard (the top card of the discard pile), lay down spreads (3 or 4 "
        "of a kind, or 3 or more in a row of one suit) and hit spreads on the table, yours or "
        "another player's, with cards that fit them (hit_runs_only below may allow only runs), "
        "then discard. Empty your hand to win the hand: out with a discard, everyone pays you "
        "one stake; out without a discard (a Tonk), double (tonk_needs_six below may ask more). "
        "Instead of playing on you may drop, at the start of a turn after your first, before "
        "you draw (drop_when below may allow more): every hand is shown and the lowest count "
        "wins; a dropper who is not strictly the lowest is caught and pays. A player whose "
        "spread another player hits may not drop on their next turn (one more turn for each "
        "further hit). When the stock runs out the hand ends and the lowest count wins (a tie: "
        "the hand is dealt again). Cards count A = 1, 2 to 10 their number, J Q K 10 "
        "(card_points below). Chips carry over from hand to hand.")
    """The game in a paragraph, for the rules screen above the knobs (T3–T9)."""

    family: Literal["tonk"] = "tonk"
    players: TonkPlayers
    rules: TonkRules = TonkRules()

    @model_validator(mode="after")
    def _fits_players(self) -> TonkVariant:
        rules = self.rules
        cards = 52 + rules.jokers
        needed = rules.deal_size * self.players.max + int(rules.upcard) + 1
        if needed > cards:
            raise ValueError(
                f"rules.deal_size: {rules.deal_size} cards to each of {self.players.max} players "
                f"(plus the upcard and a stock) needs {needed} cards; the deck has {cards}")
        return self
