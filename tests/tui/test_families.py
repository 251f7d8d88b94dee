"""The family plug-in base (:class:`~cardtable.tui.families.FamilyUI`)."""

from __future__ import annotations

import pytest

from cardtable.engine.registry import FAMILIES
from cardtable.tui.families import FamilyUI, family_ui


def test_every_family_has_a_plug_in_of_the_base():
    for family in FAMILIES:
        ui = family_ui(family)
        assert isinstance(ui, FamilyUI) and ui.family == family


def test_a_family_with_out_of_turn_chances_needs_their_dialog():
    """A plug-in that says a window is open (in_window) but has no window_dialog is
    refused when it is defined, not when a chance first opens at someone's table."""
    with pytest.raises(TypeError, match="overrides in_window but not window_dialog"):
        class Chancy(FamilyUI):  # noqa: F841
            family = "chancy"

            def in_window(self, game):
                return True

            def present(self, game, viewer, seats, ascii):
                return None

            def round_summary(self, game, seats):
                return "", []
