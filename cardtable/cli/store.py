"""``cardtable resume``, ``load``, ``replay`` and ``stats``: saved games, replays and the
match history (the work is in :mod:`cardtable.store`; the table opens lazily)."""

from __future__ import annotations

import argparse
import json
import os
import re
import sys
from pathlib import Path

from rich.table import Table
from rich.text import Text

from ..engine.registry import FAMILY_TITLES
from ..engine.words import listed
from ..games.president.preset import TITLE_KEYS, TITLE_SHORT, title_legend
from ..paths import user_path
from .options import MOST_BOT_DELAY, SECONDS, SQLITE_INT_HIGH, given, number_from, player_name
from .output import Console, fail


BOT_LABEL = re.compile(r"(?P<name>.*?)\s*\(bot(?:,\s*(?P<level>[^)]*?))?\s*\)", re.IGNORECASE)
"""A bot's name as the statistics print it, "Dag (bot, hard)" (or "Dag (bot)": any level)."""


def add_commands(sub: argparse._SubParsersAction) -> None:
    """resume, load, replay and stats (issue 8); the work is in cardtable.store."""
    resume = sub.add_parser("resume", help="continue the interrupted game (the autosave)")
    load = sub.add_parser("load", help="open a saved game")
    load.add_argument("file", type=given("a save file", option=False), help="a save file (.json)")
    for command in (resume, load):
        command.add_argument("--theme", help="theme name")
        command.add_argument("--bot-delay", type=number_from(0, float, SECONDS, high=MOST_BOT_DELAY), default=None,
                             help="seconds a bot pauses before its move")
    resume.set_defaults(handler=_resume)
    load.set_defaults(handler=_load)
    replay = sub.add_parser("replay", help="step through a saved or finished game")
    replay.add_argument("file", nargs="?", type=given("a save file"), help="a save file (.json)")
    replay.add_argument("--match", type=number_from(1, high=SQLITE_INT_HIGH),
                        help="a finished match from the history (see cardtable stats)")
    replay.add_argument("--text", action="store_true", help="print the game move by move as text")
    replay.set_defaults(handler=_replay)
    stats = sub.add_parser("stats", help="match history and statistics per player")
    stats.add_argument("--name", type=player_name, help="only this player (name, ignoring case)")
    stats.add_argument("--recent", type=number_from(0, high=SQLITE_INT_HIGH), default=10,
                       help="how many recent matches to list")
    stats.add_argument("--json", action="store_true", help="print the statistics as JSON")
    stats.set_defaults(handler=_stats)


def _resume(args: argparse.Namespace) -> int:
    from ..store import autosave_path

    args.file = autosave_path()
    if not _there(args.file):  # (a folder or a pipe in its place is told what it is, by _play_on)
        return fail(f"no unfinished game to resume (there is no autosave: {args.file})", command="resume", status=1)
    return _play_on(args, "resume")


def _there(path: Path) -> bool:
    """Whether anything is at ``path`` (a link to nothing is not), or may be: a folder that
    may not be read hides it (loading it says so)."""
    try:
        os.stat(path)
    except FileNotFoundError:
        return False
    except OSError:
        pass
    return True


def _saves_dir() -> Path:
    from ..store.saves import saves_dir

    return saves_dir()


def save_file(text: str) -> Path:
    """The save ``text`` names: a path, or else the name of a save in the saves folder, as
    Load game lists it ("interrupted-tonk-sitting-20261128-2256.json", or without ".json")."""
    path = user_path(text)
    if _there(path) or os.sep in text or (os.altsep and os.altsep in text):
        return path
    folder = _saves_dir()
    return next((kept for kept in (folder / text, folder / f"{text}.json") if _there(kept)), path)


def _load(args: argparse.Namespace) -> int:
    args.file = save_file(args.file)
    return _play_on(args, "load")


def _play_on(args: argparse.Namespace, command: str) -> int:
    """Check the save ``args.file`` and open the table on it (``resume`` or ``load``); a
    save that does not load is told, the file kept as it is."""
    from ..engine.errors import SaveError
    from ..store import load_game
    from ..tui import launch

    try:
        args.loaded = load_game(args.file)
    except SaveError as error:
        where = "" if command == "resume" or _there(args.file) else f" (saves are kept in {_saves_dir()})"
        return fail(str(error) + where, args.file, command=command)
    return launch.resume(args) if command == "resume" else launch.load(args)


