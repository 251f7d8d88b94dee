"""The trick pile: the play to beat drawn as cards, who played it, earlier plays."""

from __future__ import annotations

from rich.segment import Segment
from rich.style import Style
from textual.reactive import reactive
from textual.strip import Strip

from ...engine.cards import Card
from .card import CARD_WIDTH, CardsWidget, blank


PILE_HEIGHT = 7


class TrickPile(CardsWidget):
    """Rows: caption, four rows of the top play's cards, earlier plays, footer. Given
    only six rows (a short terminal), the earlier plays give way (the footer says what
    is to beat). An empty pile shows ``earlier`` (how the last trick ended) where the
    cards would be, at any height."""

    caption: reactive[str] = reactive("")
    cards: reactive[tuple[Card, ...]] = reactive(())
    earlier: reactive[str] = reactive("")
    footer: reactive[str] = reactive("")

    def render_line(self, y: int) -> Strip:
        width = self.size.width
        styles = self.card_styles()
        felt = styles["felt"]
        rows = {0: (self.caption, Style(bold=True)), 5: (self.earlier, Style(dim=True)), 6: (self.footer, Style())}
        if self.size.height < PILE_HEIGHT:  # (six rows: the earlier plays give way)
            rows = {0: rows[0], 5: rows[6]}
        if not self.cards:  # (how the last trick ended, where the cards would be; the footer stays)
            footer = max(rows)
            rows = {0: rows[0], 2: (self.earlier, Style(dim=True)), footer: rows[footer]}
        if y in rows:
            text, look = rows[y]
            return Strip([Segment(text[:width].ljust(width), felt + look)])
        if not 1 <= y <= 4:
            return Strip([blank(width, felt)])
        row: list[Segment] = []
        span = len(self.cards) * CARD_WIDTH
        # the play sits in the middle of the pile; very big plays are cropped on the right
        left = max(0, (width - span) // 2)
        row.append(blank(left, felt))
        for card in self.cards:
            row.extend(self.card_lines(card, styles)[y - 1])
        strip = Strip(row).crop(0, width)
        return Strip(list(strip) + [blank(width - strip.cell_length, felt)])

    def get_content_height(self, container, viewport, width: int) -> int:
        return PILE_HEIGHT
