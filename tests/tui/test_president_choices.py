"""President plays the engine takes two ways: the player says which (a rule audit found
the table always sent the quick clear)."""

from __future__ import annotations

import asyncio

from cardtable.engine.cards import parse_cards
from cardtable.tui.app import CardtableApp
from cardtable.tui.screens.choose import MoveListDialog
from cardtable.tui.screens.table import TableScreen
from cardtable.tui.seats import TableSetup, parse_seats

from ..games.president.helpers import play, president
from .helpers import settle


def _both_ways_game():
    """Seat 1 played 9♣ 9♦; every out-of-turn chance declined: seat 0 (Ann), holding
    9♥ 9♠, may play them as an equal rank (P5 allowed) or complete four (P24)."""
    game = president(hands=["9H 9S 6C", "9C 9D 5C", "3C 4C", "KC 7C"], equal_rank="allowed", quick_clear=True,
                     first_dealer=0)
    game.apply(1, play("9C 9D"))
    while game.view(game.to_act[0]).window:
        game.apply(game.to_act[0], "decline")
    return game


def test_P24_P5_cards_that_both_play_and_clear_are_asked_which():
    game = _both_ways_game()
    game.apply(2, "pass")
    game.apply(3, "pass")
    assert game.to_act == (0,)
    kinds = sorted(m.kind for m in game.legal_moves(0) if m.cards == tuple(parse_cards("9H 9S")))
    assert kinds == ["play", "quick_clear"]
    app = CardtableApp(setup=TableSetup(game.variant, parse_seats("Ann,bot:simple,bot:simple,bot:simple"), 1),
                       theme="felt", bot_delay=0, save_settings=False, game=game)

    async def scenario():
        async with app.run_test(size=(100, 30)) as pilot:
            await settle(pilot, app, lambda: isinstance(app.screen, TableScreen) and app.screen.table.state is not None
                         and app.screen.table.state.can_play)
            await pilot.press("2", "3")  # 9♥ 9♠ (after 6♣ in the hand's order)
            await pilot.pause()
            said = str(app.screen.table.query_one("#selection").render())
            assert "legal: an equal rank, or four that clears the pile: enter asks which" in said
            await pilot.press("enter")
            await pilot.pause()
            dialog = app.screen
            assert isinstance(dialog, MoveListDialog)
            assert [move.kind for _label, move in dialog.options if move is not None] == ["quick_clear", "play"]
            await pilot.press("down", "enter")  # the equal rank
            await settle(pilot, app, lambda: any(e.kind == "cards_played" and e.seat == 0 for e in game.events))
            assert not any(getattr(e, "reason", None) == "quick_clear" for e in game.events)  # (played, not cleared)

    asyncio.run(scenario())


def test_the_choice_says_what_each_way_does_and_asks_nothing_when_both_clear():
    """The engine says what the play does besides (``play_effect``): under ``skip`` it
    skips the next player; under ``burn`` it clears the pile as the quick clear does, so
    nothing is asked; P26 marks the way that would make the player Scum."""
    from cardtable.tui.president.present import present

    seats = parse_seats("Ann,Bob,Cy,Dag")

    def ann_to_follow(ann="9H 9S 6C", **knobs):
        game = president(hands=[ann, "9C 9D 5C", "3C 4C", "KC 7C"], quick_clear=True, first_dealer=0, **knobs)
        game.apply(1, play("9C 9D"))
        while game.view(game.to_act[0]).window:
            game.apply(game.to_act[0], "decline")
        for seat in (2, 3):
            game.apply(seat, "pass")
        return game

    key = ("9H", "9S")
    assert dict(present(ann_to_follow(equal_rank="allowed"), 0, seats).both_ways) == {key: ("", False, False)}
    assert dict(present(ann_to_follow(equal_rank="skip"), 0, seats).both_ways) == {
        key: ("skips the next player", False, False)}
    assert not present(ann_to_follow(equal_rank="allowed", burn=True), 0, seats).both_ways
    # P26: her last cards; the quick clear would make her Scum, the equal rank not
    assert dict(present(ann_to_follow("9H 9S", equal_rank="allowed", no_finish_on_top=True), 0, seats).both_ways) \
        == {key: ("", False, True)}
