"""The start screen's "Nothing lost" entries (issue 8): Continue the autosave, Load a
saved game, pick a Replay, open the Statistics. :class:`StoreBar` sits at the top of
the start screen; the pickers are dialogs with a typed result."""

from __future__ import annotations

from contextlib import suppress
from datetime import datetime
from pathlib import Path
from typing import Any

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical
from textual.screen import ModalScreen
from textual.widgets import Button, OptionList, Static
from textual.widgets.option_list import Option, OptionDoesNotExist

from ...engine.errors import SaveError
from ...engine.registry import FAMILY_TITLES
from ...engine.words import count, round_word
from ...store import (
    Replay, SaveInfo, autosave_path, clear_autosave, has_autosave, list_saves, load_autosave, load_game,
    load_match, recent_matches, save_info, saves_dir,
)
from ...store.autosave import autosave_in_the_way, behind_autosave
from ...store.history import HistoryError
from ..phrases import Lines, Phrases
from ..text import as_themed, game_title, score_phrases, themed, uses_ascii
from .dialogs import HELP_AND_THEME
from .retheme import Rethemed, recompose_in_place
from .saving import table_for

Loaded = tuple[Any, list[dict[str, Any]]]
"""A checked game and its stored seats, as ``load_game`` returns them."""


def when(stamp: str | None) -> str:
    """An ISO time stamp as local "3 May 14:05" (or as it is, if it does not parse)."""
    if not stamp:
        return "?"
    try:
        moment = datetime.fromisoformat(stamp)
        if moment.tzinfo is not None:
            moment = moment.astimezone()
    except (ValueError, OverflowError):  # (a hand-edited date past what the clock can convert)
        return stamp
    return f"{moment.day} {moment:%b %H:%M}"


def seat_names(seats: Any) -> list[str]:
    """Who sits at a saved table, the humans first: ["Ann, Bob", "bots Dag, Eve"] (a
    name's "(bot)" after it wrapped onto a line of its own)."""
    humans = [str(seat.get("name")) for seat in seats if seat.get("kind") != "bot"]
    bots = [str(seat.get("name")) for seat in seats if seat.get("kind") == "bot"]
    return [*([", ".join(humans)] if humans else []),
            *([f"bot{'s' * (len(bots) > 1)} {', '.join(bots)}"] if bots else [])]


def save_phrases(info: SaveInfo, ascii: bool = False) -> Phrases:
    """"Shanghai — Classic · hand 3 · 42 moves · saved 3 May 14:05 · Ann, Bob · bot Dag"
    (in ASCII for the ASCII theme), wrapped between its parts only: a line cut short
    never ends on a separator."""
    fix = themed(ascii)
    parts = [*save_words(info), *seat_names(info.seats)]
    return Phrases([fix(part) for part in parts], fix(" · "))


def save_words(info: SaveInfo) -> tuple[str, str, str, str]:
    """A save's game, round, moves and time as Load game lists them: ("Tonk", "hand 3",
    "42 moves", "saved 3 May 14:05"); a note names a kept game by them, not by its file's
    name (its moves too: two kept games of one preset, both at hand 1, read alike)."""
    title = game_title(FAMILY_TITLES.get(info.family, info.family), info.title)
    return title, f"{round_word(info.family)} {info.rounds}", count(info.moves, "move"), f"saved {when(info.saved_at)}"


KEPT_IN_LOAD = "The unfinished one (Continue) is kept in Load game, where it can be continued later: nothing is lost."
"""What becomes of the game under Continue when another table opens (asked before it does)."""

LOAD_OVER_CONTINUE = f"Load this game? {KEPT_IN_LOAD}"
"""Asked when a save is loaded while another game is under Continue."""


