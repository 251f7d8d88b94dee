"""Writing the user's own presets: a :class:`Draft` of house rules checked by the
family's pydantic model (the loader's), rendered as a commented TOML file holding
``extends`` and only the knobs that differ from the parent, and written atomically
(temp file + ``os.replace``) into the user's preset folder, under a name checked here.
The preset menu's file chores (rename, duplicate, delete, export, import) are :mod:`.files`'.

Headless (no textual, no rich); the TUI's editor only drives a Draft.
"""

from __future__ import annotations

import itertools
import json
import os
import re
import stat
import tempfile
import unicodedata
from contextlib import suppress
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from pydantic import BaseModel, ValidationError

from ..engine.registry import variant_model
from ..paths import user_dir
from .groups import format_text
from .loader import HOUSE_DESCRIPTION, house_description, load_variant, preset_files, preset_path, read_toml
from .model import field_problem

MAX_NAME = 40
"""The longest a preset's name may be."""

NAME_PATTERN = re.compile(rf"[A-Za-z0-9][A-Za-z0-9_-]{{0,{MAX_NAME - 1}}}")
"""A preset name: letters, digits, ``-`` and ``_``, at most :data:`MAX_NAME`, as the file's stem."""

META = ("title", "description")

HOUSE_TITLE = " (house rules)"
_HOUSE_SUFFIX = re.compile(r" \(house rules( on [^()]*)?\)$")
"""A title's house-rules ending, plain or naming the preset it changes."""


# ---------------------------------------------------------------------- checking
def field_errors(error: ValidationError, model: Any = None) -> dict[str, str]:
    """The model's complaints keyed by field path ("rules.wilds", "players.max", "title").

    A cross-field check names its field first ("wilds: lists JK …"), as the loader
    reads it; the message is then put on that field. ``model`` (the preset's) tells a
    table knob's keys from a list's positions in the messages."""
    found: dict[str, str] = {}
    for item in error.errors():
        loc, message = field_problem(item, model)
        found.setdefault(".".join(loc[:2]) or "preset", message)
    return found


def _plain(value: Any) -> Any:
    if isinstance(value, BaseModel):
        return value.model_dump()
    return value


