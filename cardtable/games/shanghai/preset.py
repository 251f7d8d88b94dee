"""Shanghai rummy's preset: every knob of rules S1–S13, by its rule-book name."""

from __future__ import annotations

import json
from collections.abc import Sequence
from typing import Any, ClassVar, Literal

from pydantic import Field, field_validator, model_validator

from ...engine.cards import RANK_NAMES, preset_rank, rank_of
from ...engine.words import count
from ...presets.model import Knobs, VariantBase

DEFAULT_CARD_POINTS = {**{str(r): 5 for r in range(2, 10)}, "10": 10, "J": 10, "Q": 10, "K": 10,
                       "A": 15, "JK": 50}

Contract = tuple[tuple[Literal["set", "run"], int], ...]
"""One hand's contract: the melds it needs, each (kind, size)."""

STANDARD_CONTRACTS: tuple[Contract, ...] = (
    (("set", 3), ("set", 3)),
    (("set", 3), ("run", 4)),
    (("run", 4), ("run", 4)),
    (("set", 3), ("set", 3), ("set", 3)),
    (("set", 3), ("run", 7)),
    (("set", 3), ("set", 3), ("run", 5)),
    (("run", 4), ("run", 4), ("run", 4)),
    (("set", 3), ("run", 10)),
    (("set", 3), ("set", 3), ("set", 3), ("run", 5)),
    (("run", 5), ("run", 5), ("run", 5)),
)
"""The standard list of S2: one contract per hand, each a tuple of (kind, size)."""


def contract_text(contract: Sequence[tuple[str, int]]) -> str:
    """``(("set", 3), ("set", 3), ("run", 5))`` -> ``"2 sets of 3 + 1 run of 5"``."""
    parts: list[tuple[str, int, int]] = []
    for kind, size in contract:
        if parts and parts[-1][:2] == (kind, size):
            parts[-1] = (kind, size, parts[-1][2] + 1)
        else:
            parts.append((kind, size, 1))
    return " + ".join(f"{n} {kind}{'s' * (n != 1)} of {size}" for kind, size, n in parts)


def contract_size(contract: Sequence[tuple[str, int]]) -> int:
    """S6: how many cards laying down ``contract`` takes (each meld at its stated size)."""
    return sum(size for _kind, size in contract)


