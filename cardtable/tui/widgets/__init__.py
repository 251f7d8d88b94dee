"""Widgets shared by every family's table: cards, hands, seats, the log."""
