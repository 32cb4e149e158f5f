"""Run a whole tournament through the REST API of a real ``adjudicator serve``, and check it.

    .venv/bin/python scripts/run_tournament.py [--teams 128] [--players 40]

A 128-team Detroit tournament (real Bid Whist hands, dealt and played at random but legally, each
adjudicated) and a 40-player Ontario day are directed exactly as ``adjudicator.simulation.tournaments``
does, except that every event goes to ``POST /tournaments/{id}/events`` on a server subprocess, as
an official (a token issued by ``adjudicator token create`` before the server starts).
At the end the live standings (``GET …/standings``) are compared with the standings rebuilt from
the event store alone: the server is stopped and a fresh store replays the SQLite file.
"""

from __future__ import annotations

import argparse
import http.client
import json
import os
import signal
import socket
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any
from uuid import UUID

from adjudicator.adapters.hand_store import HandStore
from adjudicator.adapters.tournament_store import TournamentStore
from adjudicator.simulation import tournaments as simulate
from adjudicator.simulation.tournaments import Director


class Api:
    def __init__(self, port: int, token: str) -> None:
        self.conn = http.client.HTTPConnection("127.0.0.1", port, timeout=60)
        self.authorization = {"Authorization": f"Bearer {token}"}

    def call(self, method: str, path: str, body: Any = None) -> Any:
        data = None if body is None else json.dumps(body).encode()
        headers = {"Content-Type": "application/json"} if data else {}
        self.conn.request(method, path, body=data, headers={**headers, **self.authorization})
        reply = self.conn.getresponse()
        payload = json.loads(reply.read() or b"null")
        if reply.status >= 300:
            raise SystemExit(f"{method} {path}: {reply.status} {payload}")
        return payload


class HttpDirector(Director):
    """The simulation's director, recording every event through the API as well as on its mirror."""

    def __init__(self, seed: int, api: Api) -> None:
        super().__init__(seed)
        self.api = api
        self.id: str | None = None

    def record(self, event: dict[str, Any]) -> None:
        if self.id is None:
            created = {k: v for k, v in event.items() if k != "type"}
            self.id = self.api.call("POST", "/tournaments", created)["id"]
        else:
            self.api.call("POST", f"/tournaments/{self.id}/events", event)
        super().record(event)


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        port: int = sock.getsockname()[1]
        return port


def serve(database: Path) -> tuple[subprocess.Popen[bytes], int, str]:
    """``adjudicator serve`` on ``database``, and an official's token for it, issued by the CLI first."""
    port = free_port()
    adjudicator = str(Path(sys.executable).with_name("adjudicator"))
    env = {**os.environ, "ADJUDICATOR_DB": str(database)}
    issued = subprocess.run(
        [adjudicator, "token", "create", "--role", "official", "--name", "Tournament director"],
        env=env,
        capture_output=True,
        text=True,
        check=True,
    )
    token = issued.stdout.splitlines()[-1]
    command = [adjudicator, "serve", "--port", str(port)]
    process = subprocess.Popen(
        command, env=env, start_new_session=True, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL
    )
    for _ in range(300):
        try:
            socket.create_connection(("127.0.0.1", port), timeout=0.2).close()
            return process, port, token
        except OSError:
            time.sleep(0.1)
    os.killpg(process.pid, signal.SIGKILL)
    raise SystemExit("the server did not start")


def run(kind: str, size: int, seed: int, api: Api) -> tuple[HttpDirector, float]:
    """Direct one tournament through the API, as ``simulate.run_detroit``/``run_ontario`` do."""
    start = time.perf_counter()
    original = simulate.Director
    simulate.Director = lambda s: HttpDirector(s, api)  # type: ignore[assignment,misc]
    try:
        director = simulate.run_detroit(size, seed) if kind == "detroit" else simulate.run_ontario(size, seed)
    finally:
        simulate.Director = original  # type: ignore[misc]
    assert isinstance(director, HttpDirector)
    return director, time.perf_counter() - start


def _explain(rebuilt: Any, live: Any, path: str = "") -> None:
    if rebuilt == live:
        return
    if isinstance(rebuilt, dict) and isinstance(live, dict):
        for key in sorted(set(rebuilt) | set(live)):
            _explain(rebuilt.get(key), live.get(key), f"{path}/{key}")
    elif isinstance(rebuilt, list) and isinstance(live, list) and len(rebuilt) == len(live):
        for i, (a, b) in enumerate(zip(rebuilt, live, strict=True)):
            _explain(a, b, f"{path}/{i}")
    else:
        print(f"  {path}: rebuilt {str(rebuilt)[:120]} | live {str(live)[:120]}")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--teams", type=int, default=128)
    parser.add_argument("--players", type=int, default=40)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args(argv)
    with tempfile.TemporaryDirectory() as directory:
        database = Path(directory) / "events.db"
        server, port, token = serve(database)
        api = Api(port, token)
        try:
            runs = [run("detroit", args.teams, args.seed, api), run("ontario", args.players, args.seed, api)]
            live = {d.id: api.call("GET", f"/tournaments/{d.id}/standings") for d, _ in runs}
            bracket = api.call("GET", f"/tournaments/{runs[0][0].id}/bracket")
            medals = {d.id: api.call("GET", f"/tournaments/{d.id}/medals") for d, _ in runs}
        finally:
            os.killpg(server.pid, signal.SIGTERM)
            server.wait(timeout=30)
        hands = HandStore({"PERSISTENCE_MODULE": "eventsourcing.sqlite", "SQLITE_DBNAME": str(database)})
        try:
            store = TournamentStore(hands)
            for (director, seconds), name in zip(runs, ("detroit", "ontario"), strict=True):
                assert director.id is not None
                rebuilt = store.read(
                    UUID(director.id), lambda v: {"version": v.version, **v.tournament.standings()}
                )
                same = json.loads(json.dumps(rebuilt)) == live[director.id]
                if not same:
                    _explain(json.loads(json.dumps(rebuilt)), live[director.id])
                print(
                    f"{name}: {len(director.log)} events through the API in {seconds:.1f} s; "
                    f"standings rebuilt from the event store "
                    f"{'equal' if same else 'DIFFER FROM'} the live ones; "
                    f"medals {json.dumps(medals[director.id])[:160]}"
                )
                if not same:
                    return 1
            print(f"detroit bracket: {len(json.dumps(bracket))} bytes of matches")
        finally:
            hands.close()
    return 0


if __name__ == "__main__":
    sys.exit(main())
