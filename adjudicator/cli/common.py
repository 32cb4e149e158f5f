"""What every command shares."""

from __future__ import annotations


class Refused(Exception):
    """A command that cannot be done as asked: printed, exit status 1."""
