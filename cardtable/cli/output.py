"""How every command writes: rich's Console, and ``fail`` for the errors."""

from __future__ import annotations

from rich.console import Console as RichConsole
from rich.text import Text

from ..paths import user_path


class Console(RichConsole):
    """rich's Console, except that a reader gone from the pipe (``cardtable presets list |
    head -1``) raises BrokenPipeError, so that main() ends with 141 as for print(); rich's
    own handler exits with 1."""

    def on_broken_pipe(self) -> None:
        self.quiet = True
        raise BrokenPipeError


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
