"""simulate's table fits the terminal: where the titles' names would be cut ("Preside…")
it heads their columns with the short forms and gives a legend under the table; where
even that does not fit, whole percentages and no outer edge."""

from __future__ import annotations

from cardtable.cli import main

ARGS = ["simulate", "--games", "2", "--rounds", "1"]


def test_at_80_columns_short_titles_and_a_legend(monkeypatch, capsys):
    monkeypatch.setenv("COLUMNS", "80")
    assert main([*ARGS, "--preset", "forseti"]) == 0
    out = capsys.readouterr().out
    assert "…" not in out
    header = next(line for line in out.splitlines() if "seat" in line)
    assert [cell.strip() for cell in header.split("┃")[5:9]] == ["P", "VP", "VS", "S"]
    assert "P=Forseti · VP=Vara-forseti · VS=Vara-skítur · S=Skítur" in out


def test_wide_enough_the_titles_names_head_the_columns(monkeypatch, capsys):
    monkeypatch.setenv("COLUMNS", "160")
    assert main(ARGS) == 0
    out = capsys.readouterr().out
    assert "Vice-President" in out and "VP=" not in out and "50.0%" in out


def test_eight_players_at_80_columns_keep_every_value_whole(monkeypatch, capsys):
    monkeypatch.setenv("COLUMNS", "80")
    assert main([*ARGS, "--preset", "scum-secretary", "--players", "8"]) == 0
    out = capsys.readouterr().out
    assert "…" not in out and all(len(line) <= 80 for line in out.splitlines())
    assert "P=President · VP=Vice-President · Sec=Secretary · N=Neutral · Clk=Clerk" in " ".join(out.split())
    lines = out.splitlines()
    start = next(i for i, line in enumerate(lines) if line.startswith("P="))
    legend = lines[start:start + 2]
    assert legend == ["P=President · VP=Vice-President · Sec=Secretary · N=Neutral · Clk=Clerk",
                      "VS=Vice-Scum · S=Scum"]  # (broken between entries: it was "… · VS=Vice-Scum ·" / "S=Scum")


def test_seats_are_numbered_from_one_as_on_the_start_screen(monkeypatch, capsys):
    """The table's seat column says 1 … 4 (as the start screen's "Seat 1"), and a level
    written "bot: hard " reads as hard."""
    monkeypatch.setenv("COLUMNS", "160")
    assert main([*ARGS, "--bots", "bot: hard ,simple,simple,simple", "--games", "1"]) == 0
    rows = [line.split("│") for line in capsys.readouterr().out.splitlines() if line.startswith("│")]
    assert [(row[1].strip(), row[2].strip()) for row in rows] == [("1", "hard"), ("2", "medium"),
                                                                  ("3", "medium"), ("4", "medium")]


def test_the_score_column_says_what_the_game_scores_and_no_minus_zero(monkeypatch, capsys):
    """A play-tester read "-0.0" for Tonk (an average of -0.02 chips) under "avg score": the
    column says what is averaged (Tonk: chips won; President and Shanghai: points), a
    value that rounds to nothing is 0.0, and the bots without --bots are named as on the
    start screen (medium, not the older name simple)."""
    from cardtable.cli.matches import one_decimal

    assert [one_decimal(v) for v in (-0.02, -0.049, 0.04, -0.05, 2.06, -13.0)] == [
        "0.0", "0.0", "0.0", "-0.1", "2.1", "-13.0"]
    monkeypatch.setenv("COLUMNS", "160")
    assert main(["simulate", "--game", "tonk", "--games", "4", "--seed", "1"]) == 0
    out = capsys.readouterr().out
    rows = [[cell.strip() for cell in line.split("│")] for line in out.splitlines() if line.startswith("│")]
    assert "avg chips won" in out and "-0.0" not in out and {row[2] for row in rows} == {"medium"}
    assert main(["simulate", "--game", "shanghai", "--games", "1", "--rounds", "1"]) == 0
    assert "avg points" in capsys.readouterr().out


def test_the_title_stays_on_one_line_and_tonks_chips_show_two_decimals(monkeypatch, capsys):
    """A play-tester's Tonk table broke its title mid-phrase ("…, seeds" / "1–100)"): the
    table is as wide as its title; and Tonk's average chips won, which even out near
    nothing, read "0.0 / 0.0 / 0.1 / -0.1" at one decimal: they are signed, to two."""
    import re

    monkeypatch.setenv("COLUMNS", "100")
    assert main(["simulate", "--game", "tonk", "--games", "100", "--rounds", "1"]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert lines[0].strip() == "100 × Tonk (tonk-classic, 4 players, seeds 1–100)"
    averages = [line.split("│")[4].strip() for line in lines if re.match(r"│\s+\d+ │", line)]
    assert len(averages) == 4 and all(re.fullmatch(r"[+-]\d+\.\d\d|0\.00", value) for value in averages)


def test_a_slow_run_says_its_matches_a_second_to_two_decimals(monkeypatch, capsys):
    """An expert bot's matches came out "0.0 matches/s" (a play-tester): under one a
    second, two decimals."""
    from cardtable import sim

    monkeypatch.setattr(sim.Summary, "games_per_second", property(lambda self: 0.04))
    monkeypatch.setenv("COLUMNS", "100")
    assert main(["simulate", "--game", "tonk", "--games", "2", "--rounds", "1"]) == 0
    assert "· 0.04 matches/s" in capsys.readouterr().out
