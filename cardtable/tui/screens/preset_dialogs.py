"""The house-rules menu of the start screen and its small dialogs: a yes/no question
and a line of text (a name, a file path). The file work is in
:mod:`cardtable.presets.writer`; this module only asks and reports."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace
from pathlib import Path

from rich.text import Text
from textual import work
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.screen import ModalScreen
from textual.widgets import Input, OptionList, Static
from textual.widgets.option_list import Option

from ...engine.errors import VariantError
from ...presets.files import (
    ExportExists, checked_import, delete_preset, dependents, duplicate_preset, export_preset, export_target,
    place_import, rename_preset,
)
from ...presets.writer import Draft, free_name, import_name, is_user_preset, name_problem
from ..text import as_themed
from ..widgets.typed_input import TypedInput
from .dialogs import HELP_AND_THEME, Confirm  # (a yes/no question, shared with the start screen)
from .retheme import Rethemed


def _path_problem(check: Callable[[str], object]) -> Callable[[str], str | None]:
    """What is wrong with a path as typed, by ``check`` (said live: the path stays to mend)."""
    def problem(text: str) -> str | None:
        if not text.strip():
            return "type a path"
        try:
            check(text.strip())
        except ValueError as error:
            return str(error)
        return None
    return problem


class AskText(ModalScreen[str | None]):
    """One line of text; ``check`` says live what is wrong with it (enter is refused
    until it says nothing). Escape cancels."""

    BINDINGS = [Binding("escape", "cancel", show=False)]

    def __init__(self, prompt: str, value: str = "", check: Callable[[str], str | None] | None = None,
                 placeholder: str = "") -> None:
        super().__init__()
        self.prompt, self.value, self.placeholder = prompt, value, placeholder
        self.check = check or (lambda text: None if text.strip() else "type something")

    def compose(self) -> ComposeResult:
        with Vertical(id="ask-box"):
            yield Static(as_themed(self.app, self.prompt), id="ask-prompt", markup=False)
            yield TypedInput(self.value, id="ask-input", placeholder=self.placeholder)
            yield Static("", id="ask-note", markup=False)

    def on_mount(self) -> None:
        self.query_one("#ask-input", Input).focus()
        self._show(self.value)

    def _show(self, text: str) -> str | None:
        problem = self.check(text.strip())
        self.query_one("#ask-note", Static).update(Text(as_themed(self.app, problem or "enter: OK · escape: cancel"),
                                                        style="red" if problem else "dim"))
        return problem

    def on_input_changed(self, event: Input.Changed) -> None:
        self._show(event.value)

    def on_input_submitted(self, event: Input.Submitted) -> None:
        if self._show(event.value) is None:
            self.dismiss(event.value.strip())

    def action_cancel(self) -> None:
        self.dismiss(None)


ACTIONS = [
    ("new", "New house rules from this preset", False),
    ("edit", "Edit", True),
    ("duplicate", "Duplicate…", False),
    ("rename", "Rename…", True),
    ("delete", "Delete…", True),
    ("export", "Export to a file…", False),
    ("import", "Import a .toml file…", False),
]
"""(id, label, only for the user's own presets)."""


class PresetMenu(Rethemed, ModalScreen[str | None]):
    """What to do with the preset chosen on the start screen: only what may be done with it
    (a shipped preset is not edited, renamed or deleted). Dismisses with the name of
    the preset to select afterwards (after a delete, the one it extended, or ""), or None
    when nothing changed;
    a failed action (a file that does not load, say) keeps it open with the reason."""

    BINDINGS = [*HELP_AND_THEME, Binding("escape", "close", show=False)]

    def __init__(self, preset: str | None) -> None:
        super().__init__()
        self.preset = preset
        self.mine = bool(preset) and is_user_preset(preset or "")
        self.said = ""
        """Why the last action failed ("" : the usual note), kept when a theme recomposes the menu."""

    def compose(self) -> ComposeResult:
        with Vertical(id="menu-box") as box:
            whose = "yours" if self.mine else "shipped"
            box.border_title = Text(as_themed(self.app, f"house rules — {self.preset} ({whose})" if self.preset
                                              else "house rules"))  # (a file's name as written)
            options = [Option(as_themed(self.app, label), id=ident) for ident, label, only_mine in ACTIONS
                       if (self.mine or not only_mine) and (self.preset or ident == "import")]  # (what may be done)
            yield OptionList(*options, id="menu-options")
            yield Static(Text(as_themed(self.app, self.said), style="bold red") if self.said else self.usual_note,
                         id="menu-note", markup=False)

    @property
    def usual_note(self) -> str:
        """The line under the options when no action has failed."""
        return ("choose a preset first (import needs none)" if not self.preset else
                "yours: edit, rename or delete it here; escape closes" if self.mine else
                "shipped presets are not changed: make your own from them")

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        self.run_action_flow(str(event.option.id))

    def on_screen_suspend(self) -> None:
        """One box at a time: the menu steps aside while an action asks its question (its
        edge showed under the path box, as a doubled border); under the help it stays, for
        the help tells its keys."""
        self.set_class(isinstance(self.app.screen, (AskText, Confirm)), "-asking")

    def on_screen_resume(self) -> None:
        self.remove_class("-asking")

    def action_close(self) -> None:
        self.dismiss(None)

    def _note(self, text: str) -> None:
        """Why an action failed, under the options (until the next action)."""
        self.said = text
        self.query_one("#menu-note", Static).update(Text(as_themed(self.app, text), style="bold red"))

    @work(exclusive=True)
    async def run_action_flow(self, action: str) -> None:
        """Ask what the action needs, do it, and close with the preset to select; an
        action given up (escape in its dialog) comes back to this menu."""
        preset = self.preset or ""
        self.said = ""
        self.query_one("#menu-note", Static).update(self.usual_note)  # (a failed action's reason is old now)
        try:
            result = await getattr(self, f"_{action}")(preset)
        except (VariantError, ValueError, OSError) as error:
            self._note(str(error))
            return
        if result is None:
            return
        self.dismiss(result)

    async def _new(self, preset: str) -> str | None:
        from .editor import EditorScreen

        return await self.app.push_screen_wait(EditorScreen(Draft.new_from(preset), free_name(preset, "-house")))

    async def _edit(self, preset: str) -> str | None:
        from .editor import EditorScreen

        return await self.app.push_screen_wait(EditorScreen(Draft.of_user_preset(preset), preset, editing=True))

    async def _duplicate(self, preset: str) -> str | None:
        name = await self.app.push_screen_wait(AskText(f"Copy {preset} as (file name):", free_name(preset, "-copy"),
                                                       name_problem))
        if name:
            duplicate_preset(preset, name)
        return name

    async def _rename(self, preset: str) -> str | None:
        name = await self.app.push_screen_wait(AskText(f"New name for {preset}:", preset,
                                                       lambda text: None if text == preset else name_problem(text)))
        if name and name != preset:
            rename_preset(preset, name)
            last = self.app.settings.table  # type: ignore[attr-defined]
            if last is not None and last.preset == preset:  # (the start screen offers it next time under its new name)
                self.app.remember(table=replace(last, preset=name))  # type: ignore[attr-defined]
            return name
        return None

    async def _delete(self, preset: str) -> str | None:
        users = dependents(preset)
        warning = f"\n{', '.join(users)} extend{'s' if len(users) == 1 else ''} it and will stop loading." if users else ""
        if await self.app.push_screen_wait(Confirm(f"Delete your preset {preset}?{warning}",
                                                   "Delete (y)", "Keep it (n)")):
            parent = delete_preset(preset)
            one = len(users) == 1
            stopped = f"; {', '.join(users)} no longer load{'s' * one} (extend{'s' * one} it)" if users else ""
            self.notify(f"deleted {preset}{stopped}", timeout=6 if users else 3, markup=False)
            return parent or ""  # (the start screen selects the preset it was made from)
        return None

    async def _export(self, preset: str) -> str | None:
        path, failed = f"~/{preset}.toml", ""
        while True:  # (a file kept, or one that could not be written: the path again, as typed, to change)
            asked = AskText(f"{failed}Export {preset} to (a .toml file or a folder):", path,
                            _path_problem(lambda text: export_target(preset, text)))
            typed = await self.app.push_screen_wait(asked)
            if not typed:
                return None
            path, failed = typed, ""
            try:
                written = await self._write_export(preset, path)
            except ValueError as error:  # (a folder the system will not write in: /proc, read-only)
                failed = f"Not written: {error}.\n"
                continue
            if written is not None:
                break
        self.notify(f"wrote {written}", title="exported", timeout=5, markup=False)
        return preset

    async def _write_export(self, preset: str, path: str) -> Path | None:
        """Export ``preset`` to ``path``, asking before a file there is replaced (None: it is
        kept); ValueError if it cannot be written."""
        try:
            return export_preset(preset, path)
        except ExportExists as exists:
            replacing = await self.app.push_screen_wait(Confirm(f"{exists.path} already exists. Replace it?",
                                                                "Replace (y)", "Keep it (n)"))
        return export_preset(preset, path, overwrite=True) if replacing else None

    async def _import(self, preset: str) -> str | None:
        # (a file that does not load is told in the box, as a path that is no file: the path
        # stays there to mend, and no name is asked for it)
        path = await self.app.push_screen_wait(AskText("Import the preset file (path to a .toml):", "",
                                                       _path_problem(checked_import),
                                                       placeholder="~/Downloads/our-table.toml"))
        if not path:
            return None
        checked = checked_import(path)  # (again: it may have changed since it was typed)
        stem = checked.stem
        name: str | None = stem
        if name_problem(stem):
            name = await self.app.push_screen_wait(AskText(f"{name_problem(stem)}. Import it as:",
                                                           import_name(stem), name_problem))
            if not name:
                return None
        name, placed = place_import(checked, name)
        self.notify(f"imported as {name} ({placed})", title="imported", timeout=5, markup=False)
        return name