class StoreBar(Vertical):
    """Continue (first, when there is an autosave) and the Load / Replays / Statistics
    buttons. A damaged autosave shows its SaveError and offers to discard it."""

    def __init__(self) -> None:
        super().__init__(id="store-bar")
        self.error: str = ""

    def compose(self) -> ComposeResult:
        with Horizontal(id="continue-row"):
            yield Button("Continue (c)", id="continue", variant="success", compact=True)
            yield Button("Discard the autosave (x)", id="discard", variant="error", compact=True)
            yield Static(id="continue-info")
        yield Static(id="continue-error")
        with Horizontal(id="store-buttons"):
            yield Button("Load game (l)", id="load-game", compact=True)
            yield Button("Replays (v)", id="replays", compact=True)
            yield Button("Statistics (i)", id="statistics", compact=True)

    def on_mount(self) -> None:
        self.refresh_continue()

    def refresh_continue(self) -> None:
        """Show the autosave's summary, its error, or nothing when there is none."""
        exists = has_autosave()
        info: SaveInfo | None = None
        if exists and not self.error:
            try:
                info = save_info(autosave_path())
            except SaveError as error:
                self.error = str(error)
        self.query_one("#continue-row").display = exists
        self.query_one("#continue", Button).display = exists and not self.error
        self.query_one("#discard", Button).display = exists and bool(self.error)
        self.query_one("#continue-info", Static).update(
            save_phrases(info, uses_ascii(self.app))  # (beside the Continue button)
            if info else
            Text("The autosave cannot be loaded (it is kept as it is until you discard it):"))
        note = self.query_one("#continue-error", Static)
        note.display = exists and bool(self.error)
        note.update(Text(self.error))  # (the error quotes the file as written)

    def can_continue(self) -> bool:
        """Whether Continue is offered: an autosave that loads (not a damaged one, which
        only Discard is offered for)."""
        return bool(self.query_one("#continue-row").display and self.query_one("#continue", Button).display)

    def focus_first(self) -> bool:
        """Focus Continue (or Discard) when there is an autosave; False if there is none."""
        for name in ("#continue", "#discard"):
            button = self.query_one(name, Button)
            if button.display and self.query_one("#continue-row").display:
                button.focus()
                return True
        return False

    # ----------------------------------------------------------------- actions
    def on_button_pressed(self, event: Button.Pressed) -> None:
        actions = {"continue": "continue", "discard": "discard", "load-game": "load",
                   "replays": "replays", "statistics": "stats"}
        if event.button.id in actions:
            event.stop()
            self.open(actions[str(event.button.id)])

    def open(self, what: str) -> None:
        """"continue", "discard", "load", "replays" or "stats"."""
        self.app.clear_notifications()  # (the start screen's notes are about the start screen)
        if what == "continue":
            self.continue_game()
        elif what == "discard":
            from .dialogs import Confirm

            if not (has_autosave() and self.error):  # (x discards only an autosave that does not load)
                said = ("The autosave loads: c continues it (there, q then y abandons it)." if has_autosave()
                        else "There is no autosave.")
                self.app.notify(said, timeout=3, markup=False)
                return

            def answered(discard: bool | None) -> None:
                if not discard:
                    return
                try:  # (another window may have saved a match there while the question was open)
                    save_info(autosave_path())
                    said = "The autosave loads now (a match was saved there meanwhile): it is kept."
                except SaveError:
                    clear_autosave()
                    said = "The damaged autosave was removed."
                self.error = ""
                self.refresh_continue()
                self.app.notify(said, timeout=4, markup=False)

            self.app.push_screen(Confirm(f"Delete the damaged autosave {autosave_path()}? It cannot be "
                                         "undone (a save that does not load may still be mended by hand: "
                                         "see the README's Saves)", yes="Delete (y)", no="Keep it (n)"), answered)
        elif what == "load":
            self.app.push_screen(LoadDialog(), self._load)
        elif what == "replays":
            self._replays()
        elif what == "stats":
            from .stats import StatsScreen

            self.app.push_screen(StatsScreen())

    def _replays(self, highlight: Any = None) -> None:
        """The Replays list; a replay closed goes back to it, on the entry watched (a
        play-tester's escape went to the start screen, its Start button focused, and a
        stray Enter began a game)."""
        from .replay import ReplayScreen

        picker = ReplayPicker(highlight)

        def chosen(replay: Replay | None) -> None:
            if replay is not None:
                self.app.push_screen(ReplayScreen(replay), lambda _closed: self._replays(picker.picked))

        self.app.push_screen(picker, chosen)

    def continue_game(self) -> None:
        """Play on from the autosave; when there is none, or it does not load, a note says
        so (``c`` did nothing, unsaid)."""
        if not has_autosave():
            self.refresh_continue()
            self.app.notify("No unfinished game to continue.", timeout=3, markup=False)
            return
        try:
            loaded = load_autosave()
        except SaveError as error:
            self.error = str(error)
            self.refresh_continue()
            self.focus_first()
            self.app.notify("The autosave does not load (why is said above): x discards it.",
                            severity="warning", timeout=5, markup=False)
            return
        self._play(loaded)

    def _load(self, loaded: Loaded | None) -> None:
        """Play the save chosen in Load game; over another game under Continue, ask first
        (:data:`LOAD_OVER_CONTINUE`), as Start does: the note that said where that game
        went covered the table's first turn, and was gone before it was read."""
        if loaded is None:
            return
        if self.can_continue() and autosave_in_the_way(*loaded):  # (the same match, at or after: nothing kept)
            from .dialogs import Confirm

            self.app.push_screen(Confirm(LOAD_OVER_CONTINUE, "Load it (y)", "Back (n)"),
                                 lambda yes: self._play(loaded, kept_told=True) if yes else None)
            return
        self._play(loaded)

    def _play(self, loaded: Loaded | None, kept_told: bool = False) -> None:
        if loaded is None:
            return
        game, seats = loaded
        self.app.switch_screen(table_for(game, seats, getattr(self.app, "bot_delay", 0.7), kept_told))


