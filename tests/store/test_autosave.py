"""The autosave listener: a write after every move and deal, settled at the match's end,
cleared only when it is its own, and never breaking the game when a write fails."""

from __future__ import annotations

import json
import os

from cardtable import load_variant, new_game
from cardtable.paths import data_dir
from cardtable.store import (
    AutoSaver, autosave_path, clear_autosave, has_autosave, list_saves, load_autosave, load_game, player_stats,
    recent_matches, save_game, saves_dir,
)

from .helpers import PLAYERS, bot_step, play_out, preset_file, seats_for, started_game


def new(tmp_path, family="president", seed=1):
    return new_game(load_variant(str(preset_file(tmp_path, family))), PLAYERS[family], seed)


def test_the_autosave_lives_in_the_user_data_folder():
    assert autosave_path() == data_dir() / "autosave.json"
    assert not has_autosave()


def test_written_at_once_and_after_every_move_and_deal(tmp_path):
    game = new(tmp_path)
    saver = AutoSaver(game, seats_for(4))
    assert has_autosave() and saver.writes == 1
    for _ in range(90):  # crosses the end of round 1 and the next deal
        bot_step(game)
        loaded, seats = load_autosave()
        assert loaded == game
    assert game.round == 2
    assert saver.writes == 1 + game.moves_played + 1  # the first write, each move, the deal
    assert seats == seats_for(4)


def test_the_end_of_the_match_records_it_and_clears_the_autosave(tmp_path):
    game = new(tmp_path, "tonk", 4)
    saver = AutoSaver(game, seats_for(3))
    play_out(game)
    assert not has_autosave()
    assert saver.match_id is not None
    [match] = recent_matches()
    assert match.id == saver.match_id and match.names == ("Ann", "Dag", "Eve")
    assert {p.name for p in player_stats()} == {"Ann", "Dag", "Eve"}


def test_a_finished_autosave_is_settled_when_it_is_resumed(tmp_path):
    """The history could not be written when the match ended: the autosave was kept;
    the next start resumes it, and the AutoSaver records and clears it."""
    game = new(tmp_path, "president", 2)
    AutoSaver(game, seats_for(4), record=False, history_path=tmp_path / "elsewhere.sqlite3")
    play_out(game)
    assert not has_autosave()  # record=False still clears
    game = new(tmp_path, "president", 3)
    saver = AutoSaver(game, seats_for(4))
    saver.detach()  # stop saving before the end ...
    play_out(game)
    saver2 = AutoSaver(game, seats_for(4))  # ... then "resume" the finished game
    assert saver2.match_id is not None and not has_autosave()
    assert len(recent_matches()) == 1


def test_abandon_clears_detach_keeps(tmp_path):
    game = new(tmp_path)
    saver = AutoSaver(game, seats_for(4))
    bot_step(game)
    saver.detach()
    bot_step(game)
    loaded, _ = load_autosave()
    assert loaded.moves_played == 1 and game.moves_played == 2  # detached: no more writes
    saver.abandon()
    assert not has_autosave()
    assert clear_autosave() is False


def test_only_its_own_autosave_is_cleared(tmp_path):
    """Another window's game (or a damaged file) in the autosave slot is never deleted."""
    game = new(tmp_path)
    saver = AutoSaver(game, seats_for(4))
    other = started_game(tmp_path, "tonk", 5, 4)
    AutoSaver(other, seats_for(3)).detach()
    saver.abandon()
    loaded, _ = load_autosave()
    assert loaded == other


