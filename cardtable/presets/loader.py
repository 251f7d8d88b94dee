"""Finding, reading and checking preset files.

A preset name is looked up in the user's preset folder first, then among the shipped
presets (``variants/<family>/NAME.toml``). ``extends`` names another preset or a
``.toml`` path relative to the extending file's folder; tables (``[rules]``,
``[titles]``) merge knob by knob, everything else is replaced. Every problem is a
:class:`VariantError` naming the file that set the bad value, the field and why.
"""

from __future__ import annotations

import difflib
import tomllib
from collections.abc import Iterator
from contextlib import contextmanager
from contextvars import ContextVar
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from pydantic import ValidationError

from ..engine.errors import VariantError
from ..engine.registry import FAMILIES, variant_model
from ..engine.words import control_character, controls_escaped
from ..paths import FileTooLarge, NotRegularFile, leads_back, read_regular_file, shipped_dir, user_dir, user_path
from .model import Problem, problem_of

MERGED_TABLES = ("rules", "titles", "players")

TOP_LEVEL = ("family", "extends", "title", "description", "players", "titles")
"""The keys a preset holds outside ``[rules]``."""

HOUSE_DESCRIPTION = "House rules on "
"""The description of house rules on another preset that have none of their own (and
what the editor's new house rules start with): their parent's own words may not be true
of the rules changed."""

_LISTING: ContextVar[bool] = ContextVar("_LISTING", default=False)
"""Set while the presets that load are being listed for an unknown name's message, so a
broken preset's own unknown parent does not list them again (and again …)."""


Resolved = tuple[dict[str, Any], dict[tuple[str, ...], Path]]
"""A preset's data with every ``extends`` applied, and which file set each key."""


Link = tuple[dict[str, Any], Any, "Path | VariantError | None"]
"""A preset file's own keys, the ``extends`` it names, and that parent's file (or why
there is none; None: it extends nothing)."""


@dataclass
class _Scan:
    """What one load or survey of the presets has read already: each presets folder's
    files, each preset file resolved, and each file's link to its parent (kept for a chain
    that fails too), so that a listing reads each file once however the presets chain."""

    folders: dict[Path, dict[str, Path]] = field(default_factory=dict)
    resolved: dict[Path, Resolved] = field(default_factory=dict)
    links: dict[Path, Link] = field(default_factory=dict)


_SCANS: ContextVar[_Scan | None] = ContextVar("_SCANS", default=None)
"""The scan in progress, while one preset loads or all are surveyed (:func:`_one_scan`)."""


@contextmanager
def _one_scan() -> Iterator[None]:
    """Within it, each presets folder is scanned and each preset file resolved once (the
    outermost one holds the scan)."""
    if _SCANS.get() is not None:
        yield
        return
    token = _SCANS.set(_Scan())
    try:
        yield
    finally:
        _SCANS.reset(token)


def _preset_files(folder: Path) -> dict[str, Path]:
    """The presets of ``folder`` by name; a file whose name, or the name of a folder it is
    in, holds a control character is no preset (a terminal would obey an escape in it
    wherever the name or the path is shown)."""
    scan = _SCANS.get()
    if scan is not None and folder in scan.folders:
        return scan.folders[folder]
    found: dict[str, Path] = {}
    for path in _in_folder(folder):
        found.setdefault(path.stem, path)
    if scan is not None:
        scan.folders[folder] = found
    return found


def _in_folder(folder: Path) -> list[Path]:
    """The preset files in ``folder`` and the folders in it, those nearer the top first
    (of two files of one name, the one that is read: a copy kept in a folder below does not
    take its place), then in order of their paths."""
    if not folder.is_dir():
        return []
    paths = [path for path in folder.rglob("*.toml")
             if control_character(str(path.relative_to(folder).with_suffix(""))) is None]
    return sorted(paths, key=lambda path: (len(path.relative_to(folder).parts), path))


