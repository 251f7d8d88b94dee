"""Small overlays: help with every key, the rules of a preset, quit confirmation,
and the "terminal too small" notice."""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from functools import cached_property
from typing import Any

from rich.table import Table
from rich.text import Text
from textual import events
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Horizontal, Vertical, VerticalScroll
from textual.screen import ModalScreen
from textual.widgets import Button, Static

from ...presets import describe_rules, value_text
from ..notes import KeyNote
from ..text import LOG_LINES, as_themed, themed, uses_ascii
from .over_table import OverTable

EVERYWHERE_KEYS: list[tuple[str, str, str]] = [
    ("Everywhere", "? / F1", "this help"),
    ("", "t", "next theme (remembered)"),
    ("", "q / ctrl+q", "quit (a game under way: save and quit, back to the start screen, or abandon)"),
]
"""The app's keys, as (where, key, what it does); they work on every screen."""

HELP = Binding("question_mark,f1", "app.help", "help", show=False)
"""``?`` help, for a modal screen: Textual keeps the app's own keys from it (its header
still offers them)."""

HELP_AND_THEME: list[BindingType] = [HELP, Binding("t", "app.cycle_theme", "theme", show=False)]
"""``?`` help and ``t`` theme, for a modal screen that writes itself again in a new theme."""

KEYS: list[tuple[str, str, str]] = [
    ("Dialogs", "↑ ↓ enter", "choose an option (exchange: select cards, enter or g gives)"),
    ("", "1 … 9, 0", "with a hand shown: the next option that uses that card (+ first past the 10th)"),
    ("", "H", "hint: highlights the hard bot's choice (exchange: selects the cards)"),
    ("", "v", "look at the table under the dialog (melds, log); any key comes back"),
    ("", "L / b", "the whole log / the bots' speed, as at the table"),
    ("", "o", "sort the hand shown by rank or by suit, as o at the table (Shanghai, Tonk)"),
    ("", "escape", "cancel a list of choices the table offered: nothing is played"),
    ("Hand-off", "enter", "the named player is ready to see their cards"),
    ("", "ctrl+s / r", "save the game / the preset's rules (no cards shown)"),
    ("Round end", "enter", "deal the next round"),
    ("", "L", "the hand's whole log (in hot seat as the whole table saw it: no one's own cards)"),
    ("Match end", "a / n / q", "play again / new game / quit"),
    ("", "L / r", "the last hand's whole log / the preset's rules"),
    ("Start", "tab, enter", "move between fields; s or Start begins the game (asks first over a game to Continue)"),
    ("", "g / e / p", "the next game / preset / one player more (after the most, the fewest)"),
    ("", "n", "the first seat's name: type the players' names there (tab to the next field)"),
    ("", "r", "the rules of the chosen preset"),
    ("", "c / x", "continue the interrupted game (the autosave) / discard an autosave that does not load"),
    ("", "l / v / i", "load a saved game / replays / statistics"),
    ("", "x / delete", "in Load game: delete the save under the cursor (asks first)"),
    ("", "h", "house rules: new / edit / rename / duplicate / delete / export / import"),
    ("", "escape", "leave a name or the seed (letters typed there are text, not keys)"),
    ("Editor", "ctrl+s", "save the preset (refused, with the reason, while a rule is invalid)"),
    ("", "escape", "leave the editor (asks first if there are unsaved changes)"),
    ("Quit", "s / m", "save and quit (Continue next time) / save, to the start screen"),
    ("", "y / n", "abandon the game / keep playing"),
    ("Replay", "← →", "a move back / forward (hands shown unless still in play)"),
    ("", "pgup / pgdn", "ten moves back / forward"),
    ("", "[ / ]  (p / n)", "back to this round's deal (the one before at it) / the next round's deal"),
    ("", "home / end", "the first deal / the end of the save"),
    ("", "↑ ↓", "scroll the melds (Shanghai)"),
    ("", "escape", "close the replay (back to the Replays list)"),
]
"""The keys away from the table, as (where, key, what it does). The table's keys are read
from the bindings of the table itself (see :func:`table_key_rows`), so they cannot drift."""

