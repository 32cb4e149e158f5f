"""Draw the floors and the imports between them: ``python scripts/floors.py``.

The floors are the ``layers`` contract of ``pyproject.toml`` (one list, read here, never copied).
Each package of each floor is printed with its modules' count, then every arrow from it to another
package with the number of import lines behind it; an arrow that runs up, or sideways between two
packages of one floor, or one a ``forbidden`` contract
forbids (an entry point's import of an adapter), is marked and makes the exit code 1.
The same import graph (grimp's, as import-linter builds it) is what ``lint-imports`` checks.
"""

from __future__ import annotations

import sys
import tomllib
from collections import Counter
from pathlib import Path

import grimp

ROOT = Path(__file__).resolve().parents[1]


CONTRACTS = tomllib.loads((ROOT / "pyproject.toml").read_text())["tool"]["importlinter"]["contracts"]


def floors() -> list[list[str]]:
    """The layers contract's floors, top first; ``a | b`` is one floor of two packages."""
    (layers,) = [c["layers"] for c in CONTRACTS if c["type"] == "layers"]
    return [[name.strip() for name in layer.replace(":", "|").split("|")] for layer in layers]


def within(module: str, package: str) -> bool:
    return module == package or module.startswith(package + ".")


def forbidden(source: str, target: str) -> bool:
    """Whether a ``forbidden`` contract forbids this arrow (the adapters skipped by an entry point)."""
    return any(
        any(within(source, s) for s in c["source_modules"])
        and any(within(target, f) for f in c["forbidden_modules"])
        for c in CONTRACTS
        if c["type"] == "forbidden"
    )


def package_of(module: str, packages: list[str]) -> str | None:
    """The listed package a module belongs to: the longest that contains it."""
    found = [p for p in packages if within(module, p)]
    return max(found, key=len) if found else None


def main() -> int:
    ordered = floors()
    level = {package: n for n, floor in enumerate(ordered) for package in floor}
    sys.path.insert(0, str(ROOT))
    graph = grimp.build_graph("adjudicator", "api", cache_dir=None)
    sizes: Counter[str] = Counter()
    arrows: Counter[tuple[str, str]] = Counter()
    for module in graph.modules:
        here = package_of(module, list(level))
        if here is None:
            continue
        sizes[here] += 1
        for imported in graph.find_modules_directly_imported_by(module):
            there = package_of(imported, list(level))
            if there is not None and there != here:
                arrows[here, there] += len(graph.get_import_details(importer=module, imported=imported))
    wrong = 0
    for package in level:
        print(f"floor {len(ordered) - level[package]}  {package}  ({sizes[package]} modules)")
        for (source, target), count in sorted(arrows.items(), key=lambda a: level[a[0][1]]):
            if source == package:
                mark = "UP " if level[target] < level[source] else ""
                mark = "SIDEWAYS " if level[target] == level[source] else mark
                mark = "FORBIDDEN " if forbidden(source, target) else mark
                wrong += bool(mark)
                print(f"    {mark}-> {target}: {count} imports")
    print(f"{wrong} arrows do not run down" if wrong else "every arrow runs down")
    return 1 if wrong else 0


if __name__ == "__main__":
    raise SystemExit(main())
