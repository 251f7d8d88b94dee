"""Named saves: round trips in every family, and every kind of damage answered with a
SaveError that names the file and the problem — the file itself never touched."""

from __future__ import annotations

import json
import os
from pathlib import Path

import pytest

from cardtable import Game
from cardtable.engine.rng import Rng
from cardtable.store import SaveError, load_game, read_save, save_game, save_info
from cardtable.store.saves import checksum, dump_save, normalize_seats, save_data

from .helpers import FAMILIES, finished_game, seats_for, started_game


def assert_same(loaded: Game, game: Game) -> None:
    assert loaded == game
    assert loaded.to_act == game.to_act
    assert loaded.events == game.events
    for seat in range(game.players):
        assert loaded.view(seat) == game.view(seat)
        assert loaded.legal_moves(seat) == game.legal_moves(seat)


@pytest.mark.parametrize("family", FAMILIES)
@pytest.mark.parametrize("moves", [0, 17, None])
def test_save_load_round_trip(family, moves, tmp_path):
    """X5: a game saved at any point (before a move, mid-round, at match end) resumes
    equal: the same views, legal moves, seats and preset."""
    game = finished_game(tmp_path, family, 3) if moves is None else started_game(tmp_path, family, 3, moves)
    seats = seats_for(game.players)
    path = save_game(tmp_path / "saves" / "match.json", game, seats)
    loaded, loaded_seats = load_game(path)
    assert_same(loaded, game)
    assert loaded_seats == seats
    assert loaded.variant.to_data() == game.variant.to_data()  # the preset by value
    info = save_info(path)
    assert (info.family, info.players, info.moves, info.rounds) == (family, game.players,
                                                                    game.moves_played, game.round)


def test_the_preset_travels_by_value(tmp_path):
    """Editing the preset file after saving changes nothing in the saved game."""
    game = started_game(tmp_path, "president", 4, 20)
    path = save_game(tmp_path / "g.json", game, ["Ann", "Bob", "Cai", "Dag"])
    (tmp_path / "president-short.toml").write_text("this is not toml [", encoding="utf-8")
    loaded, seats = load_game(path)
    assert loaded == game and [s["name"] for s in seats] == ["Ann", "Bob", "Cai", "Dag"]


def test_a_loaded_game_plays_on_like_the_original(tmp_path):
    """X5: a resumed game goes on exactly as the original would."""
    from .helpers import play_moves

    game = started_game(tmp_path, "shanghai", 8, 30)
    path = save_game(tmp_path / "g.json", game, seats_for(4))
    loaded, _ = load_game(path)
    play_moves(game, 60)
    play_moves(loaded, 60)
    assert loaded == game


def test_the_save_document_shape(tmp_path):
    game = started_game(tmp_path, "tonk", 2, 5)
    path = save_game(tmp_path / "g.json", game, seats_for(3))
    data = json.loads(path.read_text())
    assert data["format"] == "cardtable-save" and data["version"] == 1
    assert data["seats"][1] == {"name": "Dag", "kind": "bot", "level": "simple"}
    assert data["game"]["format"] == "cardtable-game" and data["game"]["variant"]["family"] == "tonk"
    assert data["saved_at"].endswith("+00:00") and data["checksum"] == checksum(data)
    assert not list(tmp_path.glob(".*.tmp"))


def test_seats_accept_tui_seats_dicts_and_names():
    class Seat:  # the TUI's Seat: name and bot level (None for a human)
        def __init__(self, name, bot=None):
            self.name, self.bot = name, bot

    assert normalize_seats([Seat("Ann"), Seat("Dag", "simple"), {"name": "Eve", "bot": "random"}, "Bo",
                            {"name": "Cy", "kind": "bot", "level": "hard"}]) == [
        {"name": "Ann", "kind": "human", "level": None}, {"name": "Dag", "kind": "bot", "level": "simple"},
        {"name": "Eve", "kind": "bot", "level": "random"}, {"name": "Bo", "kind": "human", "level": None},
        {"name": "Cy", "kind": "bot", "level": "hard"}]
    with pytest.raises(ValueError, match="3 seats"):
        normalize_seats(["a", "b", "c"], players=4)


def test_a_bare_game_json_loads_with_made_up_seats(tmp_path):
    game = started_game(tmp_path, "president", 6, 12)
    path = tmp_path / "bug.json"
    path.write_text(game.to_json())
    loaded, seats = load_game(path)
    assert loaded == game and [s["name"] for s in seats] == ["Player 1", "Player 2", "Player 3", "Player 4"]


