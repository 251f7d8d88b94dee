"""Dialogs that ask the human on screen for a choice: cards to give, or one move
from a short list. They show only the hand of the human who is choosing."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import TypeVar

from rich.cells import cell_len
from rich.text import Text
from textual import events, work
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical
from textual.screen import ModalScreen
from textual.widgets import Button, OptionList, Static
from textual.widgets.option_list import Option

from ...engine.cards import Card
from ...engine.moves import Move
from ..messages import ThemeSwitched
from ..notes import unused_key
from ..text import as_themed, describe_move
from ..widgets.card import cards_label
from ..widgets.hand import DIGIT_KEYS, PAST_DIGITS, Hand
from .dialogs import HELP_AND_THEME
from .look import LookScreen
from .over_table import OverTable


Answer = TypeVar("Answer")


class ChoiceList(OptionList):
    """The choices of a dialog: the cursor stops at the first and the last (it does not
    wrap round, so ↓ from Decline at the buy prompt never lands on Buy)."""

    def action_cursor_down(self) -> None:
        if self.highlighted is None or self.highlighted < self.option_count - 1:
            super().action_cursor_down()

    def action_cursor_up(self) -> None:
        if self.highlighted is None or self.highlighted > 0:
            super().action_cursor_up()

    def watch_scroll_y(self, old_value: float, new_value: float) -> None:
        super().watch_scroll_y(old_value, new_value)
        self.tell_hidden()

    def on_resize(self) -> None:
        self.call_after_refresh(self.tell_hidden)

    def hidden(self) -> tuple[int, int]:
        """How many choices lie above and below the rows in sight (a list taller than its
        box scrolls: at 80x24 five of nine showed, and nothing said more were there)."""
        try:
            lines = self._lines  # (OptionList's rows: option index and line, per row)
        except AttributeError:  # (a Textual that keeps them otherwise: say nothing rather than fail)
            return 0, 0
        shown = self.scrollable_content_region.height
        if not lines or shown <= 0 or len(lines) <= shown:
            return 0, 0
        top = min(int(self.scroll_y), len(lines) - 1)
        bottom = min(top + shown - 1, len(lines) - 1)
        first, offset = lines[top]
        return first + (offset > 0), self.option_count - 1 - lines[bottom][0]

    def tell_hidden(self) -> None:
        """The box's bottom edge says what the rows in sight leave out: "↑ 2 · ↓ 4 more"."""
        above, below = self.hidden()
        told = " · ".join([*([f"↑ {above}"] if above else []), *([f"↓ {below}"] if below else [])])
        self.border_subtitle = Text(as_themed(self.app, f"{told} more")) if told else ""