def test_a_new_game_moves_another_matchs_autosave_into_the_saves_folder(tmp_path):
    """Starting (or loading) another match never overwrites an interrupted one: it goes
    to the saves folder as interrupted-<preset>-<time>.json, whole and loadable."""
    first = new(tmp_path)
    AutoSaver(first, seats_for(4)).detach()
    for _ in range(5):
        bot_step(first)
    AutoSaver(first, seats_for(4)).detach()  # the same match further on: written over in place
    assert not list_saves()
    second = new(tmp_path, "tonk", 4)
    saver = AutoSaver(second, seats_for(3))
    assert saver.kept is not None and saver.kept.parent == saves_dir()
    assert saver.kept.name.startswith("interrupted-president-short-")
    kept, seats = load_game(saver.kept)
    assert kept == first and seats == seats_for(4)
    assert load_autosave()[0] == second


def test_a_kept_match_loaded_and_played_on_is_kept_once_at_its_latest_point(tmp_path):
    """Load an interrupted-* file, play on, start another match: the match goes back to the
    saves folder at its latest move, and the older interrupted-* copy of it is gone (it
    listed one match twice, and opening the older file lost the later moves)."""
    first = new(tmp_path)
    AutoSaver(first, seats_for(4)).detach()
    second = new(tmp_path, "tonk", 4)
    older = AutoSaver(second, seats_for(3)).kept
    assert older is not None
    loaded, seats = load_game(older)
    AutoSaver(loaded, seats).detach()  # the loaded match takes the slot: the second is kept
    for _ in range(3):
        bot_step(loaded)
    AutoSaver(loaded, seats).detach()
    third = new(tmp_path, "tonk", 5)
    latest = AutoSaver(third, seats_for(3)).kept
    assert latest is not None and not older.exists()
    assert load_game(latest)[0] == loaded
    kept = sorted(load_game(path)[0].family for path, _info in list_saves())
    assert kept == ["president", "tonk"]  # the first match once, the second once


def test_another_table_on_the_same_seed_and_moves_keeps_its_own_file(tmp_path):
    """Ann's match and Bob's, same preset, seed and first moves but other seats: both
    kept (the cleanup is for one match kept twice, and seats are part of a match)."""
    ann = new(tmp_path)
    AutoSaver(ann, seats_for(4, "Ann")).detach()
    bob = new(tmp_path)
    first = AutoSaver(bob, seats_for(4, "Bob")).kept
    for _ in range(3):
        bot_step(bob)
    AutoSaver(bob, seats_for(4, "Bob")).detach()
    AutoSaver(new(tmp_path, "tonk", 5), seats_for(3))
    assert first is not None and first.exists()
    assert sorted(load_game(path)[1][0]["name"] for path, _info in list_saves()) == ["Ann", "Bob"]


def test_a_match_saved_with_ctrl_s_before_quitting_is_not_kept_twice(tmp_path):
    """A new player saved with ctrl+s, chose Save and quit, then started another game:
    the autosave was moved to interrupted-*.json beside the save of the same point (two
    near-identical entries in Load game). A save holding that very point is enough: the
    autosave goes, and ``kept`` is that save; a later move is still kept apart."""
    game = new(tmp_path)
    saver = AutoSaver(game, seats_for(4))
    for _ in range(3):
        bot_step(game)
    saved = save_game(saves_dir() / "mine.json", game, seats_for(4))
    saver.detach()
    other = AutoSaver(new(tmp_path, "tonk", 5), seats_for(3))
    assert other.kept == saved and [path for path, _info in list_saves()] == [saved]
    other.detach()
    moved_on = new(tmp_path)
    AutoSaver(moved_on, seats_for(4)).detach()   # (the first match again, at its start: ...)
    later = AutoSaver(new(tmp_path, "tonk", 6), seats_for(3)).kept
    assert later is not None and later != saved and later.name.startswith("interrupted-")  # (... not the save's point)


