"""Bots: players that see only their seat's view and the legal moves.

Levels: ``easy``, ``medium`` (the family's simple bot), ``hard`` and ``expert`` (the
information-set Monte Carlo search bot), plus ``random`` and ``simple`` (= medium).
:func:`suggest_move` asks the hard bot for a hint for a human seat.
"""

from .base import ALIASES, BOT_LEVELS, DIFFICULTIES, Bot, EasyBot, RandomBot, make_bot
from .hint import Advisor, suggest_move

__all__ = ["ALIASES", "BOT_LEVELS", "DIFFICULTIES", "Advisor", "Bot", "EasyBot", "RandomBot", "make_bot",
           "suggest_move"]
