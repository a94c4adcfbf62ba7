"""``python -m mjscore``: the same as the ``mjscore`` command."""

import sys

from .cli import main

sys.exit(main())
