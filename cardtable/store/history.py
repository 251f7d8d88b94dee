"""Match history and statistics in SQLite (``data_dir()/history.sqlite3``).

Choices:

- **sqlite3 from the standard library, WAL mode, a 30 s busy timeout**, and every write
  in one ``BEGIN IMMEDIATE`` transaction: two cardtable processes finishing matches at
  the same moment queue up instead of failing, and readers never block writers.
- **One row per match, one per seat.** ``matches`` holds the family, preset name and
  title, seed, rounds, moves, winners, scores, ``finished_at`` (UTC, ISO 8601) and the
  whole save document (so any finished match can be replayed: :func:`load_match`);
  ``seats`` holds each seat's name, kind, bot level, final score, win, place and the
  family extras: President title counts over all rounds and the final title, Shanghai
  the score, Tonk the final chips and hands played.
- **Idempotent.** A match is keyed by a hash of its game data (preset, seed, deals, log),
  so recording the same finished match twice (the autosave and the TUI both do it, or a
  resumed finished autosave) keeps one row.
- **Statistics per player name** (names are compared ignoring case; bots have names
  too, so "Dag" the bot gets statistics): matches, wins (a shared best total counts as
  a win for each), President titles (how many rounds ended with each title), Shanghai
  average final score (lower is better), Tonk chips won per hand played.
- The schema version is ``PRAGMA user_version``; a database from a newer cardtable is
  refused with a clear message rather than written to (the file itself: :mod:`.database`).
"""

from __future__ import annotations

import hashlib
import json
import os
import sqlite3
from collections import Counter
from collections.abc import Callable, Iterable, Sequence
from dataclasses import asdict, dataclass, field
from datetime import datetime, timezone
from pathlib import Path
from typing import Any

from ..engine.game import Game
from ..engine.words import controls_escaped, count, json_kind, marked_as_bot, name_key
from .database import HistoryError, bot_level, connect, history_path, immediate, reader, retry
from .saves import normalize_seats, save_data


# ---------------------------------------------------------------------- recording
def match_key(game: Game, seats: Any) -> str:
    """A stable identity of a match: its preset (without the file it came from), the
    seats (who played), seed, stacked deals and move log. The same deal played the same
    way by other players is another match."""
    data = game.to_data()
    data["variant"] = {k: v for k, v in data["variant"].items() if k != "source"}
    data["seats"] = seats
    text = json.dumps(data, sort_keys=True, separators=(",", ":"))
    return hashlib.sha256(text.encode("utf-8")).hexdigest()


def record_match(game: Game, seats: Any, *, path: str | os.PathLike[str] | None = None,
                 finished_at: str | None = None) -> int:
    """Record a finished match; returns its id (the existing id if it was recorded before).
    Raises ValueError if the match is not over."""
    if not game.is_over:
        raise ValueError("only a finished match goes into the history")
    stored = normalize_seats(seats, game.players)
    when = finished_at or datetime.now(timezone.utc).isoformat(timespec="seconds")
    key = match_key(game, stored)
    family = game.family
    scores = tuple(game.scores)
    winners = set(game.winners())
    seat_places = game.places()
    title_counts: list[Counter[str]] = [Counter() for _ in range(game.players)]
    if family == "president":
        for event in game.events:
            if event.kind == "titles_awarded":
                for seat, title in enumerate(event.titles):  # type: ignore[attr-defined]
                    title_counts[seat][title] += 1
    final_titles = getattr(game, "titles", None) if family == "president" else None
    chips = getattr(game, "chips", None) if family == "tonk" else None
    hands = sum(1 for event in game.events if event.kind == "round_ended")
    save_text = json.dumps(save_data(game, stored, when), separators=(",", ":"))
    connection = connect(path)
    try:
        def write() -> int:
            with immediate(connection):
                row = connection.execute("SELECT id FROM matches WHERE match_key = ?", (key,)).fetchone()
                if row:
                    return int(row[0])
                cursor = connection.execute(
                    "INSERT INTO matches (match_key, family, preset, preset_title, players, seed, rounds,"
                    " moves, winners, scores, finished_at, save) VALUES (?,?,?,?,?,?,?,?,?,?,?,?)",
                    (key, family, game.variant.name, game.variant.title, game.players, game.seed,
                     game.round, game.moves_played, json.dumps(sorted(winners)), json.dumps(scores),
                     when, save_text))
                match_id = int(cursor.lastrowid or 0)
                connection.executemany(
                    "INSERT INTO seats (match_id, seat, name, kind, level, score, won, place, final_title,"
                    " titles, chips, hands) VALUES (?,?,?,?,?,?,?,?,?,?,?,?)",
                    [(match_id, seat, info["name"], info["kind"], info["level"], scores[seat],
                      int(seat in winners), seat_places[seat],
                      final_titles[seat] if final_titles else None,
                      json.dumps(dict(title_counts[seat])) if family == "president" else None,
                      chips[seat] if chips is not None else None, hands)
                     for seat, info in enumerate(stored)])
                return match_id
        return int(retry(write))
    finally:
        connection.close()


