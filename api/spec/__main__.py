"""``python -m api.spec [--write]``: print openapi.yaml (or write it)."""

from api.spec import main

raise SystemExit(main())