def unread_presets() -> list[tuple[Path, Path]]:
    """The user's preset files not read because a file of the same name is nearer the
    top of the presets folder: (the file not read, the one read instead)."""
    first: dict[str, Path] = {}
    return [(path, first[path.stem]) for path in _in_folder(user_dir("variants"))
            if first.setdefault(path.stem, path) != path]


FOLDER = "is a folder, not a preset file"
"""What a preset path that names a folder is told, wherever it is given."""


def preset_files() -> dict[str, tuple[Path, str]]:
    """Every preset name with its file and origin ("user" or "shipped"); user first wins."""
    found = {name: (path, "shipped") for name, path in _preset_files(shipped_dir("variants")).items()}
    found |= {name: (path, "user") for name, path in _preset_files(user_dir("variants")).items()}
    return dict(sorted(found.items()))


def preset_path(name: str | Path, *, relative_to: Path | None = None, skip: Path | None = None,
                every_name: bool = True) -> Path:
    """The file a preset name or path means. ``skip`` is a file not to answer with
    (a user preset that extends the shipped preset of the same name). An unknown name's
    error lists every preset that loads, or with ``every_name=False`` (a file's
    ``extends``, told in a note of a few lines) only the closest names."""
    text = str(name)
    if names_a_file(text):
        return _preset_file(text, relative_to)
    for folder in (user_dir("variants"), shipped_dir("variants")):
        candidate = _preset_files(folder).get(text)
        try:
            if candidate is not None and candidate.resolve() != skip:
                return candidate.resolve()
        except (OSError, RuntimeError) as error:  # (3.11's pathlib: RuntimeError for a symlink loop)
            raise VariantError(str(candidate), None, f"cannot be read: {getattr(error, 'strerror', None) or error}") \
                from None
    if _LISTING.get():
        raise VariantError(text, None, f"no preset named {text!r}")
    names, broken = _names_that_load()
    if not every_name:
        raise VariantError(text, None, f"no preset named {text!r} ({_closest(text, names)})")
    close = _nearest(text, names, 1)
    hint = f"did you mean {close[0]!r}? " if close else ""
    unloadable = f"; {', '.join(broken)} {'does' if len(broken) == 1 else 'do'} not load" if broken else ""
    raise VariantError(text, None, f"no preset named {text!r} ({hint}known presets: "
                                   f"{', '.join(names) or 'none'}{unloadable})")


def names_a_file(text: str) -> bool:
    """Whether a preset given as ``text`` is a file's path (``.toml``, or a folder in it),
    not a preset's name."""
    return text.endswith(".toml") or "/" in text or "\\" in text


def _preset_file(text: str, relative_to: Path | None) -> Path:
    """The preset file a path names (``~`` is the home folder; a relative path is read
    from ``relative_to`` when given); a VariantError when it is not a readable file."""
    try:
        path = user_path(text)
    except ValueError as error:
        raise VariantError(text, None, str(error)) from None
    if relative_to is not None and not path.is_absolute():
        path = relative_to / path
    held = control_character(path.name)
    if held is not None:  # (its name is the preset's, and its title when it gives none)
        raise VariantError(controls_escaped(str(path)), None, f"its file name holds {held}: rename the file")
    try:
        if not path.is_file():
            raise VariantError(str(path), None, FOLDER if path.is_dir() else "not a file" if path.exists()
                               else "a symbolic link that leads back to itself" if leads_back(path)
                               else "no such preset file")
        return path.resolve()
    except OSError as error:  # a name too long for the file system, a folder it may not read
        raise VariantError(text, None, f"cannot be read: {error.strerror or error}") from None


def _nearest(text: str, names: list[str], most: int) -> list[str]:
    """Up to ``most`` of ``names`` nearest ``text``, in any case ("FORSETI" is 'forseti')."""
    folded: dict[str, list[str]] = {}  # (two names may differ in case only: both are told)
    for name in names:
        folded.setdefault(name.casefold(), []).append(name)
    near = difflib.get_close_matches(text.casefold(), list(folded), n=most)
    return [name for key in near for name in folded[key]][:most]