ACTION_WORDS: dict[str, str] = {
    "rules": "the rules of the preset being played",
    "full_log": "the whole log of the round (what the table saw; the table shows its latest lines)",
    "save_game": "save the game under a new name (Load game lists it); every move is autosaved too",
    "hint": "hint: the hard bot suggests a move from your own cards (in a dialog: highlighted or selected)",
    "bot_speed": "bots' speed: normal, fast, instant, slow (remembered)",
    "move": "move the cursor along your hand",
    "jump": "the cursor to the first / last card",
    "toggle_card": "select / unselect the card under the cursor",
    "pick": "select / unselect card 1 … 9, 10",
    "tens": "cards past 10: + then the card's last digit (+ 2: card 12; + + 1: card 21)",
    "clear": "clear the selection (just after +: let the + go)",
}
"""What a table binding does, by action name, where every family means the same."""

FAMILY_WORDS: dict[str, dict[str, str]] = {
    "president": {
        "submit": "play the selected cards",
        "pass_turn": "pass",
        "screen.auto_pass": "auto-pass on / off: who cannot beat the pile passes at once, no hand-off (remembered)",
    },
    "shanghai": {
        "submit": "1 selected card discards, more make a go-down group",
        "draw('draw_stock')": "draw from the stock",
        "draw('take_upcard')": "take the upcard",
        "group": "put the selected cards in the next go-down group (one per contract meld)",
        "ungroup": "take back the last go-down group",
        "go_downs": "choose from the go-downs that use the selected cards",
        "lay_off": "lay off the selected card; pick the meld (on a run, which end)",
        "swap": "swap a natural card for a joker in a meld",
        "discard": "discard the selected card",
        "sort": "sort the hand by rank or by suit",
        "scroll_melds": "scroll the melds",
    },
    "tonk": {
        "submit": "1 selected card discards, 3 or more make a spread",
        "stock": "draw from the stock",
        "upcard": "take the upcard (top of the pile)",
        "spread": "lay the selected cards down as a spread (none selected: the one spread, or a list)",
        "hit": "hit: lay the selected card off on a spread (asks which, if several fit; none selected: the one hit, or a list)",
        "discard": "discard the selected card",
        "drop": "drop: show your hand, lowest count wins (asks first)",
        "declare": "declare a dealt 49 (presets with it)",
        "dead_four": "put a dead four on the pile (presets with it)",
        "sort": "sort the hand by suit or by rank",
    },
}
"""What a family's table binding does, by action (with its arguments, or by name alone)."""

FAMILY_EXTRAS: dict[str, list[tuple[str, str]]] = {
    "president": [("mouse", "click a card to select it; click Play or Pass")],
    "shanghai": [("mouse", "click a card to select it"),
                 ("buy prompt", "↑ ↓ enter: buy the upcard or decline")],
    "tonk": [("mouse", "click a card to select it; click the stock or the pile to draw")],
}
"""A family's table input that is no key binding of the table."""

KEY_NAMES = {"left": "←", "right": "→", "pageup": "pgup", "pagedown": "pgdn", "question_mark": "?", "plus": "+",
             "equals_sign": "="}
"""Textual key names as the help writes them (the arrows stay words in the ASCII theme)."""


def own_bindings(widget_class: type) -> list[BindingType]:
    """The bindings ``widget_class`` and its cardtable base classes declare (not Textual's own)."""
    bindings: list[BindingType] = []
    for cls in reversed(widget_class.__mro__):
        if cls.__module__.startswith("cardtable."):
            bindings.extend(vars(cls).get("BINDINGS", []))
    return bindings


def _key_text(keys: list[str], ascii: bool) -> str:
    names = [key if ascii and key in ("left", "right") else KEY_NAMES.get(key, key) for key in keys]
    if len(names) > 3:  # the number keys: "1 … 9, 0"
        return f"{names[0]} … {names[-2]}, {names[-1]}"
    return " / ".join(names)


