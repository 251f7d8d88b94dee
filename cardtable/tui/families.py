"""Family tables are plug-ins: each family's TUI lives in ``cardtable/tui/<family>/``
and provides a :class:`FamilyUI`. The table screen, hand-off, bots and round flow
are shared; only what is drawn on the table and the family's dialogs differ.

To add a family: write ``cardtable/tui/<family>/__init__.py`` with ``UI = YourUI()``
(every family in :data:`~cardtable.engine.registry.FAMILIES` has one).
"""

from __future__ import annotations

from collections.abc import Sequence

import importlib
from dataclasses import dataclass
from typing import Any, Protocol

from textual.screen import ModalScreen
from textual.widget import Widget

from ..engine.game import Game
from ..engine.moves import Move
from .seats import Seat

@dataclass(frozen=True)
class SummaryRow:
    """One line of the round-end or match-end table."""

    place: str
    name: str
    title: str
    points: int
    total: int
    seat: int
    """Whose row it is (the match end puts the rows in the engine's places)."""


class FamilyUI(Protocol):
    """What the shared table screen asks of a family."""

    family: str
    hint_keys: dict[str, str]
    """The key that makes a move of each kind on the table: a hint names it ("press l"),
    since Enter does the family's usual move (a discard in Shanghai), not the hint's."""

    table_class: type[Widget]
    """The class of the table widget (the help screen lists its keys)."""

    def make_table(self) -> Widget:
        """The table widget: it gets ``present(...)``'s result as ``state`` and posts
        :class:`~cardtable.tui.messages.MoveChosen`."""

    def present(self, game: Game, viewer: int | None, seats: tuple[Seat, ...], ascii: bool) -> Any:
        """Everything the table shows for ``viewer`` (None: no human on screen)."""

    def dialog(self, game: Game, seat: int, seats: tuple[Seat, ...],
               error: str = "") -> ModalScreen[Move | None] | None:
        """A dialog for ``seat``'s choice when the table cannot take it in place
        (card exchange, market, talk), else None. Its words are Unicode: a
        :class:`~cardtable.tui.screens.choose.TableDialog` writes them in the theme."""

    def in_window(self, game: Game) -> bool:
        """Whether an out-of-turn window is open (X3)."""

    def chance_after(self, game: Game, events: Sequence[Any]) -> int | None:
        """The seat whose play ``events`` hold if, as every player sees it, the others may
        now have an out-of-turn chance (X3), else None. Hot-seat humans then all take a
        look, whether or not one of them can act, so nobody learns who could."""

    def window_dialog(self, game: Game, seat: int, seats: tuple[Seat, ...],
                      moves: list[Move]) -> ModalScreen[Move | None]:
        """The out-of-turn dialog; ``moves`` is empty for a human with no chance,
        and the dialog looks the same either way."""

    def round_summary(self, game: Game, seats: tuple[Seat, ...]) -> tuple[str, list[SummaryRow]]:
        """A heading and one row per seat for the round-end screen (and the match end).

        Optional: a plug-in may also define ``round_end_screen(game, seats, footer,
        in_order) -> Screen[None]`` (dismissed with None on Enter; ``in_order`` puts cards
        in the table's display order; the screen follows the theme itself) to replace the round-end screen with its own, e.g.
        Tonk's show-down; and ``move_text(game, viewer, seats, move,
        ascii) -> str`` to tell a hinted move in the table's words (Shanghai: where a
        go-down's wilds stand, which meld a lay-off goes on) instead of
        :func:`~cardtable.tui.text.describe_move`."""


def family_ui(family: str) -> FamilyUI:
    """The TUI of ``family`` (one of :data:`~cardtable.engine.registry.FAMILIES`)."""
    module = importlib.import_module(f"cardtable.tui.{family}")
    return module.UI
