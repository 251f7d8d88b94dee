"""Drawing cards as text: faces, backs and rows of cards, in Unicode or ASCII.

Colours come from component classes (``card--face``, ``card--clubs`` …) that
``app.tcss`` styles from the theme's variables, so a theme never touches this code.
"""

from __future__ import annotations

from collections.abc import Sequence

from rich.segment import Segment
from rich.style import Style
from textual.strip import Strip
from textual.widget import Widget

from ...engine.cards import JOKER, Card
from ..text import uses_ascii

CARD_WIDTH = 5
SUIT_CLASS = {"C": "clubs", "D": "diamonds", "H": "hearts", "S": "spades", "": "joker"}
ASCII_SUITS = {"C": "C", "D": "D", "H": "H", "S": "S", "": "*"}
UNICODE_BOX = ("┌", "─", "┐", "│", "└", "┘")
ASCII_BOX = ("+", "-", "+", "|", "+", "+")


def card_label(card: Card, ascii: bool = False) -> str:
    """The card in words for text lines: ``"Q♣"``, or ``"Q-C"`` in ASCII; jokers ``"JK"``;
    a rank without a suit (what a wild in a set stands for) ``"7"``."""
    if card.rank == JOKER:
        return "JK"
    return f"{card.rank_text}-{card.suit}" if ascii and card.suit else card.pretty()


def cards_label(cards: Sequence[Card], ascii: bool = False) -> str:
    return " ".join(card_label(card, ascii) for card in cards)


def meld_label(cards: Sequence[Card], stands: Sequence[Card | None], ascii: bool = False) -> str:
    """``"4♥ 5♥ JK=6♥ 7♥"``: a meld or spread with what each wild stands for (``stands``,
    from the engine: None for a natural card; a set's rank has suit ""). A wild 2 in its
    own place (2♠ as 2♠) is written as it is, not "2♠=2♠"."""
    return " ".join(card_label(c, ascii) + (f"={card_label(s, ascii)}" if s is not None and s != c else "")
                    for c, s in zip(cards, stands))


class CardsWidget(Widget):
    """Base of widgets that draw cards; holds the card styles a theme may restyle."""

    COMPONENT_CLASSES = {
        "card--face", "card--clubs", "card--diamonds", "card--hearts", "card--spades",
        "card--joker", "card--dim", "card--selected", "card--cursor", "card--back",
        "card--number", "card--felt",
    }

    @property
    def ascii(self) -> bool:
        """Draw ASCII faces and borders: the app's theme says so."""
        return uses_ascii(self.app)

    def card_styles(self) -> dict[str, Style]:
        return {name.removeprefix("card--"): self.get_component_rich_style(name, partial=True)
                for name in self.COMPONENT_CLASSES}

    def card_lines(self, card: Card | None, styles: dict[str, Style], *, dim: bool = False,
                   edge: Style | None = None, compact: int = 0) -> list[list[Segment]]:
        """Four rows of segments for one card (``None``: a face-down card). ``compact``:
        the columns (two or three) left of a card mostly covered by the next one, the rank
        and suit written where the left edge would be ("10" over "♠"); a "10" or "JK"
        needs three to keep a column of gap before the next card's rank."""
        tl, h, tr, v, bl, br = ASCII_BOX if self.ascii else UNICODE_BOX
        base = styles["felt"] + styles["face"]
        border = base + (edge or Style())
        if card is None:
            back = base + styles["back"]
            fill = "#" if self.ascii else "▒"
            middle = [Segment(v, border), Segment(fill * 3, back), Segment(v, border)]
            return [[Segment(tl + h * 3 + tr, border)], middle, list(middle), [Segment(bl + h * 3 + br, border)]]
        ink = base + styles["dim" if dim else SUIT_CLASS[card.suit]]
        if compact:
            width = max(2, int(compact))
            rank = "JK" if card.rank == JOKER else card.rank_text
            suit = ("*" if self.ascii else "★") if card.rank == JOKER else (
                ASCII_SUITS[card.suit] if self.ascii else card.symbol)
            return [[Segment(tl + h * (width - 1), border)], [Segment(rank.ljust(width), ink + Style(bold=True))],
                    [Segment(suit.ljust(width), ink)], [Segment(bl + h * (width - 1), border)]]
        if card.rank == JOKER:
            rank, suit = "JK ", " * " if self.ascii else " ★ "
        else:
            rank = card.rank_text.ljust(3) if card.rank == 10 else f" {card.rank_text} "
            suit = f" {ASCII_SUITS[card.suit] if self.ascii else card.symbol} "
        return [
            [Segment(tl + h * 3 + tr, border)],
            [Segment(v, border), Segment(rank, ink + Style(bold=True)), Segment(v, border)],
            [Segment(v, border), Segment(suit, ink), Segment(v, border)],
            [Segment(bl + h * 3 + br, border)],
        ]


def crop(segments: list[Segment], width: int) -> list[Segment]:
    """The first ``width`` cells of a row of segments."""
    return list(Strip(segments).crop(0, width))


def blank(width: int, style: Style) -> Segment:
    return Segment(" " * max(0, width), style)