def table_key_rows(bindings: Iterable[BindingType], family: str, ascii: bool = False) -> list[tuple[str, str]]:
    """(keys, what they do) for a table's ``bindings``, in their order; keys that do the
    same thing share a row (``← / →``, ``1 … 9, 0``). The words come from
    :data:`FAMILY_WORDS`, then :data:`ACTION_WORDS`, then the binding's description."""
    words = FAMILY_WORDS.get(family, {})
    rows: dict[str, list[str]] = {}
    for binding in Binding.make_bindings(bindings):
        name = binding.action.split("(", 1)[0]
        what = words.get(binding.action) or words.get(name) or ACTION_WORDS.get(name) \
            or binding.description or name.replace("_", " ")
        rows.setdefault(what, []).append(binding.key)
    return [(_key_text(keys, ascii), what) for what, keys in rows.items()]


def help_rows(table_screen: Any, ascii: bool = False) -> list[tuple[str, str, str]]:
    """Every row of the help as (where, key, what it does): the keys of ``table_screen``'s
    table (its screen, hand and family bindings) after "Everywhere", or — away from a
    table (None) — the shared table keys and each family's own."""
    from ...engine.registry import FAMILY_TITLES
    from ...engine.registry import FAMILIES
    from ..families import family_ui
    from ..widgets.hand import Hand

    def section(where: str, rows: list[tuple[str, str]]) -> list[tuple[str, str, str]]:
        return [(where if i == 0 else "", key, what) for i, (key, what) in enumerate(rows)]

    table_rows: list[tuple[str, str, str]] = []
    if table_screen is not None:
        family = table_screen.game.family
        bindings = own_bindings(type(table_screen)) + own_bindings(Hand) + own_bindings(type(table_screen.table))
        table_rows = section("Table",
                             table_key_rows(bindings, family, ascii) + FAMILY_EXTRAS.get(family, []))
    else:
        from .table import TableScreen

        table_rows = section("Table", table_key_rows(own_bindings(TableScreen) + own_bindings(Hand), "", ascii))
        for family in FAMILIES:
            family_class = family_ui(family).table_class
            table_rows += section(FAMILY_TITLES[family], table_key_rows(own_bindings(family_class), family, ascii)
                                  + FAMILY_EXTRAS.get(family, []))
    return EVERYWHERE_KEYS + table_rows + KEYS


class HelpScreen(ModalScreen[None]):
    """Every key, by where it works. At a table, the table's section is read from the
    bindings of the table on screen, so it lists that game's keys and no other's."""

    BINDINGS = [Binding("escape,question_mark,f1,enter,q", "close", "close", show=False)]

    def table_screen(self) -> Any:
        """The table screen under this help (None: no game is on screen)."""
        from .table import TableScreen

        return next((s for s in reversed(self.app.screen_stack) if isinstance(s, TableScreen)), None)

    def first_section(self) -> str:
        """The section of the screen this help was opened over, shown first: "Replay" (a
        replay, whose own keys alone work there, then the app's), "Start" (its keys came
        fourth, on a page a first-time player never turned to), else "" (the table's come first)."""
        from .replay import ReplayScreen
        from .start import StartScreen

        below = self.app.screen_stack[-2] if len(self.app.screen_stack) > 1 else None
        return "Replay" if isinstance(below, ReplayScreen) else "Start" if isinstance(below, StartScreen) else ""

    def compose(self) -> ComposeResult:
        ascii = uses_ascii(self.app)
        fix = themed(ascii)
        table = Table(box=None, padding=(0, 1), show_header=False)
        table.add_column(style="bold", no_wrap=True)
        table.add_column(style="bold cyan", no_wrap=True)
        table.add_column()
        rows = help_rows(self.table_screen(), ascii)
        if over := self.first_section():
            start = next(i for i, row in enumerate(rows) if row[0] == over)
            end = next((i for i in range(start + 1, len(rows)) if rows[i][0]), len(rows))
            # (a replay: its own keys, then the app's, a table's do nothing there; the start
            # screen: its own keys first, then all the others)
            rows = rows[start:end] + (EVERYWHERE_KEYS if over == "Replay" else rows[:start] + rows[end:])
        for where, key, what in rows:
            table.add_row(fix(where), fix(key), fix(what))
        with Vertical(id="help-box"):
            yield VerticalScroll(Static(table))

    def on_mount(self) -> None:
        self._title()

    def on_resize(self) -> None:
        self.call_after_refresh(self._title)

    def _title(self) -> None:
        """The box's title: the keys that close it, and ``pgdn`` while rows lie below
        (a play-tester who read only the first page took it for the whole help)."""
        more = self.query_one(VerticalScroll).max_scroll_y > 0
        title = "keys — pgdn for more, escape closes" if more else "keys — escape closes"
        self.query_one("#help-box").border_title = Text(themed(uses_ascii(self.app))(title))

    def action_close(self) -> None:
        self.dismiss(None)


