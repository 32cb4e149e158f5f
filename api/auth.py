"""Who asks, and what they may see: the bearer credential of every request, checked against
``adjudicator.service.authority``, and what caches are told of an answer that depends on its reader.

Each route declares its OpenAPI operation and its roles (``api.declare.route``); before the route runs,
``authenticate`` reads ``Authorization: Bearer <token>``, verifies it (``CredentialStore.verify``:
unknown or revoked is 401) and asks the authority whether this credential, or an anonymous reader,
may call that operation (401 without a credential, 403 without the role). A route that names no
operation is refused. What depends on the body (which events, which table) is checked by the route
through the same authority before anything is written.

The console's pages (``api.console``) are read in a browser, which sends no header of its own: there
the credential is the ``adjudicator_token`` cookie that its sign-in page sets. The cookie counts for a
write only with the ``X-Adjudicator-Console`` header, which a page's script sends and another site's
form cannot (a custom header needs a CORS preflight this service never grants): no cross-site forgery.

A shared cache must never hand an official's answer to a viewer:

- **The ETag says the sight.** An answer about a hand is made for the sight its reader was given
  (``sight``): ``tag`` gives the ETag for it, the version alone for a reader who sees everything, the
  version and the sight for a narrower one (``"9-public"``), so that a viewer's ``If-None-Match``
  with an official's ETag gets the viewer's answer, never a 304.
- **Every answer but the public ones is private** (``private``, after every request):
  ``Cache-Control: private`` and ``Vary: Authorization, Cookie``. The public ones (the rulesets, the
  contract, the console's static files) are the same for every reader.
"""

from __future__ import annotations

from collections.abc import Callable
from functools import partial
from typing import Any, TypeVar

from flask import Flask, Response, current_app, g, request

from adjudicator.service import authority, hall, privacy
from adjudicator.service import sight as sight_module
from adjudicator.service.credentials import Author, Credential
from adjudicator.service.ports import Credentials
from adjudicator.service.sight import Reader
from api.declare import Declared

F = TypeVar("F", bound=Callable[..., Any])
EXTENSION = "adjudicator.credentials"
#: The console's sign-in: the bearer token itself, in an HttpOnly, SameSite=Strict cookie.
COOKIE = "adjudicator_token"
#: What a console page's script sends with a write, proving it is this site's own page.
CONSOLE_HEADER = "X-Adjudicator-Console"
SAFE_METHODS = frozenset({"GET", "HEAD", "OPTIONS"})
#: The console's blueprint: its pages are guarded by what their reader may see, not by an operation.
PAGES = "console"
POLICIES = "adjudicator.policies"
PUBLIC = "adjudicator.public_endpoints"
FROM_MEMORY = "credential_from_memory"
#: What an answer depends on besides its URL: who sends it (a bearer token, or the console's cookie).
READER_HEADERS = ("Authorization", "Cookie")
#: The app's tournament store (``bootstrap``): whether a tournament is private is read from its log.
TOURNAMENTS = "adjudicator.tournaments"


def page_view(view: F) -> F:
    """Mark a view outside the console's blueprint (``/``) as a page."""
    view.console_page = True  # type: ignore[attr-defined]
    return view


def declared(view: Callable[..., Any]) -> Declared | None:
    """A view's declaration, as ``api.declare.route`` left it on the view (None: a view that declares
    no operation, which nobody may call)."""
    found: Declared | None = getattr(view, "declared", None)
    return found


def credentials() -> Credentials:
    store: Credentials = current_app.extensions[EXTENSION]
    return store


def who() -> Credential | None:
    """The request's credential (None: anonymous)."""
    found: Credential | None = g.get("credential")
    return found


def author() -> Author | None:
    credential = who()
    return Author(credential.name, credential.role) if credential is not None else None


def sight() -> Reader:
    """This request's reader, decided once: what it sees of each hand, and which tournaments it may
    know of (``adjudicator.service.authority``, ``adjudicator.service.privacy``)."""
    found: Reader | None = g.get("reader")
    if found is None:
        private = privacy.privacy(partial(hall.board_public, current_app.extensions[TOURNAMENTS]))
        found = g.reader = sight_module.reader(who(), credentials(), private)
    return found


def presented() -> str:
    """The token this request was let in by (its bearer token, else the console's cookie): what a
    write keyed to its writer is made from (``service.once.token``); '' for an anonymous request."""
    header = request.headers.get("Authorization")
    if header is not None:
        return header.strip().partition(" ")[2].strip()
    return request.cookies.get(COOKIE) or ""


def may_know_tournament() -> None:
    """A route or page of one tournament (``tournament_id``) is answered as for a tournament there is
    not (404) to a reader who may not know of it: a private one, to an anonymous reader or another
    tournament's credential, whatever is asked of it (after the roles: a 401 or 403 says nothing of it)."""
    tournament = (request.view_args or {}).get("tournament_id")
    if tournament is not None:
        sight().known.tournament(tournament)


def _bearer() -> Credential | None:
    header = request.headers.get("Authorization")
    if header is None:
        return _cookie()
    scheme, _, token = header.strip().partition(" ")
    if scheme.lower() != "bearer" or not token.strip():
        raise authority.Unauthenticated("Authorization must be: Bearer <token>", invalid=True)
    found = _verified(token.strip())
    if found is None:
        raise authority.Unauthenticated("this token is unknown or revoked", invalid=True)
    return found