def _closest(text: str, names: list[str]) -> str:
    """"did you mean 'a', 'b' or 'c'?": the names nearest ``text`` (else those holding
    it), or where every name is listed."""
    close = _nearest(text, names, 3) or [name for name in names if text.casefold() in name.casefold()][:3]
    if not close:
        return "none is close; `cardtable presets list` names every preset"
    quoted = [repr(name) for name in close]
    return "did you mean " + (f"{', '.join(quoted[:-1])} or {quoted[-1]}" if len(quoted) > 1 else quoted[0]) + "?"


def _names_that_load() -> tuple[list[str], list[str]]:
    """The names of the presets that load, and of those that do not."""
    token = _LISTING.set(True)
    try:
        good, bad = [], []
        for name, (path, _origin) in preset_files().items():
            try:
                load_variant(path)
            except VariantError:
                bad.append(name)
            else:
                good.append(name)
        return good, bad
    finally:
        _LISTING.reset(token)


TOML_HINTS = {
    "Illegal character '\\n'": "a string not closed on its line?",
    "Cannot overwrite a value": "a key given twice?",
    "Invalid value": "a key with no value, or a list not closed?",
}
"""tomllib's words for common slips, and what the writer probably did."""


def toml_problem(error: tomllib.TOMLDecodeError) -> str:
    """Why a file is not TOML, in tomllib's words with a guess at the slip behind them
    ("Illegal character '\\n' (at line 3, column 23): a string not closed on its line?")."""
    said = str(error)
    hint = next((hint for words, hint in TOML_HINTS.items() if said.startswith(words)), "")
    return f"not valid TOML: {said}" + (f": {hint}" if hint else "")


def toml_file(path: Path, limit: int) -> dict[str, Any]:
    """The TOML of a regular file of at most ``limit`` bytes (:func:`read_regular_file`), a
    byte-order mark an editor put first skipped. Raises as its parts do: OSError (and its
    :class:`NotRegularFile`, :class:`FileTooLarge`), UnicodeDecodeError, TOMLDecodeError,
    RecursionError (lists nested too deeply); each caller words them for its kind of file."""
    return tomllib.loads(read_regular_file(path, limit).decode("utf-8").removeprefix("\ufeff"))


MAX_PRESET_BYTES = 1 << 20
"""A preset file larger than this (1 MiB: the shipped ones are about 2 KiB) is refused unread."""


def read_toml(path: Path) -> dict[str, Any]:
    """A preset file's TOML as it is (no ``extends`` applied; a byte-order mark an editor
    put first is skipped); a VariantError naming the file if it is no regular file (a
    pipe or a device would never end), too large, unreadable, not UTF-8, not TOML, or
    nested too deeply to read."""
    try:
        return toml_file(path, MAX_PRESET_BYTES)
    except NotRegularFile:
        raise VariantError(str(path), None, "not a file (a pipe or a device?)") from None
    except FileTooLarge:
        raise VariantError(str(path), None,
                           f"larger than {MAX_PRESET_BYTES >> 20} MiB: too large to be a preset") from None
    except tomllib.TOMLDecodeError as error:
        raise VariantError(str(path), None, toml_problem(error)) from None
    except UnicodeDecodeError as error:
        raise VariantError(str(path), None, f"not UTF-8 text (byte {error.object[error.start]:#04x} "
                                            f"at offset {error.start}); save it as UTF-8") from None
    except RecursionError:
        raise VariantError(str(path), None, "not a preset: lists or tables nested too deeply to read") from None
    except IsADirectoryError:
        raise VariantError(str(path), None, FOLDER) from None
    except OSError as error:
        raise VariantError(str(path), None, f"cannot be read: {error.strerror or error}") from None


def house_description(parent_title: object) -> str:
    """The description of house rules on the preset titled ``parent_title``: "House rules
    on Shanghai rummy." (:data:`HOUSE_DESCRIPTION`)."""
    return f"{HOUSE_DESCRIPTION}{parent_title}."


