"""Where the living rulebook reads from: the repository's ``features/`` and the rules directory.

The rules directory is ``$ADJUDICATOR_RULES`` if set, else ``../shared/rules`` beside the repository;
the scenarios ``$ADJUDICATOR_FEATURES``, else the repository's ``features/`` (``FEATURES``: in a
checkout, a link to it; in the wheel, a copy of it, so an installed service has its examples). A
missing directory or file is not an error: the pages say what is not available. A test suite's
report of the examples (``pytest --cucumberjson=PATH``) is read only where ``$ADJUDICATOR_CUCUMBER_REPORT``
names it.
"""

from __future__ import annotations

import os
from pathlib import Path

REPOSITORY = Path(__file__).resolve().parents[3]
#: The scenarios shipped with the package: the link ``features`` beside this file (a copy in the wheel).
FEATURES = Path(__file__).parent / "features"
MATRIX_FILE = "MATRIX.md"
RULES_ENV = "ADJUDICATOR_RULES"
FEATURES_ENV = "ADJUDICATOR_FEATURES"
REPORT_ENV = "ADJUDICATOR_CUCUMBER_REPORT"


def features_dir() -> Path:
    return Path(os.environ.get(FEATURES_ENV) or FEATURES)


def rules_dir() -> Path:
    return Path(os.environ.get(RULES_ENV) or REPOSITORY.parent / "shared" / "rules")


def cucumber_report() -> Path | None:
    named = os.environ.get(REPORT_ENV)
    return Path(named) if named else None


def read_rules(name: str) -> str | None:
    """A document of the rules directory, or None when it is not there."""
    try:
        return (rules_dir() / name).read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError):
        return None
