"""President's events, in the past tense."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import ClassVar, Literal

from ...engine.cards import Card, pretty_cards
from ...engine.events import Event, Namer
from ...engine.words import ordinal

CLEAR_REASONS = {
    "all_passed": "{who} takes the trick",
    "top": "{who}'s play is of the top rank: the pile is cleared",
    "bomb": "{who}'s bomb clears the pile",
    "burn": "{who} burns the pile",
    "quick_clear": "{who} completes four of a kind: the pile is cleared",
    "own_pass": "{who} takes the trick",
}


@dataclass(frozen=True, slots=True)
class CardsPlayed(Event):
    """``seat`` put ``cards`` on the pile (out of turn for P22 / P24 windows); ``stands``
    names the rank each wild card of it stands for (P27)."""

    kind: ClassVar[str] = "cards_played"
    cards: tuple[Card, ...] = ()
    out_of_turn: bool = False
    stands: tuple[tuple[Card, str], ...] = ()

    def describe(self, name: Namer, viewer: int | None = None) -> str:
        extra = " out of turn" if self.out_of_turn else ""
        return f"{name(self.seat)} plays {play_text(self.cards, dict(self.stands))}{extra}"  # type: ignore[arg-type]


def play_text(cards: tuple[Card, ...], stands: Mapping[Card, str]) -> str:
    """A play, each wild with the rank it stands for (``stands``): "Q♣ 2♣=Q" (P27)."""
    return " ".join(card.pretty() + (f"={stands[card]}" if card in stands else "") for card in cards)


@dataclass(frozen=True, slots=True)
class Passed(Event):
    """``seat`` passed; ``locked`` when the pass keeps it out of the rest of the trick (P6)."""

    kind: ClassVar[str] = "passed"
    locked: bool = False

    def describe(self, name: Namer, viewer: int | None = None) -> str:
        return f"{name(self.seat)} passes" + (" (out of this trick)" if self.locked else "")  # type: ignore[arg-type]


@dataclass(frozen=True, slots=True)
class Declined(Event):
    """``seat`` said no in the black market or to table talk (P18, P19); ``what`` says to
    what: "market" (opening it), "swap" (an offered card), "offers" (making one), "talk"
    (an offer of table talk), "talk_offer" (offering it)."""

    kind: ClassVar[str] = "declined"
    what: str = ""

    def describe(self, name: Namer, viewer: int | None = None) -> str:
        words = {"market": "does not open the black market", "swap": "declines the swap",
                 "offers": "makes no offer", "talk": "declines table talk",
                 "talk_offer": "offers no table talk"}
        return f"{name(self.seat)} {words.get(self.what, 'declines')}"  # type: ignore[arg-type]


@dataclass(frozen=True, slots=True)
class ChanceDeclined(Event):
    """X3: ``seat`` let an out-of-turn chance (P22, P24) go by. Told to that seat only:
    the others may not learn who could have acted."""

    kind: ClassVar[str] = "chance_declined"

    def visible_to(self, viewer: int | None) -> bool:
        return viewer == self.seat

    def describe(self, name: Namer, viewer: int | None = None) -> str:
        """The chance, for its seat; nothing (an empty line, left out of logs) for others."""
        return f"{name(self.seat)} lets the out-of-turn chance go" if self.visible_to(viewer) else ""  # type: ignore[arg-type]


@dataclass(frozen=True, slots=True)
class TurnSkipped(Event):
    """``seat`` lost its turn to an equal-rank play (P5 "skip")."""

    kind: ClassVar[str] = "turn_skipped"

    def describe(self, name: Namer, viewer: int | None = None) -> str:
        return f"{name(self.seat)} is skipped"  # type: ignore[arg-type]


@dataclass(frozen=True, slots=True)
class TrickCleared(Event):
    """The pile was cleared; ``seat`` made the last play, ``leader`` leads next."""

    kind: ClassVar[str] = "trick_cleared"
    leader: int = 0
    reason: str = "all_passed"
    cards: tuple[Card, ...] = ()

    def describe(self, name: Namer, viewer: int | None = None) -> str:
        text = CLEAR_REASONS[self.reason].format(who=name(self.seat))  # type: ignore[arg-type]
        if self.leader != self.seat:
            text += f"; {name(self.leader)} leads"
        return text


@dataclass(frozen=True, slots=True)
class PlayerOut(Event):
    """``seat`` played its last card and finished in ``place`` (1 = first out)."""

    kind: ClassVar[str] = "player_out"
    place: int = 1

    def describe(self, name: Namer, viewer: int | None = None) -> str:
        return f"{name(self.seat)} is out ({ordinal(self.place)})"  # type: ignore[arg-type]


@dataclass(frozen=True, slots=True)
class MadeScum(Event):
    """``seat`` went out on a top card or clearing play and is Scum (P26)."""

    kind: ClassVar[str] = "made_scum"

    def describe(self, name: Namer, viewer: int | None = None) -> str:
        return f"{name(self.seat)} went out on a top card or a clearing play and becomes Scum (P26)"  # type: ignore[arg-type]


@dataclass(frozen=True, slots=True)
class TitlesAwarded(Event):
    """The round's finishing order and the title key of every seat."""

    kind: ClassVar[str] = "titles_awarded"
    finish_order: tuple[int, ...] = ()
    titles: tuple[str, ...] = ()

    def describe(self, name: Namer, viewer: int | None = None) -> str:
        return "Finishing order: " + ", ".join(name(s) for s in self.finish_order)


