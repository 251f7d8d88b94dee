"""The store commands: stats, replay --text, load and resume (clean errors, no traceback)."""

from __future__ import annotations

import json
import re

import pytest

from cardtable.cli import store as cli_store

from cardtable.cli import main
from cardtable.engine.cards import Card
from cardtable.games.president.preset import TITLE_SHORT, PresidentTitles
from cardtable.store import AutoSaver, autosave_path, player_stats, record_match, save_game

from .helpers import finished_game, seats_for, started_game


@pytest.fixture
def tui_stub(monkeypatch):
    """Stand-ins for cardtable.tui.launch.load / resume / replay: never open a terminal app."""
    from cardtable.tui import launch

    calls = []
    for action in ("load", "resume", "replay"):
        monkeypatch.setattr(launch, action, lambda args, action=action: calls.append((action, args)) or 0,
                            raising=False)
    return calls


def test_stats_tables_and_json(tmp_path, capsys, monkeypatch):
    monkeypatch.setenv("COLUMNS", "200")  # each table row on one line
    assert main(["stats"]) == 0
    assert "No finished matches" in capsys.readouterr().out
    games = {family: finished_game(tmp_path, family, 1) for family in ("president", "shanghai", "tonk")}
    for family, game in games.items():
        record_match(game, seats_for(3 if family == "tonk" else 4))
    assert main(["stats"]) == 0
    out = capsys.readouterr().out
    assert "Players" in out and "Ann" in out and "Dag (bot, medium)" in out and "Recent matches" in out
    held = [f"{TITLE_SHORT[t]} {name}" for t, name in PresidentTitles().model_dump().items()  # the letters
            if any(player.president_titles.get(t) for player in player_stats())]              # explained: those held
    assert 0 < len(held) < 7 and re.search(f"President titles: {' · '.join(held)} *\n", out)
    # the recent Tonk match gives chips won, in the words the table uses
    ann, dag, eve = games["tonk"].scores
    chips = lambda n: f"{n:+d}" if n else "0"  # noqa: E731
    assert f"chips won: Ann {chips(ann)}, Dag (bot) {chips(dag)}, Eve (bot) {chips(eve)}" in out  # (bots marked)
    assert main(["stats", "--name", "ann", "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    [ann] = data["players"]
    assert ann["matches"] == 3 and set(ann["families"]) == {"president", "shanghai", "tonk"}
    assert len(data["recent"]) == 3


def test_replay_text(tmp_path, capsys):
    path = save_game(tmp_path / "g.json", finished_game(tmp_path, "tonk", 1), seats_for(3))
    assert main(["replay", str(path), "--text"]) == 0
    out = capsys.readouterr().out
    assert "Ann is dealt" in out and re.search(r"Final chips won: Ann [+-]?\d+, Dag [+-]?\d+, Eve [+-]?\d+ — ", out)
    # (a Tonk hand is kept as dealt; the text tells it by rank, aces low as Tonk counts them)
    dealt = re.findall(r"is dealt ((?:\S+ )*\S+)$", out, flags=re.M)
    assert dealt
    for hand in dealt:
        cards = [Card.parse(text.replace("♣", "C").replace("♦", "D").replace("♥", "H").replace("♠", "S"))
                 for text in hand.split()]
        assert cards == sorted(cards, key=lambda card: (1 if card.rank == 14 else card.rank, card.suit)), hand


def test_replay_of_a_recorded_match(tmp_path, capsys):
    match_id = record_match(finished_game(tmp_path, "president", 2), seats_for(4))
    assert main(["replay", "--match", str(match_id), "--text"]) == 0
    out = capsys.readouterr().out
    assert "Final scores" in out
    # P3 (rank order ``two_high``): each dealt hand is told 3 low … K, A, then the 2s, and
    # within a rank by suit (clubs, diamonds, hearts, spades)
    dealt = re.findall(r"is dealt ((?:\S+ )*\S+)$", out, flags=re.M)
    assert len(dealt) == 8  # four seats, two rounds
    for hand in dealt:
        cards = [Card.parse(text.replace("♣", "C").replace("♦", "D").replace("♥", "H").replace("♠", "S"))
                 for text in hand.split()]
        assert len(cards) == 13
        two_high = sorted(cards, key=lambda card: (15 if card.rank == 2 else card.rank, "CDHS".index(card.suit)))
        assert cards == two_high, hand
    assert main(["replay", "--match", "77", "--text"]) == 2
    assert "no match 77" in capsys.readouterr().err
    # a match's number given as a file (no such file): the error names --match
    assert main(["replay", str(match_id), "--text"]) == 2
    err = " ".join(capsys.readouterr().err.split())
    assert err == (f"cardtable replay: {match_id}: no such file (match {match_id} of the history: "
                   f"cardtable replay --match {match_id})")


def test_replay_opens_the_table_when_it_can(tmp_path, tui_stub, monkeypatch):
    monkeypatch.setattr(cli_store, "_terminal", lambda: True)
    path = save_game(tmp_path / "g.json", finished_game(tmp_path, "tonk", 1), seats_for(3))
    assert main(["replay", str(path)]) == 0
    [(action, args)] = tui_stub
    assert action == "replay" and args.replay.total > 0


def test_replay_into_a_pipe_prints_the_text(tmp_path, tui_stub, capsys):
    """`cardtable replay FILE | less`: no table is drawn into the pipe (it spun there)."""
    path = save_game(tmp_path / "g.json", finished_game(tmp_path, "tonk", 1), seats_for(3))
    assert main(["replay", str(path)]) == 0  # (pytest's stdout is not a terminal)
    assert tui_stub == [] and "Final chips won" in capsys.readouterr().out


@pytest.mark.parametrize("keys, screen", [(False, True), (True, False)])
def test_replay_prints_the_text_when_the_table_could_not_be_drawn(tmp_path, tui_stub, capsys, monkeypatch,
                                                                  keys, screen):
    """Standard output a terminal but standard input (the keys) or standard error (where
    the table draws) not one: the text, as for a pipe (it failed with "the table needs a
    terminal", or said nothing with 2>/dev/null)."""
    import sys

    class Stream:
        def __init__(self, tty: bool) -> None:
            self.tty = tty

        def isatty(self) -> bool:
            return self.tty

        def write(self, text: str) -> int:
            return len(text)

        def flush(self) -> None:
            pass

    path = save_game(tmp_path / "g.json", finished_game(tmp_path, "tonk", 1), seats_for(3))
    monkeypatch.setattr(sys.stdout, "isatty", lambda: True)
    monkeypatch.setattr(sys, "stdin", Stream(keys))
    monkeypatch.setattr(sys, "__stderr__", Stream(screen))
    assert main(["replay", str(path)]) == 0
    assert tui_stub == [] and "Final chips won" in capsys.readouterr().out
    monkeypatch.setattr(sys, "stdin", Stream(True))
    monkeypatch.setattr(sys, "__stderr__", Stream(True))
    assert main(["replay", str(path)]) == 0
    assert [action for action, _args in tui_stub] == ["replay"]


@pytest.mark.parametrize("command", [["load"], ["replay", "--text"]])
def test_a_bad_file_is_a_clean_error(tmp_path, capsys, command, tui_stub):
    bad = tmp_path / "bad.json"
    bad.write_bytes(b'{"format": "cardtable-save", "vers')
    assert main([*command, str(bad)]) == 2
    err = capsys.readouterr().err
    assert "truncated" in err and "Traceback" not in err and "bad.json" in err
    assert bad.read_bytes() == b'{"format": "cardtable-save", "vers'
    assert tui_stub == []


def test_load_hands_the_checked_game_to_the_table(tmp_path, tui_stub):
    game = started_game(tmp_path, "shanghai", 3, 12)
    path = save_game(tmp_path / "g.json", game, seats_for(4))
    assert main(["load", str(path), "--theme", "ascii"]) == 0
    [(action, args)] = tui_stub
    loaded, seats = args.loaded
    assert action == "load" and loaded == game and seats[0]["name"] == "Ann" and args.theme == "ascii"


def test_load_and_replay_find_a_save_by_its_name_in_the_saves_folder(tmp_path, capsys, tui_stub):
    """(A new player copied a name from Load game into cardtable load and read "no such
    file".) A name alone, with or without .json, is looked up in the saves folder; one
    found nowhere says where saves are kept."""
    from cardtable.store import new_save_path
    from cardtable.store.saves import saves_dir

    game = started_game(tmp_path, "tonk", 3, 6)
    path = save_game(new_save_path(game), game, seats_for(3))
    assert path.parent == saves_dir()
    for given in (path.name, path.stem):
        assert main(["load", given]) == 0
        action, args = tui_stub.pop()
        assert action == "load" and args.file == path and args.loaded[0] == game
    assert main(["replay", path.stem, "--text"]) == 0
    assert "Tonk" in capsys.readouterr().out
    assert main(["load", "no-such-save"]) == 2
    assert capsys.readouterr().err == f"cardtable load: no-such-save: no such file (saves are kept in {saves_dir()})\n"


def test_resume(tmp_path, capsys, tui_stub):
    assert main(["resume"]) == 1
    assert capsys.readouterr().err.startswith("cardtable resume: no unfinished game to resume (there is no autosave:")
    autosave_path().mkdir(parents=True)  # (something in its place is told what it is, not "no autosave")
    assert main(["resume"]) == 2
    assert capsys.readouterr().err == f"cardtable resume: {autosave_path()}: is a folder, not a saved game\n"
    autosave_path().rmdir()
    autosave_path().symlink_to(autosave_path().parent / "gone.json")  # (a link to nothing is no autosave)
    assert main(["resume"]) == 1
    assert "there is no autosave" in capsys.readouterr().err
    autosave_path().unlink()
    game = started_game(tmp_path, "president", 3, 12)
    AutoSaver(game, seats_for(4)).detach()
    assert main(["resume"]) == 0
    [(action, args)] = tui_stub
    assert action == "resume" and args.loaded[0] == game and args.file == autosave_path()
    autosave_path().write_text("{}")
    assert main(["resume"]) == 2
    assert "autosave.json" in capsys.readouterr().err and autosave_path().read_text() == "{}"


def test_resume_from_a_data_folder_that_may_not_be_read_says_so(tmp_path):
    """A tester's unreadable data folder was told "there is no autosave"."""
    from cardtable.paths import data_dir

    from .test_history_read_only import run_without_write_rights

    data_dir().mkdir(parents=True, exist_ok=True)
    data_dir().chmod(0o000)
    try:
        done = run_without_write_rights("from cardtable.cli import main\nraise SystemExit(main(['resume']))")
    finally:
        data_dir().chmod(0o755)
    assert done.returncode == 2
    assert " ".join(done.stderr.split()) == f"cardtable resume: {autosave_path()}: cannot be read (Permission denied)"
