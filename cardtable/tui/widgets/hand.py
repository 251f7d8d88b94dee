"""The hand: a row of cards to pick from by keyboard (arrows, space, numbers) or mouse.

The hand holds only what the user is doing (cursor, selection); the cards, which of
them may take part in a legal play, and whether it is active come from the screen.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from typing import NamedTuple

from rich.segment import Segment
from rich.style import Style
from textual import events
from textual.binding import Binding
from textual.message import Message
from textual.reactive import reactive
from textual.strip import Strip

from ...engine.cards import JOKER, Card
from .card import CARD_WIDTH, CardsWidget, blank, crop

HAND_HEIGHT = 6
MIN_STEP = 2
"""The fewest columns a card may show under the next: its rank over its suit."""
RANK_COLUMN = 2
"""The column of a card's rank ("│ K │"; a "10" ends there), where its number ends."""
DIGIT_KEYS = 10
"""The cards the digit keys reach (1–9, and 0 for the 10th); ``+`` reaches the ten after them."""
PAST_DIGITS = "past 10: + then a digit"
"""How a prompt names the way to the cards past :data:`DIGIT_KEYS`."""
FRESH_TAG = "new"
"""Written over a card just come into the hand (:attr:`Hand.fresh`)."""


class HandLayout(NamedTuple):
    """How a hand fits its row: the visible columns of each card drawn (the last one
    whole), the first card drawn and how many are drawn (all of them unless the hand is
    too long for the row); ``step`` is the columns of a card under the next one."""

    step: int
    first: int
    shown: int
    widths: tuple[int, ...] = ()

    def card_at(self, x: int) -> int:
        """The index of the card drawn at column ``x`` of the cards (clamped to the drawn ones)."""
        edge = 0
        for i, width in enumerate(self.widths):
            edge += width
            if x < edge:
                return self.first + i
        return self.first + max(0, self.shown - 1)


def narrow_width(card: Card, step: int) -> int:
    """The columns ``card`` shows under the next at ``step``: a two-column card has only
    room for its rank, so a "10" or "JK" takes a third column, or it runs into the next
    card's rank ("1010J")."""
    return max(step, 3) if step < 3 and (card.rank == 10 or card.rank == JOKER) else step


