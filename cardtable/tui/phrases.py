"""Text that wraps only between its phrases.

A list such as "chips won: Annabelle −100, Bartholomew +37 · won: Dagny" wrapped word by
word can part a name from its score ("Bartholomew" / "+37"), a title letter from its
title ("· Clk" / "Clerk"). :class:`Phrases` keeps each phrase whole on one line and
breaks only between phrases: at a break a free-standing separator (" · ") goes, and
punctuation that ends a phrase (the comma of ", ") stays at the line's end.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from typing import Union

from rich.cells import cell_len
from rich.console import Console, ConsoleOptions, RenderResult
from rich.measure import Measurement
from rich.text import Text

Phrase = Union[str, Text, "Phrases"]


class Phrases:
    """``phrases`` joined by ``separator``, wrapped only between phrases at the width
    they are drawn in. A phrase may itself be :class:`Phrases` with a separator of its
    own (scores joined by ", " inside entries joined by " · "); a phrase wider than the
    line is wrapped by its words, as any text."""

    def __init__(self, phrases: Sequence[Phrase], separator: str = " · ", style: str = "") -> None:
        self.phrases, self.separator, self.style = list(phrases), separator, style

    def pieces(self) -> Iterator[tuple[str, Text]]:
        """Each phrase with the separator that comes before it ("" for the first)."""
        for index, phrase in enumerate(self.phrases):
            before = self.separator if index else ""
            if isinstance(phrase, Phrases):
                for inner, (between, text) in enumerate(phrase.pieces()):
                    yield (between if inner else before), text
            else:
                yield before, phrase if isinstance(phrase, Text) else Text(phrase)

    @property
    def plain(self) -> str:
        """The phrases on one line, as plain text."""
        return "".join(before + text.plain for before, text in self.pieces())

    def __str__(self) -> str:
        return self.plain

    def __rich_measure__(self, console: Console, options: ConsoleOptions) -> Measurement:
        pieces = list(self.pieces())
        ends = [_kept_at_break(before) for before, _ in pieces[1:]] + [""]
        widths = [text.cell_len + cell_len(end) for (_, text), end in zip(pieces, ends)]  # (with its comma)
        return Measurement(max(widths, default=0), cell_len(self.plain)).clamp(max_width=options.max_width)

    def __rich_console__(self, console: Console, options: ConsoleOptions) -> RenderResult:
        pieces = list(self.pieces())
        # what a break after each phrase leaves at the line's end: a comma, or nothing
        ends = [_kept_at_break(before) for before, _ in pieces[1:]] + [""]
        lines: list[Text] = []
        for (before, text), end in zip(pieces, ends):
            if lines and lines[-1].cell_len + cell_len(before) + text.cell_len + cell_len(end) <= options.max_width:
                lines[-1].append(before, style=self.style)
                lines[-1].append_text(text)
            else:
                kept = _kept_at_break(before)
                # (a comma goes where it fits, else it would wrap alone; a line already too wide
                # wraps by its words anyway, and the comma follows its last word where that fits)
                if lines and _last_line_width(lines[-1], console, options.max_width) + cell_len(kept) \
                        <= options.max_width:
                    lines[-1].append(kept, style=self.style)
                lines.append(text.copy())
        yield Text("\n", style=self.style).join(lines)


def _last_line_width(text: Text, console: Console, width: int) -> int:
    """The width of ``text``'s last line once wrapped at ``width``."""
    return text.cell_len if text.cell_len <= width else text.wrap(console, width)[-1].cell_len


def _kept_at_break(separator: str) -> str:
    """What of a separator stays at the end of a line that breaks there: the punctuation
    that ends a phrase (", " keeps its comma), not a free-standing mark (" · ")."""
    return "" if separator[:1].isspace() else separator.rstrip()


class Lines:
    """Renderables one under the other, as a Rich ``Group`` draws them, that read as their
    text too (``str``: each one's plain text, a line apart): a list's entry whose first
    line is always its own (Load game's file name over the game it holds)."""

    def __init__(self, *parts: Text | Phrases) -> None:
        self.parts = parts

    def __str__(self) -> str:
        return "\n".join(part.plain for part in self.parts)

    def __rich_measure__(self, console: Console, options: ConsoleOptions) -> Measurement:
        measures = [Measurement.get(console, options, part) for part in self.parts]
        return Measurement(max((m.minimum for m in measures), default=0), max((m.maximum for m in measures), default=0))

    def __rich_console__(self, console: Console, options: ConsoleOptions) -> RenderResult:
        yield from self.parts
