"""The console's one blueprint: its pages, templates and static files live under ``/console``."""

from __future__ import annotations

from flask import Blueprint

from api.auth import PAGES

blueprint = Blueprint(
    PAGES,
    __name__,
    url_prefix="/console",
    template_folder="templates",
    static_folder="static",
    static_url_path="/static",
)
