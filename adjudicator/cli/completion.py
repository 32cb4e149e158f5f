"""``adjudicator completion bash|zsh|fish``: a shell completion script, made from the command's own parser.

The script lists the commands, their subcommands (``token create``), their options and the options'
choices (``--role official|scorekeeper|viewer``) as the parser has them now, so it never drifts from
the CLI; file names complete everywhere else. Install it once:

    adjudicator completion bash > ~/.local/share/bash-completion/completions/adjudicator
    adjudicator completion zsh > "${fpath[1]}/_adjudicator"     (bash's script, through bashcompinit)
    adjudicator completion fish > ~/.config/fish/completions/adjudicator.fish
"""

from __future__ import annotations

import argparse
import shlex
from dataclasses import dataclass, field
from typing import Any

SHELLS = ("bash", "zsh", "fish")


def register(commands: Any) -> None:
    command = commands.add_parser(
        "completion",
        help="print a shell completion script (bash, zsh or fish)",
        description="Print the completion script of SHELL: "
        "`adjudicator completion bash > ~/.local/share/bash-completion/completions/adjudicator`.",
    )
    command.add_argument("shell", choices=SHELLS, help="the shell to complete for")
    command.set_defaults(func=run)


@dataclass
class Node:
    """A command: its subcommands, its options, and each option's choices."""

    help: str = ""
    children: dict[str, Node] = field(default_factory=dict)
    options: list[str] = field(default_factory=list)
    choices: dict[str, list[str]] = field(default_factory=dict)


def tree(parser: argparse.ArgumentParser, description: str = "") -> Node:
    node = Node(help=description)
    for action in parser._actions:
        if isinstance(action, argparse._SubParsersAction):
            helps = {choice.dest: choice.help or "" for choice in action._choices_actions}
            for name, sub in action.choices.items():
                node.children[name] = tree(sub, helps.get(name, ""))
        elif not action.option_strings and action.choices is not None:  # ``completion bash``
            node.children.update({str(choice): Node() for choice in action.choices})
        elif action.option_strings:
            node.options += [o for o in action.option_strings if o.startswith("--")] or action.option_strings
            if action.choices is not None:
                for option in action.option_strings:
                    node.choices[option] = [str(c) for c in action.choices]
    return node


def _words(values: list[str]) -> str:
    return shlex.quote(" ".join(values))


def bash(root: Node) -> str:
    """A bash function completing ``adjudicator``: the deepest command named so far decides."""
    nodes = _all(root, [])
    known = "\n".join(
        f"      {shlex.quote(' '.join(path))}) subs={_words(list(node.children))} ;;"
        for path, node in nodes
        if node.children
    )
    cases = []
    for path, node in nodes:
        lines = [f"      {shlex.quote(' '.join(path))}) opts={_words(node.options)}"]
        lines += [
            f'        [ "$prev" = {shlex.quote(option)} ] && choices={_words(values)}'
            for option, values in node.choices.items()
        ]
        cases.append("\n".join(lines) + " ;;")
    return f"""# adjudicator completion bash (made from the command's parser)
_adjudicator() {{
  local cur="${{COMP_WORDS[COMP_CWORD]}}" prev="${{COMP_WORDS[COMP_CWORD-1]}}"
  local path="" subs="" opts="" choices="" word candidate i
  for ((i = 1; i <= COMP_CWORD; i++)); do
    subs=""
    case "$path" in
{known}
    esac
    [ "$i" -eq "$COMP_CWORD" ] && break
    word="${{COMP_WORDS[i]}}"
    for candidate in $subs; do
      if [ "$candidate" = "$word" ]; then path="${{path:+$path }}$word"; break; fi
    done
  done
  case "$path" in
{chr(10).join(cases)}
  esac
  if [ -n "$choices" ]; then
    COMPREPLY=($(compgen -W "$choices" -- "$cur"))
  elif [[ "$cur" == -* ]]; then
    COMPREPLY=($(compgen -W "$opts" -- "$cur"))
  elif [ -n "$subs" ]; then
    COMPREPLY=($(compgen -W "$subs" -- "$cur"))
  else
    COMPREPLY=($(compgen -f -- "$cur"))
  fi
}}
complete -o filenames -F _adjudicator adjudicator
"""


def zsh(root: Node) -> str:
    return "#compdef adjudicator\nautoload -U +X bashcompinit && bashcompinit\n" + bash(root)


def fish(root: Node) -> str:
    """``complete`` lines: a subcommand where its parent is the last command named, options after it."""
    lines = ["# adjudicator completion fish (made from the command's parser)", "complete -c adjudicator -f"]
    for path, node in _all(root, []):
        condition = shlex.quote(
            f"__fish_seen_subcommand_from {path[-1]}" if path else "__fish_use_subcommand"
        )
        for name, child in node.children.items():
            described = f" -d {shlex.quote(child.help)}" if child.help else ""
            lines.append(f"complete -c adjudicator -n {condition} -a {shlex.quote(name)}{described}")
        for option in node.options:
            if option.startswith("--") and path:
                values = node.choices.get(option)
                extra = f" -xa {shlex.quote(' '.join(values))}" if values else " -r -F"
                lines.append(f"complete -c adjudicator -n {condition} -l {option[2:]}{extra}")
    return "\n".join(lines) + "\n"


def _all(node: Node, path: list[str]) -> list[tuple[list[str], Node]]:
    found = [(path, node)]
    for name, child in node.children.items():
        found += _all(child, [*path, name])
    return found


def script(shell: str) -> str:
    from adjudicator.cli import parser

    root = tree(parser())
    return {"bash": bash, "zsh": zsh, "fish": fish}[shell](root)


def run(args: argparse.Namespace) -> int:
    print(script(args.shell), end="")
    return 0
