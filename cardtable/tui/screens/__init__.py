"""Screens: start, table, hand-off, round end, match end, dialogs, help, rules."""