@dataclass
class Draft:
    """House rules being edited: the values of every field, and what they start from.

    ``extends`` is written as it stands (a preset name or a relative ``.toml`` path);
    ``parent`` is that preset loaded (None: the family's defaults, no ``extends``)."""

    family: str
    extends: str | None
    parent: Any | None
    values: dict[str, Any] = field(default_factory=dict)
    path: Path | None = None
    """Where an edited preset lives (saving writes there); None for new house rules."""

    # ------------------------------------------------------------------ starting points
    @classmethod
    def from_variant(cls, variant: Any, extends: str | None, parent: Any | None) -> Draft:
        dump = variant.model_dump()
        values = {"title": dump["title"], "description": dump["description"],
                  "players": dict(dump["players"]), "rules": dict(dump["rules"])}
        if "titles" in dump:
            values["titles"] = dict(dump["titles"])
        return cls(variant.family, extends, parent, values)

    @classmethod
    def new_from(cls, name: str) -> Draft:
        """New house rules that extend the preset ``name`` (shipped or the user's)."""
        parent = load_variant(name)
        draft = cls.from_variant(parent, name, parent)
        base = _HOUSE_SUFFIX.sub("", parent.title)
        # House rules on house rules name the preset they change ("Tonk (house rules on
        # kitchen)"), never "(house rules) (house rules)": told apart from their parent in
        # the history and the statistics, which know matches by title.
        draft.values["title"] = f"{base} (house rules on {name})" if base != parent.title else f"{base}{HOUSE_TITLE}"
        # Only what stays true whatever is changed next (the parent's own words, "2s high",
        # may not); house rules on house rules say it once.
        if not parent.description.startswith(HOUSE_DESCRIPTION):
            draft.values["description"] = house_description(parent.title)
        return draft

    @classmethod
    def of_user_preset(cls, name: str) -> Draft:
        """The user's preset ``name``, to edit; it keeps its ``extends``."""
        path = user_preset_path(name)
        raw = read_toml(path)
        extends = raw.get("extends")
        parent = None
        if isinstance(extends, str) and extends:
            parent = load_variant(preset_path(extends, relative_to=path.parent, skip=path.resolve(), every_name=False))
        draft = cls.from_variant(load_variant(path), extends, parent)
        draft.path = path
        return draft

    # ------------------------------------------------------------------ values
    def model(self) -> type[Any]:
        return variant_model(self.family)

    def rules_model(self) -> type[BaseModel]:
        return self.model().model_fields["rules"].annotation

    def titles_model(self) -> type[BaseModel] | None:
        info = self.model().model_fields.get("titles")
        return info.annotation if info is not None else None

    def inherited(self, section: str, key: str | None = None) -> Any:
        """The value ``section`` (or ``section.key``) has in the parent (or by default)."""
        if self.parent is not None:
            value = _plain(getattr(self.parent, section))
            return value.get(key) if key is not None else value
        if section == "rules":
            return getattr(self.rules_model()(), key or "")
        if section == "titles":
            titles = self.titles_model()
            return getattr(titles(), key or "") if titles is not None else None
        if section == "players":
            return None
        return ""

    def set(self, path: str, value: Any) -> None:
        """Set ``title``, ``players.min``, ``rules.KNOB`` or ``titles.KEY``."""
        section, _, key = path.partition(".")
        if key:
            self.values[section][key] = value
        else:
            self.values[section] = value

    def get(self, path: str) -> Any:
        section, _, key = path.partition(".")
        return self.values[section][key] if key else self.values[section]

    def data(self, name: str) -> dict[str, Any]:
        """The preset as the loader would see it after ``extends`` is applied."""
        return {"family": self.family, "name": name, **{k: self.values[k] for k in META},
                "players": dict(self.values["players"]), "rules": dict(self.values["rules"]),
                **({"titles": dict(self.values["titles"])} if "titles" in self.values else {})}

    def check(self, name: str = "draft") -> tuple[Any | None, dict[str, str]]:
        """The validated preset (None while invalid) and every problem by field path."""
        try:
            variant = self.model().model_validate(self.data(name))
        except ValidationError as error:
            return None, field_errors(error, self.model())
        problems = self._unwritable(variant)
        return (None if problems else variant), problems

    def seat_range(self) -> tuple[int, int] | None:
        """The widest range of players the family's model allows with these rules, as
        (fewest, most), tried within the preset shape's bounds (Tonk seats 2 to 5;
        Shanghai refuses 2 when a contract needs more cards than two players can hold,
        and a count with no entry in ``decks_by_players``; President's titled places need
        ``players.max`` large enough). None while the rules themselves do not read, since
        the model then never gets to the players."""
        rules_data = dict(self.values["rules"])
        try:
            self.rules_model().model_validate(rules_data)
        except ValidationError:
            return None
        lowest, highest = self.model().model_fields["players"].annotation.bounds()
        def seats(low: int, high: int) -> bool:
            data = {**self.data("draft"), "players": {"min": low, "max": high}}
            try:
                self.model().model_validate(data)
            except ValidationError as error:  # (the rules read alone: a complaint about them
                # here is a check across rules and players, e.g. no decks for 7 players)
                return not any(path.split(".")[0] in ("players", "rules")
                               for path in field_errors(error, self.model()))
            return True

        widest = sorted(((low, high) for low in range(lowest, highest + 1) for high in range(low, highest + 1)),
                        key=lambda pair: (pair[0] - pair[1], pair[0]))
        return next((pair for pair in widest if seats(*pair)), None)

    def _unwritable(self, variant: Any) -> dict[str, str]:
        problems = {}
        for section in ("rules", "titles"):
            for key, value in _plain(getattr(variant, section, None) or {}).items():
                if value is None and self.inherited(section, key) is not None:
                    problems[f"{section}.{key}"] = ("cannot be emptied: the parent sets it and a "
                                                    "preset file has no way to write 'none'")
        return problems

    # ------------------------------------------------------------------ diff and text
    def changes(self, variant: Any) -> dict[str, Any]:
        """Only what differs from the parent: meta keys, ``players``, and the changed
        knobs of ``rules`` / ``titles`` (all of them when there is no parent)."""
        out: dict[str, Any] = {}
        for key in META:
            if self.parent is None or self.values[key] != getattr(self.parent, key):
                out[key] = self.values[key]
        players = variant.players.model_dump()
        if self.parent is None or players != self.parent.players.model_dump():
            out["players"] = players
        for section in ("rules", "titles"):
            current = _plain(getattr(variant, section, None))
            if current is None:
                continue
            changed = {k: v for k, v in current.items()
                       if v is not None and (self.parent is None or v != self.inherited(section, k))}
            if changed:
                out[section] = changed
        if "rules" in out and "description" not in out and self.parent is not None:
            # house rules without a description of their own are told "House rules on …"
            # (the loader's rule): words kept equal to the parent's are written, not lost
            out["description"] = self.values["description"]
        return out

    def render(self, name: str) -> str:
        """The commented TOML file of this draft; ValueError if the draft is invalid."""
        variant, problems = self.check(name)
        if variant is None:
            first = next(iter(problems.items()))
            raise ValueError(f"{first[0]}: {first[1]}")
        changes = self.changes(variant)
        descriptions = {spec: " ".join((info.description or "").split())
                        for spec, info in self.rules_model().model_fields.items()}
        base = f'"{self.extends}"' if self.extends else f"the {self.family} defaults"
        lines = [f"# {variant.title}: house rules made with the cardtable preset editor.",
                 f"# Starts from {base}; only what differs from it is written here.",
                 f"family = {toml_value(self.family)}"]
        if self.extends:
            lines.append(f"extends = {toml_value(self.extends)}")
        for key in (*META, "players"):
            if key in changes:
                lines.append(f"{key} = {toml_value(changes[key])}")
        for section in ("rules", "titles"):
            if section not in changes:
                continue
            lines += ["", f"[{section}]"]
            for key, value in changes[section].items():
                if section == "rules" and descriptions.get(key):
                    lines.append(f"# {descriptions[key]}")
                was = self.inherited(section, key)
                if key == "contracts":
                    lines.append(f"{_key(key)} = {_contracts_text(value, was if self.extends else None)}")
                    continue
                shown = "not set" if was is None else toml_value(was)
                note = f"   # was {shown}" if self.extends else ""
                lines.append(f"{_key(key)} = {toml_value(value)}{note}")
        return "\n".join(lines) + "\n"

    def save(self, name: str) -> Path:
        """Write the draft as the user's preset ``name``; the file must load back."""
        text = self.render(name)
        path = self.path or user_dir("variants") / f"{name}.toml"
        write_atomic(path, text, check=True)
        return path


