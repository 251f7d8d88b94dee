"""``cardtable presets validate FILE`` checks a file (README: "check a preset file"): the
argument is read as a path with or without ``.toml``, never looked up as a preset name."""

from __future__ import annotations

from cardtable.cli import main

PRESET = 'family = "president"\nextends = "forseti"\ntitle = "House"\n[rules]\nburn = true\n'


def test_a_file_without_the_toml_suffix_is_checked(tmp_path, monkeypatch, capsys):
    (tmp_path / "house-rules").write_text(PRESET)
    monkeypatch.chdir(tmp_path)
    assert main(["presets", "validate", "house-rules"]) == 0
    out = " ".join(capsys.readouterr().out.split())
    assert "ok" in out and "'House'" in out and str(tmp_path / "house-rules") in out


def test_a_file_named_like_a_shipped_preset_is_the_file_not_the_preset(tmp_path, monkeypatch, capsys):
    (tmp_path / "forseti").write_text('family = "president"\nplayers = {min = 3, max = 5}\n'
                                      '[rules]\nburn = "often"\n')
    monkeypatch.chdir(tmp_path)
    assert main(["presets", "validate", "forseti"]) == 2
    assert "rules.burn" in " ".join(capsys.readouterr().err.split())


def test_a_preset_name_is_not_a_file(tmp_path, monkeypatch, capsys):
    monkeypatch.chdir(tmp_path)
    assert main(["presets", "validate", "forseti"]) == 2
    err = " ".join(capsys.readouterr().err.split())
    assert "no such file" in err and str(tmp_path / "forseti") in err.replace(" ", "")
    assert "'forseti' is a preset name: `cardtable presets show forseti` shows it" in err


def test_a_relative_toml_path_still_works(tmp_path, monkeypatch, capsys):
    (tmp_path / "house.toml").write_text(PRESET)
    monkeypatch.chdir(tmp_path)
    assert main(["presets", "validate", "house.toml"]) == 0


def test_a_name_without_toml_next_to_its_toml_file_suggests_the_file(tmp_path, monkeypatch, capsys):
    (tmp_path / "our-table.toml").write_text(PRESET)
    monkeypatch.chdir(tmp_path)
    assert main(["presets", "validate", "our-table"]) == 2
    err = " ".join(capsys.readouterr().err.split()).replace(" ", "")
    assert f"{tmp_path / 'our-table'}:nosuchfile;didyoumeanour-table.toml?" in err


def test_a_missing_file_without_a_toml_twin_is_just_missing(tmp_path, monkeypatch, capsys):
    monkeypatch.chdir(tmp_path)
    assert main(["presets", "validate", "our-table"]) == 2
    err = " ".join(capsys.readouterr().err.split())
    assert "no such preset file" in err and "did you mean" not in err


def test_piped_or_narrow_the_answer_is_one_line_never_cut_inside_a_name(tmp_path, monkeypatch, capsys):
    """A play-tester piped `presets validate` and read "… preset 'Quick" / "Tonk'": the
    line (and a preset error) is one line, for the terminal to wrap."""
    monkeypatch.setenv("COLUMNS", "40")
    (tmp_path / "house.toml").write_text(PRESET.replace('"House"', '"Quick House Rules"'))
    assert main(["presets", "validate", str(tmp_path / "house.toml")]) == 0
    out = capsys.readouterr().out
    assert out.count("\n") == 1 and "'Quick House Rules', 3–6 players" in out
    (tmp_path / "broken.toml").write_text(PRESET + "bomb = 'sometimes'\n")
    assert main(["presets", "validate", str(tmp_path / "broken.toml")]) == 2
    err = capsys.readouterr().err
    assert str(tmp_path / "broken.toml") in err and "rules.bomb" in err
