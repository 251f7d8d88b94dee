"""A screen drawn again in a new theme's characters (``t``): composed anew, with its focus,
its scroll positions and its lists' highlighted rows kept, as if only the words changed."""

from __future__ import annotations

from textual.screen import Screen
from textual.widgets import OptionList

from ..messages import ThemeSwitched


async def recompose_in_place(screen: Screen[object]) -> None:
    """Compose ``screen`` again (its words follow the theme: ASCII or not), keeping what
    the player had in view: the focused widget, each scroll position, each highlighted
    list row (widgets are found again by id)."""
    focused = screen.focused.id if screen.focused is not None else None
    scrolled = {widget.id: widget.scroll_y for widget in screen.query("*") if widget.id and widget.scroll_y}
    highlighted = {widget.id: widget.highlighted for widget in screen.query(OptionList) if widget.id}
    await screen.recompose()
    for ident, row in highlighted.items():  # (at once: a second switch queued behind reads them)
        rows = screen.query_one(f"#{ident}", OptionList)
        rows.highlighted = row if row is None or row < rows.option_count else None

    def restore() -> None:
        for ident, y in scrolled.items():
            screen.query_one(f"#{ident}").scroll_to(y=y, animate=False)
        if focused is not None:
            screen.query_one(f"#{focused}").focus()

    screen.call_after_refresh(restore)


class Rethemed:
    """Mixin for a screen that writes its words in the theme's characters as it composes
    them: when ``t`` switches the theme it is composed again, in place."""

    async def on_theme_switched(self, message: ThemeSwitched) -> None:
        await recompose_in_place(self)  # type: ignore[arg-type]