class _PickerList(OptionList):
    """The picker's list: when a longer note makes it shorter, the highlighted row stays
    in sight."""

    def on_resize(self) -> None:
        self.scroll_to_highlight()


class _Picker(Rethemed, ModalScreen[Any]):
    """A list of choices in a box, a note under it (always in sight); escape closes."""

    BINDINGS = [*HELP_AND_THEME, Binding("escape", "close", "close", show=False)]
    # The note is docked under the list and the list takes only the rows left, scrolling
    # within them: why a file will not load is never pushed off a small screen (80x24).
    TITLE_TEXT = ""
    KEYS_TEXT = "enter opens, escape closes"
    """The list's keys, in its title."""

    def __init__(self, highlight: Any = None) -> None:
        super().__init__()
        self.choices: dict[str, Any] = {}
        self.said: tuple[str, str] | None = None
        """The last thing :meth:`say` told (message, style): composed again with a new theme."""
        self.highlight = highlight
        """The choice the list opens on (the one taken last time: a file, a match), if it
        is still listed."""
        self.picked: Any = None
        """The choice taken (Enter), for a list opened again to open on it."""

    def on_mount(self) -> None:
        wanted = self.highlight
        key = next((key for key, choice in self.choices.items() if wanted is not None and choice == wanted), None)
        if key is not None:
            listing = self.query_one("#picker-list", OptionList)
            with suppress(OptionDoesNotExist):
                listing.highlighted = listing.get_option_index(key)

    def compose(self) -> ComposeResult:
        self.choices.clear()  # (filled by options(), again when a theme recomposes the list)
        with Vertical(classes="picker-box") as box:
            box.border_title = Text(as_themed(self.app, f"{self.TITLE_TEXT} — {self.KEYS_TEXT}"))
            yield _PickerList(*self.options(), id="picker-list")
            said = Text(as_themed(self.app, self.said[0]), style=self.said[1]) if self.said else self.note()
            yield Static(said, id="picker-note", classes="picker-note")

    def options(self) -> list[Option]:
        raise NotImplementedError

    def note(self) -> Text:
        return Text("")

    def say(self, message: str, style: str = "bold red") -> None:
        self.said = message, style
        self.query_one("#picker-note", Static).update(Text(as_themed(self.app, message), style=style))

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        event.stop()
        self.picked = self.choices[str(event.option.id)]
        self.chosen(self.picked)

    def chosen(self, choice: Any) -> None:
        raise NotImplementedError

    def action_close(self) -> None:
        self.dismiss(None)


def _save_options(choices: dict[str, Any], prefix: str, ascii: bool = False) -> list[Option]:
    """One option per save file; a damaged one is listed (disabled) with its problem
    (``ascii``: in the ASCII theme's characters)."""
    fix = themed(ascii)
    options = []
    saves = list_saves()
    behind = behind_autosave((path, info) for path, info in saves if not isinstance(info, SaveError))
    for index, (path, info) in enumerate(saves):
        key = f"{prefix}{index}"
        choices[key] = path
        if isinstance(info, SaveError):
            options.append(Option(Text(fix(f"{path.name}: cannot be loaded — {info.reason}"), style="red"),
                                  id=key, disabled=True))
        else:
            # (the file's name on a line of its own, every entry alike; under it the game,
            # wrapped between its parts: "7 / moves" or "Shanghai / rummy" never split)
            parts: list[Text | Phrases] = [save_phrases(info, ascii)]
            if path in behind:
                parts.append(Text(continued_words(behind[path]), style="italic"))
            options.append(Option(Lines(Text(path.name, style="bold"), Phrases(parts, "  ")), id=key))
    return options


