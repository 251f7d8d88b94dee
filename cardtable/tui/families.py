"""Family tables are plug-ins: each family's TUI lives in ``cardtable/tui/<family>/``
and provides a :class:`FamilyUI`. The table screen, hand-off, bots and round flow
are shared; only what is drawn on the table and the family's dialogs differ.

To add a family: write ``cardtable/tui/<family>/__init__.py`` with ``UI = YourUI()``
(every family in :data:`~cardtable.engine.registry.FAMILIES` has one), ``YourUI``
a :class:`FamilyUI`.
"""

from __future__ import annotations

import importlib
from abc import ABC, abstractmethod
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any, ClassVar

from textual.screen import ModalScreen, Screen
from textual.widget import Widget

from ..engine.cards import Card
from ..engine.game import Game
from ..engine.moves import Move
from .seats import Seat
from .text import describe_move


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


class FamilyUI(ABC):
    """What the shared table screen asks of a family. A family overrides the abstract
    parts; the others have the plain table's behaviour (no out-of-turn chances, no
    dialogs, the shared round-end screen, moves told as :func:`~cardtable.tui.text.describe_move`)."""

    family: ClassVar[str]
    hint_keys: ClassVar[dict[str, str]]
    """The key that makes a move of each kind on the table: a hint names it ("press l"),
    since Enter does the family's usual move (a discard in Shanghai), not the hint's."""

    table_class: ClassVar[type[Widget]]
    """The class of the table widget (the help screen lists its keys)."""

    def __init_subclass__(cls, **kwargs: Any) -> None:
        """A family with out-of-turn chances asks them in its own dialog: one without it
        is refused when it is defined, not when a chance first opens."""
        super().__init_subclass__(**kwargs)
        if cls.in_window is not FamilyUI.in_window and cls.window_dialog is FamilyUI.window_dialog:
            raise TypeError(f"{cls.__name__} overrides in_window but not window_dialog")

    def make_table(self) -> Widget:
        """The table widget: it gets ``present(...)``'s result as ``state`` and posts
        :class:`~cardtable.tui.messages.MoveChosen`."""
        return self.table_class(id="table")

    @abstractmethod
    def present(self, game: Game, viewer: int | None, seats: tuple[Seat, ...], ascii: bool) -> Any:
        """Everything the table shows for ``viewer`` (None: no human on screen)."""

    @abstractmethod
    def round_summary(self, game: Game, seats: tuple[Seat, ...]) -> tuple[str, list[SummaryRow]]:
        """A heading and one row per seat for the round-end screen (and the match end)."""

    def dialog(self, game: Game, seat: int, seats: tuple[Seat, ...],
               error: str = "") -> ModalScreen[Move | None] | None:
        """A dialog for ``seat``'s choice when the table cannot take it in place
        (card exchange, market, talk, a buy, a side bet), else None. Its words are
        Unicode: a :class:`~cardtable.tui.screens.choose.TableDialog` writes them in the theme."""
        return None

    def standing_answer(self, game: Game, seat: int) -> Move | None:
        """The move that answers ``seat``'s question now for a player who chose, in its
        dialog, to be asked no more this round (a Shanghai buy offer: decline), else None
        (the question is asked)."""
        return None

    offers_auto_pass = False
    """Whether a player's turn may hold nothing but one move (President's pass), which
    the table's auto-pass (``a``) can make for them."""

    def forced_move(self, game: Game, seat: int) -> Move | None:
        """``seat``'s one legal move at its turn at the table when that is a pass it has no
        choice about (:attr:`offers_auto_pass`), else None."""
        return None

    def in_window(self, game: Game) -> bool:
        """Whether an out-of-turn window is open (X3)."""
        return False

    def chance_after(self, game: Game, events: Sequence[Any]) -> int | None:
        """The seat whose play ``events`` hold if, as every player sees it, the others may
        now have an out-of-turn chance (X3), else None. Hot-seat humans then all take a
        look, whether or not one of them can act, so nobody learns who could."""
        return None

    def window_dialog(self, game: Game, seat: int, seats: tuple[Seat, ...],
                      moves: list[Move]) -> ModalScreen[Move | None]:
        """The out-of-turn dialog; ``moves`` is empty for a human with no chance,
        and the dialog looks the same either way. Only asked where :meth:`in_window`
        can be true."""
        raise NotImplementedError(f"{self.family} has no out-of-turn chances")

    def round_end_screen(self, game: Game, seats: tuple[Seat, ...], footer: str,
                         in_order: Callable[[Sequence[Card]], tuple[Card, ...]] | None,
                         viewer: int | None = None) -> Screen[None] | None:
        """The family's own round-end screen (Tonk's show-down, Shanghai's score sheet),
        dismissed with None on Enter, or None for the shared one built from
        :meth:`round_summary`. ``in_order`` puts cards in the table's display order (None:
        the family's own); ``viewer`` is the one human at the table (None in hot seat),
        whose own cards may be shown; the screen follows the theme itself."""
        return None

    def match_over_reason(self, game: Game, seats: tuple[Seat, ...]) -> str:
        """Why the match ended, when more than its length says it ("Dag is broke"), else ""."""
        return ""

    def move_text(self, game: Game, viewer: int, seats: tuple[Seat, ...], move: Move, ascii: bool) -> str:
        """A hinted move told to ``viewer`` in the table's words (Shanghai: where a
        go-down's wilds stand, which meld a lay-off goes on)."""
        return describe_move(move, ascii)


def family_ui(family: str) -> FamilyUI:
    """The TUI of ``family`` (one of :data:`~cardtable.engine.registry.FAMILIES`)."""
    module = importlib.import_module(f"cardtable.tui.{family}")
    return module.UI
