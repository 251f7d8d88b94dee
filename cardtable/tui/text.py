"""Small text helpers for screens: ordinals, ASCII suit names."""

from __future__ import annotations

ASCII_SUITS = {"♣": "-C", "♦": "-D", "♥": "-H", "♠": "-S", "★": "*", "—": "-", "…": "...",
               "·": "|", "▶": ">", "▲": "^"}


def asciify(text: str) -> str:
    """Replace suit symbols and typographic marks for the ASCII theme: ``Q♣`` -> ``Q-C``."""
    for symbol, plain in ASCII_SUITS.items():
        text = text.replace(symbol, plain)
    return text


def ordinal(n: int) -> str:
    return f"{n}{'th' if 10 <= n % 100 <= 20 else {1: 'st', 2: 'nd', 3: 'rd'}.get(n % 10, 'th')}"