def continued_words(moves_on: int) -> str:
    """What Load game says beside a save of the game Continue goes on with (:func:`behind_autosave`),
    ``moves_on`` moves further on there: a kept file, loaded and played on, read as a second game."""
    if moves_on == 0:
        return "(Continue has this game, at this move)"
    return f"(Continue has this game, {count(moves_on, 'move')} on)"


class LoadDialog(_Picker):
    """The saves folder, newest first; the result is the loaded (game, seats)."""

    TITLE_TEXT = "Load game"
    KEYS_TEXT = "enter opens, x deletes, escape closes"
    BINDINGS = [*_Picker.BINDINGS, Binding("x,delete", "delete", "delete", show=False)]

    def options(self) -> list[Option]:
        return _save_options(self.choices, "save", uses_ascii(self.app))

    def note(self) -> Text:
        if not self.choices:
            return Text(as_themed(self.app, f"No saved games yet in {saves_dir()} — ctrl+s at the table saves one."))
        return Text(f"Saves folder: {saves_dir()}", style="dim")

    def action_delete(self) -> None:
        """x / Delete: delete the save under the cursor, once asked (a save of a finished
        match stayed in the list for good)."""
        from .dialogs import Confirm

        listing = self.query_one("#picker-list", OptionList)
        if listing.highlighted is None:
            self.say("no save here to delete")
            return
        option = listing.get_option_at_index(listing.highlighted)
        path = Path(self.choices[str(option.id)])
        if option.disabled:  # (a damaged file is never changed here: it may be worth mending)
            self.say(f"{path.name} does not load, and is not deleted here: delete it by hand if it is of no use")
            return

        async def answered(delete: bool | None) -> None:
            if not delete:
                return
            try:
                path.unlink(missing_ok=True)
            except OSError as error:
                self.say(f"{path.name} was not deleted: {error.strerror or error}")
                return
            self.said = (f"{path.name} was deleted.", "")
            at = listing.highlighted or 0
            await recompose_in_place(self)
            rows = self.query_one("#picker-list", OptionList)
            pickable = [index for index in range(rows.option_count) if not rows.get_option_at_index(index).disabled]
            # (the save that took its row, else the nearest one that can be picked: never a damaged file's)
            rows.highlighted = min(pickable, key=lambda index: (abs(index - at), index)) if pickable else None

        self.app.push_screen(Confirm(f"Delete the save {path.name}? It cannot be undone.",
                                     yes="Delete (y)", no="Keep it (n)"), answered)

    def chosen(self, choice: Any) -> None:
        try:
            loaded = load_game(Path(choice))
        except SaveError as error:
            self.say(f"{error} (the file is kept as it is)")
            return
        self.dismiss(loaded)


class ReplayPicker(_Picker):
    """Finished matches from the history, then save files; the result is a ready Replay."""

    TITLE_TEXT = "Replays"

    def options(self) -> list[Option]:
        options: list[Option] = []
        self.problem = ""
        try:
            matches = recent_matches(30)
        except (HistoryError, OSError) as error:
            matches, self.problem = [], f"The match history cannot be read: {error}"
        for match in matches:
            key = f"match{match.id}"
            self.choices[key] = match.id
            fix = themed(uses_ascii(self.app))
            title = game_title(FAMILY_TITLES.get(match.family, match.family), match.preset_title)
            scores = score_phrases(match.family, match.labels, match.scores, fix=fix)
            heading = Text(f"#{match.id} ", style="bold") + Text(fix(when(match.finished_at)))
            options.append(Option(Phrases([heading, fix(title), scores,
                                           fix(f"won: {' and '.join(match.winner_labels)}")], fix(" · ")), id=key))
        return options + _save_options(self.choices, "file", uses_ascii(self.app))

    def note(self) -> Text:
        if self.problem:
            return Text(self.problem, style="bold red")
        if not self.choices:
            return Text("Nothing to replay yet: finished matches and saved games appear here.")
        return Text("Finished matches (#) from the history, then saved games.", style="dim")

    def chosen(self, choice: Any) -> None:
        try:
            if isinstance(choice, int):
                replay = Replay(load_match(choice), name=f"match {choice}")
            else:
                replay = Replay.from_file(choice)
        except (SaveError, KeyError, HistoryError) as error:
            self.say(f"cannot replay: {error}")
            return
        self.dismiss(replay)