# ---------------------------------------------------------------------- reading
@dataclass
class FamilyStats:
    """One player's results in one family."""

    matches: int = 0
    wins: int = 0
    total_score: int = 0
    hands: int = 0
    titles: dict[str, int] = field(default_factory=dict)
    final_titles: dict[str, int] = field(default_factory=dict)

    @property
    def average_score(self) -> float | None:
        return self.total_score / self.matches if self.matches else None

    @property
    def chips_per_hand(self) -> float | None:
        return self.total_score / self.hands if self.hands else None


@dataclass
class PlayerStats:
    """Statistics for one player over every recorded match: a human by name, a bot by
    name and level (Dag at hard is not Dag at easy).

    ``president_titles``: title key -> rounds ended with that title; ``shanghai_average``:
    mean final score (lower is better); ``tonk_chips_per_hand``: net chips per hand played."""

    name: str
    kinds: tuple[str, ...]
    matches: int
    wins: int
    families: dict[str, FamilyStats]
    last_played: str
    level: str | None = None
    """The bot's level ("hard"; "medium" for its alias "simple"), None for a human."""

    @property
    def label(self) -> str:
        """The player as the statistics print it: "Ann", "Dag (bot, hard)"; a human whose
        name ends as a bot's mark (a save kept before such names were refused) with
        "(human)" after it, so the two rows never read alike."""
        if "bot" not in self.kinds:
            return f"{self.name} (human)" if marked_as_bot(self.name) else self.name
        return f"{self.name} (bot, {self.level})" if self.level else f"{self.name} (bot)"

    @property
    def win_rate(self) -> float:
        return self.wins / self.matches if self.matches else 0.0

    @property
    def president_titles(self) -> dict[str, int]:
        stats = self.families.get("president")
        return dict(stats.titles) if stats else {}

    @staticmethod
    def titles_held(players: Iterable[PlayerStats]) -> set[str]:
        """The President titles any of ``players`` ended a round with (a legend names these)."""
        return {title for player in players for title, rounds in player.president_titles.items() if rounds}

    @property
    def shanghai_average(self) -> float | None:
        stats = self.families.get("shanghai")
        return stats.average_score if stats else None

    @property
    def tonk_chips_per_hand(self) -> float | None:
        stats = self.families.get("tonk")
        return stats.chips_per_hand if stats else None

    def to_data(self) -> dict[str, Any]:
        """Plain JSON-ready data (``cardtable stats --json``)."""
        families = {}
        for family, stats in self.families.items():
            entry: dict[str, Any] = {"matches": stats.matches, "wins": stats.wins}
            if family == "president":
                entry |= {"titles": stats.titles, "final_titles": stats.final_titles,
                          "average_points": _round(stats.average_score)}
            elif family == "shanghai":
                entry["average_score"] = _round(stats.average_score)
            elif family == "tonk":
                entry |= {"hands": stats.hands, "net_chips": stats.total_score,
                          "chips_per_hand": _round(stats.chips_per_hand)}
            families[family] = entry
        return {"name": self.name, "kinds": list(self.kinds), "level": self.level, "matches": self.matches,
                "wins": self.wins, "win_rate": round(self.win_rate, 4),
                "last_played": self.last_played, "families": families}