class LogScreen(ModalScreen[None], OverTable[None]):
    """The round's whole log from the deal on, as the player on screen may read it,
    oldest first and scrolled to the newest (what happened since your last turn is at
    the end), at any width. The game goes on under it, and ``b`` sets the bots' speed
    as at the table (``ctrl+s`` and ``r`` are the table's too)."""

    BINDINGS = [HELP, Binding("escape,L,enter,q", "close", "close", show=False),
                Binding("b", "bot_speed", "bot speed", show=False)]

    def __init__(self, lines: Sequence[str], over: bool = False, word: str = "round") -> None:
        super().__init__()
        self.lines, self.over = tuple(lines), over
        self.word = word
        """What the game calls a round ("hand" in Shanghai and Tonk), as the title says it."""

    def compose(self) -> ComposeResult:
        fix = themed(uses_ascii(self.app))
        with Vertical(id="log-box") as box:
            round_ = f"The {self.word}" + ("" if self.over else " so far")  # (over: opened on its results)
            box.border_title = Text(fix(f"{round_} — newest last (escape closes)"))
            with VerticalScroll(id="log-scroll"):
                yield Static(self._text(), id="log-lines")

    def _text(self) -> Text:
        cut = [f"(the earlier lines of this {self.word} are left out: the log keeps its last {LOG_LINES})"] \
            if len(self.lines) >= LOG_LINES else []
        return Text("\n".join([*cut, *self.lines]) or "nothing has happened yet")

    def on_mount(self) -> None:
        self.query_one("#log-scroll", VerticalScroll).scroll_end(animate=False)

    def show(self, lines: Sequence[str]) -> None:
        """The log as it is now (the game goes on while it is open: bots move); kept at
        the newest line if it was there."""
        if tuple(lines) == self.lines:
            return
        if not self.is_mounted:  # (opened a moment ago: it is composed from these)
            self.lines = tuple(lines)
            return
        scroll = self.query_one("#log-scroll", VerticalScroll)
        at_end = scroll.scroll_y >= scroll.max_scroll_y
        self.lines = tuple(lines)
        self.query_one("#log-lines", Static).update(self._text())
        if at_end:
            self.call_after_refresh(scroll.scroll_end, animate=False)

    def action_close(self) -> None:
        self.dismiss(None)