def _not_found_hint(args: argparse.Namespace) -> str:
    """What ``replay``'s refusal adds for a save file that is not there: a number names
    ``--match``, a name where saves are kept; nothing for a file there or a match."""
    if args.file is None or _there(args.file):
        return ""
    text = str(args.given)
    if text.isascii() and text.isdecimal() and 0 < int(text) <= SQLITE_INT_HIGH:
        return f" (match {text} of the history: cardtable replay --match {text})"
    return f" (saves are kept in {_saves_dir()})"


def _terminal() -> bool:
    """Whether the interactive replay can show: standard output is a terminal (not a
    pipe or a file, which get the text) and so are the table's keys and screen."""
    from ..tui.launch import can_draw_table

    return sys.stdout.isatty() and can_draw_table()


def _replay(args: argparse.Namespace) -> int:
    from ..engine.errors import SaveError
    from ..store import Replay, load_match
    from ..store.history import HistoryError

    if (args.file is None) == (args.match is None):
        return fail("give a save FILE or --match ID (one of them)", command="replay")
    try:
        if args.match is not None:
            try:
                replay = Replay(load_match(args.match), name=f"match {args.match}")
            except KeyError:
                return fail(f"there is no match {args.match} in the history (see cardtable stats)", command="replay")
            except HistoryError as error:
                return fail(str(error), command="replay")
        else:
            args.given, args.file = args.file, save_file(args.file)
            replay = Replay.from_file(args.file)
    except SaveError as error:
        return fail(str(error) + _not_found_hint(args), args.file, command="replay")
    args.replay = replay
    if not args.text and not _terminal():  # piped, redirected or no keys: the text is what the reader wants
        args.text = True
    if not args.text:
        from ..tui import launch

        return launch.replay(args)
    out = Console(highlight=False, soft_wrap=True)
    for line in replay.transcript():
        out.print(line, markup=False)
    return 0


def _stats(args: argparse.Namespace) -> int:
    from ..store import history_path, player_stats, recent_matches
    from ..store.history import HistoryError, PlayerStats, bot_level, left_out
    from ..tui.text import game_title, score_phrases

    damaged: list[str] = []
    name = args.name
    try:
        players = player_stats(name, damaged=damaged)
        printed = BOT_LABEL.fullmatch(name) if name and not players else None
        bot, level = (True, printed["level"]) if printed else (None, None)
        if printed:  # (a bot as the tables print it: "Dag (bot)", "Dag (bot, hard)")
            name = printed["name"]
            wanted = str(bot_level(level)).casefold() if level is not None else None
            players = [player for player in player_stats(name, damaged=damaged) if "bot" in player.kinds
                       and (wanted is None or (player.level or "").casefold() == wanted)]
        recent = recent_matches(args.recent, name=name, bot=bot, level=level, damaged=damaged)
    except HistoryError as error:
        return fail(str(error), command="stats")
    for note in left_out(damaged):
        Console(stderr=True).print(Text.assemble(("cardtable stats:", "yellow"), f" {note}"), highlight=False)
    if args.json:
        print(json.dumps({"players": [p.to_data() for p in players],
                          "recent": [m.to_data() for m in recent]}, indent=2))
        return 0
    console = Console()
    if not players:
        who = f" for {args.name}" if args.name else ""
        console.print(Text.assemble(f"No finished matches{who} yet. ", (f"(history: {history_path()})", "dim")),
                      highlight=False)
        return 0
    held = PlayerStats.titles_held(players)
    legend = f"President titles: {' · '.join(title_legend(held))}" if held else None
    table = Table(title="Players", caption=legend, caption_justify="left")
    for column in ("player", "matches", "wins", "win %", "President titles (rounds)", "Shanghai avg",
                   "Tonk chips/hand"):
        table.add_column(column, justify="left" if column.startswith(("player", "President")) else "right")
    for player in players:
        titles = player.president_titles
        shown = " · ".join(f"{TITLE_SHORT[t]} {titles[t]}" for t in TITLE_KEYS if titles.get(t)) or "—"
        average = player.shanghai_average
        chips = player.tonk_chips_per_hand
        table.add_row(Text(player.label), str(player.matches),
                      str(player.wins), f"{player.win_rate:.0%}", shown,
                      "—" if average is None else f"{average:.1f}",
                      "—" if chips is None else f"{chips:+.2f}")
    console.print(table)
    if recent:
        matches = Table(title="Recent matches")
        for column in ("#", "finished", "game", "players and scores", "won"):
            matches.add_column(column)
        for match in recent:
            matches.add_row(str(match.id), match.finished_at.replace("T", " ")[:16],
                            Text(game_title(FAMILY_TITLES.get(match.family, match.family), match.preset_title)),
                            score_phrases(match.family, match.labels, match.scores, minus="-"),
                            Text(listed(match.winner_labels)))
        console.print(matches)
    return 0
