"""Playing Tonk at the TUI through key presses, for the Tonk Pilot tests: a move
chosen on the engine side (a scripted one, or the simple bot's advice) is turned
into the keys a player would press."""

from __future__ import annotations

from textual.widgets import OptionList

from cardtable.bots import make_bot
from cardtable.engine.rng import Rng
from cardtable.tui.screens.choose import MoveListDialog
from cardtable.tui.tonk.dialogs import ConfirmDrop
from cardtable.tui.widgets.hand import Hand

from .helpers import table_screen

KEY_OF = {"draw_stock": "s", "take_upcard": "u", "declare": "c"}


async def pick_option(pilot, app, move) -> None:
    """In an open MoveListDialog, choose the option whose move is ``move``."""
    dialog = app.screen
    assert isinstance(dialog, MoveListDialog), dialog
    index = next(i for i, (_label, m) in enumerate(dialog.options) if m == move)
    options = dialog.query_one(OptionList)
    await pilot.press("home", *["down"] * index, "enter")
    await pilot.pause()
    assert options is not None


async def select(pilot, screen, cards) -> None:
    hand = screen.query_one(Hand)
    await pilot.press("escape")
    indices: list[int] = []
    for card in cards:
        indices.append(next(i for i, c in enumerate(hand.cards) if c == card and i not in indices))
    for index in indices:
        if index < 10:
            await pilot.press(str((index + 1) % 10))
        else:
            await pilot.press("home", *["right"] * index, "space")
    await pilot.pause()
    assert hand.selected == frozenset(indices), (hand.selected, indices)


async def press_move(pilot, app, seat: int, move) -> None:
    """Make ``move`` for ``seat`` (the human on screen) with the keys of the Tonk table."""
    screen = table_screen(app)
    kind = move.kind
    if kind in ("bet", "decline"):
        await pick_option(pilot, app, move)
        return
    if kind in KEY_OF:
        await pilot.press(KEY_OF[kind])
    elif kind == "drop":
        await pilot.press("D")
        await pilot.pause()
        assert isinstance(app.screen, ConfirmDrop)
        await pilot.press("y")
    elif kind == "spread":
        await select(pilot, screen, move.cards)
        await pilot.press("m")
        await pilot.pause()
        if isinstance(app.screen, MoveListDialog):
            await pick_option(pilot, app, move)
    elif kind == "hit":
        await select(pilot, screen, move.cards)
        await pilot.press("l")
        await pilot.pause()
        if isinstance(app.screen, MoveListDialog):
            await pick_option(pilot, app, move)
    elif kind == "discard":
        await select(pilot, screen, move.cards)
        await pilot.press("d")
    elif kind == "dead_four":
        await pilot.press("f")
        await pilot.pause()
        if isinstance(app.screen, MoveListDialog):
            await pick_option(pilot, app, move)
    else:
        raise AssertionError(f"no keys for {move}")
    await pilot.pause()


class Advisor:
    """The simple bot's choice for a human seat (what the test then types)."""

    def __init__(self, seed: int = 0) -> None:
        self.bot = make_bot("tonk", "simple")
        self.rng = Rng(seed)

    def __call__(self, game, seat: int):
        return self.bot.choose(game.view(seat), game.legal_moves(seat), self.rng)
