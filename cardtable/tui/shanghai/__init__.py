"""Shanghai rummy at the table: the table widget, what it shows, and its dialogs."""

from __future__ import annotations

from .ui import ShanghaiUI

UI = ShanghaiUI()

__all__ = ["UI", "ShanghaiUI"]
