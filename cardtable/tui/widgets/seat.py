"""A seat at the table: a bordered box with the player's name and public facts."""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import TypeVar

from rich.cells import cell_len
from rich.text import Text
from textual.reactive import reactive
from textual.widget import Widget

from ...engine.words import count as count_of
from ..text import as_themed


@dataclass(frozen=True)
class SeatInfo:
    """What a seat's panel shows: the name in the border, public facts inside. Each
    family's present module extends it with its own marks (passed, down, locked …)."""

    title: str
    lines: tuple[str, ...]
    to_act: bool = False
    short: tuple[tuple[str, tuple[str, ...]], ...] = ()
    """Shorter forms of the lines' parts for a narrow panel (see ``SeatPanel.short``)."""
    alone: tuple[tuple[str, tuple[str, ...]], ...] = ()
    """Shorter forms of a part left alone in a narrow panel (see ``SeatPanel.alone``)."""


Info = TypeVar("Info", bound=SeatInfo)


class SeatPanel(Widget):
    """Shows ``title`` in the border and ``lines`` inside, in ASCII under the ASCII theme
    (the app's ``card_ascii``). A line too wide for the box drops its last " · " parts
    (a 7-player table at 80 columns shows "6 cards", not "6 cards · 0 p…"), after trying
    the shorter forms in ``short`` of its parts ("VP" for "Vice-President"), and a title too
    wide drops its " (bot)" note. A part that is left alone and still too wide takes its
    form in ``alone`` ("15 c" for "15 cards" in a 7-seat row), never an ellipsis. The panels
    of a row fit their lines to the narrowest one's width, each line in short forms as deep
    as the most crowded panel needs for it, so they write the same forms ("11 c" beside
    "11 cards" looked like a glitch). Classes:
    ``-to-act``, ``-passed``, ``-out`` (set by the screen) restyle the box."""

    title: reactive[str] = reactive("", always_update=True)
    lines: reactive[tuple[str, ...]] = reactive((), always_update=True)
    """Set again on every re-present, so that a theme switch re-writes the text."""
    short: Mapping[str, tuple[str, ...]] = {}
    """Shorter forms of line parts, longest first, for a narrow box (set before ``lines``)."""
    alone: Mapping[str, tuple[str, ...]] = {}
    """Shorter forms of a part used only when it is the line's last part left and still too
    wide ("15 c" for "15 cards": the points are dropped before "cards" is cut)."""

    def watch_title(self, title: str) -> None:
        self._show_title()

    def on_resize(self) -> None:
        self._show_title()
        if self.parent is not None:  # (the row's narrowest width may have changed: see render)
            for panel in self.parent.query_children(SeatPanel):
                if panel is not self:
                    panel._show_title()
                    panel.refresh()

    def _row(self) -> list[SeatPanel]:
        """The panels shown in this one's row (this one included)."""
        return [panel for panel in self.parent.query_children(SeatPanel) if panel.display] \
            if self.parent is not None else []

    def _show_title(self) -> None:
        # The border takes "╭─ " and " ─╮" around the title (``size`` is the content's,
        # inside the border and the padding), fitted to the row's narrowest panel so that
        # panels a column apart keep or drop their " (bot)" alike. Text, not a str: a name
        # is shown as written, never read as markup ("[/]", "Bob [beta]").
        width = min([self.outer_size.width, *(panel.outer_size.width for panel in self._row())])
        self.border_title = Text(as_themed(self.app, fit_title(self.title, width - 6)))

    def render(self) -> Text:
        # Every panel of a row fits its lines to the narrowest one's width, and uses short
        # forms as deep as the most crowded panel of the row needs for that line, so that
        # panels a column apart do not write "11 c" and "11 cards" side by side.
        row = self._row()
        width = min([self.content_size.width, *(panel.content_size.width for panel in row)])
        separator = as_themed(self.app, SEPARATOR)
        forms = [panel._themed_forms() for panel in row]
        short, alone = self._themed_forms()
        lines = [as_themed(self.app, line) for line in self.lines]
        depths = [max([0, *(fit_depth(as_themed(self.app, panel.lines[index]), width, separator, shorts)
                            for panel, (shorts, _alone) in zip(row, forms) if index < len(panel.lines))])
                  for index in range(len(lines))]
        # ... and once one panel's part left alone takes its alone form ("10 c"), every
        # panel's does ("9 c", not "9 cards", beside it)
        alike = [any(needs_alone(as_themed(self.app, panel.lines[index]), width, separator, shorts, alones)
                     for panel, (shorts, alones) in zip(row, forms) if index < len(panel.lines))
                 for index in range(len(lines))]
        return Text("\n".join(fit_parts(line, width, separator, short, alone, depth, alone_first)
                              for line, depth, alone_first in zip(lines, depths, alike)),
                    no_wrap=True, overflow="ellipsis")

    def _themed_forms(self) -> tuple[dict[str, tuple[str, ...]], dict[str, tuple[str, ...]]]:
        """``short`` and ``alone``, as the theme writes them."""
        short, alone = ({as_themed(self.app, part): tuple(as_themed(self.app, form) for form in forms)
                         for part, forms in mapping.items()} for mapping in (self.short, self.alone))
        return short, alone


def cards_held(count: int | None) -> tuple[str, tuple[str, tuple[str, ...]]]:
    """A seat's card count for its panel, "5 cards" ("? cards" when unknown), with its
    shorter form for a narrow panel, "5 c" (a ``short`` entry: it keeps the points)."""
    held = "? cards" if count is None else count_of(count, "card")
    return held, (held, (f"{'?' if count is None else count} c",))


