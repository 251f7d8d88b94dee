"""``cardtable presets``: list, show and validate presets; and what a preset error says
of the preset a command was given."""

from __future__ import annotations

import argparse
from pathlib import Path

from rich.table import Table
from rich.text import Text

from ..engine.errors import VariantError
from ..engine.registry import FAMILIES, FAMILY_TITLES
from ..paths import user_dir, user_path
from ..presets import describe_rules, load_variant, value_text
from ..presets.loader import broken_family, listed_under, preset_files, preset_path, read_toml, unread_presets
from .options import A_PRESET, given
from .output import Console


PRESET_ACTIONS = ("list", "show", "validate")
"""The commands of ``cardtable presets``."""


def add_commands(sub: argparse._SubParsersAction) -> None:
    """``presets`` (alone: ``presets list``), ``presets list``, ``show`` and ``validate``."""
    presets = sub.add_parser("presets", help="list, show and validate presets (alone: list them)")
    presets.set_defaults(handler=_presets_list, game=None)  # (`cardtable presets` is `presets list`)
    presets_sub = presets.add_subparsers(dest="action")
    listing = presets_sub.add_parser("list", help="every preset, shipped and your own")
    listing.add_argument("--game", choices=FAMILIES)
    listing.set_defaults(handler=_presets_list)
    show = presets_sub.add_parser("show", help="every knob of a preset in plain words")
    show.add_argument("name", type=given(A_PRESET, option=False))
    show.set_defaults(handler=_presets_show)
    validate = presets_sub.add_parser("validate", help="check a preset file")
    validate.add_argument("file", type=given("a preset file", option=False))
    validate.set_defaults(handler=_presets_validate)
    for command in presets_sub.choices.values():  # (the innermost's defaults win)
        command.set_defaults(commands=(presets, command))


def _presets_list(args: argparse.Namespace) -> int:
    console = Console()
    table = Table(title="Presets")
    table.add_column("name", no_wrap=True)
    table.add_column("game")
    table.add_column("title")
    table.add_column("players", no_wrap=True)
    table.add_column("from", no_wrap=True)
    wide = console.width >= 110  # else the descriptions (see `presets show`) would not fit
    if wide:
        table.add_column("description", min_width=24)
    broken: dict[str, list[str]] = {}
    rows: list[tuple[tuple[int, str], tuple[str | Text, ...]]] = []  # ((game's menu place, name), cells)
    order = {family: index for index, family in enumerate(FAMILIES)}
    for name, (path, origin) in preset_files().items():
        try:
            variant = load_variant(path)
        except VariantError as error:
            declared = broken_family(path)
            if not args.game or listed_under(declared, args.game):
                broken.setdefault(str(error), []).append(name)
                rows.append(((order.get(declared or "", len(order)), name),
                             (Text(name), FAMILY_TITLES.get(declared or "", "?"), Text("does not load", "red"), "",
                              origin, *([Text("see below", "red")] if wide else []))))
            continue
        if args.game and variant.family != args.game:
            continue
        rows.append(((order[variant.family], name),
                     (Text(name), FAMILY_TITLES[variant.family], Text(variant.title),
                      f"{variant.players.min}–{variant.players.max}", origin,
                      *([Text(variant.description)] if wide else []))))
    for _key, cells in sorted(rows):
        table.add_row(*cells)
    console.print(table)
    # (each note whole, however narrow the terminal: the terminal wraps it, never cutting a
    # path in two with a line break that a copy would keep)
    for reason, names in broken.items():
        console.print(Text.assemble(("Does not load:", "red"), f" {', '.join(names)}: {reason}"), highlight=False,
                      soft_wrap=True)
    for unread, read in unread_presets():  # (a backup in a folder below is no preset of its own)
        why = "nearer the top of your presets folder" if len(read.parts) < len(unread.parts) else "first by path"
        console.print(Text.assemble(("Not read:", "yellow"), f" {unread}: the {read.stem} preset is {read} ({why})"),
                      highlight=False, soft_wrap=True)
    console.print(Text(f"Your presets: {user_dir('variants')}"), highlight=False, soft_wrap=True)
    return 0


def _presets_show(args: argparse.Namespace) -> int:
    variant = load_variant(args.name)
    console = Console()
    console.print(Text.assemble((variant.title, "bold"), f" — {FAMILY_TITLES[variant.family]} · {variant.name} "
                                f"({variant.players.min}–{variant.players.max} players)\n{variant.description}"))
    console.print(Text(str(variant.source), "dim"), soft_wrap=True)  # (a path is never cut: it can be copied)
    table = Table(show_lines=False)
    table.add_column("knob", no_wrap=True)
    table.add_column("value")
    table.add_column("what it means")
    rules = type(variant.rules)
    for name, value, description, default in describe_rules(variant.rules):
        words, was = value_text(value, name, rules), value_text(default, name, rules)
        shown = Text.assemble(words, ("" if words == was else f"  (default {was})", "dim"))
        table.add_row(name, shown, description)
    console.print(table)
    titles = getattr(variant, "titles", None)
    if titles is not None:
        console.print(Text("Titles: " + ", ".join(f"{k} = {v}" for k, v in titles.model_dump().items())))
    return 0


def _presets_validate(args: argparse.Namespace) -> int:
    """``presets validate FILE``: FILE is always read as a file, with or without ``.toml``."""
    path = _as_file(args.file)
    try:
        exists = Path(path).exists()
        with_suffix = not exists and Path(path + ".toml").is_file()
    except OSError as error:  # a name too long for the file system, a folder it may not read
        raise VariantError(path, None, f"cannot be read: {error.strerror or error}") from None
    named = None if exists else preset_files().get(args.file)
    if named is not None:
        raise VariantError(path, None, f"no such file; {args.file!r} is a preset name: "
                                       f"`cardtable presets show {args.file}` shows it, and its file is "
                                       f"{named[0]}")
    if with_suffix:
        raise VariantError(path, None, f"no such file; did you mean {args.file}.toml?")
    variant = load_variant(path)
    Console(soft_wrap=True).print(Text.assemble(("ok", "green"), f" {variant.source}: {FAMILY_TITLES[variant.family]} preset "
                                  f"{variant.title!r}, {variant.players.min}–{variant.players.max} players"))
    return 0


def _as_file(text: str) -> str:
    """``text`` as an absolute path, so that ``load_variant`` reads it as a file and never
    looks it up as a preset name (a bare ``house-rules`` is the file in this folder)."""
    try:
        return str(user_path(text).absolute())
    except ValueError as error:
        raise VariantError(text, None, str(error)) from None


def _asked_preset(args: argparse.Namespace) -> str | None:
    """The preset a command was given: ``--preset``, ``presets show NAME``, ``presets validate FILE``."""
    handler = getattr(args, "handler", None)
    if handler is _presets_show:
        return str(args.name)
    if handler is _presets_validate:
        return str(args.file)
    preset = getattr(args, "preset", None)
    return preset if isinstance(preset, str) else None


def via_parent(args: argparse.Namespace, error: VariantError) -> str:
    """" kid extends midbroken, which does not load:" when the preset the command was
    given loads no further than a parent's problem (the error names the file at fault,
    not the one asked for); "" when the problem is in the asked file itself."""
    asked = _asked_preset(args)
    if not asked:
        return ""
    try:
        path = preset_path(_as_file(asked) if args.handler is _presets_validate else asked)
        if path.resolve() == Path(error.file).resolve():
            return ""
        parent = read_toml(path).get("extends")
    except (VariantError, OSError):
        return ""
    if not isinstance(parent, str):
        return ""
    return f" {asked} extends {parent}, which does not load:"
