"""The command line: presets list / show / validate and simulate."""

from __future__ import annotations

import json

import pytest

from cardtable.cli import main


def test_presets_list_shows_every_shipped_preset(capsys):
    assert main(["presets", "list", "--game", "president"]) == 0
    out = capsys.readouterr().out
    for name in ("president-classic", "forseti", "west-coast", "president-bombs", "red-threes",
                 "scum-secretary"):
        assert name in out


def test_presets_alone_lists_them_all(capsys):
    """`cardtable presets` is `cardtable presets list` (it was a usage error)."""
    assert main(["presets"]) == 0
    out = capsys.readouterr().out
    assert main(["presets", "list"]) == 0
    assert capsys.readouterr().out == out
    assert all(name in out for name in ("forseti", "shanghai-wild-twos", "tonk-classic"))
    # game by game (as the start screen lists them), each game's presets by name
    assert out.index("forseti") < out.index("west-coast") < out.index("shanghai-classic") < out.index("texas-tonk")


def test_presets_show_lists_every_knob_in_plain_words(capsys):
    assert main(["presets", "show", "forseti"]) == 0
    out = capsys.readouterr().out
    assert "Forseti" in out and "pass_locks_out" in out and "yes" in out
    assert "(default no)" in out  # pass_locks_out differs from the default
    assert "Skítur" in out


def test_presets_show_gives_a_default_only_where_the_words_differ(tmp_path, monkeypatch, capsys):
    """T4: card points without "JK: 0" (the standard count, left unsaid) are the default in
    words: no "(default …)" that reads the same; a changed count still gets one."""
    monkeypatch.setenv("COLUMNS", "200")
    same = tmp_path / "same.toml"
    same.write_text('extends = "tonk-classic"\n[rules.card_points]\nA = 1\nJ = 10\nQ = 10\nK = 10\n')
    assert main(["presets", "show", str(same)]) == 0
    row = next(line for line in capsys.readouterr().out.splitlines() if "card_points" in line)
    assert "A: 1, J: 10, Q: 10, K: 10" in row and "default" not in row
    (tmp_path / "aces.toml").write_text('extends = "tonk-classic"\n[rules.card_points]\nA = 11\n')
    assert main(["presets", "show", str(tmp_path / "aces.toml")]) == 0
    row = next(line for line in capsys.readouterr().out.splitlines() if "card_points" in line)
    assert "A: 11  (default A: 1, J: 10, Q: 10, K: 10)" in row


def test_presets_show_writes_the_file_path_whole_at_any_width(monkeypatch, capsys):
    """A new player could not copy the path: at 80 columns it broke mid-word onto two lines."""
    from cardtable.presets.loader import preset_path

    monkeypatch.setenv("COLUMNS", "30")
    assert main(["presets", "show", "forseti"]) == 0
    assert str(preset_path("forseti")) in capsys.readouterr().out.splitlines()


def test_presets_validate_reports_a_broken_file_without_a_traceback(tmp_path, capsys):
    bad = tmp_path / "bad.toml"
    bad.write_text('family = "president"\nplayers = {min = 3, max = 5}\n[rules]\nburn = "often"\n')
    assert main(["presets", "validate", str(bad)]) == 2
    err = capsys.readouterr().err
    assert "rules.burn" in err and "Traceback" not in err and str(bad) in err.replace("\n", "")


def test_presets_validate_accepts_a_good_file(tmp_path, capsys):
    good = tmp_path / "good.toml"
    good.write_text('family = "president"\nextends = "forseti"\n[rules]\nburn = true\n')
    assert main(["presets", "validate", str(good)]) == 0
    assert "ok" in capsys.readouterr().out


