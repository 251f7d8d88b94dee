"""The preset shape shared by every family; families add their ``rules`` model."""

from __future__ import annotations

import re
import types
from dataclasses import dataclass
from typing import Annotated, Any, NoReturn, Self, Union, get_args, get_origin

from pydantic import BaseModel, ConfigDict, Field, ValidationError, ValidationInfo, field_validator, model_validator

from ..engine.errors import VariantError
from ..engine.words import control_character


class FrozenTable(dict):
    """The value of a table knob (``card_points``, ``title_points`` …): a dict for every
    reader (equality, JSON, TOML writing, ``model_dump``) that refuses changes, so a
    loaded preset — frozen like its model — cannot be altered through one of its tables.
    Hashable, and copied / pickled as itself."""

    __slots__ = ()

    def _refuse(self, *args: Any, **kwargs: Any) -> NoReturn:
        raise TypeError("a preset's tables are read-only (copy one with dict(...) to change it)")

    __setitem__ = __delitem__ = _refuse
    clear = pop = popitem = setdefault = update = __ior__ = _refuse

    def __hash__(self) -> int:  # type: ignore[override]
        return hash(frozenset(self.items()))

    def __reduce__(self) -> tuple[Any, ...]:
        return (type(self), (dict(self),))

    def __copy__(self) -> FrozenTable:
        return self

    def __deepcopy__(self, memo: dict[int, Any]) -> FrozenTable:
        return self


_WHOLE_NUMBER = re.compile(r"[+-]?\d+")


def _toml_shape(annotation: Any, value: Any) -> Any:
    """``value`` as TOML gives it, in the shape ``annotation`` is checked in: arrays become
    tuples for tuple knobs, and the keys of tables keyed by numbers (TOML keys are always
    text: ``{3 = 2}`` reads ``{"3": 2}``) become numbers. Nothing else is converted:
    strict checking then refuses a value of the wrong type."""
    origin, args = get_origin(annotation), get_args(annotation)
    if origin is Annotated:
        return _toml_shape(args[0], value)
    if origin in (Union, types.UnionType):
        for arg in args:
            if arg is not type(None):
                value = _toml_shape(arg, value)
        return value
    if origin is tuple and isinstance(value, (list, tuple)):
        if len(args) == 2 and args[1] is Ellipsis:
            return tuple(_toml_shape(args[0], item) for item in value)
        if len(args) == len(value):
            return tuple(_toml_shape(arg, item) for arg, item in zip(args, value))
        return tuple(value)
    if origin is dict and isinstance(value, dict) and len(args) == 2:
        key_type, item_type = args
        return {(int(key) if key_type is int and isinstance(key, str) and _WHOLE_NUMBER.fullmatch(key)
                 else key): _toml_shape(item_type, item) for key, item in value.items()}
    return value


class ReadOnly(BaseModel):
    """A frozen model whose fields refuse to be set with a TypeError in plain words (as
    its tables do), not pydantic's "Instance is frozen" ValidationError."""

    def __setattr__(self, name: str, value: Any) -> None:
        raise TypeError(f"a loaded preset is read-only: {name} cannot be set")

    def __delattr__(self, name: str) -> None:
        raise TypeError(f"a loaded preset is read-only: {name} cannot be deleted")


class Knobs(ReadOnly):
    """Base of a family's ``[rules]``: frozen, unknown knobs refused, and each field's
    docstring is its one-line description (shown by ``cardtable presets show``).

    Strict about types, as TOML writes them: a yes/no knob takes only ``true`` or
    ``false``, a number only a whole number, a word only text in quotes (``1``,
    ``"off"``, ``"2"`` or ``7.0`` are refused, not converted). Arrays are read as the
    tuples list knobs hold, and table knobs hold read-only :class:`FrozenTable` values."""

    model_config = ConfigDict(frozen=True, extra="forbid", use_attribute_docstrings=True, strict=True)

    def __setattr__(self, name: str, value: Any) -> None:
        raise TypeError(f"a loaded preset is read-only: {name} cannot be set "
                        f"(variant.changed({name}=...) makes a checked copy)")

    @classmethod
    def knob_text(cls, name: str, value: Any) -> str | None:
        """A family's own wording of knob ``name``'s value (None: :func:`value_text`'s)."""
        return None

    @model_validator(mode="before")
    @classmethod
    def _toml_shapes(cls, data: Any) -> Any:
        if isinstance(data, dict):
            fields = cls.model_fields
            data = {key: _toml_shape(fields[key].annotation, value) if key in fields else value
                    for key, value in data.items()}
        return data

    @model_validator(mode="after")
    def _read_only_tables(self) -> Knobs:
        for name, value in self.__dict__.items():
            if isinstance(value, dict) and not isinstance(value, FrozenTable):
                object.__setattr__(self, name, FrozenTable(value))
        return self