def _round(value: float | None) -> float | None:
    return None if value is None else round(value, 3)


def _read(target: Path, read: Callable[[sqlite3.Connection], Any]) -> Any:
    """``read(connection)`` on the history at ``target`` (None if nothing is recorded); a
    HistoryError if the database cannot answer (a table missing, the file damaged).
    Reading never writes: see :func:`reader`."""
    connection = reader(target)
    if connection is None:
        return None
    try:
        return read(connection)
    except sqlite3.DatabaseError as error:
        raise HistoryError(f"{target}: cannot use the match history ({error})") from None
    finally:
        connection.close()


def _stored(match_id: int, what: str, text: Any, kind: type) -> Any:
    """A JSON value stored in match ``match_id``'s row, of ``kind`` (list or dict); a
    HistoryError ("match N is damaged: …") if it is not."""
    try:
        value = json.loads(text)
    except (ValueError, TypeError, RecursionError):
        raise HistoryError(f"match {match_id} is damaged: its {what} do not parse") from None
    if not isinstance(value, kind):
        raise HistoryError(f"match {match_id} is damaged: its {what} are not a {kind.__name__}")
    return value


def _whole(match_id: int, what: str, *values: Any) -> None:
    """HistoryError unless every one of ``values`` is a whole number (SQLite keeps any type)."""
    if not all(type(value) is int for value in values):
        raise HistoryError(f"match {match_id} is damaged: its {what} are not whole numbers")


def _texts(match_id: int, *values: Any, or_none: bool = False) -> None:
    """HistoryError unless every one of ``values`` is a text (or None, ``or_none``):
    SQLite keeps bytes or a number in a text column as readily."""
    if not all(isinstance(value, str) or (or_none and value is None) for value in values):
        raise HistoryError(f"match {match_id} is damaged: a name, title or time in it is not text")


def _shown(value: Any) -> Any:
    """A text read from the history with its control characters escaped (see
    :func:`~cardtable.engine.words.controls_escaped`); anything else as it is."""
    return controls_escaped(value) if isinstance(value, str) else value


def left_out(damaged: Iterable[str]) -> list[str]:
    """What to tell of the damaged matches ``player_stats`` and ``recent_matches`` named:
    each once (both may meet the same match), "match 3 is damaged: …; it is left out"."""
    return [f"{note}; it is left out" for note in dict.fromkeys(damaged)]


def _match_results(match_id: int, scores: Any, winners: Any, seats: int) -> tuple[list[int], list[int]]:
    """The scores and winners stored in a match's row, checked; a HistoryError ("match N
    is damaged: …") if they are not."""
    scores, winners = _stored(match_id, "scores", scores, list), _stored(match_id, "winners", winners, list)
    _whole(match_id, "scores", *scores)
    if len(scores) != seats:
        raise HistoryError(f"match {match_id} is damaged: its scores are {len(scores)} for {count(seats, 'seat')}")
    if not all(type(seat) is int and 0 <= seat < seats for seat in winners):
        raise HistoryError(f"match {match_id} is damaged: its winners are not seats of the match")
    return scores, winners