class RulesScreen(ModalScreen[None]):
    """The game in a paragraph (the family's ``how_to_play``), then every knob of the
    preset in plain words: one row per knob with its name, then its value (and the
    default when it differs) over what it means, so that long values and descriptions
    wrap instead of pushing each other off the screen. At a table (``players`` given), the
    titles are those given at that many players."""

    BINDINGS = [HELP, Binding("escape,r,enter,q", "close", "close", show=False),
                Binding("L", "full_log", "log", show=False)]

    def __init__(self, variant: Any, players: int | None = None) -> None:
        super().__init__()
        self.variant = variant
        self.players = players

    def compose(self) -> ComposeResult:
        variant = self.variant
        fix = themed(uses_ascii(self.app))
        titles = getattr(variant, "title_names", None)  # (a family with titles names them)
        with Vertical(id="rules-box") as box:
            box.border_title = Text(fix(f"{variant.title} — rules (escape closes)"))  # (a title as written)
            with VerticalScroll():
                yield Static(fix(f"{variant.description}\n{variant.players.min}–{variant.players.max} players"),
                             id="rules-about", markup=False)
                how = getattr(type(variant), "how_to_play", "")
                if how:
                    yield Static(Text.assemble(("How to play. ", "bold"), fix(how)), id="rules-how")
                    yield Static("This table's rules:", id="rules-these", classes="-bold")
                with Horizontal(classes="rules-row -heading"):
                    yield Static("rule", classes="rules-knob")
                    yield Static("value, and what it means", classes="rules-text")
                rules = type(variant.rules)
                for name, value, description, default in describe_rules(variant.rules):
                    shown, was = (value_text(v, name, rules, minus="−") for v in (value, default))  # (fix: ASCII's -)
                    with Horizontal(classes="rules-row"):
                        yield Static(name, classes="rules-knob", markup=False)
                        with Vertical(classes="rules-text"):
                            yield Static(fix(shown), classes="rules-value", markup=False)
                            if shown != was:  # (in words: a table equal but for an unsaid JK: 0 is no change)
                                yield Static(fix(f"default: {was}"), classes="rules-default", markup=False)
                            yield Static(fix(description), classes="rules-meaning", markup=False)
                if titles is not None:
                    yield Static(fix("Titles: " + ", ".join(titles(self.players))), id="rules-titles",
                                 markup=False)

    def below(self) -> Any:
        """The screen the rules were opened over."""
        stack = self.app.screen_stack
        return stack[stack.index(self) - 1] if self in stack and stack.index(self) > 0 else None

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        """``L`` works where the screen below has a log (a table, a round's results, the
        log itself), not on the start screen."""
        if action == "full_log":
            below = self.below()
            return isinstance(below, LogScreen) or hasattr(below, "action_full_log")
        return True

    def action_full_log(self) -> None:
        """L: the rules close for the log, as ``L`` below them would open it (opened over
        the log, whose ``r`` shows them, the rules close back to it)."""
        below = self.below()
        self.dismiss(None)
        if not isinstance(below, LogScreen):
            below.action_full_log()

    def action_close(self) -> None:
        self.dismiss(None)


class Confirm(ModalScreen[bool]):
    """A yes/no question; y / n / escape answer."""

    BINDINGS = [HELP, Binding("y", "answer(True)", show=False), Binding("n,escape", "answer(False)", show=False)]

    def __init__(self, question: str, yes: str = "Yes (y)", no: str = "No (n)") -> None:
        super().__init__()
        self.question, self.yes, self.no = question, yes, no

    def compose(self) -> ComposeResult:
        with Vertical(id="confirm-box"):
            yield Static(self.question, id="confirm-question", markup=False)
            with Horizontal(id="confirm-buttons"):
                yield Button(self.yes, id="yes", variant="error", compact=True)
                yield Button(self.no, id="no", variant="primary", compact=True)

    def on_mount(self) -> None:
        self.query_one("#no", Button).focus()

    def on_button_pressed(self, event: Button.Pressed) -> None:
        self.dismiss(event.button.id == "yes")

    def action_answer(self, answer: bool) -> None:
        self.dismiss(answer)


