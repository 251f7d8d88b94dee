"""The start screen: family, preset (with its rules), players, seats and seed."""

from __future__ import annotations

from time import monotonic
from typing import Any

from rich.text import Text
from textual import events
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical, VerticalScroll
from textual.screen import Screen
from textual.widgets import Button, Input, Label, Select, Static

from ...bots.base import normalize_level
from ...engine.errors import VariantError
from ...engine.registry import FAMILIES, FAMILY_TITLES
from ...engine.rng import parse_seed
from ...engine.words import listed
from ...presets import load_variant
from ...presets.loader import Broken, broken_family, listed_under, of_family, preset_files, survey_presets
from ..messages import ThemeSwitched
from ..seats import TableSetup, free_bot_names, name_bots
from ..settings import FIRST_PRESETS, LastTable
from ..notes import START_NOTE_SECONDS, in_folder, not_loaded, note_width, problems_note, soft_breaks
from ..text import as_themed, uses_ascii
from ..widgets.select_arrows import write_select_arrows
from ..widgets.typed_input import TypedInput
from .dialogs import Confirm, RulesScreen
from .over_table import HELD_KEY_SECONDS
from .store_menu import KEPT_IN_LOAD, StoreBar

NEW_OVER_CONTINUE = f"Start a new game? {KEPT_IN_LOAD}"
"""Asked when Start is pressed while there is a game to Continue."""

MAX_SEATS = 8
KINDS = [("Human", "human"), ("Bot: easy", "easy"), ("Bot: medium", "medium"), ("Bot: hard", "hard"),
         ("Bot: expert", "expert"), ("Bot: random", "random")]
"""Who may sit in a seat: a human, or a bot of a difficulty (issue 7's levels)."""

TITLE = " — a card table in your terminal            ? help  t theme  q quit"
"""The title line after the bold "cardtable"."""
HOUSE_RULES = "House rules… (h)"
NO_PRESET, NO_PRESET_LABEL = "", "(none loads)"
"""The preset list's one entry while no preset of the game loads (a list is never blank:
a blank entry offered "Select" as a choice)."""
NO_COUNT = ("–", 0)
"""The players list's entry until a preset is read (0 players: no preset keeps it, so the
first one read takes the count of the table played last)."""
LETTERS_ARE_KEYS = ("Outside a box the letters are keys (s starts, g the game, e the preset, p a player "
                    "more, r the rules; ? lists them). To name the players, press n (or tab to a seat's "
                    "name, or click it) and type.")
"""Said once, at the first letter typed outside a text box that is no key."""
NAME_TYPING_GAP = HELD_KEY_SECONDS
"""Letters typed on after a letter that is no key, each this soon after the last, are the
rest of a name (as soon as keys held down repeat: the table's guards use it too)."""
START_WAITS = 50
"""How many times (0.02 s apart) Start waits for the form to read a field just changed."""