class NotRemembered(Exception):
    """A token this process has not verified lately: the admission needs the store (``admitted``)."""


def _verified(token: str) -> Credential | None:
    if g.get(FROM_MEMORY):
        found = credentials().remembered(token)
        if found is None:
            raise NotRemembered
        return found
    return credentials().verify(token)


def _cookie() -> Credential | None:
    """The console's signed-in credential; None without the cookie, or for an unsafe request without
    the console's header. A stale cookie (revoked) is anonymous on a page, 401 on the API."""
    token = request.cookies.get(COOKIE)
    if not token:
        return None
    if request.method not in SAFE_METHODS and request.headers.get(CONSOLE_HEADER) != "1":
        return None
    found = _verified(token)
    if found is None and request.blueprint != PAGES:
        raise authority.Unauthenticated("the console's sign-in is unknown or revoked: sign in again", True)
    return found


def policies() -> dict[str, authority.Operation]:
    """The app's role table, by operation id: what each route it serves declares (made once, at the
    first request that asks, when every blueprint is registered)."""
    table: dict[str, authority.Operation] | None = current_app.extensions.get(POLICIES)
    if table is None:
        found = (declared(view) for view in current_app.view_functions.values())
        table = current_app.extensions[POLICIES] = {d.operation_id: d.policy for d in found if d is not None}
    return table


def may_call(operation_id: str) -> None:
    """Whether this request's credential may call ``operation_id`` (a page that shows what the
    operation answers holds its reader to the same roles): 401 or 403 if not."""
    reads = current_app.config["ADJUDICATOR_ANONYMOUS_READS"]
    authority.authorize(operation_id, policies().get(operation_id), who(), reads)


def authenticate() -> None:
    """``before_request``: 401 or 403 before the route reads a byte of the body."""
    if request.endpoint is None or request.method == "OPTIONS":
        return  # no such route (404, 405): nothing to guard
    g.credential = _bearer()
    view = current_app.view_functions[request.endpoint]
    if request.blueprint == PAGES or getattr(view, "console_page", False):
        if g.credential is not None or request.method in SAFE_METHODS:
            may_know_tournament()
        # else a page's form (its cookie unread without the console's header): its ``writer`` signs
        # the form's official in by the form's own token, then asks whether it may know of the
        # tournament; asked here, a private tournament's desk refused every form as not there.
        return  # a page shows what its reader may see: the use cases hold it to the reader's sight
    reads = current_app.config["ADJUDICATOR_ANONYMOUS_READS"]
    found = declared(view)
    policy = None if found is None else found.policy
    authority.authorize(
        request.endpoint if found is None else found.operation_id, policy, g.credential, reads
    )
    may_know_tournament()


def admitted(app: Flask, environ: dict[str, Any], from_memory: bool = False) -> bool | None:
    """Whether a request may send its body: ``authenticate`` on its headers alone, so that a client
    without the right credential is refused before a byte of its body is read (``api.front``).
    Anything ``authenticate`` raises refuses it; the app then answers it as it would have.

    ``from_memory``: with the credential this process verified lately, touching no store (the front
    asks so on its event loop, which must not wait); None when it has not verified this one lately.
    The request itself is verified in full when it runs: a revocation meanwhile refuses it then."""
    with app.request_context(environ):
        setattr(g, FROM_MEMORY, from_memory)
        try:
            authenticate()
        except NotRemembered:
            return None
        except Exception:
            return False
        finally:
            g.pop(FROM_MEMORY, None)
    return True


def tag(value: str) -> str:
    """The ETag of an answer made for this request's reader (``value``: its version, or digest)."""
    reader: Reader | None = g.get("reader")
    return value if reader is None else reader.tag(value)


def _public() -> bool:
    """Whether this request's route answers every reader alike (decided once per endpoint)."""
    endpoint = request.endpoint
    if endpoint is None:
        return False
    table: dict[str, bool] = current_app.extensions.setdefault(PUBLIC, {})
    found = table.get(endpoint)
    if found is None:
        declaration = declared(current_app.view_functions[endpoint])
        public = declaration is not None and declaration.policy.anonymous == "public"
        found = table[endpoint] = endpoint == "static" or endpoint.endswith(".static") or public
    return found


def private(response: Response) -> Response:
    """``after_request``: an answer that depends on its reader is private to it (``Vary`` and
    ``Cache-Control`` written as text: werkzeug's parsed headers cost more than the rest of it)."""
    if _public():
        return response
    headers = response.headers
    headers["Vary"] = _with_tokens(headers.get("Vary"), READER_HEADERS)
    control = headers.get("Cache-Control")
    if control is None:
        headers["Cache-Control"] = "private"
    elif not {"no-store", "private"} & _tokens(control):
        headers["Cache-Control"] = f"{control}, private"
    return response


def _tokens(value: str) -> set[str]:
    """A comma-separated header's names, in lower case (a directive's argument dropped)."""
    return {item.partition("=")[0].strip().lower() for item in value.split(",")}


def _with_tokens(value: str | None, names: tuple[str, ...]) -> str:
    if not value:
        return ", ".join(names)
    present = _tokens(value)
    missing = [name for name in names if name.lower() not in present]
    return ", ".join([value, *missing]) if missing else value
