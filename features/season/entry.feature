Feature: Who may enter a tournament, and until when
  A tournament that records its start time checks every entry against its rulebook's row: who may play,
  as the players declare it, until when, and a centre's places. A refusal cites its row; an official may
  admit the entry anyway, with a reason, and the admission is recorded.

  @detroit
  Scenario: A Detroit player must be over 50 on the tournament's day
    Source: detroit-senior-olympics-bid-whist.txt II.a; SEASON.md Entering a tournament and going on from it (all five): who may play.
    Given a detroit tournament starting at "2026-05-16T10:00-04:00"
    When "Aces" registers with "Ann: born 1976-05-17, Senior Olympics 2026-05-01; Al: born 1950-01-01, Senior Olympics 2026-05-01"
    Then the entry is refused: "Ann is 49 on 16 May 2026: a player must be over 50 years of age", citing "detroit-senior-olympics-bid-whist.txt" section "II.a"
    When "Aces" registers with "Ann: born 1976-05-16, Senior Olympics 2026-05-01; Al: born 1950-01-01, Senior Olympics 2026-05-01"
    Then "Aces" is registered as team 1

  @detroit
  Scenario: A Detroit player must have registered for the Senior Olympics by June 1
    Source: detroit-senior-olympics-bid-whist.txt II.b; SEASON.md Entering a tournament and going on from it (all five): who may play.
    Given a detroit tournament starting at "2026-06-06T10:00-04:00"
    When "Aces" registers with "Ann: born 1950-01-01, Senior Olympics 2026-06-02; Al: born 1950-01-01, Senior Olympics 2026-05-01"
    Then the entry is refused: "Ann registered on 2 June 2026: a player must be registered for the Detroit Senior Olympics by June 1", citing "detroit-senior-olympics-bid-whist.txt" section "II.b"
    When "Aces" registers with "Ann: born 1950-01-01, Senior Olympics 2026-06-01; Al: born 1950-01-01, Senior Olympics 2026-05-01"
    Then "Aces" is registered as team 1

  @detroit
  Scenario: A Detroit player's age and registration are what the player declares; an official may admit one who declares none
    Source: SEASON.md Entering a tournament and going on from it (all five): how it is known; MATRIX.md interpretation: declared-eligibility; MATRIX.md interpretation: official-admits.
    Given a detroit tournament starting at "2026-05-16T10:00-04:00"
    When "Aces" registers with "Ann: Senior Olympics 2026-05-01; Al: born 1950-01-01, Senior Olympics 2026-05-01"
    Then the entry is refused: "Ann declares no birth date: a player must be over 50 years of age", citing "MATRIX.md" section "interpretation: declared-eligibility"
    When the official admits "Aces" because "Ann showed her Senior Olympics card at the desk"
    And "Aces" registers with "Ann: Senior Olympics 2026-05-01; Al: born 1950-01-01, Senior Olympics 2026-05-01"
    Then "Aces" is registered as team 1

  @detroit
  Scenario: Detroit enters no team 15 minutes after the start, in the tournament's own time zone
    Source: detroit-senior-olympics-bid-whist.txt I Registration; SEASON.md Entering a tournament and going on from it (all five): registration closes.
    Given a detroit tournament starting at "2026-05-16T10:00-04:00"
    When "Aces" registers at "2026-05-16T14:15:00+00:00" with "Ann: born 1950-01-01, Senior Olympics 2026-05-01; Al: born 1950-01-01, Senior Olympics 2026-05-01"
    Then "Aces" is registered as team 1
    When "Kings" registers at "2026-05-16T10:16-04:00" with "Kim: born 1950-01-01, Senior Olympics 2026-05-01; Ken: born 1950-01-01, Senior Olympics 2026-05-01"
    Then the entry is refused: "registration closed 15 minutes after the start at 10:00 on 16 May 2026", citing "detroit-senior-olympics-bid-whist.txt" section "I Registration"
    When the official admits "Kings" because "the bus from Eastside was late"
    And "Kings" registers at "2026-05-16T10:16-04:00" with "Kim: born 1950-01-01, Senior Olympics 2026-05-01; Ken: born 1950-01-01, Senior Olympics 2026-05-01"
    Then "Kings" is registered as team 2

  @detroit
  Scenario: Every centre enters a team; a centre's first team takes the place of the latest further team of a full field, and team numbers stay
    Source: detroit-senior-olympics-bid-whist.txt XIV, I Preliminary Rounds; SEASON.md Entering a tournament and going on from it (all five): entries per centre, team numbers; MATRIX.md interpretation: centre-places.
    Given a detroit tournament of 3 places starting at "2026-05-16T10:00-04:00"
    And the teams "Aces of Eastside, Kings of Eastside, Queens of Westside" of eligible players
    When "Jacks" of "Westside" registers with eligible players
    Then the entry is refused: "the field of 3 teams is full: Westside's further team enters only while places remain", citing "detroit-senior-olympics-bid-whist.txt" section "XIV"
    When "Tens" of "Northside" registers with eligible players
    Then "Tens" is registered as team 4
    And "Kings" has given its place: "gave its place to Tens, the first team of Northside"
    And "Aces" is registered as team 1

  Scenario Outline: Where the rulebook is silent, anyone may play, any centre may enter any number of teams, and registration is open until the first round is seated
    Source: SEASON.md Entering a tournament and going on from it (all five): who may play, registration closes, entries per centre; MATRIX.md interpretation: registration-open.
    Given a <ruleset> tournament of 2 places starting at "2026-05-16T10:00-04:00"
    When "Aces" registers at "2026-05-16T09:00-04:00" with "Ann; Al"
    And "Kings" of "Eastside" registers with eligible players
    And "Queens" registers at "2026-05-16T13:00-04:00" with "Quinn: born 2001-02-03; Quill"
    Then "Queens" is registered as team 3
    When the official seats round 1 as "1: Aces v Kings" because "Queens arrived after the draw"
    And "Jacks" registers at "2026-05-16T13:30-04:00" with "Jo; Jay"
    Then the entry is refused: "registration closed when play began", citing "MATRIX.md" section "interpretation: registration-open"

    @texas
    Examples: texas
      | ruleset |
      | texas   |

    @chicago
    Examples: chicago
      | ruleset |
      | chicago |

    @cardtel
    Examples: cardtel
      | ruleset |
      | cardtel |

  @ontario
  Scenario: Ontario's district games take players 55 or over living in Ontario, and any number of a district's pairs
    Source: ontario-55-bid-euchre.txt B; SEASON.md Entering a tournament and going on from it (all five): who may play, how it is known, entries per centre; MATRIX.md interpretation: declared-eligibility.
    Given an ontario "district games" tournament of 2 places starting at "2026-05-16T10:00-04:00"
    When "Pair 1" registers with "Ann: born 1971-05-17, lives in Ontario; Al: born 1950-01-01, lives in Ontario"
    Then the entry is refused: "Ann is 54 on 16 May 2026: a player must be 55 or over", citing "ontario-55-bid-euchre.txt" section "B"
    When "Pair 1" registers with "Ann: born 1971-05-16, lives in Quebec; Al: born 1950-01-01, lives in Ontario"
    Then the entry is refused: "Ann lives in Quebec: a player must live in Ontario", citing "ontario-55-bid-euchre.txt" section "B"
    When "Pair 1" registers with "Ann: born 1971-05-16, lives in Ontario; Al: born 1950-01-01, lives in Ontario"
    Then "Pair 1" is registered as team 1
    When "Pair 2" of "Ottawa" registers with "Bea: born 1950-01-01, lives in Ontario; Bo: born 1950-01-01, lives in Ontario"
    And "Pair 3" of "Ottawa" registers with "Cy: born 1950-01-01, lives in Ontario; Cal: born 1950-01-01, lives in Ontario"
    Then "Pair 3" is registered as team 3

  @ontario
  Scenario: Ontario's provincial championships take a district's gold medal winners and earlier champions, as declared
    Source: ontario-55-bid-euchre.txt B; SEASON.md Entering a tournament and going on from it (all five): who may play, how it is known; MATRIX.md interpretation: declared-eligibility.
    Given an ontario "provincial championships" tournament starting at "2026-08-20T09:00-04:00"
    When "Pair 1" registers with "Ann: born 1950-01-01; Al: title district gold 2026"
    Then the entry is refused: "Ann declares no qualifying title", citing "MATRIX.md" section "interpretation: declared-eligibility"
    When "Pair 1" registers with "Ann: title Ontario 55+ Summer Games gold 2024; Al: title district gold 2026"
    Then "Pair 1" is registered as team 1

  @ontario
  Scenario: Anyone not present at Ontario's start is in default, unless the Event Convenor makes an exception
    Source: ontario-55-bid-euchre.txt A; SEASON.md Entering a tournament and going on from it (all five): registration closes; MATRIX.md interpretation: official-admits.
    Given an ontario "district games" tournament starting at "2026-05-16T10:00-04:00"
    When "Pair 1" registers at "2026-05-16T09:30-04:00" with "Ann: born 1950-01-01, lives in Ontario; Al: born 1950-01-01, lives in Ontario"
    And "Pair 2" registers at "2026-05-16T09:40-04:00" with "Bea: born 1950-01-01, lives in Ontario; Bo: born 1950-01-01, lives in Ontario"
    And "Pair 3" registers at "2026-05-16T10:01-04:00" with "Cy: born 1950-01-01, lives in Ontario; Cal: born 1950-01-01, lives in Ontario"
    Then the entry is refused: "the tournament started at 10:00 on 16 May 2026: anyone not present at the start is in default", citing "ontario-55-bid-euchre.txt" section "A"
    When "Pair 1" checks in at "2026-05-16T09:55-04:00"
    And "Pair 2" checks in at "2026-05-16T10:05-04:00"
    Then the entry is refused: "Pair 2 was not present at the start at 10:00 and is in default", citing "ontario-55-bid-euchre.txt" section "A"
    When the official admits "Pair 2" because "a road closure on the way; the Event Convenor's exception"
    And "Pair 2" checks in at "2026-05-16T10:05-04:00"
    Then "Pair 2" is registered as team 2

  @ontario
  Scenario: At Ontario's start a team not checked in is in default and out of play, until the Event Convenor makes an exception
    Source: ontario-55-bid-euchre.txt A; SEASON.md Entering a tournament and going on from it (all five): registration closes; MATRIX.md interpretation: official-admits.
    Given an ontario "district games" tournament starting at "2026-05-16T10:00-04:00"
    When "Pair 1" registers at "2026-05-16T09:30-04:00" with "Ann: born 1950-01-01, lives in Ontario; Al: born 1950-01-01, lives in Ontario"
    And "Pair 2" registers at "2026-05-16T09:40-04:00" with "Bea: born 1950-01-01, lives in Ontario; Bo: born 1950-01-01, lives in Ontario"
    And "Pair 3" registers at "2026-05-16T09:45-04:00" with "Cy: born 1950-01-01, lives in Ontario; Cal: born 1950-01-01, lives in Ontario"
    And "Pair 1" checks in at "2026-05-16T09:50-04:00"
    And "Pair 2" checks in at "2026-05-16T09:55-04:00"
    And the start has passed at "2026-05-16T09:59-04:00"
    Then the teams in play are "Pair 1, Pair 2, Pair 3"
    When the start has passed at "2026-05-16T10:01-04:00"
    Then "Pair 3" is in default: "in default: not present at the start at 10:00"
    And the teams in play are "Pair 1, Pair 2"
    When the official reinstates "Pair 3" because "it was a mistake"
    Then the tournament refuses it: "the Event Convenor's exception"
    When the official admits "Pair 3" because "a road closure on the way; the Event Convenor's exception"
    And "Pair 3" checks in at "2026-05-16T10:05-04:00"
    Then the teams in play are "Pair 1, Pair 2, Pair 3"

  @ontario
  Scenario: A district gold medal recorded on this server qualifies for Ontario's provincial championships without a declared title
    Source: ontario-55-bid-euchre.txt B; SEASON.md Entering a tournament and going on from it (all five): how it is known, who goes on; MATRIX.md interpretation: declared-eligibility.
    Given the ontario district games "Windsor" played to their medals, each player linked to a record
    And an ontario "provincial championships" tournament starting at "2026-08-20T09:00-04:00"
    When "Pair 9" registers players linked to records that won no gold medal, declaring no title
    Then the entry is refused: "Pair 9 1 declares no qualifying title, and no district gold medal of theirs is recorded on this server", citing "ontario-55-bid-euchre.txt" section "B"
    When the gold medal pair of "Windsor" registers as "Champions" declaring no title
    Then "Champions" is qualified by the gold medal of "Windsor"