# ---------------------------------------------------------------------- TOML text
def _contracts_text(contracts: Any, was: Any) -> str:
    """Shanghai's contracts as a TOML array, a hand a line; with ``was`` (the inherited
    contracts), each changed hand says what it was ("# was set 3, run 4"), an added one
    "# new", and the hands taken off the end are listed as they were."""
    lines = []
    for number, hand in enumerate(contracts):
        note = ""
        if was is not None:
            before = was[number] if number < len(was) else None
            if before is None:
                note = "   # new"
            elif toml_value(before) != toml_value(hand):
                note = f"   # was {format_text('contracts', (before,))}"
        lines.append(f"  {toml_value(hand)},{note}")
    for before in (was or ())[len(contracts):]:
        lines.append(f"  # was also {format_text('contracts', (before,))}")
    return "[\n" + "\n".join(lines) + "\n]"


def _key(key: Any) -> str:
    text = str(key)
    return text if re.fullmatch(r"[A-Za-z0-9_-]+", text) else json.dumps(text, ensure_ascii=False)


def toml_value(value: Any) -> str:
    """``value`` as TOML (strings, booleans, integers, arrays, inline tables)."""
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, int):
        return str(value)
    if isinstance(value, str):
        return json.dumps(value, ensure_ascii=False)
    if isinstance(value, dict):
        return "{ " + ", ".join(f"{_key(k)} = {toml_value(v)}" for k, v in value.items()) + " }" if value else "{}"
    if isinstance(value, (list, tuple)):
        return "[" + ", ".join(toml_value(v) for v in value) + "]"
    if value is None:
        raise ValueError("TOML has no 'none' value")
    raise TypeError(f"cannot write {value!r} as TOML")


class LoadsDifferently(Exception):
    """A copied preset file loads, but as other rules than the file it was copied from
    (e.g. its relative ``extends`` finds another parent in the new folder)."""