def resolve(path: Path) -> Resolved:
    """The preset's data with every ``extends`` applied, and which file set each key. The
    chain is walked, not recursed, so it may be as long as the files make it; in a scan
    (:func:`_one_scan`) each file is resolved once."""
    with _one_scan():
        return _resolve(path, _SCANS.get() or _Scan())


def _resolve(path: Path, scan: _Scan) -> Resolved:
    walked: list[tuple[Path, dict[str, Any], Any]] = []  # (file, its keys, the parent it names)
    seen: set[Path] = set()
    current = path
    data: dict[str, Any] = {}
    origins: dict[tuple[str, ...], Path] = {}
    while True:
        if current in seen:
            raise VariantError(str(current), "extends", f"presets extend each other in a cycle"
                                                        f"{_loop([*(w[0] for w in walked), current])}")
        done = scan.resolved.get(current)
        if done is not None:
            data, origins = dict(done[0]), dict(done[1])
            break
        raw, parent, parent_path = _link(current, scan)
        walked.append((current, raw, parent))
        seen.add(current)
        if parent_path is None:
            break
        if isinstance(parent_path, VariantError):
            raise parent_path
        current = parent_path
    above = current if done is not None else None  # (the file the first one walked extends, when resolved before)
    for current, raw, parent in reversed(walked):
        family, inherited = raw.get("family"), data.get("family")
        if parent is not None and family is not None and inherited is not None and family != inherited:
            raise VariantError(str(current), "family", f"is {family!r}, but it extends {parent!r}, a "
                                                       f"{inherited} preset: a preset extends one of its own game")
        # (a parent with no title is named by its file, as the preset model names it)
        told, parent_title = data.get("description"), data.get("title") or (above.stem if above else parent)
        for key, value in raw.items():
            if key in MERGED_TABLES and isinstance(value, dict) and isinstance(data.get(key), dict):
                data[key] = {**data[key], **value}
                origins |= {(key, sub): current for sub in value}
                origins[(key,)] = current  # the table as a whole was last changed here
            else:
                data[key] = value
                origins[(key,)] = current
                if isinstance(value, dict):
                    origins |= {(key, sub): current for sub in value}
        if (parent is not None and "description" not in raw and raw.get("rules") and isinstance(told, str)
                and told and not told.startswith(HOUSE_DESCRIPTION)):
            # the parent's words may be untrue of the rules changed here ("Ten hands" over
            # two contracts): house rules say only what stays true, as the editor's do
            data["description"] = house_description(parent_title)
            origins[("description",)] = current
        scan.resolved[current] = (dict(data), dict(origins))  # (copies: the next file writes over these)
        above = current
    return data, origins


def _loop(files: list[Path]) -> str:
    """A cycle of ``extends`` in words, ": x -> a -> b -> a" (a long one shortened, with
    how many presets it passes through), and which of its files are the user's, in the
    place of a shipped preset of their name (a shipped preset that extends that name
    reads the user's file: the likeliest way into a cycle)."""
    shipped = _preset_files(shipped_dir("variants"))
    ours = sorted({file for file in files if file.stem in shipped and file.resolve() != shipped[file.stem].resolve()})
    # (your file marked: "tonk-sitting (yours) -> tonk-sitting" read as a preset extending itself)
    names = [f"{file.stem} (yours)" if file in ours else file.stem for file in files]
    if len(names) <= 9:
        said = ": " + " -> ".join(names)
    else:
        said = f" through {len(names) - 1} presets: " + " -> ".join([*names[:4], "…", *names[-4:]])
    if ours:
        said += "; " + ", ".join(f"your {file} takes the place of the shipped {file.stem}" for file in ours)
    return said


def _link(path: Path, scan: _Scan) -> Link:
    """``path``'s own keys, the parent it names and that parent's file (read once in a scan)."""
    link = scan.links.get(path)
    if link is None:
        raw = read_toml(path)
        parent = raw.pop("extends", None)
        try:
            parent_path: Path | VariantError | None = None if parent is None else _parent_path(path, parent)
        except VariantError as error:
            parent_path = error
        link = scan.links[path] = (raw, parent, parent_path)
    return link