# ---------------------------------------------------------------------- damage
@pytest.fixture
def good_save(tmp_path) -> tuple[Path, Game, bytes]:
    game = started_game(tmp_path, "president", 9, 25)
    path = save_game(tmp_path / "good.json", game, seats_for(4))
    return path, game, path.read_bytes()


def load_checked(path: Path, original: Game | None = None) -> SaveError | None:
    """Load ``path``; returns the SaveError (checked: it names the file, the file is
    unchanged), or None if it loaded — then it must be the original game."""
    before = (path.read_bytes(), os.stat(path).st_mtime_ns) if path.is_file() else None
    try:
        game, _ = load_game(path)
    except SaveError as error:
        assert str(error).startswith(f"{path}: "), error
        assert len(str(error)) > len(str(path)) + 10
        assert "Traceback" not in str(error)
        outcome: SaveError | None = error
    else:
        assert original is not None and game == original, "damage loaded as a different game"
        outcome = None
    if before is not None:
        assert (path.read_bytes(), os.stat(path).st_mtime_ns) == before, "loading changed the file"
    assert not list(path.parent.glob(".*.tmp"))
    return outcome


def test_truncation_at_many_points(good_save, tmp_path):
    path, game, raw = good_save
    damaged = tmp_path / "truncated.json"
    cuts = sorted(set(range(0, 60)) | set(range(60, len(raw) - 60, 29)) | set(range(len(raw) - 60, len(raw))))
    for cut in cuts:
        damaged.write_bytes(raw[:cut])
        error = load_checked(damaged, game)
        if cut < len(raw) - 1:  # only dropping the final newline leaves a whole save
            assert error is not None, cut
            assert "truncated" in error.reason or "empty" in error.reason, (cut, str(error))


def test_flipped_bytes(good_save, tmp_path):
    path, game, raw = good_save
    rng = Rng(2024)
    damaged = tmp_path / "flipped.json"
    errors = 0
    trials = 250
    for _ in range(trials):
        data = bytearray(raw)
        position = rng.randrange(len(data) - 1)
        data[position] ^= 1 << rng.randrange(8)
        damaged.write_bytes(bytes(data))
        errors += load_checked(damaged, game) is not None
    assert errors >= trials * 0.95  # the rest are flips that leave the same data (e.g. hex case)


def write_doc(path: Path, document: dict, *, resum: bool = True) -> Path:
    if resum and "checksum" in document:
        document["checksum"] = checksum(document)
    path.write_text(dump_save(document) if isinstance(document, dict) else document)
    return path


@pytest.mark.parametrize("change, words", [
    (lambda d: d.update(version=2), "written by a newer cardtable"),
    (lambda d: d.update(version=0), "unknown save format version 0"),
    (lambda d: d.update(version="1"), "the save format version is written as text ('1'): write the number 1, without quotes"),
    (lambda d: d.pop("version"), "unknown save format version None"),
    (lambda d: d.update(format="cardtable-settings"), "not a cardtable save"),
    (lambda d: d.pop("format"), 'not a cardtable save: it has no "format", where a save says "format": "cardtable-save"'),
    (lambda d: d.__setitem__("format", 99), 'not a cardtable save: it has "format": 99, where a save says "format": "cardtable-save"'),
    (lambda d: d["game"].update(version=7), "game format version 7"),
    (lambda d: d["game"].update(family="bridge"), "unknown game family 'bridge'"),
    (lambda d: d.update(seats=d["seats"][:3]), "3 seats for 4 players"),
    (lambda d: d["seats"][0].update(kind="alien"), "seats"),
    (lambda d: d.update(game=None), "holds no game"),
    (lambda d: d.update(extra=1), "unknown field 'extra'"),
    (lambda d: d["game"]["log"].append(["move", 0, "play 3S 3S 3S 3S 3S"]), "does not replay"),
    (lambda d: d["game"]["log"].insert(3, d["game"]["log"][2]), "does not replay"),
    (lambda d: d["game"]["log"].append(["teleport", 1]), "unknown record 'teleport'"),
    (lambda d: d["game"]["log"].append(["move", 0]), 'a move is ["move", seat, "move text"], not [\'move\', 0]'),
    (lambda d: d["game"]["log"].append(["move", 2, 17]), 'a move is ["move", seat, "move text"]'),
    (lambda d: d["game"].update(log="ab"), "the save is damaged: its move log is not a list of moves"),
    (lambda d: d["game"].update(log=5), "the save is damaged: its move log is not a list of moves"),
    (lambda d: d["game"]["log"].append("move 0 pass"), "the save is damaged: its move log is not a list of moves"),
    (lambda d: d["game"].update(players=9), "seats for 9 players"),
    (lambda d: d["game"]["variant"].update(players={"min": 9, "max": 2}), "does not load here (damaged, or saved under rules this cardtable no longer allows): players"),
    (lambda d: d["game"]["variant"]["rules"].update(decks="two"), "does not load here (damaged, or saved under rules this cardtable no longer allows): rules.decks"),
    (lambda d: d["game"].pop("setup"), "the save is damaged or incomplete (no 'setup' entry)"),
])
@pytest.mark.parametrize("resum", [True, False], ids=["checksummed", "no-checksum"])
def test_damaged_contents(good_save, tmp_path, change, words, resum):
    path, game, raw = good_save
    document = json.loads(raw)
    if not resum:
        document.pop("checksum")
    change(document)
    damaged = write_doc(tmp_path / "edited.json", document, resum=resum)
    error = load_checked(damaged)
    assert error is not None and words in str(error), str(error)
    assert "https://" not in str(error)  # one plain line, no pydantic links


