"""Scrollbars in the theme's characters: Textual draws a thumb's ends with eighth blocks
(▁ ▂ … ▇, ▉ … ▏) for smooth motion; while the running app shows an ASCII theme, or draws
in a terminal of few colours (256, as under tmux by default), the thumb is whole cells of
reversed space, which every terminal draws (there the track's colour fell together with
the background's, and a thumb's ends read as stray "▁▁" marks in the text)."""

from __future__ import annotations

from typing import Any

from rich.segment import Segments
from textual._context import active_app  # (Textual's own "app now running"; no public name)
from textual.scrollbar import ScrollBar, ScrollBarRender

from ..text import uses_ascii


class AsciiScrollBarRender(ScrollBarRender):
    """A scrollbar without block glyphs: a thumb end that takes part of a cell is drawn
    as a whole cell or not at all, so the thumb moves (and may grow by a cell) a cell at
    a time."""

    VERTICAL_BARS = [" "] * 8
    HORIZONTAL_BARS = [" "] * 8


class ThemedScrollBarRender(ScrollBarRender):
    """Textual's scrollbar, or :class:`AsciiScrollBarRender`'s while the app drawing it
    shows an ASCII theme (decided as it draws: a theme switched with ``t`` redraws it,
    and another app in the process keeps Textual's)."""

    @classmethod
    def render_bar(cls, *args: Any, **kwargs: Any) -> Segments:
        app = active_app.get(None)
        plain = uses_ascii(app) or few_colours(app)
        return (AsciiScrollBarRender if plain else ScrollBarRender).render_bar(*args, **kwargs)


def few_colours(app: Any) -> bool:
    """Whether ``app`` draws in a real terminal of fewer colours than true colour (a
    headless app, as under test, draws for no terminal)."""
    return app is not None and not app.is_headless and app.console.color_system not in (None, "truecolor")


def draw_scrollbars_as_themed() -> None:
    """Have every scrollbar follow the theme (Textual's class setting, made once)."""
    ScrollBar.renderer = ThemedScrollBarRender
