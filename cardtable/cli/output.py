"""How every command writes: rich's Console, and ``fail`` for the errors."""

from __future__ import annotations

from typing import Any

from rich.console import Console as RichConsole
from rich.text import Text

from ..engine.words import TURNING
from ..paths import user_path


PICTURES = {code: chr(0x2400 + code) for code in range(32) if chr(code) not in "\n\t"} | {0x7F: "\u2421"} | \
    {code: "\ufffd" for code in [*range(0x80, 0xA0), 0x2028, 0x2029, *map(ord, TURNING)]}
"""Each control character but the line break and the tab, as a picture of it ("␛" for
ESC; U+FFFD for the C1 controls, the line and paragraph separators and the characters that
turn a row around), one character for one."""


def visible(text: str) -> str:
    """``text`` with its control characters shown as pictures (:data:`PICTURES`): a name
    or a path typed or read from a file is printed, never obeyed by the terminal."""
    return text.translate(PICTURES)


class Console(RichConsole):
    """rich's Console, except that what it prints shows control characters as pictures
    (:func:`visible`: a path typed on the command line or a folder's name, echoed in a
    message, cleared the screen), and a reader gone from the pipe (``cardtable presets
    list | head -1``) raises BrokenPipeError, so that main() ends with 141 as for print();
    rich's own handler exits with 1."""

    def on_broken_pipe(self) -> None:
        self.quiet = True
        raise BrokenPipeError

    def render_str(self, text: str, *args: Any, **kwargs: Any) -> Text:
        return super().render_str(visible(text), *args, **kwargs)

    def print(self, *objects: Any, **kwargs: Any) -> None:
        super().print(*(_visible_text(each) for each in objects), **kwargs)


def _visible_text(each: Any) -> Any:
    """A :class:`Text` with its control characters as pictures (its styles kept: one
    character for one); anything else as it is (a string goes through ``render_str``)."""
    if isinstance(each, Text) and each.plain != visible(each.plain):
        each = each.copy()
        each.plain = visible(each.plain)
    return each


def fail(message: str, file: object = None, command: str = "", status: int = 2) -> int:
    """Print ``message`` as every command's errors read ("cardtable simulate: …", as
    argparse words its own); with the ``file`` it was about, say the file was left alone
    if it exists. Returns ``status``, the exit status."""
    try:
        kept = file is not None and user_path(str(file)).is_file()
    except (OSError, ValueError):  # (a name too long for the file system, ~ of no user: nothing to keep)
        kept = False
    if kept:
        message += " (the file is kept as it is)"
    Console(stderr=True, soft_wrap=True).print(Text.assemble((f"cardtable {command}".rstrip() + ":", "bold red"),
                                                             f" {message}"), highlight=False)
    return status