class ConfirmQuit(ModalScreen[str | None]):
    """Quitting a game under way: "save" (the autosave is kept: Continue next time),
    "start" (kept too, and the start screen comes back: another game, or this one later),
    "abandon" (the autosave is removed) or None (keep playing). A game that cannot be
    saved (``unsaved``: why) is said so first, its quit button "Quit anyway (s)", with no
    abandon and no start screen to offer: leaving loses it either way."""

    BINDINGS = [HELP, Binding("s", "answer('save')", show=False), Binding("m", "answer('start')", show=False),
                Binding("y", "answer('abandon')", show=False), Binding("n,escape", "answer(None)", show=False)]

    def __init__(self, question: str = "Quit this game?", on_quit: Callable[[], object] | None = None,
                 unsaved: str | None = None, kept_in: str | None = None) -> None:
        super().__init__()
        self.question = question
        self.kept_in = kept_in
        """The saves file this game is kept in, when another window took the autosave (so
        Continue would bring back that window's game, not this one), or None."""
        self.on_quit = on_quit
        """Called the moment a quit is chosen: the answer itself reaches the caller only
        after keys already typed (Textual delivers it later), which must not act."""
        self.unsaved = unsaved
        """Why the game cannot be saved (its autosave failed, and again when asked), or None."""

    def compose(self) -> ComposeResult:
        with Vertical(id="confirm-box"):  # (centred by the modal screen: the table shows around it)
            if self.unsaved is not None:
                yield Static(Text(as_themed(self.app, f"{self.question} It is not saved: {self.unsaved}."),
                                  style="bold"), id="confirm-question")
                with Horizontal(id="confirm-buttons"):
                    yield Button("Quit anyway (s)", id="save", variant="error", compact=True)
                    yield Button("No, keep playing (n)", id="no", variant="primary", compact=True)
                yield Static("Quitting now loses what is not saved. Keep playing to mend what stops the "
                             "save: the game tries again after every move.", id="confirm-note")
                return
            yield Static(self.question, id="confirm-question")
            with Horizontal(id="confirm-buttons"):
                yield Button("Save and quit (s)", id="save", variant="success", compact=True)
                yield Button("No, keep playing (n)", id="no", variant="primary", compact=True)
            with Horizontal(id="confirm-start"):
                yield Button("Save, to the start screen (m)", id="start", variant="success", compact=True)
            kept = self.kept_in
            yield Static(Text(f"This game is kept in {kept}: Load game continues it (another window has the autosave)."
                              if kept else "A saved game comes back with Continue."), id="confirm-note")
            yield Static(Text(f"Abandon this game? {kept or 'Its autosave'} goes (a game you saved with ctrl+s "
                              "stays in Load game)."), id="confirm-abandon-question")
            with Horizontal(id="confirm-abandon"):
                yield Button("Abandon and quit (y)", id="abandon", variant="error", compact=True)

    def on_mount(self) -> None:
        self.query_one("#no", Button).focus()

    def on_button_pressed(self, event: Button.Pressed) -> None:
        self.action_answer({"save": "save", "start": "start", "abandon": "abandon"}.get(str(event.button.id)))

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        """A game that cannot be saved offers no abandon (``y`` would throw away the last
        autosave that did work, an earlier point of this game) and no start screen (the
        game would be lost there as by a quit, but the question said only "quit")."""
        return not (self.unsaved is not None and action == "answer" and parameters in (("abandon",), ("start",)))

    def action_answer(self, answer: str | None) -> None:
        if answer is not None and self.on_quit is not None:
            self.on_quit()
        self.dismiss(answer)

    @cached_property
    def key_note(self) -> KeyNote:
        """The note for a key the question has no use for: its own keys, as its buttons say."""
        return KeyNote("s quits anyway, n keeps playing" if self.unsaved is not None else
                       "s saves and quits, m to the start screen, y abandons, n keeps playing")

    def on_key(self, event: events.Key) -> None:
        self.key_note.key(self, event)

    def on_unmount(self) -> None:
        self.key_note.withdraw()  # (closed by the table too, at a hand-off: not over the next player)


MIN_SIZE = (80, 24)


TINY = (64, 8)
"""Below this size the too-small note is its short form, which fits whole."""


class TooSmallNote(Static):
    """Covers a screen while the terminal is smaller than 80×24 (see app.tcss)."""

    def render(self) -> str:
        width, height = self.app.size
        if width < TINY[0] or height < TINY[1]:  # (the long note, wrapped in a tiny window, lost its ctrl+q line)
            return as_themed(self.app, f"Too small: {width}×{height}.\nNeeds {MIN_SIZE[0]}×{MIN_SIZE[1]}.\n"
                                       "Make it bigger,\nor ctrl+q quits.")
        kept = " (the game in play is kept for Continue)" if self._game_in_play() else ""
        return as_themed(self.app, f"Terminal too small: {width}×{height}.\n"
                                   f"cardtable needs at least {MIN_SIZE[0]}×{MIN_SIZE[1]}.\n"
                                   "Make the window bigger to go on,\n"
                                   f"or press ctrl+q to quit{kept}.")

    def _game_in_play(self) -> bool:
        """Whether a table under way is open (not over a match's end: nothing is in play)."""
        games = (getattr(screen, "game", None) for screen in self.app.screen_stack)
        return any(game is not None and not game.is_over for game in games)