def test_edited_contents_without_a_new_checksum_are_refused(good_save, tmp_path):
    path, game, raw = good_save
    document = json.loads(raw)
    document["seats"][0]["name"] = "Mallory"
    error = load_checked(write_doc(tmp_path / "edited.json", document, resum=False))
    assert error is not None and "checksum does not match" in str(error)
    document.pop("checksum")  # a hand edit that removes the checksum is accepted
    loaded, seats = load_game(write_doc(tmp_path / "edited.json", document))
    assert loaded == game and seats[0]["name"] == "Mallory"


@pytest.mark.parametrize("content, words", [
    (b"", "empty"),
    (b"   \n", "empty"),
    (b"\xff\xfe\x00garbage", "not UTF-8"),
    (b"PK\x03\x04 zip", "not JSON"),
    (b"hello world", "not JSON"),
    (b'{"format": "cardtable-save", oops}', "JSON is damaged"),
    (b'{"format": "cardtable-save", garbage', "JSON is damaged"),  # (not "truncated": it goes on)
    (b'{"format": "cardtable-save", "version": tru', "truncated"),     # (a word cut short)
    (b"[1, 2, 3]", "holds an array, not an object"),                  # (JSON's words, not Python's list)
    (b"null", "holds null, not an object"),
    (b"[" * 100_000 + b"]" * 100_000, "nested too deeply to read"),
    (b'{"format": "cardtable-save", "version": 1', "truncated"),
])
def test_garbage_files(tmp_path, content, words):
    path = tmp_path / "junk.json"
    path.write_bytes(content)
    error = load_checked(path)
    assert error is not None and words in str(error), str(error)


def test_a_pipe_a_device_or_a_huge_file_is_refused_unread(tmp_path, monkeypatch):
    """Reading a pipe would wait for a writer and /dev/zero would never end: only a
    regular file of a save's size is read."""
    from cardtable.store import saves

    os.mkfifo(tmp_path / "pipe.json")
    for path in (tmp_path / "pipe.json", Path("/dev/zero")):
        error = load_checked(path)
        assert error is not None and error.reason == "is not a regular file (a device or a pipe), not a saved game"
    monkeypatch.setattr(saves, "MAX_SAVE_BYTES", 2**20)
    (tmp_path / "big.json").write_bytes(b" " * (3 * 2**20))
    error = load_checked(tmp_path / "big.json")
    assert error is not None and error.reason == "is 3 MiB, too large to be a saved game (at most 1 MiB)"


def test_a_byte_order_mark_from_an_editor_is_read_past(good_save, tmp_path):
    path, game, raw = good_save
    marked = tmp_path / "edited.json"
    marked.write_bytes(b"\xef\xbb\xbf" + raw)
    assert load_checked(marked, game) is None


def test_missing_file_and_folder(tmp_path):
    with pytest.raises(SaveError, match="no such file"):
        load_game(tmp_path / "nope.json")
    with pytest.raises(SaveError, match="is a folder"):
        load_game(tmp_path)
    assert read_save  # the same checks, without replaying


def test_a_failed_save_leaves_the_old_file_whole(tmp_path, monkeypatch):
    game = started_game(tmp_path, "tonk", 1, 10)
    path = save_game(tmp_path / "g.json", game, seats_for(3))
    before = path.read_bytes()

    def broken_replace(src, dst):
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(os, "replace", broken_replace)
    with pytest.raises(OSError):
        save_game(path, started_game(tmp_path, "tonk", 1, 20), seats_for(3))
    assert path.read_bytes() == before
    assert not list(tmp_path.glob(".*.tmp"))