SEPARATOR = " · "
"""Between the parts of a seat's line ("6 cards · 0 pts"); the ASCII theme writes " | "."""


def fit_depth(line: str, width: int, separator: str = SEPARATOR,
              short: Mapping[str, Sequence[str]] | None = None) -> int:
    """How deep into the shorter forms ``short`` gives its parts ``line`` must go to fit
    ``width`` cells whole (0: as it is, or when no depth makes it fit: it drops parts)."""
    parts = line.split(separator)
    short = short or {}
    deepest = max((len(short.get(part, ())) for part in parts), default=0)
    return next((depth for depth in range(deepest + 1) if cell_len(_shortened(parts, short, depth, separator)) <= width),
                0)


def _shortened(parts: Sequence[str], short: Mapping[str, Sequence[str]], depth: int, separator: str) -> str:
    """``parts`` joined, each in its ``depth``-th shorter form (its shortest if it has fewer)."""
    return separator.join(part if not depth or not short.get(part) else short[part][min(depth, len(short[part])) - 1]
                          for part in parts)


def fit_parts(line: str, width: int, separator: str = SEPARATOR,
              short: Mapping[str, Sequence[str]] | None = None,
              alone: Mapping[str, Sequence[str]] | None = None, least_depth: int = 0,
              alone_first: bool = False) -> str:
    """``line`` fitted to ``width`` cells: its parts in the shorter forms ``short`` gives
    them (longest first; at least ``least_depth`` deep) as far as it takes, then without
    as many of its last ``separator`` parts as it takes ("Vice-President · to play" at 12
    cells is "VP · to play"); the first part, left alone, in the first of its forms in
    ``alone`` that fits ("15 cards" at 7 cells is "15 c"), else in its shortest form,
    cut by the caller. With ``alone_first`` (another panel of the row needs its alone
    form), the first part alone in its alone form, where it has one that fits."""
    parts = line.split(separator)
    short = short or {}
    if alone_first:
        for form in (alone or {}).get(parts[0], ()):
            if cell_len(form) <= width:
                return form
    deepest = max((len(short.get(part, ())) for part in parts), default=0)
    for keep in range(len(parts), 0, -1):
        for depth in range(min(least_depth, deepest), deepest + 1):
            fitted = _shortened(parts[:keep], short, depth, separator)
            if cell_len(fitted) <= width:
                return fitted
    for form in (alone or {}).get(parts[0], ()):
        if cell_len(form) <= width:
            return form
    return _shortened(parts[:1], short, deepest, separator)


def needs_alone(line: str, width: int, separator: str = SEPARATOR,
                short: Mapping[str, Sequence[str]] | None = None,
                alone: Mapping[str, Sequence[str]] | None = None) -> bool:
    """Whether :func:`fit_parts` fits ``line`` to ``width`` only as its first part left
    alone in a shorter form ("10 c" for "10 cards · 0 pts"), where ``alone`` has forms for
    that part."""
    first = line.split(separator)[0]
    if first not in (alone or {}):
        return False
    fitted = fit_parts(line, width, separator, short, alone)
    return fitted != first and separator not in fitted


TITLE_FORMS = 2
"""The most shorter forms :func:`short_forms` gives a title (the cut, the initials)."""


def short_forms(title: str) -> tuple[str, ...]:
    """Shorter ways to write a title, longest first, for narrow seat panels, one per depth
    (:func:`fit_depth`): a long last word cut to four letters and a full stop, then the
    initials of several words ("Vice-President": "Vice-Pres.", "VP"; "President":
    "Pres."). A title whose last word is short stays whole at the first depth
    ("Vice-Scum": "Vice-Scum", "VS"), so a row at one depth reads alike: "Vice-Pres." beside
    "Vice-Scum", "VP" beside "VS". A word of seven letters is short too: cut, it would save
    two cells and read worse ("Forseti" stayed "Fors." beside a whole "Vara-skítur")."""
    words = re.findall(r"[^\s-]+", title)
    if not words:
        return ()
    last = words[-1]
    cut = title[:len(title) - len(last)] + last[:4] + "." if len(last) > 7 and last.isalpha() else title
    initials = "".join(word[0].upper() for word in words) if len(words) > 1 else ""
    forms = [cut] + ([initials] if initials and cell_len(initials) < cell_len(cut) else [])
    return tuple(forms) if cell_len(forms[-1]) < cell_len(title) else ()


def fit_title(title: str, width: int) -> str:
    """``title`` without its trailing " (…)" note when the whole does not fit ``width``
    cells: a narrow panel says "Finn", not "Finn (…" (a name too long even alone is cut by
    the border)."""
    name, note, _rest = title.partition(" (")
    if not note or cell_len(title) <= width or not title.endswith(")"):
        return title
    return name


def show_seat_panels(box: Widget, seats: Sequence[Info],
                     dress: Callable[[SeatPanel, Info], None] | None = None) -> None:
    """One :class:`SeatPanel` per seat in ``box`` (mounted as needed, spare ones hidden):
    each shows the seat's ``title`` and ``lines`` and is marked ``-to-act``; ``dress``
    adds a family's own marks (passed, out, locked …)."""
    panels = list(box.query(SeatPanel))
    while len(panels) < len(seats):
        panel = SeatPanel()
        box.mount(panel)
        panels.append(panel)
    for panel, info in zip(panels, seats):
        panel.display = True
        panel.short = dict(info.short)
        panel.alone = dict(info.alone)
        panel.title = info.title
        panel.lines = info.lines
        panel.set_class(info.to_act, "-to-act")
        if dress is not None:
            dress(panel, info)
    for panel in panels[len(seats):]:
        panel.display = False
