"""Keys typed quickly into a text box act in the order they were typed (the editor's file
name, its knobs and contracts, a seat's name, the house-rules menu's questions)."""

from __future__ import annotations

import asyncio

import pytest
from textual import events
from textual.app import App

from cardtable.tui.widgets.typed_input import TypedInput, TypedTextArea

BURST = [("a", "a"), ("b", "b"), ("c", "c"), ("backspace", None), ("backspace", None), ("backspace", None),
         ("x", "x"), ("home", None), ("right", None), ("delete", None), ("z", "z")]
"""A play-tester's "abc ⌫⌫⌫ x", then a letter changed at the start, read in one go."""


def typed(box_class: type) -> str:
    async def scenario() -> str:
        class Box(App[None]):
            def compose(self):
                yield box_class("hello", id="box")

        app = Box()
        async with app.run_test() as pilot:
            await pilot.pause()
            box = app.query_one("#box")
            box.focus()
            if isinstance(box, TypedTextArea):
                box.move_cursor((0, 5))
            else:
                box.cursor_position = 5
            await pilot.pause()
            for key, character in BURST:  # (posted at once, as a terminal's one read delivers them)
                app.post_message(events.Key(key, character))
            for _wait in range(100):  # (until the whole burst is in: "z" is the last key)
                await pilot.pause(0.02)
                if "z" in text(box):
                    break
            return text(box)

    def text(box) -> str:
        return box.text if isinstance(box, TypedTextArea) else box.value

    return asyncio.run(scenario())


@pytest.mark.parametrize("box_class", [TypedInput, TypedTextArea])
def test_editing_keys_read_in_one_go_act_in_the_order_typed(box_class):
    """In the house-rules editor "president-classic-house" + "abc ⌫⌫⌫ x" left "…housea":
    Textual runs a text box's backspace only once the key has gone up to the screen, after
    the x behind it is in, so two backspaces deleted the x and a letter before it
    (Textual 8.2's own Input and TextArea lose the order of this burst)."""
    assert typed(box_class) == "hzllox"
