"""The ``mjscore`` click group: its commands, and how a run becomes an exit code."""

from __future__ import annotations

import click

from .. import __version__
from . import bulk_command
from . import discard_command
from . import rules_command
from . import score_command
from . import waits_command

__all__ = ["app", "run", "EXIT_CODES"]


EXIT_CODES = """\b
Exit codes, the same in every command:
  0  done
  1  a hand that cannot be scored; in bulk, any bad row; in rules check,
     a rule file with a mistake
  2  a usage error: a bad option, an unknown rule set, preset or option,
     a missing or unreadable file
  3  in bulk, the output file failed while being written (disk full, a
     write error); no output is left under its name, an old one is kept
  130  interrupted (Ctrl-C)"""


@click.group("mjscore", context_settings={"help_option_names": ["-h", "--help"]}, epilog=EXIT_CODES)
@click.version_option(__version__, message="%(prog)s %(version)s")
def app() -> None:
    """Score Mahjong hands under classical and Western rule books."""


for _command in (score_command.command, bulk_command.command, rules_command.group, waits_command.command,
                 discard_command.command):
    app.add_command(_command)


def run(args: list[str]) -> int:
    """Run the command line ``args``; the exit code (a command's own, or click's for a usage error)."""
    try:
        result = app.main(args=args, prog_name="mjscore", standalone_mode=False)
    except click.ClickException as error:
        error.show()
        return error.exit_code
    except click.Abort as error:
        click.echo("Aborted!", err=True)
        return 130 if isinstance(error.__context__, KeyboardInterrupt) else 1
    return result if isinstance(result, int) else 0
