"""CardtableApp: themes, settings, global keys and the terminal-size guard."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from time import monotonic
from typing import Any

from textual import events
from textual.app import App
from textual.binding import Binding
from textual.geometry import Size
from textual.screen import Screen
from textual.widgets import Input, TextArea

from ..engine.errors import VariantError
from ..engine.game import Game
from ..paths import user_dir
from ..presets import preset_path
from .messages import ThemeSwitched
from .notes import (START_NOTE_SECONDS, NoteSlot, in_folder, not_loaded, note_width, problems_note, soft_breaks,
                    table_note_width, wrapped)
from .screens.dialogs import MIN_SIZE, ConfirmQuit, HelpScreen, TooSmallNote
from .screens.over_table import HELD_KEY_SECONDS
from .screens.start import StartScreen
from .screens.table import DEFAULT_BOT_DELAY, ESCAPE_AND, TableScreen
from .seats import TableSetup
from .settings import DEFAULT_THEME, LastTable, Settings
from .themes import CardTheme, load_themes, variable_defaults
from .widgets.ascii_scrollbar import draw_scrollbars_as_themed
from .widgets.knob import WIDE_COLUMNS

THEME_ORDER = ("felt", "dark", "four-colour", "ascii")
"""The shipped themes in cycling order; the user's own follow, by name."""


