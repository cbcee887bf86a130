"""The ``pipelint`` console script.

maturin builds one kind of artifact per wheel (a PyO3 module or a binary, not both: see
the crate's README), so the command line of the Rust crate runs in this process through
the native module instead of as a separate executable. It reads the same arguments and
environment, writes to the same stdout and stderr, and exits with the same code.
"""

from __future__ import annotations

import signal
import sys
from typing import NoReturn

from . import _pipelint


def main() -> NoReturn:
    # Ctrl-C then stops the command as it stops the native binary; Python's own handler
    # would only set a flag that is not looked at while the command runs.
    signal.signal(signal.SIGINT, signal.SIG_DFL)
    # The program name is fixed so that usage texts say `pipelint` under `python -m` too.
    sys.exit(_pipelint.main(["pipelint", *sys.argv[1:]]))
