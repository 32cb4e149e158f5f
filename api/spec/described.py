"""The contract as documentation: each member left undescribed, and the servers (what each operation is
for is in its route's declaration, ``api.declare.route``).

Metadata only, added after the document is built: a description given where a schema is declared
(``metadata={"description": ...}`` on a field) always wins, and these fill only what is still empty,
so that a new field without a word fails the test that every member is described
(``tests/e2e/test_contract_docs.py``) rather than passing silently. A member's words come from
``(schema, member)`` first, then from its name alone (``seat`` means a seat everywhere); an event
schema's ``type`` says which event it is.
"""

from __future__ import annotations

from typing import Any, Final

#: Relative: the server this document was read from, wherever it is reached (behind a proxy too);
#: a fixed address would send every client to one machine's default.
SERVERS: Final = [
    {
        "url": "/",
        "description": "the server that served this document (`adjudicator serve` with no "
        "configuration answers at http://127.0.0.1:8000)",
    }
]

#: A member's meaning by its name, wherever it appears.
BY_NAME: Final = {
    "type": "what kind of event this is",
    "reason": "why, in the official's or director's words",
    "citations": "the rulebook sections (or MATRIX.md rows) this rests on",
    "by": "who did it: the official's or director's name",
    "since": "when it began, if before it was recorded: a date and time with its offset (ISO 8601)",
    "match": "the match's id (`R1-T3`: round 1, table 3; `P1-2`: the playoff)",
    "version": "the version (number of events) this answer was read at",
    "team": "a team's number in the tournament",
    "name": "the name, as registered",
    "id": "the identifier",
    "ruleset": "the rulebook's id (`detroit`, `texas`, `chicago`, `cardtel`, `ontario`)",
    "status": "where it stands",
    "score": "the points for each side",
    "detail": "what happened, in words",
    "player": "a registered player's id",
    "contract": "the contract: the winning bid, its bidder and trump (null before the auction ends)",
    "event": "the number of the event (from 1) this is about",
    "hands": "the hands",
    "hand": "a hand's id in the hand store",
    "penalty": "the penalty, in words",
    "game": "the game: `bid_whist` or `bid_euchre`",
    "bid": "the bid, in its canonical words (`4 downtown`, `pass`)",
    "books": "books taken by each team",
    "players": "the players' names by seat (null if not given)",
    "rulings": "the rulings",
    "round": "the round's number, from 1",
    "tables": "the tables of the round, each with its teams",
    "places": "the places, best first",
    "title": "a short title",
    "north": "north's",
    "east": "east's",
    "south": "south's",
    "west": "west's",
    "north_south": "the north-south team's",
    "east_west": "the east-west team's",
    "made": "whether the bidding team made its contract (null until decided)",
    "points": "the points each team scores on the hand",
    "hand_wins": "hands won by each team (where the rulebook counts them)",
    "label": "the label the scorekeeper gave the hand (`Round 2, board 7`)",
    "turn": "whose turn it is and what they must do (null when the hand is over)",
    "card": "a card: rank then suit (`QH`, `10S`), or a joker (`BJ`, `LJ`)",
    "number": "the book's number, from 1",
    "plays": "the cards played to the book, in order",
    "kind": "what kind of ruling or restriction this is",
    "book": "the book's number (null when not in a book)",
    "dispute": "the dispute's number within the tournament",
    "table": "the table's number",
    "set_by_director": "whether the director set it rather than the format",
    "complete": "whether every place is decided",
    "members": "the players of each placed team",
    "teams": "the registered teams",
    "standings": "the standings, best first",
    "medals": "the medals awarded",
    "matches": "the matches",
    "role": "the credential's role: `official`, `scorekeeper` or `viewer`",
    "trump": "the trump suit (null in no trump)",
    "seat": "a seat: `north`, `east`, `south` or `west`",
    "action": "what the seat must do next (`bid`, `play`, ...)",
    "total": "every ruling",
    "detected": "rulings in the record that nobody has called yet",
    "pending": "rulings called and not yet settled",
    "established": "rulings established",
    "dismissed": "rulings dismissed",
    "events": "the events, in order",
    "discards": "the cards the bidder gives away",
    "receives": "the cards the bidder takes",
    "said": "the bid as recorded",
    "counts_as": "what the bid counts as under the rulebook",
    "leader": "the seat that led the book",
    "led_suit": "the suit led (null before the first card)",
    "suit": "a suit: `hearts`, `diamonds`, `clubs` or `spades`",
    "since_event": "the event from which the restriction holds",
    "colour": "a colour: `red` or `black`",
    "phase": "the table's phase: `bidding`, `kitty`, `exchange`, `play`, `complete`, `void` or `closed`",
    "deal_known": "whether the deal was recorded (rulings can then prove reneges from it)",
    "kitty": "the kitty's cards (null when concealed or unknown)",
    "discard": "the cards the bidder laid away (null when concealed or not yet)",
    "bids": "every bid, in order",
    "standing_bid": "the highest bid so far and its seat",
    "books_taken": "books taken by each team",
    "restrictions": "what a seat may not do now, by a ruling",
    "exposed": "cards shown out of turn, by seat",
    "document": "the rulebook's file in the rules directory, or `MATRIX.md`",
    "section": "the section of that document",
    "proof": "how the ruling was proven (null until it is, or while concealed)",
    "effect": "what the ruling does to the hand's score",
    "options": "the options the ruling offers, if any",
    "choice": "the option chosen, and by whom (null until chosen)",
    "called_by": "who called it (null when nobody has)",
    "settled_at": "the event that settled it (null while open)",
    "notes": "notes: a correction of the record that changed this ruling, ...",
    "floater": "whether the team is the floater of an odd field",
    "qualified_in": "in a final: the qualifier tournament the team went on from (`POST /finals`)",
    "qualifiers": "a final's qualifier tournaments, whose results made its field (`POST /finals`)",
    "person": "the player's record in the association's registry (`POST /players`), if linked",
    "centre": "the centre (club, district) the team enters for, where a full field gives centres' places",
    "purpose": "what the draw decides",
    "final": "whether the score is final",
    "void": "whether the hand is void (a misdeal, a redeal)",
    "decided_by": "the ruling that decided the hand (null when play did)",
    "form_complete": "whether the dispute form was filled in completely",
    "upheld": "whether the dispute was upheld",
    "date": "the day the tournament is played (YYYY-MM-DD)",
    "public": "true: readers without a credential may see the board",
    "stage": "`round` or `playoff`",
    "slot": "the match's place in the bracket",
    "uncounted": "games that do not count, and why",
    "result": "the match's result, once both sides have signed",
    "signatures": "the sides that have signed",
    "corrections": "the corrections made to the sheet",
    "disputes": "the disputes filed on the sheet",
    "tiebreak": "the tie-break this match plays off (null for a regular match)",
    "size": "how many teams the bracket takes",
    "byes": "the seeds that skip the first playoff round",
    "draws": "the draws made, with their outcomes",
    "rounds": "the rounds seated so far",
    "sheets": "the score sheets",
    "tiebreaks": "the ties to be played off, and those decided",
    "proposal": "the next round's proposed seating",
    "seeding": "the playoff seeding recorded",
    "bracket": "the playoff bracket",
    "seeds": "the teams in seed order, first seed first",
    "entries": "the seeds the standings propose",
    "pairings": "the first playoff round's pairings",
    "imported": "where the hand was imported from, when and by whom (null if recorded here)",
}