class CardtableApp(App[int]):
    """The terminal card table."""

    CSS_PATH = "app.tcss"
    TITLE = "cardtable"
    HORIZONTAL_BREAKPOINTS = [(0, "-tiny-x"), (MIN_SIZE[0], "-narrow"), (WIDE_COLUMNS, "-wide")]
    VERTICAL_BREAKPOINTS = [(0, "-tiny-y"), (MIN_SIZE[1], "-short"), (30, "-tall")]
    BINDINGS = [
        Binding("question_mark,f1", "help", "help"),
        Binding("t", "cycle_theme", "theme"),
        Binding("q", "request_quit", "quit"),
        Binding("ctrl+q", "request_quit", "quit", priority=True),
    ]

    def __init__(self, setup: TableSetup | None = None, theme: str | None = None,
                 bot_delay: float | None = None, family: str | None = None,
                 save_settings: bool = True, game: Game | None = None, replay: Any = None) -> None:
        super().__init__()
        draw_scrollbars_as_themed()
        self.replay = replay
        """A :class:`~cardtable.store.Replay` to open instead of the start screen (``cardtable replay``)."""
        self.setup = setup
        self.game = game
        """A game already under way for ``setup`` (tests, and resuming later)."""
        self.family = family
        self.farewell = []
        self._held_notes: list[Callable[[], None]] = []
        self.save_settings = save_settings
        self.settings = Settings.load()
        remembered = self.settings.bot_delay if self.settings.bot_delay is not None else DEFAULT_BOT_DELAY
        self.bot_delay = remembered if bot_delay is None else bot_delay
        """Seconds a bot pauses before it moves: ``--bot-delay``, else as last chosen with ``b``."""
        self.auto_pass = self.settings.auto_pass
        """Whether a player whose only move is a pass passes at once (a table's ``a``)."""
        found, self.theme_problems = load_themes()
        order = [name for name in THEME_ORDER if name in found]
        self.card_themes: dict[str, CardTheme] = {name: found[name] for name in order + sorted(set(found) - set(order))}
        for card_theme in self.card_themes.values():
            self.register_theme(card_theme.textual)
        wanted = theme or self.settings.theme
        self.theme_missing = wanted if wanted and wanted not in self.card_themes else None
        """The theme asked for (``--theme`` or remembered) that did not load, if so."""
        self.card_theme = wanted if wanted in self.card_themes else (
            DEFAULT_THEME if DEFAULT_THEME in self.card_themes else next(iter(self.card_themes)))
        self._wear(self.card_themes[self.card_theme])
        self.theme_note = NoteSlot()
        """The note naming the theme ``t`` switched to (one, however often it is pressed)."""

    def get_theme_variable_defaults(self) -> dict[str, str]:
        return variable_defaults()

    def on_mount(self) -> None:
        self.screen_change_signal.subscribe(self, self._screen_shown)
        # (markup=False: a note quotes names and files as written; "[/]" is no markup here)
        self.when_it_fits(self._tell_broken_themes)
        if self.replay is not None:
            from .screens.replay import ReplayScreen

            self.push_screen(ReplayScreen(self.replay, standalone=True))
        elif self.setup is not None:
            self.push_screen(TableScreen(self.setup, self.game, bot_delay=self.bot_delay))
        else:
            self.push_screen(StartScreen(self.family))
        self._check_size()

    # ----------------------------------------------------------------- themes
    def use_theme(self, name: str) -> None:
        """Switch to the theme ``name`` and remember it."""
        self.card_theme = name
        self._wear(self.card_themes[name])
        for screen in self.screen_stack:
            screen.post_message(ThemeSwitched())
        self.refresh(layout=True)
        self.remember(theme=name)

    def _wear(self, card_theme: CardTheme) -> None:
        """Dress the app in ``card_theme``: its colours, and under an ASCII theme Textual's
        own widgets in ASCII too (app.tcss's ``-ascii-cards`` rules; the scrollbars ask
        :func:`~cardtable.tui.text.uses_ascii` as they draw)."""
        self.card_ascii = card_theme.ascii
        self.set_class(self.card_ascii, "-ascii-cards")
        self.theme = card_theme.textual_name

    def remember(self, **values: Any) -> None:
        """Keep ``values`` (fields of :class:`Settings`) in the user's settings file, for
        the next start; an app made with ``save_settings=False`` (a test's) keeps nothing."""
        if not self.save_settings:
            return
        for name, value in values.items():
            setattr(self.settings, name, value)
        self.settings.save()

    def remember_table(self, setup: TableSetup) -> None:
        """Keep the table being played in the settings: the start screen offers it next
        (after "New game" too, wherever the table was set up)."""
        seats = [(seat.name, seat.bot or "human") for seat in setup.seats]
        self.remember(table=LastTable(setup.variant.family, _preset_named(setup.variant), seats))

    def action_cycle_theme(self) -> None:
        names = list(self.card_themes)
        name = names[(names.index(self.card_theme) + 1) % len(names)]
        self.use_theme(name)
        self.theme_note.tell(self, f"{name}: {self.card_themes[name].description}", title="theme", timeout=2)

    # ----------------------------------------------------------------- keys
    def action_help(self) -> None:
        if not isinstance(self.screen, HelpScreen):
            self.push_screen(HelpScreen())

    def action_request_quit(self) -> None:
        """q / ctrl+q: quit, asking first what a quit would lose (house rules being edited
        and not saved; a game under way: save it for Continue, or abandon it)."""
        from .screens.dialogs import Confirm
        from .screens.editor import EditorScreen  # (the editor builds on the app's screens)

        editing = any(isinstance(screen, EditorScreen) and screen.dirty for screen in self.screen_stack)
        if not editing:
            self._ask_quit()
        elif isinstance(self.screen, (Confirm, ConfirmQuit)):  # (the editor's own question, or this one)
            self.notify("First answer the question on screen; then ctrl+q asks about quitting.", timeout=4,
                        markup=False)
        else:
            self.push_screen(Confirm("Quit without saving your house rules?", "Quit (y)", "Keep editing (n)"),
                             lambda quit: self._ask_quit() if quit else None)

    def _ask_quit(self) -> None:
        """Quit, asking first about a game under way (see :meth:`action_request_quit`)."""
        tables = [s for s in self.screen_stack if isinstance(s, TableScreen) and not s.game.is_over]
        if not tables or self.too_small:
            self.farewell.extend(note for table in tables for note in table.untold_notes())
            self.exit(0)  # (too small to ask: the autosave stays for Continue)
            return
        if any(isinstance(screen, ConfirmQuit) for screen in self.screen_stack):  # (under the help too)
            return

        def answered(choice: str | None) -> None:
            if choice == "abandon":
                tables[-1].abandon()  # quit on purpose: the autosave goes
            if choice in ("save", "abandon"):
                self.farewell.extend(tables[-1].untold_notes())
                self.exit(0)  # "save": the table keeps its autosave when it closes
            elif choice == "start":
                self._to_start_screen(tables[-1])

        moved_to = getattr(tables[-1].saver, "moved_to", None)  # (another window took the autosave)
        self.push_screen(ConfirmQuit(on_quit=self._leave, unsaved=tables[-1].unsaved(),
                                     kept_in=moved_to.name if moved_to is not None else None), answered)

    START_SCREEN_QUIET = HELD_KEY_SECONDS
    """After "Save, to the start screen" the start screen takes no key and no click until
    this long has passed with none (a key in it starts the wait again, as on the hand-off:
    ``Arming``): a play-tester's ``m`` then ``s`` (the quit question's "Save and quit")
    pressed Start at once, and the game just kept went from Continue to Load game; a held
    Enter pressed Continue and undid the ``m``. A table just started from the start screen
    keeps the same quiet (:meth:`hold_keys`)."""

    _quiet_since: float | None = None
    _quiet_for: Screen[Any] | None = None
    """The screen the quiet is held for: it starts again when that screen shows."""

    def hold_keys(self, screen: Screen[Any] | None = None) -> None:
        """Keys and clicks do nothing until :attr:`START_SCREEN_QUIET` has passed with none
        (each one starts the wait again), counted again from when ``screen`` (just switched
        to) shows: a table just opened from the start screen takes no letter of a name typed
        there, whose first letter (``s``) started it, however long it takes to open."""
        self._quiet_since = monotonic() if self.START_SCREEN_QUIET else None
        self._quiet_for = screen

    def _in_quiet(self, event: events.Event) -> bool:
        """Whether ``event``, a key or a mouse button, comes in the quiet of a screen just
        switched to (:attr:`START_SCREEN_QUIET`); a key there starts it again."""
        if self._quiet_since is None or not isinstance(event, (events.Key, events.MouseDown, events.MouseUp)):
            return False
        if monotonic() - self._quiet_since >= self.START_SCREEN_QUIET:
            self._quiet_since = self._quiet_for = None
            return False
        if isinstance(event, events.Key):
            self._quiet_since = monotonic()
        return True

    def _to_start_screen(self, table: TableScreen) -> None:
        """Close ``table`` and what is over it (a buy question, the hand-off, the help) for
        the start screen; its autosave stays for Continue. Keys typed since the choice did
        nothing (:attr:`leaving`), nor do keys and clicks in the start screen's first
        moments (:attr:`START_SCREEN_QUIET`)."""
        table.close()  # (it asks nothing more, its bots stop: a question it held back must not follow)
        while self.screen is not table and table in self.screen_stack:
            self.pop_screen()
        untold = table.untold_notes()  # (the table opened with a question, and was left before its turn)
        start = StartScreen() if table in self.screen_stack else None
        if start is not None:
            self.switch_screen(start)
        self.leaving = False
        self.hold_keys(start)
        for note in untold:
            self.notify(soft_breaks(note, table_note_width(self)), timeout=8, markup=False)

    # ----------------------------------------------------------------- size
    @property
    def too_small(self) -> bool:
        """Whether the terminal is under 80×24, so every screen is covered by the note."""
        return _under(self.size)

    farewell: list[str]
    """What a table left to say when the app quit (printed after it: where the unfinished
    game a new table replaced was kept, when the player quit before the table said so)."""

    leaving = False
    """Set once a quit is chosen or the app exits: keys typed after "Save and quit" do
    nothing (a quick ``t`` would otherwise still change the saved theme); after "Save, to
    the start screen" until the start screen is there (:meth:`_to_start_screen`)."""

    def _leave(self) -> None:
        self.leaving = True

    def exit(self, *args: Any, **kwargs: Any) -> None:
        self._leave()
        super().exit(*args, **kwargs)

    async def run_action(self, action: Any, default_namespace: Any = None, namespaces: Any = None) -> bool:
        """Every key binding runs here: once the app is leaving, none does anything (the
        keys already typed reach the screens after the quit was chosen)."""
        if self.leaving:
            return True
        return await super().run_action(action, default_namespace, namespaces)

    async def on_event(self, event: events.Event) -> None:
        """While the note covers the screen, keys do nothing but ctrl+q (quit, keeping the
        game): nobody plays a card they cannot see. Once the app is leaving, no key does
        anything."""
        if isinstance(event, events.Key) and not event.is_forwarded and (
                self.leaving or (self.too_small and event.key != "ctrl+q")) or self._in_quiet(event):
            event.stop()
            return
        if isinstance(event, events.Key) and not event.is_forwarded and self._held_keys is not None:
            self._held_keys.append(event)  # (behind the key that escape's move of the focus holds)
            return
        if isinstance(event, events.Key) and not event.is_forwarded \
                and (after := self._escape_and(event)) is not None:
            await self._typed_apart(events.Key(*after))
            return
        await super().on_event(event)

    _held_keys: list[events.Key] | None = None
    """Keys read while escape's move of the focus out of a text box is under way: they go,
    in order, where the focus lands (:meth:`_typed_apart`)."""

    async def _typed_apart(self, key: events.Key) -> None:
        """Escape, then ``key``, as if typed apart: split here, in order, before the hand or
        a key typed after them sees anything."""
        if not isinstance(self.focused, (Input, TextArea)):
            await super().on_event(events.Key("escape", "\x1b"))
            await super().on_event(key)
            return
        # (a text box takes a letter as text: the screen's escape, which moves the focus out
        # of it or asks a question over it, runs now, and the key and any read after it wait
        # until that move is made, so that they go where the focus lands)
        escape = self.screen.active_bindings.get("escape")
        if escape is not None and escape.enabled:
            await self.run_action(escape.binding.action, escape.node)
        self._held_keys = [key]
        self.call_later(self._let_keys_go)

    async def _let_keys_go(self) -> None:
        """The keys held by :meth:`_typed_apart`, in order (one that is escape and a letter
        again holds the rest behind it)."""
        keys, self._held_keys = self._held_keys or [], None
        while keys:
            key = keys.pop(0)
            if self._held_keys is not None:
                self._held_keys.extend([key, *keys])
                return
            await self.on_event(key)

    def _escape_and(self, key: events.Key) -> tuple[str, str] | None:
        """The key typed just after escape that ``key`` stands for, when the terminal's reader
        took the two as one: escape then a letter within 0.1 s is ``alt+q`` (a play-tester's
        escape then ``q`` said "q is no key here" over a key bar offering ``q quit``; on the
        start screen escape then ``g`` left the name box and changed no game), and at the
        table escape then a digit is a sign (:data:`ESCAPE_AND`). None for any other key.
        The two keys then act as if typed apart."""
        character = key.character or ""
        if key.key.startswith("alt+") and len(character) == 1 and character.isalpha():
            return character, character
        return ESCAPE_AND.get(character) if isinstance(self.screen, TableScreen) else None

    def on_resize(self, event: events.Resize) -> None:
        for note in self.query(TooSmallNote):
            note.refresh()
        if self._held_notes and not _under(event.size):
            self.call_after_refresh(self._tell_held)  # (once the screens have the new size to write for)

    def _tell_held(self) -> None:
        held, self._held_notes = self._held_notes, []
        for tell in held:
            tell()

    def when_it_fits(self, tell: Callable[[], None]) -> None:
        """``tell`` a note now, or once the terminal is big enough (80x24): a note written
        for a screen too small was cut to its width, and stayed so when the terminal grew
        ("badtoml.toml:" / "not valid …")."""
        if self.too_small:
            self._held_notes.append(tell)
        else:
            tell()

    def _check_size(self) -> None:
        self._add_note(self.screen)

    def _tell_broken_themes(self) -> None:
        """One note for every theme file that did not load and for a chosen theme that is
        not there, in six lines at the most: that theme in two, then the first files told
        (two lines each at least) and the rest by file name in two, so that it and the
        presets' note fit on an 80x24 screen. On the start screen it stays until the player
        moves on; over a table, a few seconds."""
        problems = in_folder(self.theme_problems, user_dir("themes"))
        if not problems and self.theme_missing is None:
            return
        width = note_width(self)
        lines = wrapped(f"Theme {self.theme_missing!r} did not load: using {self.card_theme!r}, your choice "
                        "kept", width, 2) if self.theme_missing is not None else []
        shown = len(problems) if len(problems) <= 2 else 1 if lines else 2
        names = ", ".join(problem.path.name for problem in self.theme_problems[shown:])
        more = wrapped(f"… and {len(problems) - shown} more: {names}", width, 2) if names else []
        lines += problems_note(problems, width, 6 - len(lines) - len(more), shown=shown) + more
        at_start = self.setup is None and self.replay is None
        self.notify("\n".join(lines), title=not_loaded(len(problems), "theme") if problems else "theme not loaded",
                    severity="warning", markup=False, timeout=START_NOTE_SECONDS if at_start else 12)

    def _screen_shown(self, screen: Screen[object]) -> None:
        """A quiet held for ``screen`` (:meth:`hold_keys`) starts again as it shows, once: a
        table slow to open (a busy machine) took longer than the quiet, and the a of "sam"
        reached it (any screen's showing restarted it, and ate the first key at a help or a
        hand-off long after). The screen gets its "terminal too small" note."""
        if self._quiet_since is not None and screen is self._quiet_for:
            self._quiet_since, self._quiet_for = monotonic(), None
        self._add_note(screen)

    def _add_note(self, screen: Screen[object]) -> None:
        """Every screen carries a hidden "terminal too small" note that covers it while
        the terminal is under 80×24 (shown by the breakpoint classes in app.tcss)."""
        if not screen.query(TooSmallNote):
            screen.mount(TooSmallNote())


def _under(size: Size) -> bool:
    """Whether a terminal of ``size`` is under 80×24, too small for any screen."""
    return size.width < MIN_SIZE[0] or size.height < MIN_SIZE[1]


def _preset_named(variant: Any) -> str:
    """How the start screen finds ``variant`` again: its name, when that name means its
    file; else its file's path (a preset played from a path, ``--preset ~/x/forseti.toml``,
    is not the shipped preset of its name, and the start screen does not offer it)."""
    source = getattr(variant, "source", None)
    if not source:
        return str(variant.name)
    try:
        named = preset_path(variant.name)
    except VariantError:
        return str(source)
    return str(variant.name) if named == Path(source).resolve() else str(source)
