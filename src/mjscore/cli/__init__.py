"""The ``mjscore`` command: score one hand, a file of hands or random ones; rule sets; waits.

Commands (``mjscore COMMAND --help`` for every option)::

    mjscore score "123m 456p 789s 1z [777z] +1z" --seat S --wind E
    mjscore bulk examples/hands.txt -o scores.csv --rules chinese-classical
    mjscore bulk --sample 100000 --seed 7
    mjscore rules list | rules show babcock | rules check examples/my_rules.toml
    mjscore waits "1112345678999m" --self-drawn

It needs the ``cli`` extra (click and rich): ``pip install "mjscore[cli]"``.
Exit codes, the same in every command: 0 success; 1 a hand that cannot be scored,
some bad rows in ``bulk``, or a broken rule file in ``rules check``; 2 a usage error
(a bad option, an unknown rule set, preset or option, a missing or unreadable file,
``bulk``'s output the same file as its input); 3 ``bulk``'s output failed while being
written (nothing is left under its name, an old file is kept); 130 interrupted (Ctrl-C).

The modules, one job each: :mod:`.app` (the click group), :mod:`.options`
(options several commands share), :mod:`.render` (text), :mod:`.layout` (tables
that fit the width), one module per command (:mod:`.score_command`,
:mod:`.bulk_command`, :mod:`.rules_command`, :mod:`.waits_command`), and the
parts of ``bulk`` that need neither click nor rich: :mod:`.bulk_input`,
:mod:`.bulk_rows`, :mod:`.bulk_batches`, :mod:`.bulk_output`, :mod:`.bulk_tally`.
Only this module may be imported without the extra.
"""

from __future__ import annotations

import sys
from collections.abc import Sequence

from .bulk_batches import ERRORS_SHOWN

__all__ = ["main", "INSTALL_HINT", "ERRORS_SHOWN"]

INSTALL_HINT = 'mjscore: the command line needs click and rich: pip install "mjscore[cli]"'


def extra_missing() -> bool:
    """Whether click or rich (the ``cli`` extra) cannot be imported."""
    try:
        import click  # noqa: F401
        import rich  # noqa: F401
    except ImportError:
        return True
    return False


def main(argv: Sequence[str] | None = None) -> int:
    """Entry point of the ``mjscore`` console script; returns the exit code.

    :param argv: the arguments after the program name (default: ``sys.argv[1:]``).
    :returns: 0 success, 1 a hand or rows that cannot be scored (or a broken rule
        file for ``rules check``), 2 a usage error or a missing ``cli`` extra, 3 an
        output file of ``bulk`` that failed while being written, 130 interrupted.
    """
    if extra_missing():
        print(INSTALL_HINT, file=sys.stderr)
        return 2
    from .app import run  # imports click and rich: only once they are known to be there

    return run(list(sys.argv[1:] if argv is None else argv))
