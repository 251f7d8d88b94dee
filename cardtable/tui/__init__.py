"""The terminal table: the only package that imports textual.

Entry point: :func:`cardtable.tui.launch.launch` (called by ``cardtable play``).
"""