def _parent_path(path: Path, parent: Any) -> Path:
    """The file of the preset ``path`` extends (its ``extends`` is ``parent``)."""
    if not isinstance(parent, str) or not parent:
        raise VariantError(str(path), "extends", "must be a preset name or a .toml path")
    try:
        return preset_path(parent, relative_to=path.parent, skip=path, every_name=False)
    except VariantError as error:
        if parent == path.stem:
            raise VariantError(str(path), "extends", f"{parent!r} is this preset itself: a preset "
                                                     "extends another one (or a shipped preset of "
                                                     "the same name)") from None
        reason = error.reason if error.file == parent else f"{error.reason}: {error.file}"
        raise VariantError(str(path), "extends", reason) from None


def load_variant(name: str | Path) -> Any:
    """Load a preset by name (user folder, then shipped) or by path to a ``.toml`` file."""
    with _one_scan():
        path = preset_path(name)
        data, origins = resolve(path)
        return _validate(path, data, origins)


def validate_file(path: str | Path) -> Any:
    """Load and check one preset file; used by ``cardtable presets validate``."""
    return load_variant(Path(path) if not str(path).endswith(".toml") else str(path))


def _validate(path: Path, data: dict[str, Any], origins: dict[tuple[str, ...], Path]) -> Any:
    family = data.get("family")
    if family is None:
        raise VariantError(str(path), "family", f"missing: say which game it is ({', '.join(FAMILIES)})")
    if family not in FAMILIES:
        where = origins.get(("family",), path)
        raise VariantError(str(where), "family", f"unknown family {family!r} (known: {', '.join(FAMILIES)})")
    model = variant_model(family)
    data = {**data, "name": path.stem, "source": str(path)}
    try:
        return model.model_validate(data)
    except ValidationError as error:
        problems = _problems(family, model, path, data, origins, error.errors())
    first, *more = problems
    raise VariantError(first.file, first.field, first.reason, more) from None


def _problems(family: str, model: Any, path: Path, data: dict[str, Any],
              origins: dict[tuple[str, ...], Path], errors: list[Any]) -> list[VariantError]:
    """Every problem of the preset, each naming the file that set the field; a check
    across fields names the file being loaded (see below)."""
    found: dict[tuple[str | None, str], VariantError] = {}
    for item in errors:
        problem = problem_of(item, model)
        loc = problem.loc
        where = origins.get(loc[:2]) or origins.get(loc[:1]) or path
        if problem.named:
            # a check across fields names its field first; the fault may lie in another
            # field this file changed, so this file is named, and where the field was set
            note = f" ({'.'.join(loc)} is set in {where.name})" if where != path else ""
            reason, where = problem.message + note, path
        else:
            reason = _reason(family, item, problem, data)
        field = ".".join(loc) or None
        found.setdefault((field, reason), VariantError(str(where), field, reason))
    fields = {field for field, _reason in found}
    if "players" in fields:  # a players line below [rules]: the players problem says it all
        found = {key: error for key, error in found.items() if key[0] != "rules.players"}
    return list(found.values())


def _reason(family: str, error: Any, problem: Problem, data: dict[str, Any]) -> str:
    kind, loc = error["type"], problem.loc
    if kind == "extra_forbidden":
        name = loc[-1]
        if len(loc) == 2 and loc[0] == "rules":
            if name == "titles" and family != "president":
                return f"{family} has no titles (only President names its places)"
            if name in TOP_LEVEL:
                what = "a table of its own, [titles]" if name == "titles" else "a top-level key"
                return (f"{name!r} is not a knob but {what}: write it above the [rules] line "
                        f"(everything below [rules] is read as a knob)")
            return unknown_knob(family, name)
        if len(loc) == 1:
            titles = " and [titles]" if family == "president" else ""
            if name == "titles" and not titles:
                return f"{family} has no titles (only President names its places)"
            return (f"unknown key {name!r}: the top level holds only family, extends, title, "
                    f"description{', players' + titles if titles else ' and players'}; knobs go in [rules]")
        keys = _table_keys(family, loc[0]) if len(loc) == 2 else []
        if keys:  # (a typo in [titles] or players = {…}: as a knob's, with the keys the table holds)
            close = difflib.get_close_matches(name, keys, n=1)
            hint = f" — did you mean {close[0]!r}?" if close else ""
            return f"unknown key {name!r}{hint} ([{loc[0]}] holds {', '.join(keys)})"
        return f"unknown key {name!r}"
    if kind == "missing" and loc == ("players",):
        rules = data.get("rules")
        if isinstance(rules, dict) and "players" in rules:
            return ("missing at the top level: the players = … line is below [rules], where it would "
                    "be a knob (rules.players, and there is none): move it above the [rules] line")
    return problem.told(error)


