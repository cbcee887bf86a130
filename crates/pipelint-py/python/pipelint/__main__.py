"""``python -m pipelint``: the same as the ``pipelint`` command."""

from pipelint._cli import main

main()