def test_only_another_whole_save_of_the_same_point_lets_the_autosave_go(tmp_path):
    """A review's cases: a save of the same point that is damaged (its checksum no longer
    matches) holds nothing, so the autosave is moved as before; and an autosave kept in a
    folder of its own (``path=``) is never taken for a save of itself."""
    game = new(tmp_path)
    saver = AutoSaver(game, seats_for(4))
    bot_step(game)
    saved = save_game(saves_dir() / "mine.json", game, seats_for(4))
    saved.write_text(saved.read_text(encoding="utf-8").replace('"saved_at":"', '"saved_at":"1'), encoding="utf-8")
    saver.detach()
    kept = AutoSaver(new(tmp_path, "tonk", 5), seats_for(3)).kept
    assert kept is not None and kept.name.startswith("interrupted-") and load_game(kept)[0] == game
    slot = tmp_path / "slot" / "auto.json"
    first = new(tmp_path)
    AutoSaver(first, seats_for(4), path=slot).detach()
    second = AutoSaver(new(tmp_path, "tonk", 5), seats_for(3), path=slot)
    assert second.kept is not None and second.kept != slot and load_game(second.kept)[0] == first


def test_loading_a_kept_file_to_go_back_keeps_that_file(tmp_path):
    """Load interrupted-X at move 4, play to move 8, quit; load X again to go back to
    move 4: the move-8 autosave is kept, and X stays in the Load list."""
    first = new(tmp_path)
    AutoSaver(first, seats_for(4)).detach()
    x = AutoSaver(new(tmp_path, "tonk", 4), seats_for(3)).kept
    loaded, seats = load_game(x)
    AutoSaver(loaded, seats).detach()
    for _ in range(4):
        bot_step(loaded)
    AutoSaver(loaded, seats).detach()
    again, seats = load_game(x)
    later = AutoSaver(again, seats).kept
    assert x.exists() and later is not None and load_game(later)[0] == loaded


def test_a_kept_file_loaded_and_played_on_is_told_as_the_game_continue_has(tmp_path):
    """A play-tester continued a kept game and found it twice: under Continue and, some
    moves back, in Load game. The file stays (loading it goes back to its move), and
    ``behind_autosave`` says how far Continue's game is past it; another match's file,
    and any file once there is no autosave, are not said to be Continue's."""
    from cardtable.store.autosave import behind_autosave

    first = new(tmp_path)
    AutoSaver(first, seats_for(4)).detach()
    x = AutoSaver(new(tmp_path, "tonk", 4), seats_for(3)).kept    # the first match, kept
    other = save_game(saves_dir() / "other.json", new(tmp_path, "tonk", 9), seats_for(3))
    loaded, seats = load_game(x)
    saver = AutoSaver(loaded, seats)                                # (the tonk match is kept in its turn)

    def listed():
        return [(path, info) for path, info in list_saves() if path in (x, other)]
    assert behind_autosave(listed()) == {x: 0}
    for _ in range(3):
        bot_step(loaded)
    assert behind_autosave(listed()) == {x: 3}
    saver.abandon()
    assert behind_autosave(listed()) == {}


def test_a_kept_match_played_to_its_end_leaves_no_interrupted_file(tmp_path):
    """Load interrupted-X and finish the match: it is in the history, and X (an earlier
    point of it) goes; another match's file stays."""
    first = new(tmp_path)
    AutoSaver(first, seats_for(4)).detach()
    second = new(tmp_path, "tonk", 4)
    x = AutoSaver(second, seats_for(3)).kept  # the first match, moved out
    loaded, seats = load_game(x)
    saver = AutoSaver(loaded, seats)  # the second match is kept in its turn
    play_out(loaded)
    assert saver.match_id is not None and not x.exists() and not has_autosave()
    assert [load_game(path)[0].family for path, _info in list_saves()] == ["tonk"]


def test_a_second_window_takes_the_slot_and_the_first_goes_on_in_its_kept_file(tmp_path):
    """Two windows: the second match moves the first into the saves folder and takes the
    autosave slot; the first window's next write goes to that kept file (not over the
    second match, and without a second copy), and each clears only its own file."""
    first = new(tmp_path)
    first_saver = AutoSaver(first, seats_for(4))
    second = new(tmp_path, "tonk", 4)
    second_saver = AutoSaver(second, seats_for(3))
    bot_step(first)
    assert first_saver.moved_to == second_saver.kept and first_saver.last_error is None
    assert load_game(first_saver.moved_to)[0] == first
    assert load_autosave()[0] == second
    bot_step(second)
    bot_step(first)
    assert load_autosave()[0] == second and load_game(first_saver.moved_to)[0] == first
    assert [path for path, _info in list_saves()] == [first_saver.moved_to]
    first_saver.abandon()
    assert not list_saves() and load_autosave()[0] == second