def write_atomic(path: Path, text: str, check: bool = False, same_as: Any = None) -> None:
    """Write ``text`` to ``path`` through a temp file in the same folder and
    ``os.replace``, so a reader sees the old file or the new one, never half of one.
    ``check``: the temp file must load as a preset first (VariantError otherwise).
    ``same_as``: a loaded preset the temp file must load equal to (:func:`same_preset`),
    else :class:`LoadsDifferently` and ``path`` is left as it was."""
    path.parent.mkdir(parents=True, exist_ok=True)
    handle, temp = tempfile.mkstemp(dir=path.parent, prefix=f".{path.name}.", suffix=".tmp")
    try:
        with os.fdopen(handle, "w", encoding="utf-8") as out:
            out.write(text)
            out.flush()
            os.fsync(out.fileno())
        if check or same_as is not None:
            loaded = load_variant(temp)
            if same_as is not None and not same_preset(loaded, same_as):
                raise LoadsDifferently(f"{path}: the copy would load as other rules than {same_as.source}")
        os.chmod(temp, _file_mode(path))
        os.replace(temp, path)
    except BaseException:
        with suppress(OSError):
            os.unlink(temp)
        raise


def _umask() -> int:
    mask = os.umask(0)  # (the only way to read it; done once, at import, before any thread)
    os.umask(mask)
    return mask


_NEW_FILE_MODE = 0o666 & ~_umask()
"""The permissions ``open`` gives a new file here (0o644 under the usual umask)."""


def _file_mode(path: Path) -> int:
    """The permissions ``path`` keeps, or a new file's (as ``open`` would make it: a preset
    is a file to share, not the temp file's owner-only one)."""
    try:
        return stat.S_IMODE(path.stat().st_mode)
    except OSError:
        return _NEW_FILE_MODE


def same_preset(one: Any, other: Any) -> bool:
    """Whether two loaded presets play the same: family, players, rules, titles and
    description equal, and the same title — or both left to default to their file name.
    Where they were read from (``name``, ``source``) does not count."""
    def body(variant: Any) -> dict[str, Any]:
        return variant.model_dump(exclude={"name", "source", "title"})

    def title(variant: Any) -> str | None:
        return None if variant.title == variant.name else variant.title

    return body(one) == body(other) and title(one) == title(other)


# ---------------------------------------------------------------------- file chores
def name_problem(name: str) -> str | None:
    """Why ``name`` cannot be a new preset's name, or None."""
    if not NAME_PATTERN.fullmatch(name):
        return f"use letters, digits, - and _ (at most {MAX_NAME}), e.g. our-table"
    found = preset_files().get(name)
    if found is not None:
        mine = "one of your presets" if found[1] == "user" else "a shipped preset"
        return f"{mine} is already called {name!r}"
    return None


def free_name(wanted: str, ending: str = "") -> str:
    """A name no preset has, as near ``wanted`` + ``ending`` as names allow: accents
    dropped, other characters made "-", ``wanted`` cut to fit (the ending whole), then
    "-2", "-3"… until free ("Our table!" is "Our-table", a taken "forseti-house" is
    "forseti-house-2")."""
    base = _cleaned(wanted)
    for number in itertools.count(1):
        suffix = ending + ("" if number == 1 else f"-{number}")
        name = base[:MAX_NAME - len(suffix)].rstrip("-_") + suffix
        if name_problem(name) is None:
            return name
    raise AssertionError("unreachable: the numbers run out after the names")


def _cleaned(wanted: str) -> str:
    """``wanted`` as a preset's name may be written: accents dropped, other characters "-"."""
    plain = "".join(c for c in unicodedata.normalize("NFKD", wanted) if not unicodedata.combining(c))
    return re.sub(r"[^A-Za-z0-9_-]+", "-", plain).lstrip("-_").rstrip("-") or "preset"


def import_name(stem: str) -> str:
    """The name offered for a preset file called ``stem`` when that cannot be its name:
    the stem cleaned ("Our table!" is "Our-table"), or, that name taken, with "-imported"
    ("our table.toml" beside a preset our-table is offered "our-table-imported")."""
    cleaned = _cleaned(stem)[:MAX_NAME].rstrip("-_")
    if not NAME_PATTERN.fullmatch(stem) and name_problem(cleaned) is None:
        return cleaned
    return free_name(stem, "-imported")


def is_user_preset(name: str) -> bool:
    found = preset_files().get(name)
    return found is not None and found[1] == "user"


def user_preset_path(name: str) -> Path:
    """The file of the user's preset ``name``; ValueError for shipped or unknown names."""
    found = preset_files().get(name)
    if found is None or found[1] != "user":
        raise ValueError(f"{name!r} is not one of your presets (shipped presets are not changed)")
    return found[0]
