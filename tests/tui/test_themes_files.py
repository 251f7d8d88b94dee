"""Theme files: every colour is checked when a file loads (a bad one is reported with
its file and key and the theme left out), a theme is named after its file (a copy of
``felt.toml`` is a theme of its own), and a remembered theme that no longer loads
falls back to the default instead of crashing the app."""

from __future__ import annotations

import asyncio
import json
import re
import tomllib

import pytest

from cardtable.paths import config_dir, shipped_dir, user_dir
from cardtable.tui import themes as themes_module
from cardtable.tui.app import CardtableApp
from cardtable.tui.themes import CARD_DEFAULTS, _Colors

from .helpers import load_themes

SHIPPED = ("felt", "dark", "four-colour", "ascii")



def run(scenario):
    asyncio.run(scenario())


def felt_text() -> str:
    return (shipped_dir("themes") / "felt.toml").read_text()


def set_key(text: str, key: str, value: str) -> str:
    """``text`` (a copy of felt.toml) with ``key = value`` on the line that sets it."""
    changed, count = re.subn(rf"^{re.escape(key)} = .*$", f"{key} = {value}", text, flags=re.M)
    assert count == 1, key
    return changed


def user_theme(name: str, text: str) -> None:
    folder = user_dir("themes")
    folder.mkdir(parents=True, exist_ok=True)
    (folder / f"{name}.toml").write_text(text)


def remember(theme: str) -> None:
    config_dir().mkdir(parents=True, exist_ok=True)
    (config_dir() / "settings.json").write_text(json.dumps({"theme": theme}))


# ----------------------------------------------------------------- the files as shipped
def test_shipped_themes_all_load_are_named_after_their_files_and_set_every_colour():
    themes, problems = load_themes()
    assert problems == []
    assert set(themes) == set(SHIPPED)
    for name, theme in themes.items():
        data = tomllib.loads(theme.source.read_text())
        assert "name" not in data, f"{name}.toml still has a name key"
        assert theme.name == name == theme.source.stem
        assert theme.textual_name == f"cardtable-{name}"
        assert set(data["cards"]) == set(CARD_DEFAULTS)


def test_every_shipped_theme_draws_card_borders_unlike_the_card_face():
    """A designer's check: four-colour drew its card borders white on white, so the
    hands in a dialog ran together into one white band."""
    themes, _problems = load_themes()
    for name, theme in themes.items():
        cards = tomllib.loads(theme.source.read_text())["cards"]
        assert cards["edge"].lower() != cards["face"].lower(), name


# ----------------------------------------------------------------- bug 1: bad colours
COLOUR_KEYS = [f"colors.{key}" for key in _Colors.model_fields if key != "boost"]
CARD_KEYS = [f"cards.{key}" for key in CARD_DEFAULTS]


@pytest.mark.parametrize("where", COLOUR_KEYS + CARD_KEYS)
def test_a_bad_colour_anywhere_is_reported_with_file_and_key_and_the_theme_left_out(where):
    section, key = where.split(".")
    user_theme("badcolour", set_key(felt_text(), key, '"notacolour"'))
    themes, problems = load_themes()
    assert "badcolour" not in themes
    assert set(themes) == set(SHIPPED)
    [problem] = problems
    assert "badcolour.toml" in problem and f"{section}.{key}:" in problem
    assert "'notacolour' is not a colour" in problem


@pytest.mark.parametrize("value", ['"#12345"', '"rgb(1, 2)"', '""', '"red;"', '"#ggg"'])
def test_malformed_colour_strings_are_refused(value):
    user_theme("odd", set_key(felt_text(), "joker", value))
    themes, problems = load_themes()
    assert "odd" not in themes
    assert "odd.toml" in problems[0] and "cards.joker" in problems[0]


def test_boost_and_other_colour_spellings_are_checked_and_accepted_when_good():
    text = felt_text().replace("\n[cards]\n", '\nboost = "notacolour"\n\n[cards]\n')
    user_theme("boosted", text)
    themes, problems = load_themes()
    assert "boosted" not in themes and "colors.boost" in problems[0]
    good = set_key(set_key(set_key(felt_text(), "face", '"white"'), "joker", '"rgb(120, 20, 160)"'),
                   "primary", '"#2e8b57cc"')
    user_theme("boosted", good)
    themes, problems = load_themes()
    assert problems == [] and themes["boosted"].textual.variables["card-face"] == "white"


def test_every_bad_colour_of_a_file_is_told_at_once():
    user_theme("twice", set_key(set_key(felt_text(), "panel", '"#12345"'), "face", '"notacolour"'))
    _, [problem] = load_themes()
    assert "colors.panel" in problem and "cards.face" in problem