class StartScreen(Screen[None]):
    """Choose what to play; Start opens the table. Above the form: Continue, Load game,
    Replays and Statistics (:class:`~cardtable.tui.screens.store_menu.StoreBar`)."""

    BINDINGS = [Binding("r", "rules", "rules", show=False), Binding("s", "start", "start", show=False),
                Binding("h", "house_rules", "house rules", show=False),
                Binding("g", "next_game", "next game", show=False),
                Binding("e", "next_preset", "next preset", show=False),
                Binding("p", "more_players", "players", show=False),
                Binding("n", "names", "names", show=False)]

    BINDINGS += [Binding("c", "store('continue')", "continue", show=False),
                 Binding("x", "store('discard')", "discard the autosave", show=False),
                 Binding("l", "store('load')", "load game", show=False),
                 Binding("v", "store('replays')", "replays", show=False),
                 Binding("i", "store('stats')", "statistics", show=False),
                 Binding("escape", "leave_field", show=False)]

    def __init__(self, family: str | None = None) -> None:
        super().__init__(classes="start")
        self._asked_family = family
        self._told_letters = False
        self._typing_at: float | None = None
        """When the last letter of a name typed outside the seats came (see :meth:`on_key`)."""
        self.family = family if family in FAMILIES else FAMILIES[0]
        self.last: LastTable | None = None
        """The table set up last time (the app's settings), offered again: its game and
        preset unless the command line asked for another game, its players and seats always
        (as when ``g`` changes the game)."""
        self.variant: Any = None
        self._select_next: str | None = None
        self._listed_family: str | None = None
        """The family whose presets the preset list shows."""
        self._preset_names: tuple[str, ...] = ()
        """The presets the Preset list shows, in its order (e cycles through them)."""
        self._loaded: str | None = None
        """The preset the form last read (loaded or not): what Start opens."""
        self._players_wanted: int | None = None
        """The player count chosen (Players, p) or set up last: each preset seats it, or
        the nearest count it allows."""
        self._info: list[tuple[str, str]] = []
        """The preset's title, description and players (or why none loads), as (text, style)."""

    def compose(self) -> ComposeResult:
        settings = getattr(self.app, "settings", None)
        last = settings.table if settings is not None else None
        if last is not None and last.family in FAMILIES:
            self.last = last
            if self._asked_family in (None, last.family):
                self.family = last.family
        yield Static(id="start-title")
        yield StoreBar()
        with Horizontal(id="start-columns"):
            with Vertical(id="start-left"):
                yield Label("Game (g)")
                options = [(FAMILY_TITLES[f], f) for f in FAMILIES]
                yield Select(options, value=self.family, allow_blank=False, id="family", compact=True)
                yield Label("Preset (e)")
                yield Select([(NO_PRESET_LABEL, NO_PRESET)], id="preset", allow_blank=False, compact=True)
                yield Static(id="preset-info")
                with Horizontal(id="preset-buttons"):
                    yield Button("Rules (r)", id="rules", compact=True)
                    yield Button(HOUSE_RULES, id="house-rules", compact=True)
            with VerticalScroll(id="start-right", can_focus=False):  # (Tab goes to its fields)
                with Horizontal(classes="start-row"):
                    yield Label("Seats (p)", classes="start-label")  # (p: one more)
                    yield Select([NO_COUNT], id="players", allow_blank=False, compact=True)  # (set by the preset)
                taken: list[str] = []
                for i in range(MAX_SEATS):
                    with Horizontal(classes="start-row seat-row", id=f"seat-row-{i}"):
                        yield Label(f"Seat {i + 1}", classes="start-label")
                        name, kind = self._seat_default(i, taken)
                        taken.append(name)
                        yield TypedInput(value=name, id=f"name-{i}", compact=True, max_length=16)
                        yield Select(KINDS, value=kind, allow_blank=False, id=f"kind-{i}", compact=True)
                with Horizontal(classes="start-row"):
                    yield Label("Seed", classes="start-label")
                    yield TypedInput(placeholder="random", id="seed", type="integer", compact=True)
        with Horizontal(id="start-bottom"):
            yield Button("Start (s)", id="start", variant="primary", compact=True)
            yield Static(id="start-error")

    def _tell_broken_presets(self, problems: Broken, last: str | None = None) -> None:
        """A preset file that does not load is left out of the list: say which, and why
        (once a run for each problem: the start screen comes back after every match, and
        its list is read again when the game changes, so a file broken while cardtable
        runs is told then). A file of your preset folder is named as it is there, and the
        problems share six lines of the note (two each when there are three; cut with "…":
        `cardtable presets list` tells them whole), so that they, "… and N more" and that
        pointer fit on an 80x24 screen. The preset played ``last``, if it is among them,
        is told first, as such: the list shows another one in its place."""
        from pathlib import Path

        from ...paths import user_dir

        already: set[str] = getattr(self.app, "told_broken_presets", set())
        said_now = {str(error) for _names, error in problems}
        if said_now <= already:
            return
        self.app.told_broken_presets = already | said_now  # type: ignore[attr-defined]
        problems = sorted(problems, key=lambda problem: last not in problem[0])  # (stable: else in name order)
        shown = problems[:3]
        said = in_folder((error for _names, error in shown), user_dir("variants"))
        # (a file's name once; several presets broken by one file are listed, the last
        # played marked: "child (last played) and quick: quick.toml: …")
        told = [(("last played, " if last in names else "") + text) if names == [Path(error.file).stem]
                else f"{listed(f'{name} (last played)' if name == last else name for name in names)}: {text}"
                for (names, error), text in zip(shown, said)]
        unshown = sum(len(names) for names, _error in problems[3:])
        more = f"\n… and {unshown} more" if unshown else ""

        def tell() -> None:
            lines = problems_note(told, note_width(self.app), 6)
            pointer = "" if "`cardtable presets list`" in " ".join(lines) else \
                "\n(`cardtable presets list` lists them all)"  # (a reason may say so already)
            self.app.notify(as_themed(self.app, "\n".join(lines) + more + pointer),
                            title=not_loaded(sum(len(names) for names, _error in problems), "preset"),
                            severity="warning", timeout=START_NOTE_SECONDS, markup=False)

        self.app.when_it_fits(tell)  # type: ignore[attr-defined]

    def _seat_default(self, index: int, taken: list[str]) -> tuple[str, str]:
        """Seat ``index``'s name and kind: as last time, else a human "Player" then bots
        named as none of the seats before (``taken``) is. A table of bots only (one watched,
        ``--seats "bot:hard,bot:easy"``) gives seat 1 back to "Player": Start seats you."""
        watched = self.last is not None and all(kind != "human" for _name, kind in self.last.seats)
        if self.last is not None and index < len(self.last.seats) and not (index == 0 and watched):
            name, kind = self.last.seats[index]
            try:
                kind = kind if kind == "human" else normalize_level(kind)
            except ValueError:
                kind = ""
            if kind in {value for _label, value in KINDS}:
                return name[:16], kind
        if index == 0:
            return "Player", "human"
        stored = [str(name) for name, _kind in self.last.seats] if self.last is not None else []
        free = free_bot_names([*taken, *stored])  # (a later stored seat keeps its name)
        return (free[0] if free else f"Bot {index + 1}"), "medium"

    def on_screen_suspend(self) -> None:
        """The start screen's notes (broken presets and themes) are about it: whatever
        opens over it (a menu, the rules, help) takes them away — from behind a menu too,
        where the start screen is still drawn (the app redraws only the top screen's notes)."""
        self.app.clear_notifications()
        self.query("ToastHolder").remove()

    def on_mount(self) -> None:
        self._show_words()
        self._fill_presets(self._last_preset())
        if not self.query_one(StoreBar).focus_first():  # Continue comes first
            self.query_one("#start", Button).focus()

    def _show_words(self) -> None:
        """The title line, the Select arrows and the preset's facts, in the theme's characters."""
        self.query_one("#start-title", Static).update(
            Text("cardtable", style="bold") + Text(as_themed(self.app, TITLE)))
        house_rules = self.query_one("#house-rules", Button)
        house_rules.label = as_themed(self.app, HOUSE_RULES)
        house_rules.refresh(layout=True)  # "..." is wider than "…"
        ascii = uses_ascii(self.app)
        write_select_arrows(self, ascii)
        self._show_info()

    def _show_info(self, *parts: tuple[str, str]) -> None:
        """Show ``parts`` ((text, style) pairs) under the preset; none: show the last ones again."""
        if parts:
            self._info = list(parts)
        info = Text()
        width = max(20, self.app.size.width // 2 - 2)  # (the left column, less its padding)
        for number, (text, style) in enumerate(self._info):
            # (Text + Text keeps the first part's style as the base style, as this screen always
            # did; a path wider than the column broken after a slash, not anywhere, at this width)
            shown = Text(as_themed(self.app, soft_breaks(text, width)), style=style)
            info = shown if number == 0 else info + shown
        self.query_one("#preset-info", Static).update(info)

    def on_resize(self, event: events.Resize) -> None:
        """The preset's facts broken again at the new width (a path's breaks are the column's)."""
        if self._info:
            self._show_info()

    def on_key(self, event: events.Key) -> None:
        """A letter that is no key here, typed outside a text box, is most likely a name
        typed before reaching the seats (a first-time player did): say once where names
        go; the letters typed on after any such letter, each within :data:`NAME_TYPING_GAP`
        of the last, are taken as the rest of the name and do nothing ("maria": its ``r``
        opened the rules). Other letters act as keys: ``s`` starts, ``e`` changes the preset."""
        if not (event.character and event.character.isalpha()) or isinstance(self.focused, Input):
            return
        now = monotonic()
        if self._typing_at is not None and now - self._typing_at < NAME_TYPING_GAP:
            self._typing_at = now
            event.stop()
            event.prevent_default()
            return
        self._typing_at = None
        if event.key in self.active_bindings:
            return
        self._typing_at = now  # (a letter that is no key: a name's, whose next letters are too)
        if self._told_letters:
            return
        self._told_letters = True
        self.app.notify(as_themed(self.app, LETTERS_ARE_KEYS), title="Names go in the seats", timeout=8,
                        markup=False)

    def on_theme_switched(self, message: ThemeSwitched) -> None:
        self._show_words()
        self.query_one(StoreBar).refresh_continue()  # (the autosave's line, in the theme's characters)

    def _last_preset(self) -> str | None:
        """The preset played last, if it is of the game shown (``--game`` may ask for another)."""
        return self.last.preset if self.last is not None and self.last.family == self.family else None

    # ----------------------------------------------------------------- choices
    def _fill_presets(self, select: str | None = None) -> None:
        families, problems = survey_presets()  # (every file read once, for the list and its note)
        self._tell_broken_presets(problems, self._last_preset())
        self._listed_family = self.family
        names = of_family(families, self.family)
        self._preset_names = tuple(names)
        mine = {name for name, (_path, origin) in preset_files().items() if origin == "user"}
        preset = self.query_one("#preset", Select)
        select, self._select_next = select or self._select_next, None
        # (the preset played last, else the game's first, else its classic one if that does not load)
        wanted = next((name for name in (select, FIRST_PRESETS.get(self.family), f"{self.family}-classic")
                       if name in names), names[0]) if names else NO_PRESET
        with preset.prevent(Select.Changed):  # (the list picks its first entry: not a choice of the player's)
            preset.set_options([(Text(name + (" (yours)" if name in mine else "")), name)  # (a file's name as written)
                                for name in names] or [(NO_PRESET_LABEL, NO_PRESET)])
        if preset.value != wanted:
            preset.value = wanted  # (Changed: read below)
        elif names:
            self._load(wanted)  # (read again: it may have been edited)
        if not names:  # say why rather than show an empty list
            self.variant = None
            self._show_info((self._why_none_loads(problems), "red"))

    def _why_none_loads(self, problems: Broken) -> str:
        """Why the game shown has no preset: the first problem of the first of its broken
        files (a file of your folder named by its file's name), and where to read them all."""
        from ...paths import user_dir

        files = preset_files()
        own = [error for names, error in problems
               if any(name in files and listed_under(broken_family(files[name][0]), self.family) for name in names)]
        told = f"No {FAMILY_TITLES[self.family]} preset loads"
        if not own:
            return told + "."
        first, *more = own[0].problems  # (one problem: a file's ten misspelt knobs would push the buttons away)
        [said] = in_folder([first], user_dir("variants"))
        others = f" (and {len(more)} more in that file)" if more else ""
        return f"{told} (all the reasons: cardtable presets list). The first:\n{said}{others}"

    def _refuse(self, why: str) -> None:
        """Say beside Start why it (or Rules) opens nothing; the notes go, for they stand
        bottom right, over the end of that line (a play-tester read "no Tonk preset loads
        (see why" under the broken presets' note; that note's first reason is under Preset)."""
        self.app.clear_notifications()
        self.query_one("#start-error", Static).update(Text(why, style="bold red"))

    def _no_preset(self) -> str:
        """What Start and Rules say with no preset to open."""
        if self._preset_names:
            return "choose a preset first"
        return f"no {FAMILY_TITLES[self.family]} preset loads (see why above), or g for another game"

    def on_select_changed(self, event: Select.Changed) -> None:
        self._clear_error()
        if event.select.id == "family" and event.value != self._listed_family:
            self.family = str(event.value)
            self._fill_presets()
        elif event.select.id == "preset" and event.value != NO_PRESET:
            self._load(str(event.value))
        elif event.select.id == "players":  # (the player's choice: a preset's nearest count is set unsaid)
            count = int(str(event.value))
            # (0: the list before a preset has filled it, told late when the preset last
            # played comes first in the list: it must not hide the seats)
            if count > 0:
                self._players_wanted = count
                self._show_seats(count)

    def on_input_submitted(self, event: Input.Submitted) -> None:
        """Enter in a name or the seed moves on to the next field, as the help says (it
        did nothing: a player typing a seed then Enter expected something to happen)."""
        event.stop()
        self.focus_next()

    def on_input_changed(self, event: Input.Changed) -> None:
        self._clear_error()

    def _clear_error(self) -> None:
        """An error under Start is about the form as it was: any change retires it."""
        self.query_one("#start-error", Static).update("")

    def _load(self, name: str) -> None:
        self._loaded = name
        try:
            self.variant = load_variant(name)
        except VariantError as error:
            self.variant = None
            self._show_info((str(error), "red"))
            return
        variant = self.variant
        low, high = variant.players.min, variant.players.max
        said = f"{variant.description}\n" if variant.description else ""  # (no empty line for none)
        self._show_info((f"{variant.title}\n", "bold"), (f"{said}{low}–{high} players", ""))
        players = self.query_one("#players", Select)
        chosen = players.value
        with players.prevent(Select.Changed):  # (the list's own first entry is no choice either)
            players.set_options([(str(n), n) for n in range(low, high + 1)])
        if self._players_wanted is None:
            if isinstance(chosen, int) and chosen > 0:  # (0: none chosen yet, NO_COUNT)
                self._players_wanted = chosen
            else:  # the table set up last (in another preset, or game, if its own is not offered)
                self._players_wanted = len(self.last.seats) if self.last is not None else 4
        # the count the player chose, or the nearest this preset seats: looking through the
        # presets (e) past one for 6-8 players does not leave the table at 6
        with players.prevent(Select.Changed):  # (the preset's count, not the player's choice)
            players.value = min(max(self._players_wanted, low), high)
        self._show_seats(int(str(players.value)))

    def _show_seats(self, count: int) -> None:
        for i in range(MAX_SEATS):
            self.query_one(f"#seat-row-{i}").display = i < count

    # ----------------------------------------------------------------- actions
    def on_button_pressed(self, event: Button.Pressed) -> None:
        if event.button.id == "rules":
            self.action_rules()
        elif event.button.id == "house-rules":
            self.action_house_rules()
        elif event.button.id == "start":
            self.action_start()

    def action_leave_field(self) -> None:
        """Escape in a text field (a name, the seed), where letters are typed, not keys:
        back to Start, so that the keys (s, g, p, ?, t, q …) work again."""
        if isinstance(self.focused, Input):
            self.query_one("#start", Button).focus()

    def action_next_game(self) -> None:
        """``g``: the next game family in the Game list (its presets fill the list)."""
        family = self.query_one("#family", Select)
        now = family.value if family.value in FAMILIES else self.family  # (a g pressed before the last one is read)
        family.value = FAMILIES[(FAMILIES.index(now) + 1) % len(FAMILIES)]

    def action_next_preset(self) -> None:
        """``e``: the next preset in the Preset list (after the last, the first)."""
        presets, names = self.query_one("#preset", Select), self._preset_names
        if len(names) > 1:
            at = names.index(presets.value) if presets.value in names else -1
            presets.value = names[(at + 1) % len(names)]

    def action_names(self) -> None:
        """``n``: to the first seat's name, where the players' names are typed (Tab walked
        nine fields to reach it)."""
        self.query_one("#name-0", Input).focus()

    def action_more_players(self) -> None:
        """``p``: one player more, after the preset's most back to its fewest."""
        if self.variant is None:
            return
        low, high = self.variant.players.min, self.variant.players.max
        players = self.query_one("#players", Select)
        now = players.value
        players.value = now + 1 if isinstance(now, int) and low <= now < high else low

    def action_store(self, what: str) -> None:
        """Continue, Load game, Replays, Statistics (issue 8)."""
        self.query_one(StoreBar).open(what)

    def action_rules(self) -> None:
        if self.variant is None:  # (no preset of the game loads, or the one chosen does not)
            self._refuse(self._no_preset())
            return
        self.app.push_screen(RulesScreen(self.variant))

    def action_house_rules(self) -> None:
        """New, edit, rename, duplicate, delete, export or import presets (issue 9)."""
        from .preset_dialogs import PresetMenu

        chosen = self.query_one("#preset", Select).value
        self.app.push_screen(PresetMenu(None if chosen == NO_PRESET else str(chosen)), self._house_rules_done)

    def _house_rules_done(self, name: str | None) -> None:
        if name is None:
            return
        family = self.family
        if name:
            try:
                family = load_variant(name).family
            except VariantError:
                pass
        if family != self.family:
            self._select_next = name
            self.query_one("#family", Select).value = family  # refills the presets
            return
        self._fill_presets(name)  # (an edited preset is read again even when it stays selected)

    def setup(self) -> TableSetup:
        """The table the form describes; ValueError says what is missing."""
        if self.variant is None:
            raise ValueError(self._no_preset())
        count = self.query_one("#players", Select).value  # (never blank)
        specs: list[tuple[str | None, str | None]] = []
        for i in range(int(count)):  # type: ignore[arg-type]
            name = self.query_one(f"#name-{i}", Input).value.strip()
            kind = str(self.query_one(f"#kind-{i}", Select).value)
            if kind == "human" and not name:
                raise ValueError(f"seat {i + 1}: a human needs a name")
            specs.append((name or None, None if kind == "human" else kind))
        seed_text = self.query_one("#seed", Input).value.strip()
        seed = parse_seed(seed_text) if seed_text else None  # ("-" alone is refused as any bad seed)
        return TableSetup(self.variant, name_bots(specs), seed)

    def _form_settled(self) -> bool:
        """Whether the form has read what it shows: the presets of the game shown, the
        preset shown, as many seats as the Players field says. A ``g`` or ``e`` typed just
        before ``s`` (one terminal read) changes a field whose news comes a moment later."""
        preset = self.query_one("#preset", Select).value
        count = self.query_one("#players", Select).value
        shown = sum(bool(self.query_one(f"#seat-row-{i}").display) for i in range(MAX_SEATS))
        return (self.query_one("#family", Select).value == self._listed_family
                and preset in (NO_PRESET, self._loaded) and count == shown)

    def action_start(self, waited: int = 0) -> None:
        """Open the table the form describes, once the form has read what it shows (the
        game of a ``g`` typed just before, not the one shown before it). With a game to
        Continue, ask first (:data:`NEW_OVER_CONTINUE`): players started a new one over it
        by a stray ``s`` and learned only later, from a note, where it had gone."""
        if not self.is_current:  # (left while it waited)
            return
        if not self._form_settled() and waited < START_WAITS:
            self.set_timer(0.02, lambda: self.call_later(self.action_start, waited + 1))  # (run as the screen's own)
            return
        try:
            setup = self.setup()
        except ValueError as error:
            self._refuse(str(error))
            return
        if self.query_one(StoreBar).can_continue():
            def answered(yes: bool | None) -> None:
                if yes:  # (told that the unfinished game is kept: the table need not say it again)
                    self._open_table(setup, kept_told=True)

            self.app.push_screen(Confirm(NEW_OVER_CONTINUE, "Start a new game (y)", "Back (n)"), answered)
            return
        self._open_table(setup)

    def _open_table(self, setup: TableSetup, kept_told: bool = False) -> None:
        """The table of ``setup``, in this screen's place (``kept_told``: the player was told
        the unfinished game under Continue is kept)."""
        from .table import TableScreen

        self.app.clear_notifications()  # (a saved preset's or a broken one's note: not over the table)
        table = TableScreen(setup, bot_delay=getattr(self.app, "bot_delay", 0.7), kept_told=kept_told)
        self.app.switch_screen(table)
        hold = getattr(self.app, "hold_keys", None)  # ("sam" typed as a name: its s started, its a and m
        if hold is not None:                         # reached the table, a turning auto-pass on)
            hold(table)