def test_save_data_is_json_ready(tmp_path):
    game = started_game(tmp_path, "shanghai", 1, 10)
    document = save_data(game, seats_for(4), saved_at="2025-01-01T00:00:00+00:00")
    assert json.loads(dump_save(document)) == document


def test_the_saves_folder_lists_good_and_bad_files(tmp_path):
    from cardtable.store import list_saves, new_save_path, saves_dir

    assert list_saves() == []
    game = started_game(tmp_path, "president", 2, 8)
    first = save_game(new_save_path(game), game, seats_for(4))
    second = new_save_path(game)
    assert first.parent == saves_dir() and first.name.startswith("president-short-") and second != first
    (saves_dir() / "broken.json").write_text("{")
    listed = dict(list_saves())
    assert listed[first].moves == 8 and listed[first].seats[0]["name"] == "Ann"
    assert isinstance(listed[saves_dir() / "broken.json"], SaveError)


def test_the_store_is_headless():
    """cardtable.store is stdlib + engine only: it never imports textual or rich."""
    import subprocess
    import sys

    code = ("import sys, cardtable.store\n"
            "print(','.join(sorted(m for m in sys.modules if m.split('.')[0] in ('textual', 'rich'))))")
    result = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=60)
    assert result.returncode == 0 and result.stdout.strip() == "", result.stderr


def test_a_folder_where_the_save_goes_is_named_not_the_temporary_file(tmp_path):
    """(The autosave warning said "Is a directory (…/.autosave.json.31669….tmp)".)"""
    from cardtable.store.saves import atomic_write

    (tmp_path / "autosave.json").mkdir()
    with pytest.raises(IsADirectoryError) as refused:
        atomic_write(tmp_path / "autosave.json", "{}")
    assert refused.value.filename == str(tmp_path / "autosave.json")
    assert [p.name for p in tmp_path.iterdir()] == ["autosave.json"]  # no temporary file left


def test_a_save_path_may_start_with_a_home_folder(tmp_path, monkeypatch):
    """``~`` is the home folder (as a shell would read it); ``~name`` of no user is a
    SaveError in words, not "no such file"."""
    game = started_game(tmp_path, "president", 3, 6)
    save_game(tmp_path / "mine.json", game, seats_for(game.players))
    monkeypatch.setenv("HOME", str(tmp_path))
    loaded, _seats = load_game("~/mine.json")
    assert_same(loaded, game)
    with pytest.raises(SaveError, match=r"~zzqx/x\.json: no home folder for '~zzqx'"):
        read_save("~zzqx/x.json")


def test_a_save_cut_inside_a_names_escape_is_truncated(tmp_path):
    """A name such as "Zoë" is saved as "Zo\\u00eb": a file cut inside that escape is
    truncated, not "damaged" (Python's JSON error points at the "u", not the backslash)."""
    game = started_game(tmp_path, "tonk", 1, 3)
    raw = save_game(tmp_path / "zoe.json", game, ["Ann", "Zoë", "Eve"]).read_bytes()
    escape = raw.index(b"\\u00eb")
    damaged = tmp_path / "cut.json"
    for cut in range(escape, escape + 7):  # (up to the escape's last digit: the string is still open)
        damaged.write_bytes(raw[:cut])
        error = load_checked(damaged, game)
        assert error is not None and "truncated" in error.reason, (cut, str(error))


def test_a_save_written_to_a_home_folder_path_loads_from_it(tmp_path, monkeypatch):
    """``save_game("~/x.json")`` writes in the home folder, where ``load_game`` reads it
    (it wrote a folder called "~" in the working folder)."""
    game = started_game(tmp_path, "tonk", 1, 3)
    monkeypatch.setenv("HOME", str(tmp_path / "home"))
    monkeypatch.chdir(tmp_path)
    assert save_game("~/x.json", game, seats_for(3)) == tmp_path / "home" / "x.json"
    assert not (tmp_path / "~").exists()
    assert_same(load_game("~/x.json")[0], game)


def test_a_long_legal_file_name_saves_and_a_failure_names_the_save(tmp_path, monkeypatch):
    """A 245-byte name is legal, but its temp file (".NAME.<pid>.<random>.tmp") was not:
    the save failed naming the temp file. The temp file's name is cut, and an error in
    making the temp file names the save too."""
    import tempfile

    from cardtable.store.saves import atomic_write

    game = started_game(tmp_path, "tonk", 1, 3)
    long_name = tmp_path / ("n" * 245 + ".json")
    save_game(long_name, game, seats_for(3))
    assert_same(load_game(long_name)[0], game)
    assert [path.name for path in tmp_path.iterdir() if path.name.startswith(".")] == []

    def refused(prefix, suffix, dir):
        raise PermissionError(13, "Permission denied", f"{dir}/{prefix}abc{suffix}")

    monkeypatch.setattr(tempfile, "mkstemp", refused)
    with pytest.raises(PermissionError) as caught:
        atomic_write(tmp_path / "x.json", "{}")
    assert caught.value.filename == str(tmp_path / "x.json")


