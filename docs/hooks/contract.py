"""MkDocs hooks: the API reference rendered from openapi.yaml, and the changelog from CHANGELOG.md.

Both are made at build time, never committed twice: the contract is generated from the code
(``api.spec``) and the changelog lives at the repository's root, where Keep a Changelog puts it.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import yaml
from mkdocs.config.defaults import MkDocsConfig
from mkdocs.structure.files import File, Files

ROOT = Path(__file__).resolve().parents[2]
METHODS = ("get", "put", "post", "delete", "patch")


def on_files(files: Files, config: MkDocsConfig) -> Files:
    contract = yaml.safe_load((ROOT / "openapi.yaml").read_text(encoding="utf-8"))
    files.append(File.generated(config, "reference.md", content=render(contract)))
    changelog = (ROOT / "CHANGELOG.md").read_text(encoding="utf-8")
    files.append(File.generated(config, "changelog.md", content=changelog))
    return files


def _name(ref: str) -> str:
    return ref.rsplit("/", 1)[-1]


def _type(schema: dict[str, Any]) -> str:
    """A schema's type in a few words, a reference as a link to its section."""
    if "$ref" in schema:
        name = _name(schema["$ref"])
        return f"[{name}](#{name.lower()})"
    for key in ("oneOf", "anyOf", "allOf"):
        if key in schema:
            return " or ".join(_type(s) for s in schema[key])
    kind = schema.get("type", "any")
    if isinstance(kind, list):
        kind = " or ".join(str(k) for k in kind)
    if kind == "array":
        return f"array of {_type(schema.get('items', {}))}"
    if "enum" in schema:
        return f"{kind}: " + ", ".join(f"`{v}`" for v in schema["enum"])
    return str(kind)


def _cell(text: Any) -> str:
    return " ".join(str(text or "").split()).replace("|", "\\|")


def _example(value: Any, media: str) -> str:
    if isinstance(value, str) and not media.endswith("json"):
        return f"```\n{value.rstrip()}\n```\n"
    return f"```json\n{json.dumps(value, indent=2, ensure_ascii=False)}\n```\n"


def _examples(content: dict[str, Any]) -> list[str]:
    out = []
    for media, body in content.items():
        if "example" in body:
            out.append(f"`{media}`:\n\n" + _example(body["example"], media))
        for name, example in (body.get("examples") or {}).items():
            title = example.get("summary") or name
            out.append(f"`{media}`, {title}:\n\n" + _example(example.get("value"), media))
    return out


def _operation(method: str, path: str, op: dict[str, Any]) -> list[str]:
    lines = [
        f"### {op.get('summary') or op['operationId']}",
        "",
        f"`{method.upper()} {path}` · `{op['operationId']}`",
        "",
    ]
    if op.get("description"):
        lines += [op["description"], ""]
    roles = ", ".join(f"`{r}`" for r in op.get("x-roles", []))
    lines += [f"**Who:** {roles}; {op.get('x-anonymous', '')}.", ""]
    params = op.get("parameters", [])
    if params:
        lines += ["| parameter | in | type | required | description |", "|---|---|---|---|---|"]
        for p in params:
            lines.append(
                f"| `{p['name']}` | {p['in']} | {_cell(_type(p.get('schema', {})))} | "
                f"{'yes' if p.get('required') else 'no'} | {_cell(p.get('description'))} |"
            )
        lines.append("")
    body = op.get("requestBody")
    if body:
        schemas = ", ".join(f"`{m}` {_type(b.get('schema', {}))}" for m, b in body["content"].items())
        lines += [f"**Request:** {schemas}. {body.get('description', '')}", ""]
        lines += [f"Example request, {e}" for e in _examples(body["content"])]
    lines += ["**Answers:**", ""]
    for status, answer in op.get("responses", {}).items():
        lines.append(f"- **{status}**: {_cell(answer.get('description'))}")
    lines.append("")
    for status, answer in op.get("responses", {}).items():
        lines += [f"Example answer {status}, {e}" for e in _examples(answer.get("content") or {})]
    return lines


def _schema(name: str, schema: dict[str, Any]) -> list[str]:
    lines = [f"### {name}", ""]
    if schema.get("description"):
        lines += [schema["description"], ""]
    props = schema.get("properties") or {}
    if props:
        required = set(schema.get("required", []))
        lines += ["| member | type | required | description |", "|---|---|---|---|"]
        for prop, sub in props.items():
            lines.append(
                f"| `{prop}` | {_cell(_type(sub))} | {'yes' if prop in required else 'no'} | "
                f"{_cell(sub.get('description'))} |"
            )
        lines.append("")
    elif not schema.get("description"):
        lines += [f"Type: {_type(schema)}.", ""]
    return lines


def render(contract: dict[str, Any]) -> str:
    """The contract as one Markdown page: its operations by tag, then its schemas."""
    info = contract["info"]
    lines = [f"# API reference: {info['title']} {info['version']}", "", info.get("description", ""), ""]
    lines += ["The running service serves this contract at `/openapi.json` and `/openapi.yaml`; the", ""]
    lines += ["console renders it at `/console/api`.", ""]
    for server in contract.get("servers", []):
        lines.append(f"- Server: `{server['url']}`: {server.get('description', '')}")
    lines.append("")
    operations = [
        (method, path, op)
        for path, item in contract["paths"].items()
        for method, op in item.items()
        if method in METHODS
    ]
    for tag in contract.get("tags", []):
        lines += [f"## {tag['name'].capitalize()}", "", tag.get("description", ""), ""]
        for method, path, op in operations:
            if tag["name"] in op.get("tags", []):
                lines += _operation(method, path, op)
    problems = contract.get("x-problem-types", [])
    if problems:
        lines += ["## Problem types", "", "| status | type | when |", "|---|---|---|"]
        lines += [
            f"| {', '.join(map(str, p['status']))} | `{p['type']}` | {_cell(p['when'])} |" for p in problems
        ]
        lines.append("")
    lines += ["## Schemas", ""]
    for name, schema in contract.get("components", {}).get("schemas", {}).items():
        lines += _schema(name, schema)
    return "\n".join(lines) + "\n"
