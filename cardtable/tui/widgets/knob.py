"""One row of the preset editor: a knob's name, its input, the value it inherits, its
plain-words description and, when the screen says so, what is wrong with it.

Attributes down (``error``, ``changed``), messages up (:class:`KnobRow.Changed` with a
value read from the input, :class:`KnobRow.Unreadable` when the text cannot be read).
ctrl+r in a row puts back the value it inherits.
"""

from __future__ import annotations

import re
from dataclasses import replace
from typing import Any

from rich.cells import cell_len
from textual import events
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical
from textual.message import Message
from textual.reactive import reactive
from textual.widget import Widget
from textual.widgets import Input, Label, Select, Static, Switch, TextArea

from ...presets.groups import TABLE_EXAMPLES, KnobSpec, format_text, parse_text
from ..text import as_themed, markup_literal, uses_ascii
from .typed_input import TypedInput, TypedTextArea


class KnobSwitch(Switch):
    """A switch that slides when toggled, but not under the ASCII theme (a limited terminal
    draws the slide as flicker); asked at each toggle, so ``t`` in the editor counts at once."""

    def watch_value(self, value: bool) -> None:
        # (Switch's own flag, read by its watch_value in Textual 8; test_editor's ASCII toggle checks it holds)
        self._should_animate = not uses_ascii(self.app)
        super().watch_value(value)


def shown(spec: KnobSpec, value: Any) -> str:
    """A value in the words the row uses for it."""
    if value is None:
        return "not set"
    if spec.kind == "bool":
        return "on" if value else "off"
    if spec.kind == "contracts":
        return " / ".join(format_text(spec.kind, value).splitlines())
    text = format_text(spec.kind, value)
    if spec.kind == "text":
        return f'"{text}"' if len(text) <= 24 else f'"{text[:22]}…"'
    return text or "none"


TYPED_FORM = {"contracts": "one hand a line, e.g. set 3, run 4 (a set of 3 and a run of 4)"}
"""How to type a kind of knob, for the kinds whose description shows the TOML form."""


def described(spec: KnobSpec) -> str:
    """The knob's description in the editor's words: a TOML example (``[["set", 3]]``,
    which a preset file needs) gives way to what is typed in the box."""
    typed = TYPED_FORM.get(spec.kind)
    if typed is None:
        return spec.description
    head = re.split(r",? (?:one list per \w+|e\.g\.)[ ,]", spec.description, maxsplit=1)[0].rstrip(" .,")
    return f"{head} — {typed}"


WIDE_COLUMNS = 100
"""From this many columns the terminal counts as wide: the app's ``-wide`` class, and a
hint says "from parent: 3" rather than "parent 3"."""


class KnobHint(Static):
    """A row's hint: the value the knob inherits, then the allowed range. Below 100
    columns "from parent: 3" reads "parent 3", on every row alike; when the hint is
    still too wide, the range comes first (the inherited value is cut with … at the
    right), so the allowed values give way last. The tooltip is the whole hint."""

    def __init__(self, inherited: tuple[str, str], allowed: list[str], **kwargs: Any) -> None:
        super().__init__(markup=False, **kwargs)
        self.show(inherited, allowed)

    def show(self, inherited: tuple[str, str], allowed: list[str]) -> None:
        """``inherited``: the wide and the narrow words ("from parent: 3", "parent 3");
        ``allowed``: the range and how to leave a number unset, if they apply."""
        self._inherited, self._allowed = inherited, allowed
        self.tooltip = markup_literal(" · ".join([inherited[0], *allowed]))  # (an inherited title as written)
        self.refresh()

    def render(self) -> str:
        said = self._inherited[0] if self.app.size.width >= WIDE_COLUMNS else self._inherited[1]
        first = as_themed(self.app, " · ".join([said, *self._allowed]))
        if cell_len(first) <= self.content_region.width or not self._allowed:
            return first
        return as_themed(self.app, " · ".join([*self._allowed, said]))


def control_id(path: str) -> str:
    return "knob-" + path.replace(".", "-")


