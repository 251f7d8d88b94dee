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
    """Rows: labels, four rows of cards (stock face down, the upcard face up), counts.
    When the middle of the table gives up rows (a banner or status line on two rows at
    24 rows) the labels go first (the box's title names the piles), then the counts."""

    stock_size: reactive[int] = reactive(0)
    upcard: reactive[Card | None] = reactive(None)
    """The live upcard (None: dead, taken or bought)."""
    discard_top: reactive[Card | None] = reactive(None)

    def render_line(self, y: int) -> Strip:
        width = self.size.width
        styles = self.card_styles()
        felt = styles["felt"]
        top = self.upcard if self.upcard is not None else self.discard_top
        if self.size.height < PILES_HEIGHT:
            y += 1  # (no room for the labels)
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

    def get_content_height(self, container, viewport, width: int) -> int:
        return PILES_HEIGHT


class MeldsView(CardsWidget):
    """Every meld on the table, grouped by owner, one meld a line; a wild shows what it
    stands for (``JK=6♥``). A meld too long for the width goes on under its first card.
    Sits in a scrolling box: every meld's line names its owner (dimmed after the first),
    so that a box scrolled past the first meld of a group still says whose melds they are."""

    melds: reactive[tuple[MeldLine, ...]] = reactive((), layout=True)
    names: reactive[tuple[str, ...]] = reactive(())
    footer: reactive[str] = reactive("", layout=True)

    def render(self) -> Text:
        joined = Text("\n").join(self._lines(self.size.width))
        joined.no_wrap, joined.overflow = True, "crop"  # (as many rows as get_content_height counted)
        return joined

    def get_content_height(self, container, viewport, width: int) -> int:
        return len(self._lines(width))

    def _lines(self, width: int) -> list[Text]:
        """The lines to show at ``width`` cells: each meld's cards wrap after its label."""
        styles = self.card_styles()
        felt = styles["felt"]
        dim = felt + Style(dim=True)
        lines: list[Text] = []
        if not self.melds:
            lines.append(Text("no melds on the table yet", style=dim))
        names = [self.names[m.owner] if m.owner < len(self.names) else str(m.owner) for m in self.melds]
        column = max((len(name) for name in names), default=0) + 1
        last_owner = None
        for meld, name in zip(self.melds, names):
            line = Text(name.ljust(column), style=felt + (Style(bold=True) if meld.owner != last_owner else Style(dim=True)))
            last_owner = meld.owner
            line.append(f"{meld.index + 1} {meld.kind} ", style=dim)
            indent = line.cell_len if line.cell_len < width // 2 else 2
            for i, (card, stands) in enumerate(zip(meld.cards, meld.stands)):
                face = Text(card_label(card, self.ascii), style=felt + styles["face"] + styles[SUIT_CLASS[card.suit]]
                            + Style(bold=True))
                if stands:
                    face.append(f"={stands}", style=felt + styles["face"] + styles["joker"])
                if i and line.cell_len + 1 + face.cell_len > width:
                    lines.append(line)
                    line = Text(" " * indent, style=felt)
                elif i:
                    line.append(" ", style=felt)
                line.append_text(face)
            lines.append(line)
        if self.footer:
            lines.extend(Text(self.footer, style=dim).wrap(self.app.console, max(width, 1)))
        return lines