def player_stats(name: str | None = None, *, path: str | os.PathLike[str] | None = None,
                 damaged: list[str] | None = None) -> list[PlayerStats]:
    """Statistics per player (all, most matches first; or just those of ``name``, ignoring
    case): a human per name, a bot per name and level. An empty list if nothing is
    recorded. A match whose row is damaged is left out, and said in ``damaged`` ("match 3
    is damaged: …") when given."""
    target = Path(path or history_path())
    query = ("SELECT s.name, s.kind, s.level, s.score, s.won, s.final_title, s.titles, s.hands, m.family,"
             " m.finished_at, m.id, m.scores, m.winners, (SELECT COUNT(*) FROM seats o WHERE o.match_id = m.id)"
             " FROM seats s JOIN matches m ON m.id = s.match_id")
    params: tuple[Any, ...] = ()
    if name is not None:
        query += " WHERE name_key(s.name) = ?"
        params = (name_key(name),)
    rows = _read(target, lambda connection: connection.execute(query + " ORDER BY m.finished_at, m.id",
                                                                params).fetchall()) or []
    bad: dict[int, str] = {}  # match id: what is damaged (the whole match is left out, as from the recent list)
    for who, kind, level, score, won, final_title, titles, hands, family, finished, match_id, results, winners, \
            seats in rows:
        try:
            _texts(match_id, who, kind, family, finished)
            _texts(match_id, level, final_title, or_none=True)
            _match_results(match_id, results, winners, seats)
            _whole(match_id, "seats' scores", score, won, hands or 0)
            _whole(match_id, "title counts", *_stored(match_id, "titles", titles or "{}", dict).values())
        except HistoryError as error:
            bad.setdefault(match_id, str(error))
    if damaged is not None:
        damaged.extend(bad.values())
    players: dict[tuple[str, str, str | None], PlayerStats] = {}
    for who, kind, level, score, won, final_title, titles, hands, family, finished, match_id, *_results in rows:
        if match_id in bad:
            continue
        level = bot_level(level) if kind == "bot" else None
        stats = players.get((name_key(who), kind, level))
        shown = _shown(who)  # (a name recorded before names were checked: shown, never obeyed)
        if stats is None:
            stats = players[name_key(who), kind, level] = PlayerStats(shown, (kind,), 0, 0, {}, finished, level)
        stats.name = shown  # the latest spelling
        stats.matches += 1
        stats.wins += won
        stats.last_played = finished
        fam = stats.families.setdefault(family, FamilyStats())
        fam.matches += 1
        fam.wins += won
        fam.total_score += score
        fam.hands += hands or 0
        for title, count in json.loads(titles or "{}").items():
            fam.titles[title] = fam.titles.get(title, 0) + count
        if final_title:
            fam.final_titles[final_title] = fam.final_titles.get(final_title, 0) + 1
    return sorted(players.values(), key=lambda p: (-p.matches, name_key(p.name), p.level or ""))


@dataclass(frozen=True)
class MatchRecord:
    """One recorded match, as ``recent_matches`` lists it."""

    id: int
    family: str
    preset: str
    preset_title: str
    finished_at: str
    rounds: int
    moves: int
    seed: int
    names: tuple[str, ...]
    kinds: tuple[str, ...]
    scores: tuple[int, ...]
    winners: tuple[int, ...]
    titles: tuple[str | None, ...]

    @property
    def labels(self) -> tuple[str, ...]:
        """The players as the lists of matches name them: a bot marked, "Dag (bot)" (a
        human may have a bot's name)."""
        return tuple(name + (" (bot)" if kind == "bot" else "") for name, kind in zip(self.names, self.kinds))

    @property
    def winner_labels(self) -> tuple[str, ...]:
        return tuple(self.labels[seat] for seat in self.winners)

    def to_data(self) -> dict[str, Any]:
        return asdict(self)


