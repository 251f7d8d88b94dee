"""Scrollbars in the theme's characters: Textual ends a scrollbar's thumb with eighth
blocks (▁ ▂ … ▇, ▉ … ▏) for smooth motion; under the ASCII theme the thumb is whole
cells of reversed space, which every terminal draws."""

from __future__ import annotations

from textual.scrollbar import ScrollBar, ScrollBarRender


class AsciiScrollBarRender(ScrollBarRender):
    """A scrollbar without block glyphs: a thumb end that would take part of a cell is
    left out (the thumb moves a cell at a time)."""

    VERTICAL_BARS = [" "] * 8
    HORIZONTAL_BARS = [" "] * 8


def draw_scrollbars(ascii: bool) -> None:
    """Draw every scrollbar as the theme writes it (a class setting of Textual's: one
    app runs at a time)."""
    ScrollBar.renderer = AsciiScrollBarRender if ascii else ScrollBarRender