def unknown_knob(family: str, name: str) -> str:
    """Why ``name`` is no knob of ``family``: another game's knob, or the closest name."""
    for other in FAMILIES:
        if other != family and name in _knob_names(other):
            return f"{name!r} is a {other} knob, not a {family} one"
    close = difflib.get_close_matches(name, _knob_names(family), n=1)
    hint = f" — did you mean {close[0]!r}?" if close else ""
    return f"unknown knob {name!r} for {family}{hint}"


def _knob_names(family: str) -> list[str]:
    return _table_keys(family, "rules")


def _table_keys(family: str, table: str) -> list[str]:
    """The keys a preset's ``[table]`` holds for ``family`` (none for an unknown table)."""
    try:
        model = variant_model(family)
    except (ImportError, ValueError):
        return []
    field = model.model_fields.get(table)
    return list(getattr(field.annotation, "model_fields", ())) if field is not None else []


Broken = list[tuple[list[str], VariantError]]
"""Presets that do not load, grouped by why: (their names, the error)."""


def survey_presets() -> tuple[dict[str, str], Broken]:
    """Every preset file (user and shipped) read once: the family of each that loads, by
    name (in :func:`preset_files` order), and those that do not, grouped by why, in name
    order (a broken file that others extend breaks those too: one reason, many names)."""
    families: dict[str, str] = {}
    problems: dict[str, tuple[list[str], VariantError]] = {}
    with _one_scan():
        for name, (path, _origin) in preset_files().items():
            try:
                families[name] = load_variant(path).family
            except VariantError as error:
                problems.setdefault(str(error), ([], error))[0].append(name)
            except ValueError:
                continue
    for names, _error in problems.values():
        names.sort()
    return families, sorted(problems.values(), key=lambda problem: problem[0][0])


def list_variants(family: str | None = None) -> list[str]:
    """Names of every preset (user and shipped) that loads, optionally of one family
    (ValueError for a family cardtable does not know); :func:`broken_presets` lists the
    others."""
    if family is not None and family not in FAMILIES:
        raise ValueError(f"unknown game family {family!r} (known: {', '.join(FAMILIES)})")
    return of_family(survey_presets()[0], family)


def of_family(families: dict[str, str], family: str | None) -> list[str]:
    """The names among ``families`` (:func:`survey_presets`) of ``family`` (None: all)."""
    return [name for name, own in families.items() if family is None or own == family]


def broken_family(path: Path) -> str | None:
    """The game of a preset file that does not load: the one it names, or its parent's (a
    file that only extends a preset, with a misspelt knob, is of its parent's game); None
    if neither can be read."""
    for read in (lambda: resolve(path)[0], lambda: read_toml(path)):
        try:
            family = read().get("family")
        except VariantError:
            continue
        return family if isinstance(family, str) else None
    return None


def listed_under(declared: str | None, family: str) -> bool:
    """Whether a preset file that does not load, of the game ``declared``
    (:func:`broken_family`), is listed with ``family``'s presets: it is of that game, or
    its game cannot be read (then with every game's, so that it is never hidden)."""
    return declared == family or declared not in FAMILIES


def broken_presets() -> Broken:
    """The presets that do not load, grouped by why: (their names, the error), in name
    order (a broken file that others extend breaks those too: one reason, many names)."""
    return survey_presets()[1]
