"""``python -m adjudicator`` runs the command, and its bash completion completes what the parser has."""

from __future__ import annotations

import subprocess
import sys

import pytest

from adjudicator.cli.completion import script


def test_python_dash_m_adjudicator_is_the_command() -> None:
    done = subprocess.run(
        [sys.executable, "-m", "adjudicator", "--help"], capture_output=True, text=True, timeout=60
    )
    assert done.returncode == 0, done.stderr
    assert done.stdout.startswith("usage: adjudicator")
    assert "completion" in done.stdout


def complete(*words: str) -> list[str]:
    """What bash offers after ``words`` (the last one being completed), with the generated script."""
    quoted = " ".join(f"'{word}'" for word in words)
    probe = (
        f"{script('bash')}\nCOMP_WORDS=(adjudicator {quoted}); COMP_CWORD={len(words)}\n"
        '_adjudicator; printf "%s\\n" "${COMPREPLY[@]}"\n'
    )
    done = subprocess.run(["bash", "-c", probe], capture_output=True, text=True, timeout=60, check=True)
    return done.stdout.split()


@pytest.mark.parametrize(
    ("words", "offered"),
    [
        (("se",), ["serve"]),
        (("serve", "--w"), ["--workers"]),
        (("token", ""), ["create", "list", "revoke"]),
        (("token", "create", "--role", ""), ["official", "scorekeeper", "viewer"]),
        (("export", "--format", "t"), ["text"]),
        (("completion", ""), ["bash", "zsh", "fish"]),
    ],
)
def test_bash_completion_offers_the_parsers_commands_options_and_choices(
    words: tuple[str, ...], offered: list[str]
) -> None:
    assert complete(*words) == offered


def test_every_shell_gets_a_script_naming_every_command() -> None:
    for shell in ("bash", "zsh", "fish"):
        done = subprocess.run(
            [sys.executable, "-m", "adjudicator", "completion", shell],
            capture_output=True,
            text=True,
            timeout=60,
        )
        assert done.returncode == 0, done.stderr
        for command in ("serve", "import", "export", "verify", "token", "demo", "rulebook"):
            assert command in done.stdout, (shell, command)