class ShanghaiRules(Knobs):
    """The knobs of the Shanghai rummy family (``[rules]`` in a preset)."""

    @classmethod
    def knob_text(cls, name: str, value: Any) -> str | None:
        """The contracts one hand a line: "hand 2: 1 set of 3 + 1 run of 4"."""
        if name == "contracts":
            return "\n".join(f"hand {n}: {contract_text(hand)}" for n, hand in enumerate(value, start=1))
        return None

    decks_by_players: dict[int, int] = Field(default_factory=lambda: {2: 2, 3: 2, 4: 2, 5: 3, 6: 3})
    """S1: how many decks are shuffled together, by number of players."""
    jokers: int = Field(default=2, ge=0, le=4)
    """S1: jokers per deck (2 makes the 54-card deck)."""
    contracts: tuple[Contract, ...] = STANDARD_CONTRACTS
    """S2: the contract of each hand, in order: its melds, each a set or a run of a size, e.g. [["set", 3], ["run", 4]] in a preset file."""
    hand_size: int = Field(default=11, ge=3, le=20)
    """S2: cards dealt to each player."""
    wilds: tuple[str, ...] = ("JK",)
    """S5: wild ranks ("JK", and "2" at some tables); a meld holds no more wilds than naturals; only a joker is ever swapped out (S7)."""
    buy_penalty: int = Field(default=2, ge=0, le=5)
    """S8: cards a buyer takes from the stock besides the upcard."""
    buy_priority: Literal["nearest_to_dealer", "next_in_turn"] = "nearest_to_dealer"
    """S8: who is offered the upcard first when several would buy it."""
    buys_per_hand: tuple[int, ...] = (3, 3, 3, 3, 3, 3, 3, 3, 4, 4)
    """S9: buys each player may make in each hand, one number per hand."""
    out_by_discard: bool = False
    """S10: a player may go out by discarding the last card (false: the last card must be melded or laid off)."""
    card_points: dict[str, int] = Field(default_factory=lambda: dict(DEFAULT_CARD_POINTS))
    """S11: what each rank left in hand scores; ranks not named keep 2–9 = 5, 10–K = 10, A = 15, JK = 50."""
    go_out_bonus: int = Field(default=0, ge=-1000, le=1000)
    """S13: points the player who goes out scores (e.g. -25)."""
    go_out_in_one_bonus: int | None = Field(default=None, ge=-1000, le=1000)
    """S13: points instead of go_out_bonus for going down and out in one turn without wilds (e.g. -50)."""
    max_stock_rebuilds: int = Field(default=2, ge=0, le=100)
    """S12: after this many stock rebuilds in a hand, the stock running out again ends it and everyone scores their cards (0 = no limit)."""

    @field_validator("wilds")
    @classmethod
    def _known_wilds(cls, wilds: tuple[str, ...]) -> tuple[str, ...]:
        names = tuple(preset_rank(w) for w in wilds)
        if len(set(names)) == len(RANK_NAMES):
            raise ValueError("every rank cannot be wild")
        return tuple(dict.fromkeys(names))

    @field_validator("card_points")
    @classmethod
    def _known_ranks(cls, points: dict[str, int]) -> dict[str, int]:
        merged = dict(DEFAULT_CARD_POINTS)
        for name, value in points.items():
            key = preset_rank(name)
            if not -1000 <= value <= 1000:
                raise ValueError(f"{name}: a card scores -1000 to 1000 points, not {value}")
            merged[key] = value
        return merged

    @field_validator("contracts", mode="before")
    @classmethod
    def _contracts_shape(cls, contracts: Any) -> Any:
        """Each hand a list of melds, each meld a pair: told in the preset's own terms
        (the type's own words were "Tuple should have at most 2 items after validation")."""
        if isinstance(contracts, (list, tuple)):
            for number, hand in enumerate(contracts, start=1):
                if not isinstance(hand, (list, tuple)):
                    raise ValueError(f'hand {number}: a hand is a list of melds, such as [["set", 3], '
                                     f'["run", 4]], not {json.dumps(hand, default=str)}')
                for place, meld in enumerate(hand, start=1):
                    if not isinstance(meld, (list, tuple)) or len(meld) != 2:
                        raise ValueError(f'hand {number}, meld {place}: a meld is written ["set", 3] or '
                                         f'["run", 4], not {json.dumps(meld, default=str)}')
        return contracts

    @field_validator("contracts")
    @classmethod
    def _sane_contracts(cls, contracts: tuple[Contract, ...]) -> tuple[Contract, ...]:
        if not 1 <= len(contracts) <= 20:
            raise ValueError("give between 1 and 20 hands")
        for number, contract in enumerate(contracts, start=1):
            if not contract:
                raise ValueError(f"hand {number} has an empty contract")
            for kind, size in contract:
                if kind == "set" and not 3 <= size <= 12:
                    raise ValueError(f"hand {number}: a set has 3 to 12 cards, not {size}")
                if kind == "run" and not 4 <= size <= 13:
                    raise ValueError(f"hand {number}: a run has 4 to 13 cards, not {size}")
        return contracts

    @field_validator("decks_by_players")
    @classmethod
    def _sane_decks(cls, table: dict[int, int]) -> dict[int, int]:
        for players, decks in table.items():
            if not 2 <= players <= 8 or not 1 <= decks <= 4:
                raise ValueError(f"{players} players: {decks} decks (players 2–8, decks 1–4)")
        return dict(sorted(table.items()))

    @model_validator(mode="after")
    def _consistent(self) -> ShanghaiRules:
        if "JK" in self.wilds and self.jokers == 0:
            raise ValueError("wilds: lists JK but the deck has no jokers (set jokers)")
        if self.jokers and "JK" not in self.wilds:
            raise ValueError(f"wilds: leaves out JK, but the deck has {count(self.jokers, 'joker')}: "
                             "a joker is always wild (S5): list JK, or set jokers = 0")
        if len(self.buys_per_hand) != len(self.contracts):
            raise ValueError(f"buys_per_hand: has {count(len(self.buys_per_hand), 'number')} but contracts "
                             f"has {count(len(self.contracts), 'hand')}")
        if any(b < 0 for b in self.buys_per_hand):
            raise ValueError("buys_per_hand: numbers must be 0 or more")
        for number, (contract, buys) in enumerate(zip(self.contracts, self.buys_per_hand), start=1):
            need = contract_size(contract)
            most = self.hand_size + 1 + buys * (1 + self.buy_penalty)
            if need > most:
                raise ValueError(f"contracts: hand {number} needs {need} cards, but a player can "
                                 f"hold at most {most}")
        return self

    def check_sets_possible(self, decks: int, players: int) -> None:
        """S4/S5: a ValueError when some contract's set could not be made from ``decks``
        decks: a set of n holds at most n // 2 wilds, so it needs the rest naturals of one
        rank, and the decks hold four of each (and their wilds)."""
        naturals = 4 * decks
        wilds = decks * (self.jokers + 4 * len(set(self.wilds) - {"JK"}))
        for number, contract in enumerate(self.contracts, start=1):
            for kind, size in contract:
                need = size - min(wilds, size // 2)
                if kind == "set" and need > naturals:
                    held = f"{naturals} and {count(wilds, 'wild')}" if wilds else f"{naturals}, with no wilds"
                    raise ValueError(f"rules.contracts: hand {number}'s set of {size} needs {need} cards of "
                                     f"one rank, but {count(decks, 'deck')} (for {players} players) "
                                     f"{'holds' if decks == 1 else 'hold'} {held}")

    @property
    def wild_ranks(self) -> frozenset[int]:
        """The wild ranks as numbers (joker 15)."""
        return frozenset(rank_of(name) for name in self.wilds)

    def points_of(self, rank: int) -> int:
        """S11: what a card of ``rank`` scores in hand."""
        return self.card_points[RANK_NAMES[rank - 2]]


class ShanghaiVariant(VariantBase):
    """A Shanghai rummy preset: the player range and the knobs."""

    how_to_play: ClassVar[str] = (
        "A hand for each contract below (ten in the classic game): the melds you must lay down "
        "to go down (in the classic hand 1: two sets of 3). A set is cards of one rank; a run is cards in a row of "
        "one suit, the ace low or high but never K-A-2. Jokers are wild, and so is any rank the wilds rule below "
        "names: a meld never holds more wild cards than natural ones. The upcard is the top card of the discard pile: live while it may be taken "
        "or bought, dead once passed over. Each turn: draw from the stock or take the upcard; go "
        "down with exactly your contract, once a hand (after that you lay no new melds); once "
        "down, lay cards off on any player's melds; then discard. If the player to draw takes "
        "the upcard, nobody can buy it; if they draw from the stock (or are down already: then "
        "before their draw), players not yet down may buy it, taking penalty cards from the "
        "stock with it, a few buys a hand. A melded joker can be taken back with the natural card it stands "
        "for (a player not yet down must then go down that turn). A hand ends when a player has "
        "no cards left: the last card must be melded or laid off, not discarded (unless "
        "out_by_discard below says so). The others score the cards they hold, and the lowest "
        "total after the last hand wins. When the stock runs out, the discard pile less its "
        "upcard is shuffled into a new stock (up to max_stock_rebuilds times below; after that "
        "the hand ends there and everyone scores the cards they hold).")
    """The game in a paragraph, for the rules screen above the knobs (S2–S12)."""

    family: Literal["shanghai"] = "shanghai"
    rules: ShanghaiRules = ShanghaiRules()

    @model_validator(mode="after")
    def _fits_players(self) -> ShanghaiVariant:
        rules = self.rules
        if self.players.min == 2:
            for number, contract in enumerate(rules.contracts, start=1):
                need = contract_size(contract)
                if need > rules.hand_size + 1:
                    raise ValueError(f"players.min: two players can never buy (S8), so hand {number}, "
                                     f"which needs {need} cards, could not be laid down")
        for players in range(self.players.min, self.players.max + 1):
            decks = rules.decks_by_players.get(players)
            if decks is None:
                raise ValueError(f"rules.decks_by_players: no entry for {players} players "
                                 f"(players is {self.players.min}–{self.players.max})")
            cards = decks * (52 + rules.jokers)
            if cards < players * rules.hand_size + 2:
                raise ValueError(f"rules.decks_by_players: {count(decks, 'deck')} cannot deal "
                                 f"{rules.hand_size} cards to {players} players with a stock")
            rules.check_sets_possible(decks, players)
        return self
