"""The preset editor: every knob of a family, grouped, with its description, its value
and the value it inherits; checked live by the loader's pydantic model; Save writes
the user's preset through :mod:`cardtable.presets.writer` (only changed knobs)."""

from __future__ import annotations

import copy
from dataclasses import replace
from typing import Any

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, VerticalScroll
from textual.screen import Screen
from textual.widgets import Button, Input, Label, Static

from ...engine.errors import VariantError
from ...engine.registry import FAMILY_TITLES
from ...presets.groups import KnobSpec, field_specs, format_text, knob_groups
from ...presets.writer import Draft, name_problem
from ..messages import ThemeSwitched
from ..notes import note_width, soft_breaks
from ..text import as_themed, uses_ascii
from ..widgets.select_arrows import write_select_arrows
from ..widgets.knob import KnobRow, control_id
from ..widgets.typed_input import TypedInput
from .dialogs import Confirm

ABOUT = [
    ("title", KnobSpec("title", "The name shown in menus.", "text")),
    ("description", KnobSpec("description", "One line about these rules, shown under the preset list.", "text")),
    ("players.min", KnobSpec("players min", "The fewest players the preset seats.", "int")),
    ("players.max", KnobSpec("players max", "The most players the preset seats.", "int")),
]
"""The preset's own fields; the players' range is the family's (:meth:`Draft.seat_range`)."""
OWN_WORDS = ("title", "description")
"""The fields ctrl+r puts back as the editor opened them, not as the parent has them: new
house rules get a title of their own, which tells them from their parent in the history."""