#: A member whose meaning depends on the schema it is in.
BY_SCHEMA: Final = {
    ("Problem", "status"): "the HTTP status code",
    ("Problem", "title"): "a short summary of the problem's type",
    ("Problem", "detail"): "what went wrong with this request, in words",
    ("Ruleset", "title"): "the rulebook's title",
    ("Ruleset", "id"): "the rulebook's id, as a hand or tournament names it",
    ("Hand", "id"): "the hand's id",
    ("HandListItem", "id"): "the hand's id",
    ("Tournament", "id"): "the tournament's id",
    ("TournamentListItem", "id"): "the tournament's id",
    ("Ruling", "status"): "`detected`, `pending`, `established` or `dismissed`",
    ("Ruling", "event"): "the event the infraction happened at",
    ("Ruling", "kind"): "the infraction: `renege`, `improper_bid`, `misdeal`, `record_conflict`, ...",
    (
        "Hand",
        "status",
    ): "where the hand stands, rulings included: `bidding`, `kitty`, `exchange`, `play`, `complete`, "
    "`void` or `closed`",
    (
        "HandListItem",
        "status",
    ): "where the hand stands: `bidding`, `kitty`, `exchange`, `play`, `complete`, `void` or `closed`",
    ("Sheet", "status"): "`open`, `complete` (the match is over), `signed` or `eliminated` (a team absent)",
    ("Sheet", "hands"): "the hands played on the sheet, each with its score",
    ("HandList", "hands"): "this page's hands",
    ("Import", "hands"): "the hands recorded, each with its id, version and events",
    ("State", "hands"): "each seat's cards as they stand (null when concealed or unknown)",
    ("Hand", "rulings"): "the hand's rulings counted by status",
    ("HandListItem", "rulings"): "the hand's rulings counted by status",
    ("RulingList", "rulings"): "every ruling on the hand so far",
    ("Sheet", "rulings"): "the rulings on the sheet's hands",
    ("Restriction", "kind"): "the restriction: `may_not_bid_colour`, `must_lead`, ...",
    ("Imported", "by"): "who imported the hand",
    ("SeatingRequest", "by"): "who seats the round",
    ("SeedingRequest", "by"): "who seeds the playoff",
    ("BidRecord", "event"): "the bid's event number",
    ("Played", "event"): "the play's event number",
    ("CalledBy", "event"): "the call's event number",
    ("Sheet", "north_south"): "the north-south side's team",
    ("Sheet", "east_west"): "the east-west side's team",
    ("Sheet", "match"): "the match's id",
    ("Link", "match"): "the match the hand was put on",
    ("Tournament", "standings"): "the standings, best first",
    ("DayStandings", "standings"): "that day's standings, best first",
    ("EventList", "events"): "the events, in order, each with its version, author and time",
}


