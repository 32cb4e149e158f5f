"""What ``adjudicator serve``'s supervising process tells the workers it starts (``api.serving``
builds the app in each), and the names of the settings both sides read: both read them here, so that
they agree. What each setting accepts, and its default, is in the one table of them
(``adjudicator.adapters.settings``), checked before any worker starts.
"""

from __future__ import annotations

from typing import Final

#: The supervising process's id, for its worker to check it was not orphaned while starting.
PARENT_ENV: Final = "ADJUDICATOR_SERVE_PID"
#: A file beside the read models that workers lock while they build their apps (``starting``).
STARTUP_LOCK_ENV: Final = "ADJUDICATOR_SERVE_STARTUP_LOCK"
#: ``--threads``, for the worker's front (``api.front``).
THREADS_ENV: Final = "ADJUDICATOR_SERVE_THREADS"
#: The bounds on slow clients (``api.front``): seconds for a request's headers (granian's HTTP/1
#: ``header_read_timeout``), seconds for its body, requests in flight per client address.
HEADER_TIMEOUT_ENV: Final = "ADJUDICATOR_HEADER_TIMEOUT"
BODY_TIMEOUT_ENV: Final = "ADJUDICATOR_BODY_TIMEOUT"
CLIENT_REQUESTS_ENV: Final = "ADJUDICATOR_CLIENT_REQUESTS"
#: The bounds on the live streams' followers (``api.stream``): open followers per process, per client
#: address, and bytes sent on one stream before it is ended (its follower comes back).
FOLLOWERS_ENV: Final = "ADJUDICATOR_FOLLOWERS"
CLIENT_FOLLOWERS_ENV: Final = "ADJUDICATOR_CLIENT_FOLLOWERS"
FOLLOWER_BYTES_ENV: Final = "ADJUDICATOR_FOLLOWER_BYTES"
#: How many reverse proxies' ``X-Forwarded-*`` headers to believe.
TRUSTED_PROXIES_ENV: Final = "ADJUDICATOR_TRUSTED_PROXIES"
#: What a request without a credential reads (``adjudicator.service.authority.ANONYMOUS_READS``).
ANONYMOUS_READS_ENV: Final = "ADJUDICATOR_ANONYMOUS_READS"
#: The request log's format (``api.request_log``): a line of text, or one JSON object a line.
LOG_FORMAT_ENV: Final = "ADJUDICATOR_LOG_FORMAT"
LOG_FORMATS: Final = ("text", "json")
#: Where the hall's phones reach the service (``http://192.168.1.20:8000``): what the table cards'
#: QR codes hold (``api.console.desk.cards``); ``serve --hall`` sets it to the address it found.
PUBLIC_URL_ENV: Final = "ADJUDICATOR_PUBLIC_URL"
#: HTTPS for ``serve``: the PEM certificate and its private key (``--certfile``, ``--keyfile``).
CERTFILE_ENV: Final = "ADJUDICATOR_CERTFILE"
KEYFILE_ENV: Final = "ADJUDICATOR_KEYFILE"
