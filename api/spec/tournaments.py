"""The tournaments' components of openapi.yaml (the paths: ``api.routes.tournaments``)."""

from __future__ import annotations

from apispec import APISpec

from adjudicator.wire.schemas import tournament_list
from adjudicator.wire.schemas import tournaments as schemas
from api.spec.common import add_schemas, union

#: The highest round a path names (a greater one is no round: 404).


def add_components(spec: APISpec) -> None:
    for schema in schemas.TOURNAMENT_EVENT_SCHEMAS.values():
        spec.components.schema(f"Tournament{schema.__name__}", schema=schema)
    names = (
        "Sheet TournamentRequest Tournament TournamentAppended TournamentEventList DrawRequest"
        " SeatingRequest LinkHand Signature SheetList SeedingRequest CheckIn BoardSetting"
    )
    add_schemas(
        spec,
        schemas,
        names,
        TournamentSeeding=schemas.SeedingAnswerSchema,
        TournamentStandings=schemas.StandingsAnswerSchema,
        TournamentDayStandings=schemas.DayStandingsAnswerSchema,
        TournamentProposal=schemas.ProposalAnswerSchema,
        TournamentBracket=schemas.BracketAnswerSchema,
        TournamentMedals=schemas.MedalsAnswerSchema,
    )
    add_schemas(spec, tournament_list, "TournamentListItem TournamentList")
    events = {
        kind: f"Tournament{schema.__name__}" for kind, schema in schemas.TOURNAMENT_EVENT_SCHEMAS.items()
    }
    spec.components.schema("TournamentEvent", union(events))