class TableDialog(ModalScreen[Answer], OverTable[Answer]):
    """A dialog over the table in which the app's own keys still work (a modal screen
    keeps them from the app): ``?`` help, ``t`` theme, ``q`` quit, ``r`` the rules and
    ``ctrl+s`` save; the table's ``L`` (its whole log, as the player choosing sees it)
    and ``b`` (the bots' speed); **H**, a hint when the table gives one (:attr:`hint`);
    and **v**, a look at the table under the dialog (the melds, the log) before answering."""

    BINDINGS = [*HELP_AND_THEME,
                Binding("q", "app.request_quit", "quit", show=False),
                Binding("H", "hint", "hint", show=False),
                Binding("v", "look", "look at the table", show=False),
                Binding("L", "full_log", "log", show=False),
                Binding("b", "bot_speed", "bot speed", show=False),
                Binding("o", "sort_hand", "sort", show=False),
                Binding("escape", "escape", "escape", show=False)]

    """(Its background, undimmed while looking, is in app.tcss: the app's ``ModalScreen``
    rule would beat a default one.)"""

    LOOK_KEY = "v: look at the table"
    """The dialog box's subtitle: how to see what the dialog covers."""

    ESCAPE_NOTE = "this needs an answer to play on: choose one (↑ ↓, then enter)"
    """What escape says in a dialog that must be answered (it does not close it)."""

    hand_cards: tuple[Card, ...] = ()
    """The hand the dialog shows, if any (the table puts it in its display order)."""
    fresh: tuple[Card, ...] = ()
    """Cards of that hand just come into it, tagged "new" (:attr:`Hand.fresh`): an
    exchange's, or the table's own tags (the table gives them)."""
    hint: Callable[[], Move] | None = None
    """When the table gives one: the hard bot's move for the player choosing, from that
    player's view only (**H** shows it)."""
    describe: Callable[[Move], str] | None = None
    """How the table tells a move (a hint the dialog cannot point at is named with it)."""

    title_text = ""
    prompt = ""
    """The title and prompt as the table wrote them: in Unicode, which the dialog
    writes in the app's theme (ASCII under the ASCII theme), again when it changes.
    The option labels and notes are written the same way."""

    note_text: str | Text = ""
    """The note under the choice (a refusal, a hint, what is chosen), in Unicode."""

    def on_mount(self) -> None:
        self._write_words()

    def on_theme_switched(self, message: ThemeSwitched) -> None:
        """``t`` pressed in the dialog: its words in the new theme's characters."""
        self._write_words()

    def _write_words(self) -> None:
        """Write the title, prompt and note in the app's theme (as Text: the players'
        names in them are shown as written, never read as markup)."""
        box = self.query_one("#dialog-box")
        box.border_title = Text(as_themed(self.app, self.title_text))
        box.border_subtitle = Text(as_themed(self.app, self.LOOK_KEY))
        self.query_one("#dialog-prompt", Static).update(Text(as_themed(self.app, self.prompt)))
        self._show_note()

    _note_gives_way = False
    """Whether the note under the choice gives way to the keys' note as the highlight moves:
    the keys' note itself, or a passing word ("keys here: …", "no choice here uses 3♦"), not
    a refusal or a hint."""

    def note(self, text: str, style: str = "", passing: bool = False) -> None:
        """Write ``text`` (Unicode) under the choice, in the app's theme; a ``passing`` one
        gives way to the keys' note once the highlight moves."""
        self.note_text = Text(text, style=style) if style else text
        self._note_gives_way, self._enter_noted = passing, False
        self._show_note()

    _enter_noted = False
    """Whether the note is the keys' note (:meth:`MoveListDialog.enter_note`), which a new
    theme writes again for its width."""

    def _show_note(self) -> None:
        text = self.note_text
        themed = Text(as_themed(self.app, text.plain), style=text.style) if isinstance(text, Text) \
            else Text(as_themed(self.app, text))
        self.query_one("#dialog-note", Static).update(themed)

    def action_look(self) -> None:
        """v: the dialog steps aside (box and dimming) until a key is pressed."""
        self.add_class("-looking")
        self.app.push_screen(LookScreen(), self._looked)

    def _looked(self, _none: None) -> None:
        self.remove_class("-looking")

    def action_full_log(self) -> None:
        """L: the round's whole log, as the table shows it to the player choosing."""
        self.table_does("action_full_log")

    def action_sort_hand(self) -> None:
        """o: the hand shown sorted the other way, as ``o`` at the table sorts it (and kept
        there): judging a card offered, a player not on turn could not sort it first."""
        if not self.hand_cards:
            self.note("no hand shown here to sort", passing=True)
            return
        sorted_as = self.table_does("sort_hand", self.hand_cards)
        if sorted_as is None:
            self.note("this table keeps one order: the hand is not sorted", passing=True)
            return
        self.hand_cards, order = sorted_as
        self.query_one(Hand).cards = self.hand_cards
        self.note(f"hand sorted by {order}", passing=True)

    def action_escape(self) -> None:
        """Escape: this dialog must be answered; say how (a subclass may take it as an answer)."""
        self.note(self.ESCAPE_NOTE, passing=True)

    def keys_note(self) -> str:
        """What the dialog's keys are, said when a key it does not take is pressed."""
        return "keys here: ↑ ↓ to choose, enter to take it, v to look at the table"

    def on_key(self, event: events.Key) -> None:
        """A letter or digit the dialog takes no action for (the table's own keys, under
        it, wait until it is answered) says which keys work here, rather than nothing."""
        if unused_key(self, event):
            self.note(f"{self.keys_note()}; ? lists every key", passing=True)

    def action_hint(self) -> None:
        if self.hint is None:
            self.note("no hint here: nothing for you to choose")
            return
        self.note("thinking about a hint…")
        self.hint_asked_at = self._choice_so_far()
        self._think(self.hint)

    @work(thread=True, group="hint", exclusive=True)
    def _think(self, hint: Callable[[], Move]) -> None:
        move = hint()
        try:
            self.app.call_from_thread(self._hinted, move)
        except RuntimeError:  # the app is closing
            pass

    hint_asked_at: object = None
    """What the player had chosen when the hint was asked (see :meth:`_choice_so_far`)."""

    def _choice_so_far(self) -> object:
        """What the player has chosen so far: a hint arriving after it changed only says
        its move and leaves the player's choice alone."""
        hands = self.query(Hand)
        return hands.first().changes if hands else None

    def _hinted(self, move: Move) -> None:
        if self.is_attached:  # (else answered meanwhile)
            self._show_hint(move, point=self._choice_so_far() == self.hint_asked_at)

    def _show_hint(self, move: Move, point: bool) -> None:
        """Tell ``move``; with ``point``, also show it in the dialog (a subclass:
        highlight it, select its cards)."""
        self.note(f"hint: {self._told(move)}")

    def _told(self, move: Move) -> str:
        return self.describe(move) if self.describe else describe_move(move)