class EditorScreen(Screen[str | None]):
    """Edit a :class:`Draft`; dismisses with the saved preset's name (None: cancelled)."""

    BINDINGS = [
        Binding("ctrl+s", "save", "save", priority=True),
        Binding("escape", "cancel", "cancel"),
        Binding("ctrl+r", "reset_elsewhere", show=False),  # (in a rule, the rule's own ctrl+r)
        Binding("q", "cancel", "cancel", show=False),
    ]

    def __init__(self, draft: Draft, name: str = "", editing: bool = False) -> None:
        super().__init__(classes="editor")
        self.draft = draft
        self.preset_name = name
        self.editing = editing
        self.unreadable: dict[str, str] = {}
        self.problems: dict[str, str] = {}
        self.save_failure = ""
        """Why the last save failed, told in the status until the next change."""
        self._start = copy.deepcopy(draft.values), name
        """The draft and the file name as the editor opened: Escape asks only after a change."""
        family = FAMILY_TITLES.get(draft.family, draft.family)
        base = f"from {draft.extends}" if draft.extends else "from the defaults"
        self.heading = f"{'Edit' if editing else 'New house rules'} — {family}, {base}"
        """The title line, as the theme writes it when shown."""

    # ------------------------------------------------------------------ layout
    def compose(self) -> ComposeResult:
        draft = self.draft
        with Horizontal(id="editor-title"):
            yield Static(Text(as_themed(self.app, self.heading), style="bold"), id="editor-heading")
            yield Static("ctrl+r reset  tab next", id="editor-keys")  # (ctrl+s and esc: on the buttons)
        with Horizontal(id="editor-name-row"):
            yield Label("File name", classes="knob-name")
            yield TypedInput(self.preset_name, id="editor-name", compact=True, disabled=self.editing,
                        placeholder="e.g. our-table", max_length=40)
            yield Static("", id="editor-name-note", markup=False)
        with VerticalScroll(id="editor-form", can_focus=False):  # (Tab goes field to field)
            yield Static("about", classes="editor-group")
            seats = draft.seat_range() or (None, None)
            for path, spec in ABOUT:
                yield self._row(path, replace(spec, low=seats[0], high=seats[1]) if path.startswith("players")
                                else spec)
            for group, specs in knob_groups(draft.family, draft.rules_model()):
                yield Static(group, classes="editor-group")
                for spec in specs:
                    yield self._row(f"rules.{spec.name}", spec)
            titles = draft.titles_model()
            if titles is not None and "titles" in draft.values:
                yield Static("title names", classes="editor-group")
                for spec in field_specs(titles):
                    described = KnobSpec(spec.name, f"What the {spec.name.replace('_', ' ')} title is "
                                                    "called at this table.", "text")
                    yield self._row(f"titles.{spec.name}", described)
        with Horizontal(id="editor-bottom"):
            yield Button("Save (ctrl+s)", id="editor-save", variant="primary", compact=True)
            yield Button("Cancel (esc)", id="editor-cancel", compact=True)
            yield Static("", id="editor-status", markup=False)

    def _row(self, path: str, spec: KnobSpec) -> KnobRow:
        section, _, key = path.partition(".")
        inherited = self.draft.inherited(section, key or None)
        if section == "players" and isinstance(inherited, dict):
            inherited = inherited.get(key)
        return KnobRow(path, spec, self.draft.get(path), inherited, from_parent=self.draft.parent is not None,
                       resets_to_opening=path in OWN_WORDS)

    def on_theme_switched(self, message: ThemeSwitched) -> None:
        """Its words again in the new theme's characters, in place (``t`` in the editor):
        a recomposed form would lose what was typed and not yet readable."""
        self.query_one("#editor-heading", Static).update(Text(as_themed(self.app, self.heading), style="bold"))
        write_select_arrows(self, uses_ascii(self.app))
        for row in self.query(KnobRow):
            row.retheme()
        self._show_status()  # (a save's failure stays said)

    def on_mount(self) -> None:
        write_select_arrows(self, uses_ascii(self.app))
        self.revalidate()
        focus = "#editor-name" if not self.editing else "#knob-title"
        self.query_one(focus).focus()

    # ------------------------------------------------------------------ messages up
    def on_knob_row_changed(self, message: KnobRow.Changed) -> None:
        self.unreadable.pop(message.path, None)
        if message.path == "rules.contracts":
            self._keep_buys_in_step(message.value)
        self.draft.set(message.path, message.value)
        self.revalidate()

    def _keep_buys_in_step(self, contracts: tuple[Any, ...]) -> None:
        """Shanghai's buys_per_hand has one number per hand of the contracts: when the
        hands change in number, it is trimmed, or extended, if it was in step with them
        (a list already out of step is left to the user). It is extended as the inherited
        list goes on while it is the start of that list (so a shortened list grows back
        to the inherited one), then with its last number."""
        rules = self.draft.values["rules"]
        buys, before = rules.get("buys_per_hand"), rules.get("contracts")
        if not buys or before is None or len(buys) != len(before) or len(contracts) == len(buys) \
                or not contracts or "rules.buys_per_hand" in self.unreadable:
            return
        inherited = tuple(self.draft.inherited("rules", "buys_per_hand") or ())
        buys = tuple(buys)
        if buys == inherited[:len(buys)]:
            buys = inherited[:len(contracts)]
        buys = buys[:len(contracts)] + (buys[-1],) * (len(contracts) - len(buys))
        self.draft.set("rules.buys_per_hand", buys)
        self.query_one(f"#{control_id('rules.buys_per_hand')}", Input).value = format_text("numbers", buys)

    def on_knob_row_unreadable(self, message: KnobRow.Unreadable) -> None:
        self.unreadable[message.path] = message.reason
        self.revalidate()

    def on_input_changed(self, event: Input.Changed) -> None:
        if event.input.id == "editor-name":
            self.preset_name = event.value.strip()
            self.revalidate()

    def on_button_pressed(self, event: Button.Pressed) -> None:
        if event.button.id == "editor-save":
            self.action_save()
        elif event.button.id == "editor-cancel":
            self.action_cancel()

    # ------------------------------------------------------------------ checking
    @property
    def name_note(self) -> str:
        if self.editing:
            return ""
        if not self.preset_name:
            return "give the file a name"
        return name_problem(self.preset_name) or ""

    def _inherited_for(self, path: str) -> Any:
        section, _, key = path.partition(".")
        value = self.draft.inherited(section, key or None)
        return value.get(key) if section == "players" and isinstance(value, dict) else value

    def _in_editor_words(self, path: str, why: str) -> str:
        """``why`` a rule's value is refused, as the editor says it: an emptied title name
        (``titles.*``) names ctrl+r, the editor's way back to the inherited name (a preset
        file's "leave it out" means nothing here, where emptying it was refused)."""
        inherited = self._inherited_for(path)
        if path.startswith("titles.") and isinstance(inherited, str) and inherited \
                and not str(self.draft.get(path) or "").strip():
            return f"give a name, or ctrl+r puts back {inherited!r}"
        return why

    def revalidate(self) -> None:
        """Check the draft with the family's model and put each problem on its row."""
        if not self.query("#editor-status"):
            return  # composing, or already dismissed
        _variant, problems = self.draft.check(self.preset_name or "draft")
        # what was typed and cannot be read: told first, and on its row rather than a check
        # of the value it left in place
        checked = {path: self._in_editor_words(path, why) for path, why in problems.items()
                   if path not in self.unreadable}
        self.problems = {**self.unreadable, **checked}
        rows = {row.path: row for row in self.query(KnobRow)}
        for path, row in rows.items():  # (a check across players.min and .max is on "players")
            row.error = self.problems.get(path) or self.problems.get(path.rpartition(".")[0], "")
            current, was = self.draft.get(path), self._inherited_for(path)
            row.changed = was is not None and current != was if self.draft.parent is not None else False
        seats = self.draft.seat_range()
        if seats is not None:  # (while the rules do not read, the last range stays)
            for path in ("players.min", "players.max"):
                rows[path].show_range(*seats)
        self.save_failure = ""
        self._show_status()

    def _show_status(self) -> None:
        """The file name's note, and the status line: the problems (the first in words), the
        file name's note, why the last save failed, or ready to save."""
        if not self.query("#editor-status"):
            return  # composing, or already dismissed
        rows = {row.path for row in self.query(KnobRow)}
        loose = [f"{path}: {why}" for path, why in self.problems.items() if path not in rows]
        note = self.name_note
        self.query_one("#editor-name-note", Static).update(as_themed(self.app, note))
        self.query_one("#editor-save", Button).disabled = bool(self.problems or note)
        status = self.query_one("#editor-status", Static)
        status.set_class(not (self.problems or note or self.save_failure), "-ready")  # (app.tcss: success or error colour)
        if self.problems:
            count = len(self.problems)
            path, why = next(iter(self.problems.items()))
            first = loose[0] if loose else f"{path.removeprefix('rules.')}: {why}"
            status.update(as_themed(self.app, f"{count} problem{'s' if count > 1 else ''} — {first}"))
        elif note:
            status.update(as_themed(self.app, f"file name: {note}"))
        elif self.save_failure:
            status.update(as_themed(self.app, f"not saved: {self.save_failure}"))
        else:
            status.update("ready to save" + (" (unsaved changes)" if self.dirty else ""))

    @property
    def dirty(self) -> bool:
        return (self.draft.values, self.preset_name) != self._start

    # ------------------------------------------------------------------ actions
    def action_save(self) -> None:
        if self.problems or self.name_note:
            self.revalidate()
            self.notify("fix the marked fields first", title="not saved", severity="error", timeout=4, markup=False)
            self._show_first_problem()
            return
        try:
            path = self.draft.save(self.preset_name)
        except (VariantError, ValueError, OSError) as error:
            self.save_failure = str(error)
            self._show_status()
            return
        self.notify(soft_breaks(f"saved {path}", note_width(self.app)), title=self.preset_name, timeout=4, markup=False)
        self.dismiss(self.preset_name)

    def _show_first_problem(self) -> None:
        if self.name_note and not self.problems:
            self.query_one("#editor-name", Input).focus()
            return
        for row in self.query(KnobRow):
            if row.path in self.problems:
                self.query_one("#editor-form", VerticalScroll).scroll_to_widget(row, animate=False, top=True)
                row.query_one(f"#{control_id(row.path)}").focus()
                return

    def action_reset_elsewhere(self) -> None:
        """ctrl+r outside a rule (the file name, the buttons) says where it works."""
        self.notify("ctrl+r puts back a rule's inherited value: tab to a rule first", timeout=4, markup=False)

    def action_cancel(self) -> None:
        if not self.dirty:
            self.dismiss(None)
            return

        def answered(discard: bool | None) -> None:
            if discard:
                self.dismiss(None)

        self.app.push_screen(Confirm("Discard your changes?", "Discard (y)", "Keep editing (n)"), answered)