class PlayerRange(ReadOnly):
    """How many players the preset seats."""

    model_config = ConfigDict(frozen=True, extra="forbid", strict=True)
    min: int = Field(ge=2, le=8)
    max: int = Field(ge=2, le=8)

    @classmethod
    def bounds(cls) -> tuple[int, int]:
        """The fewest and the most players this range may name."""
        fields = cls.model_fields
        low = next(m.ge for m in fields["min"].metadata if getattr(m, "ge", None) is not None)
        high = next(m.le for m in fields["max"].metadata if getattr(m, "le", None) is not None)
        return low, high

    @model_validator(mode="after")
    def _ordered(self) -> PlayerRange:
        if self.min > self.max:
            raise ValueError(f"min ({self.min}) is more than max ({self.max})")
        return self


def plain_text(text: str, info: ValidationInfo | None = None) -> str:
    """``text`` if it holds no control character (a title, a description, a title name);
    else a ValueError saying which (a terminal would obey an escape in it). Validating a
    preset kept in a save (``info``'s context ``{"kept": True}``: :meth:`VariantBase.from_data`),
    the invisible characters refused only since it may have been written pass."""
    held = control_character(text, kept=bool(info is not None and info.context and info.context.get("kept")))
    if held is not None:
        raise ValueError(f"holds {held}: write plain text")
    return text


class VariantBase(ReadOnly):
    """A loaded preset. ``name`` is the file's stem; ``source`` where it was read."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    name: str = ""
    source: str = ""
    family: str
    title: str = ""
    description: str = ""
    players: PlayerRange

    @field_validator("name", "title", "description")  # (a save's preset name too: a replay prints it)
    @classmethod
    def _plain_text(cls, text: str, info: ValidationInfo) -> str:
        return plain_text(text, info)

    @field_validator("title")
    @classmethod
    def _seen_title(cls, title: str) -> str:
        if title and not title.strip():
            raise ValueError("give a title, not only spaces (or leave it out: the file's name is used)")
        return title

    @field_validator("description")
    @classmethod
    def _said_description(cls, description: str) -> str:
        """A description of only spaces says nothing: none (the start screen showed an
        empty line for it)."""
        return description if description.strip() else ""

    @model_validator(mode="after")
    def _default_title(self) -> VariantBase:
        if not self.title:
            object.__setattr__(self, "title", self.name or self.family)
        return self

    def to_data(self) -> dict[str, Any]:
        """The preset by value, for saved games."""
        return self.model_dump(mode="json")

    @classmethod
    def from_data(cls, data: dict[str, Any], kept: bool = False) -> VariantBase:
        """The preset in ``data`` (as a save stores it; ``kept``: read back from a save,
        see :func:`plain_text`); VariantError naming the first field that is wrong."""
        try:
            return cls.model_validate(data, context={"kept": kept})
        except ValidationError as error:
            first = error.errors()[0]
            problem = problem_of(first, cls)
            source = data.get("source") if isinstance(data, dict) else None
            raise VariantError(str(source or "the preset"), ".".join(problem.loc) or None,
                               problem.told(first)) from None

    def changed(self, **knobs: Any) -> Self:
        """A copy with these ``[rules]`` knobs changed, checked as a preset file is:
        ``load_variant("president-classic").changed(jokers=2)``. A table knob is one knob,
        as in a file: ``card_points={"K": 0}`` replaces the whole table. A wrong name or
        value raises VariantError naming the knob (``rules.jokers``) and the reason; this
        preset is left as it was."""
        where = f"{self.name or self.family} (changed)"
        rules = type(self.rules).model_fields  # type: ignore[attr-defined]
        for name in knobs:
            if name not in rules:
                from .loader import unknown_knob  # (the loader builds on this module)

                raise VariantError(where, f"rules.{name}", unknown_knob(self.family, name))
        data = self.to_data()
        data["rules"] = {**data["rules"], **knobs}
        data["source"] = where
        return self.from_data(data)  # type: ignore[return-value]

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, VariantBase):
            return NotImplemented
        return self.model_dump(exclude={"source"}) == other.model_dump(exclude={"source"})

    __hash__ = None  # type: ignore[assignment]


def shown_value(value: Any) -> str:
    """A value as a preset or a save wrote it: ``true`` / ``false`` for booleans (TOML and
    JSON both write them so), other values as Python shows them (``'always'``, ``1``)."""
    if isinstance(value, bool):
        return "true" if value else "false"
    return repr(value)


def describe_rules(rules: BaseModel) -> list[tuple[str, Any, str, Any]]:
    """Every knob of ``rules`` as (name, value, one-line description, default)."""
    rows = []
    for name, info in type(rules).model_fields.items():
        default = info.get_default(call_default_factory=True)
        rows.append((name, getattr(rules, name), info.description or "", default))
    return rows


def value_text(value: Any, name: str = "", rules: type[Knobs] | None = None, minus: str = "-") -> str:
    """A knob's value in plain words: yes / no, none, lists comma-separated, tables as
    ``key: value``, a number below zero with ``minus`` (the TUI passes its theme's "−"); the
    family's ``rules`` model may word its own knob ``name`` (Shanghai's contracts read
    "hand 2: 1 set of 3 + 1 run of 4", one hand a line)."""
    if rules is not None and name:
        own = rules.knob_text(name, value)
        if own is not None:
            return own
    if value is None:
        return "none"
    if isinstance(value, bool):
        return "yes" if value else "no"
    if isinstance(value, int) and value < 0:
        return f"{minus}{-value}"
    if isinstance(value, dict):
        return ", ".join(f"{k}: {value_text(v, minus=minus)}" for k, v in value.items()) or "—"
    if isinstance(value, (list, tuple)):
        return ", ".join(value_text(v, minus=minus) for v in value) or "—"
    return str(value)


@dataclass(frozen=True)
class Problem:
    """One complaint of a ValidationError in a preset's words (:func:`problem_of`)."""

    loc: tuple[str, ...]
    """The field reported: ``("rules", "decks")``, ``("players",)``; a problem inside a
    list or table knob is put on the knob (the message says where in it)."""
    message: str
    """What is wrong, in TOML words ("should be true or false")."""
    named: bool = False
    """A check across fields named ``loc`` (pydantic put it elsewhere)."""
    shows_value: bool = True
    """Whether "(got …)" with the offending value would help (not for a key's problem)."""

    def told(self, error: Any) -> str:
        """The message, with "(got …)" and the value ``error`` (pydantic's) was given
        when it helps: not for a missing or unknown key, nor a whole table."""
        value = error.get("input")
        if self.shows_value and error["type"] not in ("missing", "extra_forbidden") \
                and not isinstance(value, dict):
            return f"{self.message} (got {shown_value(value)})"
        return self.message