class CardChoiceDialog(TableDialog[Move]):
    """Pick exactly ``count`` cards of the hand; returns ``Move(kind, cards)``."""

    BINDINGS = [Binding("g", "give", "give", show=False),
                Binding("escape", "escape", "escape", show=False, priority=True)]  # (before the hand's)
    ESCAPE_NOTE = "this needs an answer to play on: choose the cards (space or a number), then g or enter"

    def keys_note(self) -> str:
        return (f"keys here: space or a number picks a card ({PAST_DIGITS}), g or enter gives them, "
                "escape clears, v to look at the table")

    def action_escape(self) -> None:
        """Escape lets a ``+`` typed go, else clears the cards chosen (as on the hand: the
        escape key comes here first); with none, it says how to answer (it did nothing)."""
        hand = self.query_one(Hand)
        if hand.tens or hand.selected:
            hand.action_clear()
        else:
            super().action_escape()

    def __init__(self, title: str, prompt: str, hand: Sequence[Card], count: int, kind: str = "give",
                 error: str = "", fresh: Sequence[Card] = ()) -> None:
        super().__init__(classes="dialog")
        self.title_text, self.prompt, self.hand_cards = title, prompt, tuple(hand)
        self.count, self.kind, self.note_text = count, kind, error
        self.fresh = tuple(fresh)

    def compose(self) -> ComposeResult:
        with Vertical(id="dialog-box"):
            yield Static(id="dialog-prompt")
            yield Hand(id="dialog-hand")
            with Horizontal(id="dialog-buttons"):
                yield Button("Give", id="give", variant="primary", compact=True)
                yield Static(id="dialog-note")

    def on_mount(self) -> None:
        hand = self.query_one(Hand)
        hand.cards = self.hand_cards
        hand.fresh = self.fresh
        hand.most = self.count
        hand.focus()

    hint_shown_at = -1
    """The hand's selection change at which a hint selected its cards (see :meth:`_show_hint`)."""

    def on_hand_selection_changed(self, event: Hand.SelectionChanged) -> None:
        if not event.hand.newer_than_notice(event, self.hint_shown_at):
            return  # the hint's own selection: its note stays
        chosen = self.query_one(Hand).selected_cards()
        self.note(f"chosen: {cards_label(chosen)} ({len(chosen)} of {self.count})" if chosen else "")

    def on_hand_too_many(self, event: Hand.TooMany) -> None:
        cards = f"{self.count} card{'s' * (self.count != 1)}"
        self.note(f"you choose {cards}: unselect one first", style="bold red")

    def on_hand_no_card(self, event: Hand.NoCard) -> None:
        self.note(event.words, style="bold red")

    def _show_hint(self, move: Move, point: bool) -> None:
        """The hinted cards are selected (press g or Enter to give them)."""
        if not point:
            self.note(f"hint: {self._told(move)}")
            return
        hand = self.query_one(Hand)
        hand.select_cards(move.cards)
        self.hint_shown_at = hand.changes  # (the selection's own message must not replace the hint)
        self.note(f"hint: {self._told(move)} (press g)")

    def on_hand_submitted(self, event: Hand.Submitted) -> None:
        self.action_give()

    def on_button_pressed(self, event: Button.Pressed) -> None:
        event.stop()
        self.action_give()

    def action_give(self) -> None:
        chosen = self.query_one(Hand).selected_cards()
        if len(chosen) != self.count:
            self.note(f"choose exactly {self.count} card{'s' * (self.count != 1)}", style="bold red")
            return
        self.dismiss(Move(self.kind, chosen))