#: What each schema is, for the ones that are not an event's (those are named by their kind).
SCHEMAS: Final = {
    "Call": "one call for an official: where, about what, and when it was made, claimed and ruled",
    "CallList": "the officials' queue, oldest call first",
    "CallPage": "a page of the officials' queue, oldest call first, and the cursor to the next",
    "ClaimFact": "one fact of a call's claims: claimed, released or handed over, by whom and when",
    "Release": 'a claim let go ("I can\'t go"), with the reason if said',
    "Handover": "a claim handed to another official",
    "Health": "the liveness probe's answer: the process answers HTTP",
    "Person": "one record of the association's registry of players",
    "Player": "a player as the registry knows them now, merges followed, with every record that is them",
    "PlayerMatches": "the people whose name reads as the one asked for",
    "PlayerRequest": "a player to record: the name, the centre or district, the declared facts",
    "MergeRequest": "two records found to be one person",
    "MatchPlayed": "one match of a player's side: the opponents, how it went, its hands and rulings",
    "Career": "what a player did in one tournament: the teams, matches and medals",
    "FinalRequest": "a final to create from its qualifiers: its rulebook, name, day and qualifiers",
    "Qualified": "a final's team and the qualifier it went on from",
    "FinalLink": "a final a qualifier sent teams to",
    "SeasonLinks": "the link both ways between a final and its qualifiers",
    "PlayerHistory": "a player's every tournament the reader may know of, the newest first",
    "Readiness": "the readiness probe's answer: the store's kind, its latest event and the read models' lag",
    "Author": "who recorded an event: a credential's name and role",
    "Dealt": "the hands and kitty of a deal",
    "Ruleset": "a rulebook a hand or tournament can be played under",
    "Players": "the players' names by seat",
    "HandRequest": "what opens a hand: its rulebook, dealer, players and label",
    "Contract": "the contract: the winning bid, its bidder, trump or direction",
    "TeamCounts": "a number for each team",
    "Score": "a hand's score as the record stands",
    "Turn": "whose turn it is, and what they must do",
    "RulingCounts": "a hand's rulings counted by status",
    "Hand": "a hand: where it stands, its contract, its score and its rulings counted",
    "Appended": "what an append recorded: the version it reached",
    "EventList": "a hand's events as recorded, or a page of them",
    "Holdings": "the cards each seat holds",
    "Exchanged": "the cards of a Bid Euchre exchange",
    "BidRecord": "one bid of the auction",
    "StandingBid": "the highest bid so far",
    "SeatCard": "a card and the seat that played it",
    "CurrentBook": "the book being played",
    "Played": "a card played, with its event",
    "Book": "a book played and who won it",
    "Restriction": "what a seat may not do, by a ruling",
    "State": "the table replayed to one moment",
    "CalledBy": "who called an infraction, and at which event",
    "Citation": "a rulebook section, or a MATRIX.md row or interpretation",
    "Ruling": "a ruling: the infraction, its status, proof, penalty, effect and citations",
    "RulingList": "every ruling on a hand so far",
    "Problem": "an error, as RFC 9457 problem details",
    "SeatingTable": "one table of a round's seating",
    "TeamPoints": "points for each team",
    "HandScoreInput": "a hand's score as a sheet records it",
    "DeclaredFacts": "what one player declares at registration for the entry rules; checked, not verified",
    "Sheet": "a match's score sheet",
    "TournamentRequest": "what creates a tournament: its rulebook and name",
    "Standings": "the standings, best first",
    "Proposal": "the next round's proposed seating",
    "Bracket": "the playoff bracket",
    "Medals": "the places and their medals",
    "Tournament": "a tournament as replayed from its log",
    "TournamentAppended": "what an append to a tournament recorded: the version it reached",
    "TournamentEventList": "a tournament's events as recorded, or a page of them",
    "DrawRequest": "what the server is asked to draw",
    "SeatingRequest": "a round's seating: confirmed, or overridden with a reason",
    "LinkHand": "a stored hand to put on a sheet",
    "Signature": "one side's signature on a sheet",
    "SheetList": "every match's score sheet",
    "SeedingRequest": "the playoff's seeding: the proposal, or seeds with a reason",
    "CheckIn": "a team present at the hall",
    "BoardSetting": "whether the board is public",
    "ClockStart": "the side of a match put on the delay clock",
    "ClockStop": "nothing: a delay clock stopped or charged takes its minutes from the log",
    "Clock": "a delay clock running: its sides, its minutes and its words for the hall",
    "Clocks": "the delay clocks running now",
    "TableTokenRequest": "the table a new scorekeeper's credential is for",
    "TableToken": "one of a tournament's table credentials, live or revoked (never its token)",
    "TableTokenList": "a tournament's table credentials, in the order issued",
    "IssuedTableToken": "a new table credential and its token, shown this once",
    "Board": "the hall's board: standings, bracket, the round being played and the medals; no hand, no card",
    "Playing": "the round being played: its number and each table's teams and sheet",
    "BoardStage": "where the day is (a round, the playoff, the final, its end) and a timed round's clock",
    "BoardClock": "a timed game's round clock, counted from the round's seating",
    "TableCardsRequest": "how many tables to print cards for",
    "TableCard": "one of a tournament's table cards, live or withdrawn (never its address or code)",
    "TableCardList": "a tournament's table cards, in the order issued",
    "IssuedTableCard": "a table card as printed: its table, the address its QR code holds and its code",
    "IssuedTableCards": "the table cards issued, each with its address and code, shown this once",
    "TournamentSeeding": "the seeds proposed and the seeding recorded",
    "TournamentStandings": "the standings at the tournament's version",
    "DayStandings": "one day's standings",
    "TournamentDayStandings": "the standings at the end of each day",
    "TournamentProposal": "the next round's proposal at the tournament's version",
    "TournamentBracket": "the bracket at the tournament's version",
    "TournamentMedals": "the medals at the tournament's version",
    "ListedMedals": "a listed tournament's medals",
    "TournamentListItem": "a tournament as the list shows it",
    "TournamentList": "every tournament, newest first",
    "HandListItem": "a hand as the list shows it",
    "HandList": "a page of hands and the cursor to the next",
    "Link": "the sheet a hand is on",
    "Imported": "where an imported hand came from",
    "ImportedHand": "a hand an import recorded",
    "Import": "what an import recorded",
    "HandRecord": "a hand's record, `adjudicator-hand/1`",
    "Event": "any of a hand's events, chosen by `type`",
    "TournamentEvent": "any of a tournament's events, chosen by `type`",
    "Moved": "what moved since the live stream's last event (ids only): the `data` of its `moved` events",
}


