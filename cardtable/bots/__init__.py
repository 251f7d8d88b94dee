"""Bots: players that see only their seat's view and the legal moves."""

from __future__ import annotations

from .base import BOT_LEVELS, Bot, RandomBot, make_bot

__all__ = ["BOT_LEVELS", "Bot", "RandomBot", "make_bot"]
