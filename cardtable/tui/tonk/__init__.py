"""Tonk at the table: the table widget, what it shows, the show-down and its dialogs."""

from __future__ import annotations

from .ui import TonkUI

UI = TonkUI()

__all__ = ["UI", "TonkUI"]