def _table_example(loc: tuple[str, ...]) -> str:
    if loc == ("players",):
        return "e.g. players = {min = 3, max = 6}"
    return "written {name = value, …}"


def _toml_words(kind: str, loc: tuple[str, ...], message: str) -> str:
    """A pydantic message about ``loc`` said in the words of TOML, not of Python."""
    if kind in ("bool_type", "bool_parsing"):
        return "should be true or false"
    if kind in ("int_type", "int_parsing", "int_from_float"):
        return "should be a whole number"
    if kind in ("string_type", "string_unicode"):
        return 'should be text in "quotes"'
    if kind in ("tuple_type", "list_type", "set_type", "frozen_set_type"):
        return "should be a list, written in [ ]"  # (TOML's word; "tuple" is Python's)
    if kind in ("dict_type", "mapping_type", "model_type", "model_attributes_type"):
        if len(loc) == 1 and loc[0] in ("rules", "titles"):
            entries = "knobs" if loc[0] == "rules" else "names"
            return (f"should be a table: write [{loc[0]}] on a line of its own, "
                    f"and the {entries} on the lines below it")
        return f"should be a table, {_table_example(loc)}"
    if kind == "extra_forbidden":
        return "unknown key"
    if kind == "missing":
        if loc == ("players",):
            return "missing: say how many players, e.g. players = {min = 3, max = 6}"
        return "missing"
    return message.removeprefix("Value error, ").replace("Input should be", "should be", 1)


def _inside(parts: tuple[Any, ...], table: bool) -> str:
    """Where in a list or table knob: "entry 2", "entry 1.2.2" (contracts), "the value
    for 'K'" (``table``: the first part is a key of the table)."""
    if table:
        rest = f" (entry {_inside(parts[1:], False)})" if parts[1:] else ""
        return f"the value for {parts[0]!r}{rest}"
    return "entry " + ".".join(str(part + 1) if isinstance(part, int) else repr(part) for part in parts)