class Hand(CardsWidget, can_focus=True):
    """Cards drawn side by side, overlapping when the row is narrow; selected cards lift."""

    BINDINGS = [
        Binding("left", "move(-1)", "left", show=False),
        Binding("right", "move(1)", "right", show=False),
        Binding("home", "jump(0)", show=False),
        Binding("end", "jump(-1)", show=False),
        Binding("space", "toggle_card", "select", show=False),
        Binding("enter", "submit", "play", show=False),
        Binding("escape", "clear", "clear", show=False),
        *(Binding(str((i + 1) % DIGIT_KEYS), f"pick({i})", show=False) for i in range(DIGIT_KEYS)),
        Binding("plus,equals_sign", "tens", show=False),
    ]

    cards: reactive[tuple[Card, ...]] = reactive((), always_update=True)
    legal: reactive[frozenset[int] | None] = reactive(None)
    """Indices of cards that can take part in a legal play (None: no marking)."""
    selected: reactive[frozenset[int]] = reactive(frozenset())
    cursor: reactive[int] = reactive(0)
    _first = 0
    """The first card drawn when the hand is too long for its row (kept between draws)."""
    active: reactive[bool] = reactive(True)
    """Whether the hand takes input (it is this human's turn)."""
    fresh: reactive[tuple[Card, ...]] = reactive(())
    """Cards just come into the hand, tagged "new" above them (each copy once; the screen
    says which: a draw until the discard, the cards got in an exchange until the first
    play). A fresh card in a group set aside shows no tag; a lifted one has it in its top edge."""

    class SelectionChanged(Message):
        """The user selected or unselected a card; ``change`` counts the hand's selection
        changes (a table can tell a change made before its notice from one after it)."""

        def __init__(self, hand: Hand, selected: frozenset[int], change: int = 0) -> None:
            super().__init__()
            self.hand = hand
            self.selected = selected
            self.change = change

    class TooMany(Message):
        """The user tried to select a card past :attr:`Hand.most`; it was not selected."""

        def __init__(self, hand: Hand) -> None:
            super().__init__()
            self.hand = hand

    class NoCard(Message):
        """The user pressed the number of a card past the row's last (``number``: 1–10, or
        past 10 by ``+`` and a digit; ``shown``: the cards in the row then, which a Shanghai
        go-down's groups leave)."""

        def __init__(self, hand: Hand, number: int, shown: int) -> None:
            super().__init__()
            self.hand = hand
            self.number = number
            self.shown = shown

        @property
        def words(self) -> str:
            """What the table says of it: "no card 8: the row shows 6 cards"."""
            return f"no card {self.number}: the row shows {self.shown} card{'s' * (self.shown != 1)}"

    class Submitted(Message):
        """The user pressed Enter on the hand."""

        def __init__(self, hand: Hand) -> None:
            super().__init__()
            self.hand = hand

    class Inactive(Message):
        """The user pressed a key that picks or plays cards while the hand takes none
        (another player decides): the table says so."""

        def __init__(self, hand: Hand) -> None:
            super().__init__()
            self.hand = hand

    def watch_cards(self, old: tuple[Card, ...], new: tuple[Card, ...]) -> None:
        """New cards clear the selection; the same cards in another order (``o`` sorts)
        keep it, and the cursor stays on its card; cards that came in (a draw, a bought
        upcard), none gone, take the cursor to the first of them, wherever the sort put
        it, and the cards selected before stay selected."""
        if old != new:
            self.cancel_tens()
            kept = [old[index] for index in sorted(self.selected) if index < len(old)]
            self.selected = frozenset()
            self._first = 0
            came = Counter(new) - Counter(old)
            if old and Counter(new) == Counter(old):  # (the selected cards are the same: no message)
                self.cursor = new.index(old[min(self.cursor, len(old) - 1)])
                self.selected = self._indices(kept)
            elif old and came and len(new) - len(old) == sum(came.values()):
                self.cursor = next(index for index, card in enumerate(new) if card in came)
                if kept:
                    self.select_cards(kept)
        self.cursor = min(self.cursor, max(0, len(new) - 1))

    def selected_cards(self) -> tuple[Card, ...]:
        return tuple(self.cards[i] for i in sorted(self.selected) if i < len(self.cards))

    def select(self, indices: frozenset[int]) -> None:
        """Select exactly these cards (a hint shows its move this way)."""
        self._set_selected(frozenset(i for i in indices if i < len(self.cards)))

    def select_cards(self, cards: Sequence[Card]) -> None:
        """Select exactly ``cards`` of the hand, each copy once (two decks hold twins)."""
        self.select(self._indices(cards))

    def _indices(self, cards: Sequence[Card]) -> frozenset[int]:
        wanted, picked = list(cards), set()
        for index, card in enumerate(self.cards):
            if card in wanted:
                wanted.remove(card)
                picked.add(index)
        return frozenset(picked)

    # ----------------------------------------------------------------- input
    changes = 0
    """How many times the selection has changed, by the user or set from outside (see
    :class:`SelectionChanged`; a hint asks whether it changed while it was thought about)."""
    most: int | None = None
    """The most cards the user may select (None: any number), e.g. the cards to give."""

    def watch_selected(self) -> None:
        self.changes += 1

    def _set_selected(self, selected: frozenset[int]) -> None:
        if selected == self.selected:
            self.changes += 1  # (the same cards again: still a choice made, as the message says)
        self.selected = selected
        self.post_message(self.SelectionChanged(self, selected, self.changes))

    def newer_than_notice(self, event: SelectionChanged, notice_at: int) -> bool:
        """Whether ``event`` reports a selection made after a notice shown at change
        ``notice_at`` (a key pressed right after a card number is acted on before the
        selection's message arrives: that message must not wipe the action's notice)."""
        return event.change > notice_at

    def action_move(self, delta: int) -> None:
        if self.cards:
            self.cursor = (self.cursor + delta) % len(self.cards)

    def action_jump(self, index: int) -> None:
        if self.cards:
            self.cursor = index % len(self.cards)

    def action_toggle_card(self, index: int | None = None) -> None:
        if not self.cards:
            return
        if not self.active:
            self.post_message(self.Inactive(self))
            return
        index = self.cursor if index is None else index
        if not 0 <= index < len(self.cards):
            return
        self.cursor = index
        if index not in self.selected and self.most is not None and len(self.selected) >= self.most:
            self.post_message(self.TooMany(self))
            return
        self._set_selected(self.selected ^ {index})

    tens = 0
    """Cards past the 10th: ``+`` makes the next digit pick card 10 + digit (``+ 2``:
    card 12; ``+ 0``: card 20), ``+ +`` card 20 + digit; the number row then shows
    those cards' last digits. Any other key lets it go, and so do a click, the hand losing
    the focus or going inactive, and a dialog over the table (:meth:`cancel_tens`)."""

    @property
    def past_digits(self) -> bool:
        """Whether the hand holds cards past the digit keys' reach (``+`` reaches them)."""
        return len(self.cards) > DIGIT_KEYS

    def on_key(self, event: events.Key) -> None:
        if event.key not in ("plus", "equals_sign", "escape") and not event.key.isdigit():
            self.cancel_tens()  # (escape lets it go as its own action: the selection stays)

    def on_blur(self) -> None:
        self.cancel_tens()

    def watch_active(self, active: bool) -> None:
        if not active:
            self.cancel_tens()

    def cancel_tens(self) -> None:
        """Let a ``+`` typed go (:attr:`tens`): the next digit picks a card from 1 again."""
        self._set_tens(0)

    def _set_tens(self, tens: int) -> None:
        if tens != self.tens:
            self.tens = tens
            self.refresh()

    def action_tens(self) -> None:
        """``+``: the next digit picks a card past the 10th (:attr:`tens`); the cursor
        goes to the first of them, so the stretch that holds them is in sight. Past the
        last card it says so, as a number would."""
        if not self.cards:
            return
        if not self.active:
            self.post_message(self.Inactive(self))
            return
        tens = self.tens + DIGIT_KEYS
        if tens >= len(self.cards):
            self.cancel_tens()
            self.post_message(self.NoCard(self, tens + 1, len(self.cards)))
            return
        self._set_tens(tens)
        self.cursor = tens

    def action_pick(self, index: int) -> None:
        index += self.tens
        self.cancel_tens()
        if self.active and self.cards and index >= len(self.cards):
            self.post_message(self.NoCard(self, index + 1, len(self.cards)))
            return
        self.action_toggle_card(index)

    def action_clear(self) -> None:
        """Escape: let go of a ``+`` typed (:attr:`tens`), else clear the selection."""
        if self.tens:
            self.cancel_tens()
        elif self.selected:
            self._set_selected(frozenset())

    def action_submit(self) -> None:
        self.post_message(self.Submitted(self) if self.active else self.Inactive(self))

    def on_click(self, event: events.Click) -> None:
        self.cancel_tens()
        where = event.get_content_offset(self)  # (the row is drawn in the content area, inside padding)
        if not self.cards or where is None or where.y >= HAND_HEIGHT:
            return
        layout = self._layout(self.size.width)
        offset = where.x - (1 if layout.first else 0)
        if offset >= 0:
            self.action_toggle_card(layout.card_at(offset))

    # ----------------------------------------------------------------- drawing
    def _layout(self, width: int) -> HandLayout:
        """How the row fits ``width``: every card overlapping the next by as little as
        it can (down to two columns: rank over suit, three for a "10"); a hand too long
        even for that shows a stretch around the cursor, with ‹ › where cards are left out."""
        cards = self.cards
        count = len(cards)
        if count <= 1:
            return HandLayout(CARD_WIDTH, 0, count, (CARD_WIDTH,) * count)
        step = max(MIN_STEP, min(CARD_WIDTH, (width - CARD_WIDTH) // (count - 1)))
        widths = [narrow_width(card, step) for card in cards[:-1]] + [CARD_WIDTH]
        if sum(widths) <= width or step > MIN_STEP:
            return HandLayout(step, 0, count, tuple(widths))
        room = width - 2  # (two columns for ‹ ›)

        def shown_from(first: int) -> int:
            """How many cards from ``first`` fit ``room`` (the last drawn whole)."""
            used, shown = 0, 0
            for card in cards[first:]:
                if used + CARD_WIDTH > room and shown:
                    break
                used += narrow_width(card, MIN_STEP)
                shown += 1
            return shown

        first = min(self._first, self.cursor)
        while first > 0 and first - 1 + shown_from(first - 1) >= count:  # (no room left unused at the end)
            first -= 1
        while first < self.cursor and first + shown_from(first) <= self.cursor:  # scrolled only as far as the cursor needs
            first += 1
        self._first = first
        shown = shown_from(first)
        drawn = tuple(narrow_width(card, MIN_STEP) for card in cards[first:first + shown - 1]) + (CARD_WIDTH,)
        return HandLayout(MIN_STEP, first, shown, drawn)

    def _numbers(self, layout: HandLayout) -> list[str]:
        """The number row, a label per card shown: every number while cards are wide; on
        two-column cards 1–10, the cursor's and the last one's. Each number ends under its
        card's rank; on a two-column card, whose rank is at its left edge (``card_lines``),
        it starts there. A number that would run into the next ("1011") gives way, the
        cursor's never."""
        last = layout.first + layout.shown - 1
        labels = []
        for i, cell in enumerate(layout.widths, layout.first):
            shown = layout.step > MIN_STEP or i < DIGIT_KEYS or (self.active and i == self.cursor) or i == last
            number = str(i + 1) if shown else ""
            if self.tens:  # (after +: the digit that picks each card it reaches)
                number = str((i + 1 - self.tens) % DIGIT_KEYS) if self.tens <= i < self.tens + DIGIT_KEYS else ""
            compact = layout.step <= MIN_STEP and i < last
            labels.append((number if compact else number.rjust(RANK_COLUMN + 1)).ljust(cell)[:cell])
        for j in range(1, len(labels)):
            left, right = labels[j - 1], labels[j]
            if left.strip() and right.strip() and not left.endswith(" ") and not right.startswith(" "):
                drop = j if self.active and j - 1 + layout.first == self.cursor else j - 1
                labels[drop] = " " * len(labels[drop])
        return labels

    def render_line(self, y: int) -> Strip:
        width = self.size.width
        styles = self.card_styles()
        felt = styles["felt"]
        if not self.cards:
            text = "(no cards)" if y == 2 else ""
            return Strip([Segment(text.center(width), felt)])
        layout = self._layout(width)
        segments: list[Segment] = []
        more_left, more_right = layout.first > 0, layout.first + layout.shown < len(self.cards)
        if more_left:
            segments.append(Segment(("<" if self.ascii else "‹") if y == 2 else " ", felt + styles["number"]))
        last = layout.first + layout.shown - 1
        numbers = self._numbers(layout) if y == HAND_HEIGHT - 1 else []
        fresh = self._indices(self.fresh) if y == 0 and self.fresh else frozenset()
        tag_style = felt + styles["number"] + Style(bold=True)  # (a fresh card's tag)
        for i in range(layout.first, last + 1):
            card = self.cards[i]
            cell = layout.widths[i - layout.first]
            lifted = i in self.selected
            top = 0 if lifted else 1
            cursor = self.active and i == self.cursor
            if y == HAND_HEIGHT - 1:
                label = numbers[i - layout.first]
                style = felt + styles["number"] + (styles["cursor"] + Style(reverse=True) if cursor else Style())
                segments.append(Segment(label, style))
                continue
            if y == 0 and i in fresh and not lifted:
                segments.append(Segment(self._fresh_tag(cell), tag_style))
                continue
            if not top <= y < top + 4:
                marker = "^" if self.ascii else "▲"
                text = marker.center(cell)[:cell] if lifted and y == 4 else " " * cell
                segments.append(Segment(text, felt + styles["selected"]))
                continue
            edge = styles["selected"] if lifted else styles["cursor"] if cursor else None
            dim = self.legal is not None and i not in self.legal
            compact = cell if layout.step < 3 and i < last else 0
            row = self.card_lines(card, styles, dim=dim, edge=edge, compact=compact)[y - top]
            if y == 0 and i in fresh:  # (lifted onto the tag's row: the tag goes into its top edge)
                row = self._tag_in_edge(row, cell, tag_style)
            segments.extend(crop(row, cell))
        if more_right:
            segments.append(Segment((">" if self.ascii else "›") if y == 2 else " ", felt + styles["number"]))
        used = sum(len(s.text) for s in segments)
        segments.append(blank(width - used, felt))
        return Strip(segments)

    def _fresh_tag(self, cell: int) -> str:
        """The tag over a fresh card ``cell`` columns wide: " new" (over a card the next one
        overlaps to three columns or two, where the word would run into a neighbour's tag,
        a dot; in ASCII a "v" pointing at it, not "*", the ASCII joker)."""
        if cell < len(FRESH_TAG) + 1:
            return ("v" if self.ascii else "•").ljust(cell)
        return f" {FRESH_TAG}".ljust(cell)

    def _tag_in_edge(self, row: list[Segment], cell: int, style: Style) -> list[Segment]:
        """A lifted fresh card's top edge (one segment) with the tag written into it,
        "┌new┐", or "┌•──" where the next card overlaps it: lifted onto the tag's row, it
        lost its tag, and a player grouping cards could not tell which had just come in."""
        [edge] = row
        tag = self._fresh_tag(cell).strip()
        return [Segment(edge.text[:1], edge.style), Segment(tag, style),
                Segment(edge.text[1 + len(tag):], edge.style)]

    def get_content_height(self, container, viewport, width: int) -> int:
        return HAND_HEIGHT