def test_a_suggestion_is_given_for_a_misspelt_colour_name():
    user_theme("typo", set_key(felt_text(), "hearts", '"gren"'))
    _, problems = load_themes()
    assert "cards.hearts" in problems[0] and "did you mean 'green'" in problems[0]


def test_a_broken_user_copy_of_a_shipped_theme_leaves_the_shipped_one_in_place():
    user_theme("felt", set_key(felt_text(), "face", '"notacolour"'))
    themes, problems = load_themes()
    assert themes["felt"].source == shipped_dir("themes") / "felt.toml"
    assert "felt.toml" in problems[0] and "cards.face" in problems[0]


def test_a_remembered_theme_that_no_longer_loads_falls_back_to_felt_with_a_notice():
    user_theme("badcard", set_key(felt_text(), "face", '"notacolour"'))
    user_theme("badcolour", set_key(felt_text(), "primary", '"notacolour"'))
    remember("badcard")

    async def scenario():
        app = CardtableApp(bot_delay=0, save_settings=False)
        assert set(app.card_themes) == set(SHIPPED)
        assert app.card_theme == "felt" and app.theme == "cardtable-felt"
        async with app.run_test(size=(100, 30)) as pilot:
            await pilot.pause()
            notes = [note.message for note in app._notifications]
            assert any("badcard.toml" in note and "cards.face" in note for note in notes)
            assert any("badcolour.toml" in note and "colors.primary" in note for note in notes)
            assert any(" ".join(note.split()).startswith("Theme 'badcard' did not load: using 'felt', your choice kept")
                       for note in notes)
            seen = []
            for _ in range(len(app.card_themes)):  # every offered theme draws
                await pilot.press("t")
                await pilot.pause()
                seen.append(app.card_theme)
            assert sorted(seen) == sorted(SHIPPED)
            assert app.is_running

    run(scenario)


def test_a_broken_theme_asked_for_by_name_falls_back_too():
    user_theme("badcolour", set_key(felt_text(), "primary", '"notacolour"'))

    async def scenario():
        app = CardtableApp(theme="badcolour", bot_delay=0, save_settings=False)
        async with app.run_test(size=(100, 30)) as pilot:
            await pilot.pause()
            assert app.card_theme == "felt" and app.is_running

    run(scenario)


# ----------------------------------------------------------------- bug 2: names
def test_a_copy_of_felt_under_another_name_is_a_theme_of_its_own():
    user_theme("midnight", set_key(felt_text(), "background", '"#000033"'))
    themes, problems = load_themes()
    assert problems == []
    assert themes["midnight"].textual_name == "cardtable-midnight"
    assert themes["felt"].textual_name == "cardtable-felt"
    assert themes["felt"].source == shipped_dir("themes") / "felt.toml"
    assert themes["midnight"].textual.background == "#000033"
    assert themes["felt"].textual.background != "#000033"

    async def scenario():
        app = CardtableApp(theme="midnight", bot_delay=0, save_settings=False)
        async with app.run_test(size=(100, 30)) as pilot:
            await pilot.pause()
            assert app.theme == "cardtable-midnight"
            assert app.current_theme.background == "#000033"
            app.use_theme("felt")
            await pilot.pause()
            assert app.theme == "cardtable-felt"
            assert app.current_theme.background == themes["felt"].textual.background

    run(scenario)


def test_an_old_copy_whose_name_key_differs_from_its_file_is_refused_clearly():
    old_felt = 'name = "felt"\n' + felt_text()
    user_theme("midnight", old_felt)
    themes, problems = load_themes()
    assert "midnight" not in themes
    assert themes["felt"].source == shipped_dir("themes") / "felt.toml"
    [problem] = problems
    assert "midnight.toml" in problem and "name:" in problem and "delete the name line" in problem


def test_a_name_key_equal_to_the_file_name_is_tolerated():
    user_theme("midnight", 'name = "midnight"\n' + felt_text())
    themes, problems = load_themes()
    assert problems == [] and themes["midnight"].name == "midnight"


def test_play_with_a_broken_theme_names_that_theme_s_problem_not_another_s(capsys):
    """`cardtable play --theme badcolour` quotes badcolour.toml's problem, even when
    another broken theme file sorts first."""
    from types import SimpleNamespace

    from cardtable.tui.launch import _bad_theme

    user_theme("aaa-broken", set_key(felt_text(), "face", '"nocolour"'))
    user_theme("badcolour", set_key(felt_text(), "primary", '"notacolour"'))
    said = _bad_theme(SimpleNamespace(theme="badcolour"))
    assert said.startswith("theme 'badcolour' does not load: ") and "badcolour.toml" in said
    assert "aaa-broken" not in said and "notacolour" in said
    unknown = _bad_theme(SimpleNamespace(theme="nothere"))
    assert unknown.startswith("unknown theme 'nothere' (themes: ") and "aaa-broken" not in unknown