class MoveListDialog(TableDialog["Move | None"]):
    """Choose one of ``options`` (label, move); a move of None means "nothing".

    ``hint``, when the table gives one, computes the hard bot's suggestion for the
    player choosing (from that player's view only); **H** highlights it."""

    BINDINGS = [*(Binding(digit, f"to_card({index})", show=False) for index, digit in enumerate("1234567890")),
                Binding("plus,equals_sign", "tens", show=False)]

    def __init__(self, title: str, prompt: str, options: Sequence[tuple[str, Move | None]],
                 hand: Sequence[Card] = (), error: str = "", first: int = 0,
                 on_escape: int | None = None, standing: int | None = None) -> None:
        super().__init__(classes="dialog")
        self.title_text, self.prompt = title, prompt
        self.options = list(options)
        self.first = first
        """The option highlighted at first (Enter at once chooses it)."""
        self.standing = standing
        """The option that also answers the same question for the rest of the round
        ("Decline, and no more offers this hand"): :attr:`stands` once it is chosen."""
        self.stands = False
        """Whether the player chose :attr:`standing` (the table then asks no more)."""
        self.on_escape = on_escape
        """The option escape chooses (a "no" such as Decline), if any: its label says so
        ("Decline (escape)")."""
        if on_escape is not None:
            label, move = self.options[on_escape]
            self.options[on_escape] = (f"{label} (escape)", move)
        self.hand_cards = tuple(hand)
        self.note_text = Text(error, style="bold red")

    def compose(self) -> ComposeResult:
        with Vertical(id="dialog-box"):
            yield Static(id="dialog-prompt")
            if self.hand_cards:
                yield Hand(id="dialog-hand")
            yield ChoiceList(*(Option(Text(as_themed(self.app, label)), id=str(i))
                               for i, (label, _m) in enumerate(self.options)), id="dialog-options")
            yield Static(id="dialog-note")

    def on_mount(self) -> None:
        if self.hand_cards:
            hand = self.query_one(Hand)
            hand.cards = self.hand_cards
            hand.fresh = self.fresh
            hand.active = False
            hand.can_focus = False  # (it only shows the choice's cards: keys stay with the list)
        options = self.query_one(OptionList)
        options.highlighted = self.first
        options.focus()
        # (in sight once the list has its size: set before, it stayed at the top, and a
        # default below the list's edge, Let it go under five throws at 80x24, looked unchosen)
        self.call_after_refresh(options.scroll_to_highlight)
        if not str(self.note_text):  # (a refusal to tell comes first)
            self._note_keys()

    def _note_keys(self) -> None:
        """The keys' note (:meth:`enter_note`), again as the highlight moves or the theme
        changes while it shows."""
        self.note(self.enter_note(), style="dim", passing=True)
        self._enter_noted = True

    @property
    def escape_choice(self) -> str | None:
        """The label of the option escape chooses ("Decline"), if any."""
        return None if self.on_escape is None else self.options[self.on_escape][0].removesuffix(" (escape)")

    NOTE_ROOM = 64
    """The dialog note's one line at 80 columns (``#dialog-box`` 90 % wide, less its
    border and padding and the note's): the keys' note names the choice Enter takes
    where that still fits it, as the theme writes it."""

    def enter_note(self) -> str:
        """The note the dialog opens with, while no refusal or hint replaces it: what Enter
        and escape do here, naming the choice Enter takes where it fits ("enter or escape:
        Stay out")."""
        highlighted = self.query_one(OptionList).highlighted
        if highlighted is not None and highlighted == self.on_escape:
            return f"↑ ↓ pick · enter or escape: {self.escape_choice}"
        escape = self.escape_note()
        named = f"↑ ↓ pick · enter: {self.options[highlighted][0]}{escape}" if highlighted is not None else ""
        if named and cell_len(as_themed(self.app, named)) <= self.NOTE_ROOM:
            return named
        return f"↑ ↓ pick · enter: the highlighted one{escape}"

    def escape_note(self) -> str:
        """What escape does, as the keys' note ends: " · escape: Decline" (nothing if it does nothing)."""
        return f" · escape: {self.escape_choice}" if self.escape_choice is not None else ""

    def on_theme_switched(self, message: ThemeSwitched) -> None:
        """(After :meth:`TableDialog.on_theme_switched`: Textual calls both.) The options too."""
        options = self.query_one(ChoiceList)
        for index, (label, _move) in enumerate(self.options):
            options.replace_option_prompt_at_index(index, Text(as_themed(self.app, label)))
        options.tell_hidden()
        if self._enter_noted:  # (written again for the theme's width: ASCII's "up down" is longer)
            self._note_keys()

    def on_option_list_option_highlighted(self, event: OptionList.OptionHighlighted) -> None:
        """The highlighted choice's cards lift in the hand shown (which cards a go-down,
        a throw or a swap would use); the keys' note names it, and a ``+`` typed goes."""
        self.tens = 0
        if self._note_gives_way:
            self._note_keys()
        if not self.hand_cards or event.option.id is None:
            return
        move = self.options[int(event.option.id)][1]
        self.query_one(Hand).select_cards(move.cards if move is not None else ())

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        event.stop()
        index = int(event.option.id or 0)
        self.stands = index == self.standing
        self.dismiss(self.options[index][1])

    def action_escape(self) -> None:
        if self.on_escape is None:
            super().action_escape()
        else:
            self.dismiss(self.options[self.on_escape][1])

    tens = 0
    """Cards past the 10th: ``+`` typed before a digit adds 10 (as at the table)."""

    def uses_cards(self) -> bool:
        """Whether a card's number has choices to go to: the hand is shown and some choice
        plays cards of it (a spades bet's Bet plays none)."""
        return bool(self.hand_cards) and any(move is not None and move.cards for _label, move in self.options)

    def action_tens(self) -> None:
        """``+``: the next digit picks a card past the 10th (+ 1: card 11), as at the table:
        the highlight moving lets it go, and a hand of no more cards says so."""
        if not self.uses_cards():
            return
        held = len(self.query_one(Hand).cards)
        if held <= self.tens + DIGIT_KEYS:
            self.tens = 0
            self.note(f"the hand holds {held} cards", passing=True)
            return
        self.tens += DIGIT_KEYS
        self.note(f"+: the next digit picks card {self.tens + 1} … {min(held, self.tens + DIGIT_KEYS)}",
                  passing=True)

    def action_to_card(self, index: int) -> None:
        """A card's number (1 … 9, 0 for the 10th; ``+`` first for those past it) in the
        hand shown: the highlight to the next choice that uses that card (the black market's
        39 offers, card by card and player by player, took ↓ after ↓; a number, pressed
        again, walks that card's offers)."""
        index, self.tens = index + self.tens, 0
        cards = self.query_one(Hand).cards if self.uses_cards() else ()
        if index >= len(cards):
            self.note(f"{self.keys_note()}; ? lists every key", passing=True)
            return
        card, options = cards[index], self.query_one(OptionList)
        using = [i for i, (_label, move) in enumerate(self.options) if move is not None and card in move.cards]
        if not using:
            self.note(f"no choice here uses {cards_label((card,))}", passing=True)
            return
        now = options.highlighted if options.highlighted is not None else -1
        options.highlighted = next((i for i in using if i > now), using[0])
        if options.highlighted == now:  # (no highlight message: the note of what Enter takes, again)
            self._note_keys()

    def keys_note(self) -> str:
        numbers = ", a card's number to its choices" if self.uses_cards() else ""
        if self.escape_choice is None:
            return super().keys_note() + numbers
        return f"{super().keys_note()}{numbers}, escape: {self.escape_choice}"

    ELSEWHERE = ""
    """How to make a hinted move that is none of the options (said after it)."""

    def _choice_so_far(self) -> object:
        return self.query_one(OptionList).highlighted

    def _show_hint(self, move: Move, point: bool) -> None:
        found = next((i for i, (_label, option) in enumerate(self.options) if option == move), None)
        if found is None:  # (a dialog the table opened lists only part of the turn's moves)
            self.note(f"hint: none of these; {self._told(move)}{self.ELSEWHERE}")
            return
        if point:
            self.query_one(OptionList).highlighted = found
        self.note(f"hint: {self.options[found][0]}")


class TableChoiceDialog(MoveListDialog):
    """Moves of the player's turn that the table offers to choose among (where to lay
    off, which go-down, which spread); escape cancels (returns None). A hint that is
    none of them says how to make it instead."""

    BINDINGS = [Binding("escape", "cancel", "cancel", show=False)]
    ELSEWHERE = " (escape, then choose it at the table)"

    def action_cancel(self) -> None:
        self.dismiss(None)

    def keys_note(self) -> str:
        return super().keys_note() + ", escape to cancel"

    def escape_note(self) -> str:
        return " · escape cancels"