def recent_matches(limit: int = 20, *, name: str | None = None, bot: bool | None = None, level: str | None = None,
                   path: str | os.PathLike[str] | None = None, damaged: list[str] | None = None) -> list[MatchRecord]:
    """The last ``limit`` recorded matches, newest first: only those ``name`` played in
    (ignoring case) when given, as a bot (``bot=True``; at ``level`` when given, as
    :class:`PlayerStats` groups levels) or a human (``bot=False``). A match whose row is
    damaged is left out, and said in ``damaged`` ("match 3 is damaged: …") when given."""
    target = Path(path or history_path())
    played = ""
    params: list[Any] = [int(limit)]  # (the query's ? in order: the seat's, then the limit)
    if name is not None:
        seat = ["name_key(s.name) = ?"] + ([] if bot is None else ["s.kind = ?"]) + \
            ([] if level is None else ["name_key(bot_level(s.level)) = ?"])
        played = f" WHERE EXISTS (SELECT 1 FROM seats s WHERE s.match_id = matches.id AND {' AND '.join(seat)})"
        params = [name_key(name), *(() if bot is None else ("bot" if bot else "human",)),
                  *(() if level is None else (name_key(str(bot_level(level))),)), *params]

    def read(connection: sqlite3.Connection) -> list[tuple[tuple[Any, ...], list[Any]]]:
        matches = connection.execute(
            "SELECT id, family, preset, preset_title, finished_at, rounds, moves, seed, scores, winners"
            f" FROM matches{played} ORDER BY finished_at DESC, id DESC LIMIT ?", params).fetchall()
        return [(match, connection.execute("SELECT name, kind, final_title FROM seats WHERE match_id = ?"
                                           " ORDER BY seat", (match[0],)).fetchall()) for match in matches]

    records = []
    for (mid, family, preset, title, finished, rounds, moves, seed, scores, winners), seats in \
            _read(target, read) or []:
        try:
            _texts(mid, family, preset, title, finished, *(seat[0] for seat in seats), *(seat[1] for seat in seats))
            _texts(mid, *(seat[2] for seat in seats), or_none=True)
            _whole(mid, "rounds, moves and seed", rounds, moves, seed)
            scores, winners = _match_results(mid, scores, winners, len(seats))
        except HistoryError as error:
            if damaged is not None:
                damaged.append(str(error))
            continue
        records.append(MatchRecord(  # (names and titles recorded before they were checked: shown, never obeyed)
            mid, family, _shown(preset), _shown(title), finished, rounds, moves, seed,
            tuple(_shown(s[0]) for s in seats), tuple(s[1] for s in seats),
            tuple(scores), tuple(winners), tuple(_shown(s[2]) for s in seats)))
    return records


def load_match(match_id: int, *, path: str | os.PathLike[str] | None = None) -> dict[str, Any]:
    """The save document of a recorded match (for :class:`~cardtable.store.replay.Replay`).
    Raises KeyError if there is no such match, HistoryError if its row is damaged."""
    target = Path(path or history_path())
    row = _read(target, lambda connection: connection.execute(
        "SELECT save FROM matches WHERE id = ?", (int(match_id),)).fetchone())
    if row is None:
        raise KeyError(match_id)
    return _match_document(match_id, row[0])


def _match_document(match_id: int, text: Any) -> dict[str, Any]:
    """The stored save document of match ``match_id``: a JSON object, else HistoryError
    ("match N is damaged: …")."""
    try:
        data = json.loads(text)
    except (ValueError, TypeError, RecursionError) as error:
        raise HistoryError(f"match {match_id} is damaged: its saved game does not parse "
                           f"({type(error).__name__}: {error})") from None
    if not isinstance(data, dict):
        raise HistoryError(f"match {match_id} is damaged: its saved game is "
                           f"{json_kind(data)}, not a save document")
    return data


def score_word(family: str) -> str:
    """What a family's match score is: Tonk's is the chips won or lost."""
    return "chips won" if family == "tonk" else "scores"


def scores_text(family: str, names: Sequence[str], scores: Sequence[int], labelled: bool = True,
                minus: str = "-") -> str:
    """A match's players and scores in the family's words: a Tonk score is the net
    result, the chips won or lost ("chips won: Ann +3, Bob -2"), not the chips a player
    ended with (which the match-over screen shows). ``labelled=False`` leaves out the
    "chips won: " label; ``minus`` is the sign of a score below 0 (the table's is "−": a
    Shanghai total goes below 0 with a going-out bonus)."""
    listed = ", ".join(score_entries(family, names, scores, minus))
    return f"chips won: {listed}" if family == "tonk" and labelled else listed


def score_entries(family: str, names: Sequence[str], scores: Sequence[int], minus: str = "-") -> list[str]:
    """:func:`scores_text` a player at a time, unlabelled ("Ann +3", "Bob -2"), for a
    screen that keeps each name with its score on one line."""
    def number(score: int) -> str:
        return f"{minus}{-score}" if score < 0 else f"+{score}" if score and family == "tonk" else str(score)

    return [f"{name} {number(score)}" for name, score in zip(names, scores)]