class KnobRow(Vertical):
    """A knob (or a preset field such as ``title`` or ``players.max``) and its input."""

    class Changed(Message):
        """The user gave the knob a readable value."""

        def __init__(self, path: str, value: Any) -> None:
            super().__init__()
            self.path = path
            self.value = value

    class Unreadable(Message):
        """The text in the knob's input cannot be read as its kind of value."""

        def __init__(self, path: str, reason: str) -> None:
            super().__init__()
            self.path = path
            self.reason = reason


    BINDINGS = [Binding("ctrl+r", "inherit", "back to the inherited value", show=False)]

    error: reactive[str] = reactive("")
    changed: reactive[bool] = reactive(False)

    def __init__(self, path: str, spec: KnobSpec, value: Any, inherited: Any, *, from_parent: bool,
                 resets_to_opening: bool = False) -> None:
        super().__init__(classes="knob-row")
        self.path = path
        self.spec = spec
        self.value = value
        self.inherited = inherited
        self.from_parent = from_parent
        self.reset_value = value if resets_to_opening else inherited
        """What ctrl+r puts back: the inherited value, or (a new preset's own title, which
        tells it from its parent) the value the row opened with."""

    def compose(self) -> ComposeResult:
        spec = self.spec
        with Horizontal(classes="knob-line"):
            yield Label(spec.name, classes="knob-name")
            if spec.kind == "bool":  # as wide as the other inputs, so every hint starts in one column
                with Horizontal(classes="knob-control knob-switch"):
                    yield self._control()
                    # the switch's state in words, readable in any theme
                    yield Static(as_themed(self.app, shown(spec, self.value)), classes="knob-state", markup=False)
            else:
                yield self._control()
            yield KnobHint(*self._hint(), classes="knob-hint")
        if spec.description:
            yield Static(as_themed(self.app, described(spec)), classes="knob-description", markup=False)
        yield Static("", classes="knob-error", markup=False)

    def _hint(self) -> tuple[tuple[str, str], list[str]]:
        """What :class:`KnobHint` shows: the inherited value in wide and narrow words,
        and the allowed range (and how to leave a number unset)."""
        spec, value = self.spec, shown(self.spec, self.inherited)
        inherited = (f"from parent: {value}", f"parent {value}") if self.from_parent else \
            (f"default: {value}", f"default {value}")
        allowed = [spec.range_text] if spec.range_text else []
        if spec.kind == "optional_int":
            allowed.append("empty: not set")
        return inherited, allowed

    def show_range(self, low: int | None, high: int | None) -> None:
        """Show another allowed range (the screen works it out from the other fields)."""
        if (low, high) == (self.spec.low, self.spec.high):
            return
        self.spec = replace(self.spec, low=low, high=high)
        if self.is_mounted:
            self.query_one(KnobHint).show(*self._hint())
            typed = self.query_one(f"#{control_id(self.path)}")
            if isinstance(typed, Input):  # (a number refused by the old range may fit the new one)
                self._read(typed.value)

    def _control(self) -> Widget:
        spec, value, ident = self.spec, self.value, control_id(self.path)
        if spec.kind == "bool":
            # (its slide passes through eighth blocks: under the ASCII theme it jumps)
            return KnobSwitch(value=bool(value), id=ident, classes="knob-control")
        if spec.kind == "choice":
            return Select([(c, c) for c in spec.choices], value=value, allow_blank=False, id=ident,
                          compact=True, classes="knob-control")
        if spec.kind == "contracts":
            area = TypedTextArea(format_text(spec.kind, value), id=ident, classes="knob-control knob-area",
                            soft_wrap=False, show_line_numbers=True)
            area.border_title = "one hand a line: set 3, run 4"
            return area
        return TypedInput(format_text(spec.kind, value), id=ident, compact=True, classes="knob-control",
                     placeholder=self._example())

    def _example(self) -> str:
        """What an emptied input shows: that it is empty (an empty list, not the inherited
        one: a play-tester took the grey example for the parent's value kept), then the
        inherited value as an example of the form (``empty: e.g. president=2,
        vice_president=1``), or a form's own example when that is empty."""
        kind = self.spec.kind
        if kind not in ("words", "numbers", "table"):
            return ""
        if self.inherited:
            return f"empty: e.g. {format_text(kind, self.inherited)}"
        return "empty: " + {"words": "e.g. JK, 2", "numbers": "e.g. 3, 3, 4",
                             "table": f"e.g. {TABLE_EXAMPLES.get(self.spec.name, 'A=15, JK=50')}"}[kind]

    def on_mount(self) -> None:
        self._show_start()

    def _show_start(self) -> None:
        """A text input shows the start of its value (Textual puts the cursor at the end)."""
        for box in self.query(Input):
            box.cursor_position = 0

    def on_descendant_focus(self, event: events.DescendantFocus) -> None:
        """The whole row in sight when its field takes the focus (Textual brings just the
        field: the last row showed its input without its description, and a list opened
        over the Save bar); and -focused marks it (app.tcss: a switch's word shows where Tab
        landed; a rule on ``:focus-within`` did not restyle the word beside the switch)."""
        self.add_class("-focused")
        self.call_after_refresh(self.scroll_visible, animate=False)

    def on_descendant_blur(self, event: events.DescendantBlur) -> None:
        self.remove_class("-focused")

    def on_input_blurred(self, event: Input.Blurred) -> None:
        event.stop()
        self._show_start()  # (tabbing through a long value left its end in view)

    # ------------------------------------------------------------------ input -> message
    def _read(self, raw: Any) -> None:
        try:
            value = parse_text(self.spec, raw) if isinstance(raw, str) else raw
        except ValueError as error:
            self.post_message(self.Unreadable(self.path, str(error)))
            return
        self.value = value
        self.post_message(self.Changed(self.path, value))

    def on_switch_changed(self, event: Switch.Changed) -> None:
        event.stop()
        self._read(event.value)
        self.query_one(".knob-state", Static).update(as_themed(self.app, shown(self.spec, event.value)))

    def on_select_changed(self, event: Select.Changed) -> None:
        event.stop()
        if event.value != Select.NULL:
            self._read(str(event.value))

    def on_input_changed(self, event: Input.Changed) -> None:
        event.stop()
        self._read(event.value)

    def on_text_area_changed(self, event: TextArea.Changed) -> None:
        event.stop()
        self._read(event.text_area.text)

    def action_inherit(self) -> None:
        """The knob back to the value it inherits (the parent's, or the default), or to
        :attr:`reset_value`: an emptied list could otherwise only be typed again. The input
        changes as if typed, so the value goes up as any other."""
        spec, value = self.spec, self.reset_value
        if value is None and spec.kind != "optional_int":
            self.notify(f"{spec.name} has no value to go back to", timeout=3, markup=False)
            return
        control = self.query_one(f"#{control_id(self.path)}")
        if isinstance(control, Switch):
            control.value = bool(value)
        elif isinstance(control, Select):
            control.value = value
        elif isinstance(control, TextArea):
            control.text = format_text(spec.kind, value)
        elif isinstance(control, Input):
            control.value = format_text(spec.kind, value)
            self._show_start()

    def retheme(self) -> None:
        """Its words again in the theme's characters (``t`` pressed in the editor); what was
        typed stays as it is."""
        if self.spec.description:
            self.query_one(".knob-description", Static).update(as_themed(self.app, described(self.spec)))
        if self.spec.kind == "bool":
            self.query_one(".knob-state", Static).update(as_themed(self.app, shown(self.spec, self.value)))
        self.query_one(KnobHint).refresh()
        self.watch_error(self.error)

    # ------------------------------------------------------------------ attributes down
    def watch_error(self, error: str) -> None:
        self.set_class(bool(error), "-invalid")
        if self.is_mounted:
            note = self.query_one(".knob-error", Static)
            note.update(as_themed(self.app, f"! {error}") if error else "")

    def watch_changed(self, changed: bool) -> None:
        self.set_class(changed, "-changed")
