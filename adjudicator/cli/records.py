"""``adjudicator rebuild-read-models`` and ``openapi``: the read models, the contract.

(``import`` is ``adjudicator.cli.imports``, ``export`` ``adjudicator.cli.export``.)
"""

from __future__ import annotations

import argparse
from typing import Any

from adjudicator.service.store import HandStore


def register(commands: Any) -> None:
    rebuild = commands.add_parser("rebuild-read-models", help="rebuild the read models from scratch")
    rebuild.add_argument("--path", default=None, help="the read-model file (default: beside the events)")
    rebuild.set_defaults(func=rebuild_read_models)
    spec = commands.add_parser("openapi", help="print the OpenAPI document generated from the schemas")
    spec.add_argument("--write", action="store_true", help="write it to openapi.yaml instead")
    spec.set_defaults(func=openapi)


def _catch_up(store: HandStore) -> None:
    """Bring the read models up to what a command just recorded."""
    from adjudicator.service.readmodels import ReadModels

    ReadModels(store).catch_up()


def rebuild_read_models(args: argparse.Namespace) -> int:
    from adjudicator.service.readmodels import ReadModels

    store = HandStore()
    try:
        read_models = ReadModels(store, args.path)
        count = read_models.rebuild()
        print(f"rebuilt {read_models.path} from {count} events ({store.persistence})")
    finally:
        store.close()
    return 0


def openapi(args: argparse.Namespace) -> int:
    from api.spec import main as spec_main

    return spec_main(["--write"] if args.write else [])
