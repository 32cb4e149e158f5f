"""``python -m adjudicator``: the ``adjudicator`` command, where no script was installed on the PATH."""

from adjudicator.cli import main

if __name__ == "__main__":
    raise SystemExit(main())
