"""A path the system cannot use — ``~someone`` for a user it does not know, a name too
long for the file system — is a preset problem in words, never a traceback, wherever a
path is read: a file's ``extends``, a preset given as a path, ``presets validate``,
import and export, ``load`` and ``replay``. One broken user preset still leaves every
other preset listed."""

from __future__ import annotations

import pytest

from cardtable import VariantError, list_variants, load_variant
from cardtable.cli import main
from cardtable.presets.files import export_preset, import_preset

NO_USER = "~no-such-user-cardtable"
TOO_LONG = "a" * 300


def test_an_extends_to_an_unknown_users_home_is_that_presets_problem(user_presets):
    (user_presets / "tilde.toml").write_text(f'family = "president"\nextends = "{NO_USER}/base.toml"\n')
    with pytest.raises(VariantError) as refused:
        load_variant("tilde")
    assert (refused.value.field, refused.value.reason) == (
        "extends", f"no home folder for '{NO_USER}': this system knows no such user")
    assert "president-classic" in list_variants("president") and "tilde" not in list_variants("president")


def test_an_extends_too_long_for_the_file_system_is_that_presets_problem(user_presets):
    (user_presets / "long.toml").write_text(f'family = "president"\nextends = "{TOO_LONG}.toml"\n')
    with pytest.raises(VariantError) as refused:
        load_variant("long")
    assert refused.value.field == "extends" and refused.value.reason == "cannot be read: File name too long"
    assert "forseti" in list_variants("president")


@pytest.mark.parametrize("argv, words", [
    (["presets", "validate", f"{NO_USER}/x.toml"], f"no home folder for '{NO_USER}'"),
    (["presets", "show", f"{TOO_LONG}.toml"], "cannot be read: File name too long"),
    (["play", "--preset", f"{NO_USER}/x.toml"], f"no home folder for '{NO_USER}'"),
    (["simulate", "--preset", f"{TOO_LONG}.toml"], "cannot be read: File name too long"),
    (["presets", "validate", TOO_LONG], "Preset error /"),  # (the preset form: the file, then the reason)
    (["presets", "validate", TOO_LONG], "a: cannot be read: File name too long"),
    (["presets", "validate", f"{TOO_LONG}.toml"], "cannot be read: File name too long"),
    (["load", f"{TOO_LONG}.json"], "File name too long"),
    (["replay", f"{TOO_LONG}.json", "--text"], "File name too long"),
])
def test_the_command_line_says_what_is_wrong_with_the_path(argv, words, capsys):
    assert main(argv) == 2
    err = " ".join(capsys.readouterr().err.split())
    assert words in err and "Traceback" not in err


def test_import_and_export_refuse_an_unknown_users_home_in_words(tmp_path):
    with pytest.raises(ValueError, match=f"no home folder for '{NO_USER}'"):
        import_preset(f"{NO_USER}/ours.toml")
    with pytest.raises(ValueError, match=f"no home folder for '{NO_USER}'"):
        export_preset("forseti", f"{NO_USER}/ours.toml")


def test_import_and_export_refuse_a_name_too_long_in_words(tmp_path):
    """(A user typing a long path into the Export box crashed the app: the live check
    asked the file system, which refused the name.)"""
    from cardtable.presets.files import export_target, import_source

    long = tmp_path / f"{TOO_LONG}.toml"
    for check in (lambda: export_target("forseti", long), lambda: import_source(long),
                  lambda: export_preset("forseti", long), lambda: import_preset(long)):
        with pytest.raises(ValueError, match="cannot be used: File name too long"):
            check()
    with pytest.raises(ValueError, match=f"{tmp_path}: a folder, not a .toml file"):
        import_source(tmp_path)


def test_the_export_box_says_a_name_is_too_long_as_it_is_typed():
    import asyncio

    from textual.widgets import Input, Static

    from cardtable.presets.files import export_target
    from cardtable.tui.app import CardtableApp
    from cardtable.tui.screens.preset_dialogs import AskText, _path_problem

    async def scenario():
        app = CardtableApp(theme="felt", bot_delay=0, save_settings=False)
        async with app.run_test(size=(100, 30)) as pilot:
            await pilot.pause()
            app.push_screen(AskText("Export forseti to:", "", _path_problem(lambda text: export_target("forseti", text))))
            await pilot.pause()
            app.screen.query_one(Input).value = f"/tmp/{TOO_LONG}.toml"
            await pilot.pause()
            assert str(app.screen.query_one("#ask-note", Static).render()).endswith(
                "cannot be used: File name too long")

    asyncio.run(scenario())
