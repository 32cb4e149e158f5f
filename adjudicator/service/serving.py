"""What ``adjudicator serve``'s supervising process tells the workers it starts (``api.serving``
builds the app in each): the environment variables it sets, and the bounds on slow clients, each
checked before any worker starts. Both sides read them here, so that they agree.
"""

from __future__ import annotations

import os

#: The supervising process's id, for its worker to check it was not orphaned while starting.
PARENT_ENV = "ADJUDICATOR_SERVE_PID"
#: A file beside the read models that workers lock while they build their apps (``starting``).
STARTUP_LOCK_ENV = "ADJUDICATOR_SERVE_STARTUP_LOCK"
#: ``--threads``, for the worker's front (``api.front``).
THREADS_ENV = "ADJUDICATOR_SERVE_THREADS"
#: The bounds on slow clients (``api.front``), each a positive number, and their defaults: seconds for
#: a request's headers (granian's HTTP/1 ``header_read_timeout``), seconds for its body, requests in
#: flight per client address.
HEADER_TIMEOUT_ENV = "ADJUDICATOR_HEADER_TIMEOUT"
BODY_TIMEOUT_ENV = "ADJUDICATOR_BODY_TIMEOUT"
CLIENT_REQUESTS_ENV = "ADJUDICATOR_CLIENT_REQUESTS"
BOUNDS = {HEADER_TIMEOUT_ENV: 10.0, BODY_TIMEOUT_ENV: 30.0, CLIENT_REQUESTS_ENV: 32.0}
TRUSTED_PROXIES_ENV = "ADJUDICATOR_TRUSTED_PROXIES"


def bounds() -> dict[str, float]:
    """``BOUNDS`` as the environment sets them; ValueError saying which one is not a positive number
    (or ``$ADJUDICATOR_TRUSTED_PROXIES`` not a whole one), before any worker starts."""
    found = {}
    for name, default in BOUNDS.items():
        text = os.environ.get(name)
        try:
            value = default if text is None else float(text)
        except ValueError:
            value = -1.0
        if not 0 < value < float("inf"):
            raise ValueError(f"${name} must be a positive number (default {default:g}), not {text!r}")
        found[name] = value
    proxies = os.environ.get(TRUSTED_PROXIES_ENV, "0").strip()
    if not proxies.isdigit():
        raise ValueError(
            f"${TRUSTED_PROXIES_ENV} must be a whole number of proxies (default 0), not {proxies!r}"
        )
    return found
