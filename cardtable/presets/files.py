"""The preset menu's file chores on the user's presets: rename, duplicate and delete
(never breaking a preset that ``extends`` one), export a preset as a file that loads
anywhere, and import one under a free name. Headless (no textual, no rich); every file
is written through :func:`~cardtable.presets.writer.write_atomic`."""

from __future__ import annotations

import os
from contextlib import suppress
from pathlib import Path

from ..engine.errors import VariantError
from ..paths import leads_back, shipped_dir, user_dir, user_path
from .loader import load_variant, names_a_file, preset_files, preset_path, read_toml
from .writer import Draft, LoadsDifferently, name_problem, user_preset_path, write_atomic


def dependents(name: str) -> list[str]:
    """The user's presets whose ``extends`` names ``name``."""
    found = []
    for other, (path, origin) in preset_files().items():
        if origin == "user" and other != name:
            with suppress(VariantError):
                extends = read_toml(path).get("extends")
                if extends == name or (isinstance(extends, str) and Path(extends).stem == name):
                    found.append(other)
    return found


def _new_name(name: str) -> None:
    problem = name_problem(name)
    if problem:
        raise ValueError(problem)


def rename_preset(old: str, new: str) -> Path:
    """Rename the user's preset ``old`` (its file) to ``new``."""
    path = user_preset_path(old)
    _new_name(new)
    users = dependents(old)
    if users:
        one = len(users) == 1
        raise ValueError(f"{', '.join(users)} extend{'s' if one else ''} {old!r}; "
                         f"a rename would break {'it' if one else 'them'}")
    target = user_dir("variants") / f"{new}.toml"
    write_atomic(target, path.read_text(encoding="utf-8"), check=True)
    path.unlink()
    return target


def delete_preset(name: str) -> str | None:
    """Delete the user's preset ``name``; the preset it extended (its ``extends``) if that
    is a preset name that still loads, for a menu to select in its place."""
    path = user_preset_path(name)
    try:
        parent = read_toml(path).get("extends")
    except VariantError:
        parent = None
    path.unlink()
    if not isinstance(parent, str) or names_a_file(parent):
        return None
    try:
        load_variant(parent)
    except VariantError:
        return None
    return parent


def _shipped_names() -> set[str]:
    return {name for name, (_path, origin) in preset_files().items() if origin == "shipped"}


def _nearest_shipped(path: Path) -> str | None:
    """The first shipped preset in ``path``'s extends chain (itself excluded)."""
    shipped = shipped_dir("variants").resolve()
    seen: set[Path] = set()
    while path not in seen:
        seen.add(path)
        extends = read_toml(path).get("extends")
        if not isinstance(extends, str) or not extends:
            return None
        path = preset_path(extends, relative_to=path.parent, skip=path.resolve(), every_name=False)
        if shipped in path.parents:
            return path.stem
    return None


def portable_text(path: Path) -> str:
    """The preset at ``path`` as a file that loads anywhere: as it is when it extends
    nothing or a shipped preset by name, otherwise re-written to extend the nearest
    shipped preset of its chain (or nothing) with every knob that differs."""
    extends = read_toml(path).get("extends")
    if extends is None or extends in _shipped_names():
        return path.read_text(encoding="utf-8")
    variant = load_variant(path)
    ancestor = _nearest_shipped(path)
    parent = load_variant(ancestor) if ancestor else None
    return Draft.from_variant(variant, ancestor, parent).render(path.stem)


def _place(source: Path, name: str) -> Path:
    """Copy the preset at ``source`` in as the user's ``name``: verbatim if it loads
    from the user folder that way *as the same rules* (a relative ``extends`` may find
    another parent there), else its portable text."""
    target = user_dir("variants") / f"{name}.toml"
    wanted = load_variant(str(source))
    try:
        write_atomic(target, source.read_text(encoding="utf-8"), same_as=wanted)
    except (VariantError, LoadsDifferently):
        write_atomic(target, portable_text(source), check=True)
    return target


def duplicate_preset(name: str, new: str) -> Path:
    """Copy the preset ``name`` (shipped or the user's) as the user's ``new``."""
    _new_name(new)
    return _place(preset_path(name), new)


