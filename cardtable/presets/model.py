"""The preset shape shared by every family; families add their ``rules`` model."""

from __future__ import annotations

from typing import Any

from pydantic import BaseModel, ConfigDict, Field, ValidationError, model_validator

from ..engine.errors import VariantError


class Knobs(BaseModel):
    """Base of a family's ``[rules]``: frozen, unknown knobs refused, and each field's
    docstring is its one-line description (shown by ``cardtable presets show``)."""

    model_config = ConfigDict(frozen=True, extra="forbid", use_attribute_docstrings=True)

    @classmethod
    def knob_text(cls, name: str, value: Any) -> str | None:
        """A family's own wording of knob ``name``'s value (None: :func:`value_text`'s)."""
        return None


class PlayerRange(BaseModel):
    """How many players the preset seats."""

    model_config = ConfigDict(frozen=True, extra="forbid")
    min: int = Field(ge=2, le=8)
    max: int = Field(ge=2, le=8)

    @model_validator(mode="after")
    def _ordered(self) -> PlayerRange:
        if self.min > self.max:
            raise ValueError(f"min ({self.min}) is more than max ({self.max})")
        return self


class VariantBase(BaseModel):
    """A loaded preset. ``name`` is the file's stem; ``source`` where it was read."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    name: str = ""
    source: str = ""
    family: str
    title: str = ""
    description: str = ""
    players: PlayerRange

    @model_validator(mode="after")
    def _default_title(self) -> VariantBase:
        if not self.title:
            object.__setattr__(self, "title", self.name or self.family)
        return self

    def to_data(self) -> dict[str, Any]:
        """The preset by value, for saved games."""
        return self.model_dump(mode="json")

    @classmethod
    def from_data(cls, data: dict[str, Any]) -> VariantBase:
        """The preset in ``data`` (as a save stores it); VariantError naming the first
        field that is wrong."""
        try:
            return cls.model_validate(data)
        except ValidationError as error:
            field, message = field_problem(error.errors()[0])
            source = data.get("source") if isinstance(data, dict) else None
            raise VariantError(str(source or "the preset"), ".".join(field) or None, message) from None

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, VariantBase):
            return NotImplemented
        return self.model_dump(exclude={"source"}) == other.model_dump(exclude={"source"})

    __hash__ = None  # type: ignore[assignment]


def describe_rules(rules: BaseModel) -> list[tuple[str, Any, str, Any]]:
    """Every knob of ``rules`` as (name, value, one-line description, default)."""
    rows = []
    for name, info in type(rules).model_fields.items():
        default = info.get_default(call_default_factory=True)
        rows.append((name, getattr(rules, name), info.description or "", default))
    return rows


def value_text(value: Any, name: str = "", rules: type[Knobs] | None = None) -> str:
    """A knob's value in plain words: yes / no, none, lists comma-separated, tables as
    ``key: value``; the family's ``rules`` model may word its own knob ``name`` (Shanghai's
    contracts read "hand 2: 1 set of 3 + 1 run of 4", one hand a line)."""
    if rules is not None and name:
        own = rules.knob_text(name, value)
        if own is not None:
            return own
    if value is None:
        return "none"
    if isinstance(value, bool):
        return "yes" if value else "no"
    if isinstance(value, dict):
        return ", ".join(f"{k}: {value_text(v)}" for k, v in value.items()) or "—"
    if isinstance(value, (list, tuple)):
        return ", ".join(value_text(v) for v in value) or "—"
    return str(value)


def field_problem(error: Any) -> tuple[tuple[str, ...], str]:
    """One of a ValidationError's ``errors()`` as (field path, message). A check across
    fields names its field first ("wilds: lists JK …"): that field is the one reported."""
    loc = tuple(str(part) for part in error["loc"])
    message = str(error["msg"]).removeprefix("Value error, ")
    head, sep, rest = message.partition(": ")
    if sep and head.replace("_", "").replace(".", "").isalpha() and head.islower():
        return (*loc, *head.split(".")), rest
    return loc, message
