"""The arrows of Textual's ``Select`` in the theme's characters (``v`` and ``^`` under
the ASCII theme): Textual draws ▼ and ▲ whatever the terminal."""

from __future__ import annotations

from textual.widget import Widget
from textual.widgets import Static

SELECT_ARROWS = {"down-arrow": ("▼", "v"), "up-arrow": ("▲", "^")}
"""The arrows of Textual's Select (by CSS class), and the ASCII theme's."""


def write_select_arrows(root: Widget, ascii: bool) -> None:
    """Draw the arrow of every ``Select`` under ``root`` as the theme writes it."""
    for name, (arrow, ascii_arrow) in SELECT_ARROWS.items():
        for widget in root.query(f"Select .{name}").results(Static):
            widget.update(ascii_arrow if ascii else arrow)