def test_a_theme_file_that_is_not_utf8_is_reported_not_a_crash():
    folder = user_dir("themes")
    folder.mkdir(parents=True, exist_ok=True)
    (folder / "midnight.toml").write_bytes(b'description = "caf\xe9"\n[colors]\nprimary = "#123456"\n')
    themes, problems = load_themes()
    assert "midnight" not in themes and "felt" in themes
    [problem] = problems
    assert "midnight.toml" in problem and "not UTF-8" in problem


def test_an_unknown_key_or_a_missing_primary_is_told_in_the_files_words():
    """No pydantic wording ("Extra inputs are not permitted", "Field required"): the
    unknown key with the known ones (and a likely one), the missing colour with an example."""
    user_theme("odd", "bogus = 1\n" + felt_text())
    _, [problem] = load_themes()
    assert "odd.toml: bogus: unknown key in the top level (known: description, dark, ascii, colors, cards)" \
        in problem
    user_theme("odd", felt_text().replace("primary =", "primry ="))
    _, [problem] = load_themes()
    assert 'colors.primary: missing: every theme sets [colors] primary, e.g. primary = "#1e7b46"' in problem
    assert "colors.primry: unknown key in [colors]" in problem and "did you mean 'primary'?" in problem
    assert "Field required" not in problem and "Extra inputs" not in problem


@pytest.mark.parametrize(("key", "value", "reason"), [
    ("ascii", '"yes"', "ascii: should be true or false (got 'yes')"),
    ("dark", "1", "dark: should be true or false (got 1)"),
    ("description", "7", "description: should be text in \"quotes\" (got 7)"),
])
def test_values_are_taken_as_written_as_in_presets(key, value, reason):
    """(``ascii = "yes"`` was read as true: presets refuse anything but true or false.)"""
    user_theme("odd", set_key(felt_text(), key, value))
    themes, [problem] = load_themes()
    assert "odd" not in themes and problem.endswith(f"odd.toml: {reason}"), problem


def test_a_folder_or_an_unreadable_file_is_told_in_words():
    from cardtable.tui.themes import ThemeError, load_theme

    folder = user_dir("themes") / "folder.toml"
    folder.mkdir(parents=True)
    with pytest.raises(ThemeError) as refused:
        load_theme(folder)
    assert str(refused.value) == f"{folder}: is a folder, not a theme file"


def test_a_theme_file_whose_name_holds_a_colon_is_told_by_that_name():
    """A problem keeps its file as a path (``ThemeError.path``), not only in its text: a
    file called "my: theme.toml" is that theme's problem for ``--theme "my: theme"``,
    and the note's list of further broken files names it whole."""
    from types import SimpleNamespace

    from cardtable.tui.launch import _bad_theme

    user_theme("my: theme", set_key(felt_text(), "face", '"nocolour"'))
    _, [problem] = themes_module.load_themes()
    assert problem.path.name == "my: theme.toml" and problem.reason.startswith("cards.face: 'nocolour'")
    said = _bad_theme(SimpleNamespace(theme="my: theme"))
    assert said.startswith("theme 'my: theme' does not load: ") and "nocolour" in said


def test_a_crafted_theme_file_is_left_out_in_words_and_a_marked_one_loads():
    """(As with presets: a theme of nested lists raised a RecursionError.) It is left out
    with why; a byte-order mark an editor put first is skipped."""
    user_theme("deep", "x = " + "[" * 2000 + "]" * 2000 + "\n")
    folder = user_dir("themes")
    (folder / "marked.toml").write_text(felt_text(), encoding="utf-8-sig")
    themes, problems = load_themes()
    assert "deep" not in themes and "marked" in themes
    [problem] = problems
    assert "deep.toml" in problem and "nested too deeply to read" in problem


def test_a_pipe_or_a_huge_file_in_the_themes_folder_is_left_out_unread():
    import os

    folder = user_dir("themes")
    folder.mkdir(parents=True, exist_ok=True)
    os.mkfifo(folder / "pipe.toml")
    (folder / "huge.toml").write_text(felt_text() + "#" * (1 << 20))
    themes, problems = load_themes()
    assert "pipe" not in themes and "huge" not in themes
    assert sorted(problems) == [f"{folder / 'huge.toml'}: larger than 1 MiB: too large to be a theme",
                                f"{folder / 'pipe.toml'}: not a file (a pipe or a device?)"]
