"""President at the table: the table widget, what it shows, and its dialogs."""

from __future__ import annotations

from .ui import PresidentUI

UI = PresidentUI()

__all__ = ["UI", "PresidentUI"]