@dataclass(frozen=True, slots=True)
class Redealt(Event):
    """The cards were dealt again because Scum held no face card (P17)."""

    kind: ClassVar[str] = "redealt"

    def describe(self, name: Namer, viewer: int | None = None) -> str:
        return f"{name(self.seat)} holds no face card: the cards are dealt again"  # type: ignore[arg-type]


@dataclass(frozen=True, slots=True)
class CardsExchanged(Event):
    """``seat`` gave ``cards`` to ``to`` (exchange, market or answer); seen by both.
    ``which`` names the cards the rule took rather than the giver's choice: "best" or
    "worst" of the hand (P13–P15: public, though the cards are not)."""

    kind: ClassVar[str] = "cards_exchanged"
    to: int = 0
    cards: tuple[Card, ...] = ()
    which: Literal["", "best", "worst"] = ""

    @property
    def forced(self) -> bool:
        """The cards were the rule's, not the giver's choice."""
        return bool(self.which)

    def visible_to(self, viewer: int | None) -> bool:
        return viewer in (self.seat, self.to)

    def describe(self, name: Namer, viewer: int | None = None) -> str:
        what = pretty_cards(self.cards) if self.visible_to(viewer) else \
            f"{len(self.cards)} card{'s' * (len(self.cards) != 1)}"
        why = f" (the hand's {self.which})" if self.which else ""  # (a new player wonders where a 2 went)
        return f"{name(self.seat)} gives {what} to {name(self.to)}{why}"  # type: ignore[arg-type]


@dataclass(frozen=True, slots=True)
class MarketOpened(Event):
    """The President opened the black market (P18)."""

    kind: ClassVar[str] = "market_opened"

    def describe(self, name: Namer, viewer: int | None = None) -> str:
        return f"{name(self.seat)} opens the black market"  # type: ignore[arg-type]


@dataclass(frozen=True, slots=True)
class SwapOffered(Event):
    """``seat`` offered ``to`` a 1-for-1 swap of ``cards`` (P18)."""

    kind: ClassVar[str] = "swap_offered"
    to: int = 0
    cards: tuple[Card, ...] = ()

    def visible_to(self, viewer: int | None) -> bool:
        return viewer in (self.seat, self.to)

    def describe(self, name: Namer, viewer: int | None = None) -> str:
        what = f" {pretty_cards(self.cards)}" if self.visible_to(viewer) else " a card"
        return f"{name(self.seat)} offers {name(self.to)}{what} for a swap"  # type: ignore[arg-type]


@dataclass(frozen=True, slots=True)
class HandsShared(Event):
    """``seat`` and ``partner`` agreed to see each other's hands this round (P19)."""

    kind: ClassVar[str] = "hands_shared"
    partner: int = 0

    def describe(self, name: Namer, viewer: int | None = None) -> str:
        return f"{name(self.seat)} and {name(self.partner)} show each other their hands"  # type: ignore[arg-type]


@dataclass(frozen=True, slots=True)
class TalkOffered(Event):
    """``seat`` offered ``to`` to see each other's hands (P19)."""

    kind: ClassVar[str] = "talk_offered"
    to: int = 0

    def describe(self, name: Namer, viewer: int | None = None) -> str:
        return f"{name(self.seat)} offers {name(self.to)} table talk"  # type: ignore[arg-type]

