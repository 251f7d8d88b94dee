"""Small overlays: help with every key, the rules of a preset, quit confirmation,
and the "terminal too small" notice."""

from __future__ import annotations

from typing import Any

from rich.table import Table
from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Center, Horizontal, Middle, Vertical, VerticalScroll
from textual.screen import ModalScreen, Screen
from textual.widgets import Button, Static

from ...presets import describe_rules, value_text

KEYS: list[tuple[str, str, str]] = [
    ("Everywhere", "?", "this help"),
    ("", "t", "next theme (remembered)"),
    ("", "q / ctrl+q", "quit (asks before abandoning a game)"),
    ("", "r", "the rules of the preset being played"),
    ("", "ctrl+s", "save the game under a new name (Load game lists it); every move is autosaved too"),
    ("Table", "← →", "move the cursor along your hand"),
    ("", "space", "select / unselect the card under the cursor"),
    ("", "1 … 9, 0", "select / unselect card 1 … 9, 10"),
    ("", "enter", "play the selected cards"),
    ("", "p", "pass"),
    ("", "escape", "clear the selection"),
    ("", "H", "hint: the hard bot suggests a move from your own cards (in a dialog: highlighted)"),
    ("", "mouse", "click a card to select it; click Play or Pass"),
    ("Shanghai", "s / u", "draw from the stock / take the upcard"),
    ("", "g", "put the selected cards in the next go-down group (one per contract meld)"),
    ("", "backspace", "take back the last go-down group"),
    ("", "m", "choose from the go-downs that use the selected cards"),
    ("", "l", "lay off the selected card (or the one under the cursor); pick the meld and end"),
    ("", "w", "swap a natural card for a joker in a meld"),
    ("", "d", "discard the selected card (enter: 1 card discards, more make a group)"),
    ("", "o", "sort the hand by rank or by suit"),
    ("", "pgup / pgdn", "scroll the melds"),
    ("", "buy prompt", "↑ ↓ enter: buy the upcard or decline"),
    ("Tonk", "s / u", "draw from the stock / take the upcard (top of the pile)"),
    ("", "m", "lay the selected cards down as a spread"),
    ("", "l / h", "hit: lay the selected card off on a spread (asks which, if several fit)"),
    ("", "d", "discard the selected card (enter: 1 card discards, 3+ make a spread)"),
    ("", "D", "drop: show your hand, lowest count wins (asks first)"),
    ("", "c / f", "declare a dealt 49 / put a dead four on the pile (presets with them)"),
    ("", "o", "sort the hand by suit or by rank"),
    ("Dialogs", "↑ ↓ enter", "choose an option (exchange: select cards, enter gives)"),
    ("Hand-off", "enter", "the named player is ready to see their cards"),
    ("Round end", "enter", "deal the next round"),
    ("Match end", "a / n / q", "play again / new game / quit"),
    ("Start", "tab, enter", "move between fields; s or Start begins the game"),
    ("", "c", "continue the interrupted game (the autosave)"),
    ("", "l / v / i", "load a saved game / replays / statistics"),
    ("", "h", "house rules: new / edit / rename / duplicate / delete / export / import"),
    ("Editor", "ctrl+s", "save the preset (refused, with the reason, while a rule is invalid)"),
    ("", "escape", "leave the editor (asks first if there are unsaved changes)"),
    ("Quit", "s / y / n", "save and quit (Continue next time) / abandon the game / keep playing"),
    ("Replay", "← →", "one move back / forward (every hand shown)"),
    ("", "pgup / pgdn", "ten moves back / forward"),
    ("", "home / end", "the first deal / the end of the save"),
    ("", "escape", "close the replay"),
]


class HelpScreen(ModalScreen[None]):
    BINDINGS = [Binding("escape,question_mark,enter,q", "close", "close", show=False)]

    def compose(self) -> ComposeResult:
        table = Table(box=None, padding=(0, 1), show_header=False)
        table.add_column(style="bold")
        table.add_column(style="bold cyan")
        table.add_column()
        for where, key, what in KEYS:
            table.add_row(where, key, what)
        with Vertical(id="help-box") as box:
            box.border_title = "keys — escape closes"
            yield VerticalScroll(Static(table))

    def action_close(self) -> None:
        self.dismiss(None)


class RulesScreen(ModalScreen[None]):
    """Every knob of a preset in plain words."""

    BINDINGS = [Binding("escape,r,enter,q", "close", "close", show=False)]

    def __init__(self, variant: Any) -> None:
        super().__init__()
        self.variant = variant

    def compose(self) -> ComposeResult:
        variant = self.variant
        table = Table(box=None, padding=(0, 1), header_style="bold", expand=True)
        table.add_column("knob", style="cyan", no_wrap=True)
        table.add_column("value", no_wrap=True)
        table.add_column("what it means", ratio=1)
        for name, value, description, default in describe_rules(variant.rules):
            shown = value_text(value) + ("" if value == default else f" (default {value_text(default)})")
            table.add_row(name, shown, description)
        titles = getattr(variant, "titles", None)
        with Vertical(id="rules-box") as box:
            box.border_title = f"{variant.title} — rules (escape closes)"
            with VerticalScroll():
                yield Static(Text(f"{variant.description}\n{variant.players.min}–{variant.players.max} players"))
                yield Static(table)
                if titles is not None:
                    yield Static("Titles: " + ", ".join(titles.model_dump().values()))

    def action_close(self) -> None:
        self.dismiss(None)


class ConfirmQuit(ModalScreen[str | None]):
    """Quitting a game under way: "save" (the autosave is kept: Continue next time),
    "abandon" (the autosave is removed) or None (keep playing)."""

    BINDINGS = [Binding("s", "answer('save')", show=False), Binding("y", "answer('abandon')", show=False),
                Binding("n,escape", "answer(None)", show=False)]

    def __init__(self, question: str = "Quit this game?") -> None:
        super().__init__()
        self.question = question

    DEFAULT_CSS = """
    #confirm-note { height: auto; margin: 1 0 0 0; color: $text-muted; }
    #confirm-abandon-question { height: auto; margin-top: 1; }
    #confirm-abandon { height: 1; }
    """

    def compose(self) -> ComposeResult:
        with Middle(), Center(), Vertical(id="confirm-box"):
            yield Static(self.question, id="confirm-question")
            with Horizontal(id="confirm-buttons"):
                yield Button("Save and quit (s)", id="save", variant="success", compact=True)
                yield Button("No, keep playing (n)", id="no", variant="primary", compact=True)
            yield Static("A saved game comes back with Continue.", id="confirm-note")
            yield Static("Abandon this game? (it will not be kept)", id="confirm-abandon-question")
            with Horizontal(id="confirm-abandon"):
                yield Button("Abandon and quit (y)", id="abandon", variant="error", compact=True)

    def on_mount(self) -> None:
        self.query_one("#no", Button).focus()

    def on_button_pressed(self, event: Button.Pressed) -> None:
        self.dismiss({"save": "save", "abandon": "abandon"}.get(str(event.button.id)))

    def action_answer(self, answer: str | None) -> None:
        self.dismiss(answer)


MIN_SIZE = (80, 24)


class TooSmallNote(Static):
    """Covers a screen while the terminal is smaller than 80×24 (see app.tcss)."""

    def render(self) -> str:
        width, height = self.app.size
        return (f"Terminal too small: {width}×{height}.\n"
                f"cardtable needs at least {MIN_SIZE[0]}×{MIN_SIZE[1]}.\n"
                "Make the window bigger to go on.")