def _is_table(model: Any, loc: tuple[str, ...]) -> bool:
    """Whether ``loc`` (section, knob) of the preset ``model`` is a table (dict) knob."""
    try:
        section = model.model_fields[loc[0]].annotation
        annotation = section.model_fields[loc[1]].annotation
    except (AttributeError, KeyError, IndexError):
        return False
    return get_origin(annotation) is dict


def problem_of(error: Any, model: Any = None) -> Problem:
    """One of a ValidationError's ``errors()`` as a :class:`Problem`. A check across
    fields names its field first ("wilds: lists JK …"): that field is the one reported.
    ``model`` (the preset's model) tells a table knob's keys from a list's positions."""
    raw = tuple(error["loc"])
    loc = tuple(str(part) for part in raw)
    kind = str(error.get("type", ""))
    message = str(error["msg"])
    if kind == "value_error" and len(loc) <= 1:  # a model's check across its fields
        text = message.removeprefix("Value error, ")
        head, sep, rest = text.partition(": ")
        if sep and head.replace("_", "").replace(".", "").isalpha() and head.islower():
            return Problem((*loc, *head.split(".")), rest, named=True)
    if len(loc) > 2 and loc[0] in ("rules", "titles"):
        inner = raw[2:]
        words = _toml_words(kind, loc, message)
        if inner[-1] == "[key]":
            return Problem(loc[:2], f"the key {inner[0]!r} {words}", shows_value=False)
        table = _is_table(model, loc) if model is not None else not isinstance(inner[0], int)
        return Problem(loc[:2], f"{_inside(inner, table)} {words}")
    seats = _family_seats(model) if loc[:1] == ("players",) and kind in _OUT_OF_RANGE else None
    if seats is not None:
        return Problem(loc, seats)
    between = _knob_range(model, loc) if kind in _OUT_OF_RANGE else ""
    if between:  # (as the house-rules editor says it: "should be 2–4 (got 5)")
        return Problem(loc, f"should be {between}")
    # (a check of a whole list says what is wrong in it: the list itself is not repeated)
    listed = kind == "value_error" and isinstance(error.get("input"), (list, tuple))
    return Problem(loc, _toml_words(kind, loc, message), shows_value=not listed)


_OUT_OF_RANGE = ("greater_than_equal", "less_than_equal")


def _family_seats(model: Any) -> str | None:
    """"should be 2–5: Tonk seats 2 to 5 players", for a family whose player range is its own (a
    :class:`PlayerRange` subclass); None for the shape's general 2 to 8."""
    fields = getattr(model, "model_fields", {})
    players = fields["players"].annotation if "players" in fields else None
    if not isinstance(players, type) or players is PlayerRange or not issubclass(players, PlayerRange):
        return None
    low, high = players.bounds()
    family = str(fields["family"].default)
    return f"should be {range_words(low, high)}: {family.capitalize()} seats {low} to {high} players"


def field_bounds(metadata: Any) -> tuple[int | None, int | None]:
    """A number field's lowest and highest allowed values (its ``ge`` and ``le``; None: no bound)."""
    low = high = None
    for item in metadata:
        low = getattr(item, "ge", low)
        high = getattr(item, "le", high)
    return low, high


def _knob_range(model: Any, loc: tuple[str, ...]) -> str:
    """"2–4", "0 or more": the range of the number field at ``loc`` of ``model``
    (``("rules", name)``, ``("players", "max")``; :func:`range_words`), "" for none there."""
    fields = getattr(model, "model_fields", {}) if model is not None else {}
    for part in loc[:-1]:
        outer = fields.get(part)
        fields = getattr(outer.annotation, "model_fields", {}) if outer is not None else {}
    field = fields.get(loc[-1]) if loc else None
    return range_words(*field_bounds(field.metadata)) if field is not None else ""


def range_words(low: int | None, high: int | None) -> str:
    """A number's allowed range in words: "2–4" ("-1000 to 1000" where a dash would read
    as a minus sign), "0 or more", "at most 9"; "" for no bound."""
    if low is not None and high is not None:
        return f"{low} to {high}" if low < 0 else f"{low}–{high}"
    if low is not None:
        return f"{low} or more"
    return f"at most {high}" if high is not None else ""


def field_problem(error: Any, model: Any = None) -> tuple[tuple[str, ...], str]:
    """One of a ValidationError's ``errors()`` as (field path, message): see :func:`problem_of`."""
    problem = problem_of(error, model)
    return problem.loc, problem.message
