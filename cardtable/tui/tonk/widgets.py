"""Tonk's own table pieces: the spreads grouped by owner, and the stock and pile.

Both render the attributes they are given (cards, names, which spreads a selected
card could hit) and never touch the game."""

from __future__ import annotations

from rich.segment import Segment
from rich.style import Style
from textual import events
from textual.message import Message
from textual.reactive import reactive
from textual.strip import Strip

from ...engine.cards import Card
from ...games.tonk.spreads import jokers_stand_for
from ..widgets.card import SUIT_CLASS, CardsWidget, blank, card_label
from .present import SpreadRow


class SpreadsPanel(CardsWidget):
    """Every spread on the table, one block per owner: the owner's name, then each
    spread as a row of small card faces. Spreads in ``targets`` are marked (a hit for
    the selected card would fit there)."""

    rows: reactive[tuple[SpreadRow, ...]] = reactive((), layout=True)
    targets: reactive[frozenset[tuple[int, int]]] = reactive(frozenset())

    def _lines(self, width: int) -> list[list[Segment]]:
        styles = self.card_styles()
        felt = styles["felt"]
        if not self.rows:
            return [[Segment("(no spreads yet)", felt + Style(dim=True))]]
        name_width = min(12, max(len(row.name) for row in self.rows) + 1)
        lines: list[list[Segment]] = []
        for row in self.rows:
            line: list[Segment] = [Segment(row.name[:name_width - 1].ljust(name_width), felt + Style(bold=True))]
            used = name_width
            for index, spread in enumerate(row.spreads):
                chunk = self._spread(spread, (row.owner, index) in self.targets, styles)
                size = sum(len(s.text) for s in chunk)
                if used + size > width and used > name_width:
                    lines.append(line)
                    line, used = [blank(name_width, felt)], name_width
                line.extend(chunk)
                used += size
            lines.append(line)
        return lines

    def _spread(self, cards: tuple[Card, ...], target: bool, styles: dict[str, Style]) -> list[Segment]:
        felt = styles["felt"]
        face = felt + styles["face"]
        mark = felt + styles["selected"]
        chunk = [Segment(">" if target and self.ascii else "▸" if target else " ", mark)]
        for card, stands in zip(cards, jokers_stand_for(cards)):
            ink = face + styles[SUIT_CLASS[card.suit]]
            chunk.append(Segment(" ", face))  # a space before every card: "9♠ 10♠ J♠", never "9♠10♠"
            chunk.append(Segment(card_label(card, self.ascii), ink))
            if stands is not None:  # what the joker stands for: JK=Q♥
                chunk.append(Segment(f"={card_label(stands, self.ascii)}", face + styles["joker"]))
        chunk.append(Segment(" ", face))
        chunk.append(Segment(" ", felt))
        return chunk

    def render_line(self, y: int) -> Strip:
        width = self.size.width
        felt = self.card_styles()["felt"]
        lines = self._lines(width)
        if y >= len(lines):
            return Strip([blank(width, felt)])
        strip = Strip(lines[y]).crop(0, width)
        return Strip(list(strip) + [blank(width - strip.cell_length, felt)])

    def get_content_height(self, container, viewport, width: int) -> int:
        """The rows of every spread, less a row for each widget shown under the panel (the
        log's last lines at a narrow table: the newest stays in sight, as it did when the
        spreads took what it left)."""
        below = sum(1 for widget in self.parent.children if widget is not self and widget.display) \
            if self.parent is not None else 0
        return max(1, min(len(self._lines(width)), container.height - below))


class PilesPanel(CardsWidget):
    """The stock (face down, with its size) and the discard pile's top card."""

    stock_size: reactive[int] = reactive(0)
    top: reactive[Card | None] = reactive(None)
    pile_size: reactive[int] = reactive(0)
    active: reactive[bool] = reactive(False)
    """Whether clicking draws (it is the viewer's turn to draw)."""

    class Clicked(Message):
        """The user clicked the stock (``which`` = "stock") or the pile ("pile")."""

        def __init__(self, which: str) -> None:
            super().__init__()
            self.which = which

    def render_line(self, y: int) -> Strip:
        width = self.size.width
        styles = self.card_styles()
        felt = styles["felt"]
        if y == 0:
            text = f"stock {self.stock_size}".ljust(9) + f"pile {self.pile_size}"
            return Strip([Segment(text[:width].ljust(width), felt + Style(bold=True))])
        if 1 <= y <= 4:
            row: list[Segment] = [blank(1, felt)]
            if self.stock_size:
                row.extend(self.card_lines(None, styles)[y - 1])
            else:
                row.append(blank(5, felt))
            row.append(blank(4, felt))
            if self.top is not None:
                row.extend(self.card_lines(self.top, styles)[y - 1])
            else:
                empty = ("+---+", "|   |", "|   |", "+---+") if self.ascii else ("┌ ─ ┐", "     ", "     ", "└ ─ ┘")
                row.append(Segment(empty[y - 1], felt + Style(dim=True)))
            strip = Strip(row).crop(0, width)
            return Strip(list(strip) + [blank(width - strip.cell_length, felt)])
        if y == 5 and self.active:
            text = "  s        u"
            return Strip([Segment(text[:width].ljust(width), felt + styles["number"])])
        return Strip([blank(width, felt)])

    def get_content_height(self, container, viewport, width: int) -> int:
        return 6

    def on_click(self, event: events.Click) -> None:
        if not self.active or not 1 <= event.y <= 4:
            return
        if 1 <= event.x <= 5:
            self.post_message(self.Clicked("stock"))
        elif 10 <= event.x <= 14:
            self.post_message(self.Clicked("pile"))