def test_simulate_json_reports_title_shares_and_speed(capsys):
    assert main(["simulate", "--game", "president", "--preset", "president-classic", "--players", "4",
                 "--bots", "simple,random,simple,random", "--games", "20", "--seed", "1", "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["games"] == 20 and data["players"] == 4
    assert abs(sum(data["win_share"]) - 1) < 1e-3
    for title in ("president", "scum"):
        assert abs(sum(data["title_shares"][title]) - 1) < 1e-3
    # the simple bots (seats 0 and 2) are President far more often than the random ones
    shares = data["title_shares"]["president"]
    assert shares[0] + shares[2] > 0.75
    assert data["games_per_second"] > 0 and data["moves_per_game"] > 50


def test_simulate_json_lists_the_titles_best_first(capsys):
    """(A new user read `secretary, vice_president, vice_scum, scum, clerk, president`: the
    order titles were first met in.) The titles come in rank order, President first."""
    assert main(["simulate", "--preset", "scum-secretary", "--players", "6", "--games", "2", "--seed", "3",
                 "--json"]) == 0
    titles = list(json.loads(capsys.readouterr().out)["title_shares"])
    assert titles == ["president", "vice_president", "secretary", "clerk", "vice_scum", "scum"]


def test_simulate_is_deterministic(capsys):
    args = ["simulate", "--players", "3", "--bots", "random,random,simple", "--games", "5", "--json"]
    main(args)
    first = json.loads(capsys.readouterr().out)
    main(args)
    second = json.loads(capsys.readouterr().out)
    for key in ("win_share", "average_score", "moves_per_game", "title_shares"):
        assert first[key] == second[key]


@pytest.mark.parametrize(("args", "message"), [
    (["simulate", "--games", "0"], "argument --games: must be 1 or more, not 0"),
    (["simulate", "--players", "0"], "argument --players: must be 1 or more, not 0"),
    (["simulate", "--games", "many"], "argument --games: 'many' is not a whole number"),
    (["arena", "--jobs", "-2"], "argument --jobs: must be 1 or more, not -2"),
    (["arena", "--jobs", "2000"], "argument --jobs: must be 64 or less, not 2000"),
    (["arena", "--games", "100000000000"], "argument --games: must be 1000000 or less, not 100000000000"),
    (["simulate", "--games", "1000001"], "argument --games: must be 1000000 or less, not 1000001"),
    (["arena", "--rounds", "-1"], "argument --rounds/--hands: must be 0 or more, not -1"),
    (["arena", "--iterations", "-5"], "argument --iterations: must be 1 or more, not -5"),
    (["play", "--bot-delay", "-1"], "argument --bot-delay: must be 0 or more, not -1"),
    (["play", "--bot-delay", "nan"], "argument --bot-delay: 'nan' is not a number of seconds, e.g. 0.5"),
    (["play", "--bot-delay", "inf"], "argument --bot-delay: 'inf' is not a number of seconds, e.g. 0.5"),
    (["play", "--bot-delay=-inf"], "argument --bot-delay: '-inf' is not a number of seconds, e.g. 0.5"),
    (["play", "--bot-delay", "soon"], "argument --bot-delay: 'soon' is not a number of seconds, e.g. 0.5"),
    (["play", "--bot-delay", "1e308"], "argument --bot-delay: must be 10.0 or less, not 1e308"),  # (it overflowed the clock)
    # (an empty preset or seats left the default in silence, or named a preset of no name)
    (["play", "--preset", ""], "argument --preset: give a preset's name or a .toml file (or leave it out)"),
    (["simulate", "--preset", " "], "argument --preset: give a preset's name or a .toml file (or leave it out)"),
    (["play", "--seats", ""], 'argument --seats: give the seats, e.g. "Ann,bot:medium" (or leave it out)'),
    (["arena", "--seats", ""], """argument --seats: give the seats' levels, e.g. "hard,medium" (or leave it out)"""),
    (["presets", "show", ""], "argument name: give a preset's name or a .toml file"),
    (["presets", "validate", ""], "argument file: give a preset file"),
    (["load", ""], "argument file: give a save file"),               # (it was ".: is a folder, not a saved game")
    (["replay", ""], "argument file: give a save file (or leave it out)"),
    (["resume", "--bot-delay", "11"], "argument --bot-delay: must be 10.0 or less, not 11"),
    (["arena", "--game", "tonk", "--iterations", "99999999999999999999"],
     "argument --iterations: must be 1000000 or less, not 99999999999999999999"),  # (it searched for ever)
    (["resume", "--bot-delay", "Infinity"], "argument --bot-delay: 'Infinity' is not a number of seconds, e.g. 0.5"),
    (["stats", "--recent", "-1"], "argument --recent: must be 0 or more, not -1"),
    (["replay", "--match", "abc"], "argument --match: 'abc' is not a whole number"),  # (argparse's "invalid int value")
    (["replay", "--match", "0"], "argument --match: must be 1 or more, not 0"),
    # (past SQLite's integers: an OverflowError traceback before)
    (["replay", "--match", str(2**63)], f"argument --match: must be {2**63 - 1} or less, not {2**63}"),
    (["stats", "--recent", str(2**63)], f"argument --recent: must be {2**63 - 1} or less, not {2**63}"),
])
def test_numbers_out_of_range_are_usage_errors(capsys, args, message):
    with pytest.raises(SystemExit) as stopped:
        main(args)
    assert stopped.value.code == 2
    assert message in capsys.readouterr().err


@pytest.mark.parametrize(("args", "message"), [
    (["simulate", "--players", "2", "--games", "1"], "President is for 3–7 players, not 2"),
    (["simulate", "--players", "99999999999999999999", "--games", "1"],  # (was an OverflowError)
     "President is for 3–7 players, not 99999999999999999999"),
    (["simulate", "--bots", "simple,godlike,simple,simple", "--games", "1"],
     "--bots: unknown bot level 'godlike' (known: easy, medium, hard, expert, random, simple)"),
])
def test_simulate_refuses_a_table_it_cannot_seat_without_a_traceback(capsys, args, message):
    assert main(args) == 2
    err = capsys.readouterr().err
    assert message in " ".join(err.split()) and "Traceback" not in err


def test_simulate_takes_the_game_from_the_preset(capsys):
    assert main(["simulate", "--preset", "shanghai-classic", "--players", "3", "--games", "1", "--json"]) == 0
    assert json.loads(capsys.readouterr().out)["players"] == 3


def test_simulate_takes_matches_as_another_name_for_games(capsys):
    """(A tester typed --matches, as the help line says "matches to play".)"""
    assert main(["simulate", "--game", "tonk", "--matches", "2", "--json"]) == 0
    assert json.loads(capsys.readouterr().out)["games"] == 2


def test_an_error_text_in_brackets_is_printed_as_it_is(tmp_path, capsys):
    bad = tmp_path / "bad.toml"
    bad.write_text('extends = "president-classic"\nfoo = 1\n')
    assert main(["presets", "validate", str(bad)]) == 2
    assert "players and [titles]; knobs go in [rules]" in " ".join(capsys.readouterr().err.split())


def test_presets_list_names_your_preset_folder_and_a_near_miss_is_suggested(capsys):
    from cardtable.paths import user_dir

    assert main(["presets", "list"]) == 0
    assert f"Your presets: {user_dir('variants')}" in capsys.readouterr().out.replace("\n", "")
    assert main(["presets", "show", "forseti2"]) == 2
    assert "no preset named 'forseti2' (did you mean 'forseti'?" in " ".join(capsys.readouterr().err.split())


def test_validating_a_folder_says_it_is_a_folder(tmp_path, capsys):
    assert main(["presets", "validate", str(tmp_path)]) == 2
    assert f"{tmp_path}: is a folder, not a preset file" in " ".join(capsys.readouterr().err.split())


def test_a_folder_named_like_a_preset_is_told_alike_everywhere(user_presets, capsys):
    """A folder ``dir.toml`` in the preset folder: list, show and play all say it is a
    folder (play and show said "cannot be read: Is a directory")."""
    (user_presets / "dir.toml").mkdir()
    folder = user_presets / "dir.toml"
    for argv in (["presets", "show", "dir"], ["play", "--preset", "dir"], ["presets", "validate", str(folder)]):
        assert main(argv) == 2
        assert f"{folder}: is a folder, not a preset file" in " ".join(capsys.readouterr().err.split()), argv
    assert main(["presets", "list"]) == 0
    assert "is a folder, not a preset file" in " ".join(capsys.readouterr().out.split())


def test_presets_list_gives_a_broken_presets_reason_whole_under_the_table(user_presets, capsys):
    (user_presets / "typo.toml").write_text(
        'family = "president"\nextends = "president-classic"\n[rules]\nequal_ranks = "no"\n')
    assert main(["presets", "list"]) == 0
    out = " ".join(capsys.readouterr().out.split())
    assert "typo │ President │ does not load" in out
    assert (f"Does not load: typo: {user_presets / 'typo.toml'}: rules.equal_ranks: unknown knob 'equal_ranks' "
            "for president — did you mean 'equal_rank'?") in out
    assert main(["presets", "list", "--game", "tonk"]) == 0
    assert "typo" not in capsys.readouterr().out  # a President preset, broken or not
    (user_presets / "heir.toml").write_text('extends = "forseti"\n[rules]\nequal_ranks = "no"\n')
    assert main(["presets", "list", "--game", "tonk"]) == 0  # (a play-tester's file: it names no game of its own,
    assert "heir" not in capsys.readouterr().out  # but its parent's: President, and listed there, not as "?")
    assert main(["presets", "list", "--game", "president"]) == 0
    assert "heir │ President │ does not load" in " ".join(capsys.readouterr().out.split())
    (user_presets / "misspelt.toml").write_text('family = "tonkk"\nextends = "tonk-classic"\n')
    for game in ("tonk", "president"):  # (a game no preset has: listed under every game, never hidden)
        assert main(["presets", "list", "--game", game]) == 0
        assert "misspelt │ ? │ does not load" in " ".join(capsys.readouterr().out.split())


def test_presets_list_gives_one_reason_for_the_presets_one_broken_file_breaks(user_presets, capsys):
    (user_presets / "president-classic.toml").write_text(
        'family = "president"\nextends = "president-classic"\n[rules]\ntwos = "always"\n')
    assert main(["presets", "list", "--game", "president"]) == 0
    lines = [line for line in capsys.readouterr().out.replace("\n ", " ").splitlines()
             if line.startswith("Does not load")]
    assert len(lines) == 1 and "forseti" in lines[0] and "president-classic" in lines[0]


@pytest.mark.parametrize("command", ["simulate", "arena", "play"])
def test_a_preset_of_another_game_than_game_is_said_the_same_way_everywhere(command, capsys):
    """(simulate and arena blamed the preset file's ``family`` field, as if it were broken.)
    Each error names its command, as argparse's own do."""
    assert main([command, "--game", "tonk", "--preset", "forseti"]) == 2
    err = " ".join(capsys.readouterr().err.split())
    assert err == f"cardtable {command}: preset 'forseti' is a President preset, not tonk"


@pytest.mark.parametrize(("argv", "said"), [
    (["presets", "show", "forseti", "--json"], "cardtable presets show: error: unrecognized arguments: --json"),
    (["simulate", "--seats", "1"], "cardtable simulate: error: unrecognized arguments: --seats 1"),
    (["--bogus"], "cardtable play: error: unrecognized arguments: --bogus"),
    (["presets", "--bogus", "list"], "cardtable presets: error: unrecognized arguments: --bogus"),
    (["presets", "list", "--bogus"], "cardtable presets list: error: unrecognized arguments: --bogus"),
    (["presets", "list", "list"], "cardtable presets list: error: unrecognized arguments: list"),
    (["presets", "--bogus", "list", "--other"], "cardtable presets: error: unrecognized arguments: --bogus"),
    (["validate", "x.toml"], "cardtable: error: there is no command 'validate'; did you mean `cardtable presets "
                             "validate`?"),
])
def test_an_option_a_command_does_not_take_is_said_with_that_command_s_usage(argv, said, capsys):
    """(argparse said "cardtable: error: unrecognized arguments" under the top-level usage,
    which lists no options at all; and an option before a subcommand is its command's, not
    the subcommand's, as `presets --bogus list` shows.)"""
    with pytest.raises(SystemExit) as stopped:
        main(argv)
    err = capsys.readouterr().err
    assert stopped.value.code == 2 and err.splitlines()[-1] == said
    command = said.partition(":")[0]
    assert err.startswith(f"usage: {command} ")


def test_hands_is_rounds_by_the_name_shanghai_and_tonk_give_a_round(capsys):
    results = []
    for option in ("--hands", "--rounds"):
        assert main(["simulate", "--game", "tonk", option, "1", "--games", "2", "--json"]) == 0
        result = json.loads(capsys.readouterr().out)
        results.append({key: value for key, value in result.items() if "second" not in key})  # (times vary)
    assert results[0] == results[1]
    assert results[0]["rounds_per_game"] == 1.0 and results[0]["stopped"] == 2


def test_version_is_the_package_s(capsys):
    """`cardtable --version` says the version the package was installed as (pyproject
    reads it from cardtable.__version__: one place to change it)."""
    from importlib.metadata import version

    import cardtable

    with pytest.raises(SystemExit) as stopped:
        main(["--version"])
    assert stopped.value.code == 0
    assert capsys.readouterr().out == f"cardtable {cardtable.__version__}\n"
    assert version("cardtable") == cardtable.__version__


def test_presets_list_prints_a_long_path_whole_on_its_line(tmp_path, monkeypatch, capsys):
    """A presets folder deeper than the terminal is wide: its notes are printed whole, for
    the terminal to wrap (a line break put inside a path was kept by a copy and paste)."""
    home = tmp_path / ("a-long-folder-name-" * 5) / "home"
    folder = home / "config" / "variants"
    folder.mkdir(parents=True)
    (folder / "typo.toml").write_text('family = "president"\nextends = "president-classic"\n[rules]\nequal_ranks = 1\n')
    monkeypatch.setenv("CARDTABLE_HOME", str(home))
    assert main(["presets", "list"]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert f"Your presets: {folder}" in lines
    assert any(line.startswith(f"Does not load: typo: {folder / 'typo.toml'}: rules.equal_ranks") for line in lines)