def test_a_window_whose_match_was_moved_out_of_an_emptied_slot_goes_on_in_the_moved_file(tmp_path):
    """The second window moved the first match aside, then gave its own match up (the
    slot is empty again): the first window still goes on in the moved file, so no stale
    copy of its match is left behind in Load game."""
    first = new(tmp_path)
    first_saver = AutoSaver(first, seats_for(4))
    second_saver = AutoSaver(new(tmp_path, "tonk", 4), seats_for(3))
    second_saver.abandon()
    bot_step(first)
    assert first_saver.moved_to == second_saver.kept
    assert load_game(first_saver.moved_to)[0] == first and not has_autosave()
    first_saver.abandon()
    assert not list_saves()


def test_a_slot_emptied_by_hand_is_written_again(tmp_path):
    game = new(tmp_path)
    saver = AutoSaver(game, seats_for(4))
    clear_autosave()
    bot_step(game)
    assert saver.moved_to is None and load_autosave()[0] == game


def test_resuming_the_autosave_writes_over_it_in_place(tmp_path):
    game = new(tmp_path, "shanghai", 3)
    AutoSaver(game, seats_for(4)).detach()
    for _ in range(4):
        bot_step(game)
    AutoSaver(game, seats_for(4)).detach()
    resumed, seats = load_autosave()
    saver = AutoSaver(resumed, seats)
    assert saver.kept is None and not list_saves()
    bot_step(resumed)
    assert load_autosave()[0].moves_played == 5


def test_resuming_an_autosave_written_before_a_knob_existed_writes_over_it(tmp_path):
    """A knob added since the autosave was written takes its default when it is loaded;
    it is still the same match (not moved aside as another one)."""
    game = new(tmp_path)
    AutoSaver(game, seats_for(4)).detach()
    document = json.loads(autosave_path().read_text())
    del document["game"]["variant"]["rules"]["match_rounds"]
    document.pop("checksum")
    autosave_path().write_text(json.dumps(document))
    resumed, seats = load_autosave()
    assert AutoSaver(resumed, seats).kept is None and not list_saves()


def test_a_damaged_autosave_is_kept_byte_for_byte(tmp_path):
    autosave_path().parent.mkdir(parents=True, exist_ok=True)
    autosave_path().write_bytes(b'{"format": "cardtable-save", "gam')
    saver = AutoSaver(new(tmp_path), seats_for(4))
    assert saver.kept is not None and saver.kept.name.startswith("interrupted-autosave-")
    assert saver.kept.read_bytes() == b'{"format": "cardtable-save", "gam'
    assert saver.writes == 1 and has_autosave()


def test_a_failed_write_never_breaks_the_game(tmp_path):
    blocker = tmp_path / "not-a-folder"
    blocker.write_text("a file where the folder should be")
    game = new(tmp_path)
    saver = AutoSaver(game, seats_for(4), blocker / "autosave.json")
    assert saver.last_error is not None and saver.writes == 0
    bot_step(game)  # the game goes on
    assert game.moves_played == 1
    blocker.unlink()
    bot_step(game)
    assert saver.last_error is None and saver.writes == 1


def test_the_autosave_is_a_normal_checked_save(tmp_path):
    game = new(tmp_path, "shanghai", 6)
    AutoSaver(game, seats_for(4))
    for _ in range(10):
        bot_step(game)
    data = json.loads(autosave_path().read_text())
    assert data["format"] == "cardtable-save" and len(data["game"]["log"]) == 10


