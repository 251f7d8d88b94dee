"""Shanghai's own table widgets: the stock and upcard, and the melds by owner.

Both render attributes they are given; neither holds game state."""

from __future__ import annotations

from rich.segment import Segment
from rich.style import Style
from rich.text import Text
from textual.reactive import reactive
from textual.strip import Strip

from ...engine.cards import Card
from ..widgets.card import SUIT_CLASS, CardsWidget, blank, card_label
from .present import MeldLine

PILES_HEIGHT = 6


class Piles(CardsWidget):
    """Rows: labels, four rows of cards (stock face down, the upcard face up), counts."""

    stock_size: reactive[int] = reactive(0)
    upcard: reactive[Card | None] = reactive(None)
    """The live upcard (None: dead, taken or bought)."""
    discard_top: reactive[Card | None] = reactive(None)

    def render_line(self, y: int) -> Strip:
        width = self.size.width
        styles = self.card_styles()
        felt = styles["felt"]
        top = self.upcard if self.upcard is not None else self.discard_top
        if y == 0:
            return Strip([Segment(" stock   upcard".ljust(width)[:width], felt + Style(bold=True))])
        if y == PILES_HEIGHT - 1:
            live = "live" if self.upcard is not None else ("dead" if top is not None else "none")
            text = f" {self.stock_size:>3} left  {live}"
            return Strip([Segment(text.ljust(width)[:width], felt)])
        if not 1 <= y <= 4:
            return Strip([blank(width, felt)])
        row: list[Segment] = [blank(1, felt)]
        if self.stock_size:
            row.extend(self.card_lines(None, styles)[y - 1])
        else:
            row.append(blank(5, felt))
        row.append(blank(3, felt))
        if top is not None:
            row.extend(self.card_lines(top, styles, dim=self.upcard is None)[y - 1])
        strip = Strip(row).crop(0, width)
        return Strip(list(strip) + [blank(width - strip.cell_length, felt)])

    def get_content_height(self, container, viewport, width: int) -> int:  # type: ignore[no-untyped-def]
        return PILES_HEIGHT


class MeldsView(CardsWidget):
    """Every meld on the table, grouped by owner, one meld a line; a wild shows what it
    stands for (``JK=6♥``). Sits in a scrolling box."""

    melds: reactive[tuple[MeldLine, ...]] = reactive((), layout=True)
    names: reactive[tuple[str, ...]] = reactive(())
    footer: reactive[str] = reactive("", layout=True)

    def render(self) -> Text:
        styles = self.card_styles()
        felt = styles["felt"]
        text = Text(no_wrap=False, overflow="fold")
        if not self.melds:
            text.append("no melds on the table yet", style=felt + Style(dim=True))
        width = max([len(self.names[m.owner]) for m in self.melds if m.owner < len(self.names)] or [0]) + 1
        last_owner = None
        for meld in self.melds:
            if text.plain:
                text.append("\n")
            owner = self.names[meld.owner] if meld.owner < len(self.names) else str(meld.owner)
            text.append((owner if meld.owner != last_owner else "").ljust(width), style=felt + Style(bold=True))
            last_owner = meld.owner
            text.append(f"{meld.index + 1} {meld.kind} ", style=felt + Style(dim=True))
            for i, (card, stands) in enumerate(zip(meld.cards, meld.stands)):
                if i:
                    text.append(" ", style=felt)
                face = felt + styles["face"]
                ink = styles[SUIT_CLASS[card.suit]]
                text.append(card_label(card, self.ascii), style=face + ink + Style(bold=True))
                if stands:
                    text.append(f"={stands}", style=face + styles["joker"])
        if self.footer:
            text.append(("\n" if text.plain else "") + self.footer, style=felt + Style(dim=True))
        return text