def _describe_schemas(schemas: dict[str, Any]) -> None:
    for name, schema in schemas.items():
        if schema.get("description"):
            continue
        words = SCHEMAS.get(name)
        if words is None and name.endswith(("Event", "Recorded")):
            kind = ((schema.get("properties") or {}).get("type") or {}).get("enum", [None])[0]
            told = "as posted" if name.endswith("Event") else "as recorded, with its version, author and time"
            words = f"the `{kind}` event, {told}" if kind else None
        if words is not None:
            schema["description"] = words


def _describe_members(schemas: dict[str, Any]) -> None:
    for schema_name, schema in schemas.items():
        for member, sub in (schema.get("properties") or {}).items():
            if sub.get("description"):
                continue
            words = BY_SCHEMA.get((schema_name, member))
            if words is None and member == "type" and schema_name.endswith(("Event", "Recorded")):
                kind = sub.get("enum", [None])[0] if isinstance(sub.get("enum"), list) else None
                words = f"the event's kind: `{kind}`" if kind else BY_NAME["type"]
            if words is None:
                words = BY_NAME.get(member)
            if words is not None:
                sub["description"] = words


def describe(document: dict[str, Any]) -> None:
    """Give ``document`` its servers and its members' words, where empty."""
    document.setdefault("servers", SERVERS)
    _describe_schemas(document.get("components", {}).get("schemas", {}))
    _describe_members(document.get("components", {}).get("schemas", {}))