def test_a_history_that_cannot_be_written_keeps_the_autosave_and_says_why_apart(tmp_path):
    """The match ends with a damaged history file: the saves go on fine (``last_error``
    stays None), ``history_error`` says what is wrong, the autosave keeps the finished
    match; once the file is mended, resuming it records it and clears the autosave."""
    broken = tmp_path / "history.sqlite3"
    broken.write_text("garbage, not a database")
    game = new_game(load_variant("tonk-classic").changed(match_hands=1), 2, seed=5)
    saver = AutoSaver(game, seats_for(2), history_path=broken)
    play_out(game)
    assert saver.last_error is None and saver.match_id is None
    assert "not a database" in str(saver.history_error)
    assert has_autosave()
    broken.unlink()
    again = AutoSaver(load_autosave()[0], seats_for(2), history_path=broken)
    assert again.history_error is None and again.match_id is not None and not has_autosave()


def test_an_earlier_copy_that_loads_stays_when_the_autosave_moved_out_is_damaged(tmp_path):
    """The kept interrupted-* file of a match was deleted for the autosave of a later
    point of it, even when that autosave was damaged: only the damaged copy was left."""
    game = new(tmp_path)
    AutoSaver(game, seats_for(4)).detach()
    earlier = AutoSaver(new(tmp_path, "tonk", 4), seats_for(3)).kept  # the first match, kept
    loaded, seats = load_game(earlier)
    AutoSaver(loaded, seats).detach()
    for _ in range(3):
        bot_step(loaded)
    AutoSaver(loaded, seats).detach()
    damaged = autosave_path().read_text().replace('"saved_at":"', '"saved_at":"1')
    autosave_path().write_text(damaged)
    kept = AutoSaver(new(tmp_path, "tonk", 5), seats_for(3)).kept
    assert kept is not None and kept.read_text() == damaged  # (kept as it is, to be mended)
    assert earlier.exists() and load_game(earlier)[0] == game


def test_a_pipe_or_a_deeply_nested_file_in_the_saves_folder_never_stops_a_new_game(tmp_path):
    """The autosave's search of the saves folder read every file bare: a pipe named
    *.json hung the new game, a deeply nested one crashed it (RecursionError)."""
    saves_dir().mkdir(parents=True)
    os.mkfifo(saves_dir() / "interrupted-pipe.json")
    (saves_dir() / "deep.json").write_text("[" * 100_000 + "]" * 100_000)
    first = new(tmp_path)
    AutoSaver(first, seats_for(4)).detach()
    saver = AutoSaver(new(tmp_path, "tonk", 4), seats_for(3))  # (the first match is moved out)
    assert saver.kept is not None and load_game(saver.kept)[0] == first
    saver.finish()
    assert (saves_dir() / "interrupted-pipe.json").exists() and (saves_dir() / "deep.json").exists()


def test_an_older_copy_written_before_a_knob_existed_is_the_same_match(tmp_path):
    """One match, one file, whatever knobs the preset gained since a copy was written:
    an interrupted-* file from before a knob, loaded and played on, is replaced by the
    later point when another match starts (it was listed twice)."""
    game = new(tmp_path)
    for _ in range(3):
        bot_step(game)
    old = save_game(saves_dir() / "interrupted-president-short-20240101-000000.json", game, seats_for(4))
    document = json.loads(old.read_text())
    del document["game"]["variant"]["rules"]["match_rounds"]
    document.pop("checksum")
    old.write_text(json.dumps(document))
    loaded, seats = load_game(old)
    AutoSaver(loaded, seats).detach()
    for _ in range(3):
        bot_step(loaded)
    AutoSaver(loaded, seats).detach()
    kept = AutoSaver(new(tmp_path, "tonk", 4), seats_for(3)).kept
    assert [path for path, _info in list_saves()] == [kept] and not old.exists()
    assert load_game(kept)[0] == loaded