class ExportExists(ValueError):
    """The export's file is there already (``overwrite=True`` replaces it)."""

    def __init__(self, path: Path) -> None:
        super().__init__(f"{path} already exists")
        self.path = path


def export_target(name: str, destination: str | Path) -> Path:
    """The file exporting the preset ``name`` to ``destination`` writes (a .toml file, or
    NAME.toml in a folder; a symbolic link's file, the link kept); ValueError if there is
    none (the folder must exist) or it is in the user's presets folder (a file there is a
    preset: Duplicate makes one, and an export there would override a shipped preset of
    its name or flatten the preset's own file)."""
    target = user_path(destination)
    try:
        if target.is_dir():
            target = target / f"{name}.toml"
        elif target.suffix != ".toml":
            if target.exists():
                raise ValueError(f"{target}: a file, not a folder or a .toml file")
            if not target.suffix or str(destination).endswith(("/", os.sep)):
                raise ValueError(f"{target}: no such folder")
            raise ValueError(f"{target}: give a .toml file name (or a folder)")
        elif not target.parent.is_dir():
            there = "a file, not a folder" if target.parent.exists() else "no such folder"
            raise ValueError(f"{target.parent}: {there}")
        if target.is_symlink():
            if leads_back(target):
                raise ValueError(f"{target}: a symbolic link that leads back to itself")
            link, target = target, target.resolve()
            if not target.parent.is_dir():
                raise ValueError(f"{link}: a symbolic link to {target}, in no such folder")
        presets, folder = user_dir("variants").resolve(), target.parent.resolve()
        if folder == presets or presets in folder.parents:  # (a .toml file anywhere in it is a preset)
            raise ValueError(f"{target.parent}: your presets folder; use Duplicate to copy a preset there")
    except OSError as error:  # (a name too long for the file system, a folder it may not read)
        raise ValueError(unusable(target, error)) from None
    except RuntimeError:  # (Python 3.11's resolve(), for a link made to loop since leads_back looked)
        raise ValueError(f"{target}: a symbolic link that leads back to itself") from None
    return target


def export_preset(name: str, destination: str | Path, overwrite: bool = False) -> Path:
    """Write the preset ``name`` to ``destination`` (a file, or a folder for NAME.toml),
    in a form a friend can load. The folder must exist; an existing file is replaced
    only with ``overwrite`` (else :class:`ExportExists`)."""
    target = export_target(name, destination)
    if target.exists() and not overwrite:
        raise ExportExists(target)
    try:
        write_atomic(target, portable_text(preset_path(name)))
    except OSError as error:  # (told of the file asked for, not the temporary one written first)
        raise ValueError(f"{target}: cannot be written: {error.strerror or error}") from None
    return target


def import_source(source: str | Path) -> Path:
    """The preset file ``source`` names; ValueError unless it is a .toml file."""
    path = user_path(source)
    try:
        if path.suffix != ".toml" or not path.is_file():
            raise ValueError(f"{path}: " + ("a folder, not a .toml file" if path.is_dir() else "no such .toml file"))
    except OSError as error:
        raise ValueError(unusable(path, error)) from None
    return path


def checked_import(source: str | Path) -> Path:
    """The preset file ``source`` names, once it loads (:func:`import_source`; VariantError
    when it does not): checked before anything is asked about its name."""
    path = import_source(source)
    load_variant(str(path.resolve()))
    return path


def unusable(path: Path, error: OSError) -> str:
    """Why the system will not use ``path``, in one line ("…: cannot be used: File name too long")."""
    return f"{path}: cannot be used: {error.strerror or error}"


def import_preset(source: str | Path, name: str | None = None) -> tuple[str, Path]:
    """Check the preset file ``source`` and copy it into the user's folder as ``name``
    (default: the file's stem). VariantError if it does not load, ValueError for a name."""
    return place_import(checked_import(source), name)


def place_import(path: Path, name: str | None = None) -> tuple[str, Path]:
    """Copy the preset file ``path``, already checked (:func:`checked_import`), into the
    user's folder as ``name`` (default: the file's stem); ValueError for a name."""
    name = name or path.stem
    _new_name(name)
    return name, _place(path.resolve(), name)
