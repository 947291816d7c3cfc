"""Every part of typer the CLI uses beyond its documented API, in one place: click's exceptions
and CompletionItem, typer's bash/zsh/fish completion, and copies of an app's registered commands
(companion.cli.invoked_app). `TESTED` is the typer range they were written for, checked by
tests/test_typer_parts.py and reported by `version_problem()` (`companion --version`).
"""
from __future__ import annotations

import typer

#: the typer releases these parts were written and tested for: [low, high)
TESTED = ((0, 12), (0, 29))


def version_of(text: str) -> tuple[int, int]:
    """(major, minor) of a version string such as "0.28.0"."""
    major, minor = (text.split(".") + ["0"])[:2]
    return int(major), int("".join(c for c in minor if c.isdigit()) or 0)


def version_problem(text: str = typer.__version__) -> str | None:
    """Why this typer release may not work with these parts, or None when it is in the tested range."""
    low, high = TESTED
    if low <= version_of(text) < high:
        return None
    return (f"typer {text} is outside the tested range {low[0]}.{low[1]} to below {high[0]}.{high[1]} "
            "(companion/typer_parts.py)")


try:  # recent typer (0.28 here) carries its own copy of click
    from typer._click import exceptions as _exceptions
    from typer._click.shell_completion import CompletionItem
except ImportError:  # pragma: no cover - older typer runs on click itself
    from click import exceptions as _exceptions
    from click.shell_completion import CompletionItem

UsageError = _exceptions.UsageError
ClickException = _exceptions.ClickException
__all__ = ["ClickException", "CompletionItem", "UsageError", "command_name", "completion_script",
           "install_completion", "slim_app", "start_completion", "version_problem", "with_group_app"]


def start_completion() -> None:
    """Make typer's bash/zsh/fish completion classes known to click (a TAB press, or installing)."""
    from typer.completion import completion_init

    completion_init()


def completion_script(shell: str, prog_name: str, complete_var: str) -> str:
    """The completion script for `shell`, to install by hand."""
    from typer.completion import get_completion_script

    start_completion()
    return get_completion_script(prog_name=prog_name, complete_var=complete_var, shell=shell)


def install_completion(shell: str, prog_name: str, complete_var: str):
    """Install the completion script in the shell's start-up file; the file's path."""
    from typer.completion import install

    start_completion()
    return install(shell=shell, prog_name=prog_name, complete_var=complete_var)[1]


def command_name(info) -> str:
    """The name a registered command answers to (its own, or typer's from the function name)."""
    from typer.main import get_command_name

    return info.name or get_command_name(info.callback.__name__)


def slim_app(typer_app: typer.Typer, keep: set[str], groups: list | None = None) -> typer.Typer:
    """A copy of `typer_app` with only the commands and groups named in `keep` (or these `groups`)."""
    slim = typer.Typer.__new__(typer.Typer)
    slim.__dict__.update(typer_app.__dict__)
    slim.registered_commands = [c for c in typer_app.registered_commands if command_name(c) in keep]
    slim.registered_groups = (groups if groups is not None
                              else [g for g in typer_app.registered_groups if g.name in keep])
    return slim


def with_group_app(group_info, typer_app: typer.Typer):
    """A copy of a registered group's entry that runs `typer_app` instead."""
    import copy

    slim = copy.copy(group_info)
    slim.typer_instance = typer_app
    return slim