@pytest.mark.parametrize("resum", [False, True])
@pytest.mark.parametrize("edit", ["no saved_at", "bot without a level", "bot level null"])
def test_a_hand_edited_save_that_loads_also_lists_and_replays(tmp_path, edit, resum):
    """Without its checksum a save may be edited by hand. One that loads showed in Load
    game as "damaged (KeyError: 'saved_at')", and a bot seat without a level crashed
    ``cardtable replay`` (KeyError: 'level') or read "Dag (bot None)"."""
    from cardtable.store import Replay

    game = started_game(tmp_path, "tonk", 1, 3)
    path = save_game(tmp_path / "g.json", game, ["Ann", {"name": "Dag", "kind": "bot", "level": "hard"}, "Eve"])
    document = json.loads(path.read_text())
    del document["checksum"]
    if edit == "no saved_at":
        del document["saved_at"]
    elif edit == "bot without a level":
        del document["seats"][1]["level"]
    else:
        document["seats"][1]["level"] = None
    if resum:  # (a checksum made for the edited file: the replay re-checked the normalised seats against it)
        document["checksum"] = checksum(document)
    path.write_text(json.dumps(document))
    info = save_info(path)
    assert info.saved_at is (None if edit == "no saved_at" else info.saved_at)
    assert "checksum" not in read_save(path)  # (the document as loading reads it: normalised)
    level = "hard" if edit == "no saved_at" else "simple"
    assert info.seats[1] == {"name": "Dag", "kind": "bot", "level": level}
    assert load_game(path)[1][1]["level"] == level
    # (as the tables and the statistics print a bot: "simple" by its name there, "medium")
    shown = {"hard": "hard", "simple": "medium"}[level]
    assert any(f"Dag (bot, {shown})" in line for line in Replay.from_file(path).transcript())


def test_a_save_error_has_its_file_and_reason_as_fields(tmp_path):
    """The Load list shows a damaged file's reason beside its name: ``SaveError.file`` and
    ``.reason`` are the error's own fields (they were patched on by the store)."""
    from cardtable.store import Replay

    path = tmp_path / "cut.json"
    path.write_text('{"format": "cardtable-save", "vers')
    for read in (load_game, save_info, Replay.from_file):
        with pytest.raises(SaveError) as caught:
            read(path)
        assert caught.value.file == str(path) and "truncated" in caught.value.reason
        assert str(caught.value) == f"{path}: {caught.value.reason}"
    bare = SaveError("not a cardtable saved game")
    assert bare.file is None and str(bare) == bare.reason == "not a cardtable saved game"


def test_one_seat_for_two_players_is_said_in_the_singular():
    """(A play-tester's hand-edited save read "1 seats for 2 players".)"""
    from cardtable.store.saves import normalize_seats

    with pytest.raises(ValueError, match="^1 seat for a game of 2 players$"):
        normalize_seats(["Ann"], 2)


def test_a_preset_with_a_long_file_name_still_saves_and_is_kept(user_presets):
    """A preset file named with 118 "ü" (236 bytes, a name the system takes) made save
    names too long: ctrl+s crashed the table, and the next table could never move that
    autosave aside, so no later game was autosaved. Save names are cut to fit."""
    from cardtable import load_variant, new_game
    from cardtable.store import autosave_path, list_saves, saves_dir
    from cardtable.store.autosave import keep_autosave
    from cardtable.tui.screens.saving import save_named

    long_name = "ü" * 118
    (user_presets / f"{long_name}.toml").write_text('family = "president"\nextends = "forseti"\n')
    game = new_game(load_variant(long_name), 4, seed=2)
    said = save_named(game, seats_for(4))
    assert said.startswith("saved as ü") and said.endswith(".json")
    [(saved, _info)] = list_saves()
    assert len(saved.name.encode()) < 255 and load_game(saved)[0] == game
    other = new_game(load_variant(long_name), 4, seed=7)
    save_game(autosave_path(), other, seats_for(4))
    kept = keep_autosave(new_game(load_variant("forseti"), 4, seed=3))
    assert kept is not None and kept.parent == saves_dir() and kept.name.startswith("interrupted-ü")
    assert load_game(kept)[0] == other and not autosave_path().exists()
