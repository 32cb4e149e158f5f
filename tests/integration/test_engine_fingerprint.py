"""Stored results follow the engine's behaviour, not its bytes (issue 21, item 8): ``engine()`` is the
digest of the engine's answers over a fixed corpus, so a copy of the package with comments added
everywhere has the same fingerprint, and a copy with any ruling changed has another.

Each fingerprint is computed in a subprocess of its own (``engine()`` is computed once per process),
from a copy of ``adjudicator`` in a temporary directory put first on its path, with a hash seed of
its own: nothing of this process's state or of the checkout's files can make two of them agree.
"""

from __future__ import annotations

import collections
import contextlib
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

import adjudicator
from adjudicator import IllegalEvent, Table, get_ruleset, judge
from adjudicator.domain.rulebooks import RULESETS
from adjudicator.simulation import corpus

PACKAGE = Path(adjudicator.__file__).parent
PROBE = "import adjudicator, adjudicator.service.results as r; print(adjudicator.__file__, r.engine())"
#: The remedies no log of the corpus reaches yet: a change of them still changes the fingerprint, through
#: the rulebooks' declarations that it digests too (``test_a_penalty_the_corpus_never_reaches_counts``).
UNREACHED = {
    "texas": {"restricted_lead"},
    "cardtel": {"improper_declare"},
    "ontario": {"exposed_card_not_played", "improper_discard"},
}


def fingerprint(root: Path, seed: str) -> str:
    """``engine()`` of the package under ``root``, in a fresh process."""
    done = subprocess.run(
        [sys.executable, "-c", PROBE],
        cwd=root,
        env={"PYTHONPATH": str(root), "PYTHONHASHSEED": seed, "PATH": ""},
        capture_output=True,
        text=True,
        timeout=120,
        check=True,
    )
    where, found = done.stdout.split()
    assert where.startswith(str(root)), where  # the copy, not the checkout
    return found


def copy(tmp_path: Path, name: str) -> Path:
    root = tmp_path / name
    shutil.copytree(PACKAGE, root / "adjudicator", ignore=shutil.ignore_patterns("__pycache__"))
    return root


def edit(root: Path, module: str, old: str, new: str) -> None:
    path = root / "adjudicator" / "domain" / module
    text = path.read_text()
    assert text.count(old) == 1, f"{old!r} in {module}"
    path.write_text(text.replace(old, new))


@pytest.fixture(scope="module")
def original(tmp_path_factory: pytest.TempPathFactory) -> str:
    return fingerprint(copy(tmp_path_factory.mktemp("engine"), "original"), "1")


def test_comments_and_docstrings_added_everywhere_keep_the_fingerprint(tmp_path: Path, original: str) -> None:
    root = copy(tmp_path, "commented")
    for path in (root / "adjudicator").rglob("*.py"):
        text = path.read_text()
        path.write_text(f"# a comment that changes no ruling\n{text}\n# and another\n")
    edit(root, "games/bidwhist/kitty.py", "    table.record_discard(", "    # why\n    table.record_discard(")
    assert fingerprint(root, "2") == original


@pytest.mark.parametrize(
    ("module", "old", "new"),
    [
        # a rulebook's penalty: Detroit's talking the game, loss of hand -> no effect
        (
            "rulebooks/detroit.py",
            '"talking_the_game": Remedy("loss_of_hand")',
            '"talking_the_game": Remedy("no_effect")',
        ),
        # the words of a ruling, in the engine's code (no rulebook changed)
        (
            "games/bidwhist/kitty.py",
            "discarded {len(event.cards)} cards",
            "discarded {len(event.cards)} card(s)",
        ),
    ],
    ids=["penalty", "ruling's words"],
)
def test_a_changed_ruling_changes_the_fingerprint(
    tmp_path: Path, original: str, module: str, old: str, new: str
) -> None:
    root = copy(tmp_path, "changed")
    edit(root, module, old, new)
    assert fingerprint(root, "3") != original


def test_a_penalty_the_corpus_never_reaches_counts(tmp_path: Path, original: str) -> None:
    root = copy(tmp_path, "unreached")
    edit(
        root,
        "rulebooks/cardtel.py",
        '"improper_declare": LOSS_ON_CALL',
        '"improper_declare": Remedy("no_effect")',
    )
    assert fingerprint(root, "4") != original


def test_the_corpus_reaches_every_rulebooks_rulings_but_the_few_named() -> None:
    """Which remedies the corpus's logs give a ruling of, per rulebook: all but ``UNREACHED``."""
    reached: dict[str, set[str]] = collections.defaultdict(set)
    for ruleset, dealer, events in corpus.hands():
        table = Table(get_ruleset(ruleset), dealer)
        for event in events:
            with contextlib.suppress(IllegalEvent):
                table.apply(event)
        reached[ruleset] |= {ruling["kind"] for ruling in judge(table).rulings_data()}
    unreached = {name: set(ruleset.remedies) - reached[name] for name, ruleset in RULESETS.items()}
    assert {name: kinds for name, kinds in unreached.items() if kinds} == UNREACHED
