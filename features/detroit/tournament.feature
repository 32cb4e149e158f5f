@detroit
Feature: A Detroit Senior Olympics tournament
  MATRIX.md, "Bid Whist: tournaments" (detroit column) and "a match" of "Bid Whist: scoring a hand".
  detroit-senior-olympics-bid-whist.txt I (Preliminary Rounds, Playoff Determination, Playoff Pairing),
  X and XII. Every draw is recorded with its outcome; the service proposes, the official confirms.

  Scenario: A match is a round of 4 hands and the team with more points wins the round
    Source: detroit-senior-olympics-bid-whist.txt I Preliminary Rounds, X; MATRIX.md Bid Whist: scoring a hand: a match.
    Given a detroit tournament with the teams "Aces, Kings"
    And the official draws the first pairing "Aces, Kings"
    And the official confirms the proposed seating
    When table 1 plays a hand: south bids "5" and the bidding team takes 12 books
    And table 1 plays a hand: east bids "4 no trump" and the bidding team takes 11 books
    And table 1 plays a hand: north bids "4" and the bidding team takes 10 books
    Then table 1's match is still going
    When table 1 plays a hand: west bids "4" and the bidding team takes 10 books
    Then table 1's sheet gives "Aces" 10 points and "Kings" 14
    And "Kings" wins table 1's match
    And table 1's match cites "detroit-senior-olympics-bid-whist.txt" section "X"

  Scenario: A hand on the sheet gives points to one team only, at most 14 (7 books over six, doubled in no trump)
    Source: detroit-senior-olympics-bid-whist.txt IX, X; MATRIX.md Bid Whist: scoring a hand: points on the sheet.
    Given a detroit tournament with the teams "Aces, Kings"
    And the official draws the first pairing "Aces, Kings"
    And the official confirms the proposed seating
    When table 1 scores "NS 15"
    Then the tournament refuses it: "a hand gives a team from 0 to 14 points (detroit-senior-olympics-bid-whist.txt IX"
    When table 1 scores "NS 14"
    Then table 1's sheet has 1 hand

  Scenario: The first pairing is drawn two teams at a time, and a replay gives the same pairing
    Source: detroit-senior-olympics-bid-whist.txt I Preliminary Rounds; MATRIX.md Bid Whist: tournaments: rounds.
    Given a detroit tournament with the teams "Aces, Kings, Queens, Jacks"
    Then the proposal waits for the first pairing draw
    When the official draws the first pairing "Queens, Aces, Jacks, Kings"
    Then the proposed seating for round 1 is "1: Queens v Aces, 2: Jacks v Kings"
    And the proposed seating cites "detroit-senior-olympics-bid-whist.txt" section "I Preliminary Rounds"
    And replaying the log proposes the same seating

  Scenario: Each team plays 3 rounds; one team stays at the table and the other moves forward
    Source: detroit-senior-olympics-bid-whist.txt I Preliminary Rounds; MATRIX.md Bid Whist: tournaments: rounds.
    Given a detroit tournament with the teams "A, B, C, D, E, F, G, H"
    And the official draws the first pairing "A, B, C, D, E, F, G, H"
    And the official confirms the proposed seating
    When every table of round 1 scores "NS 3, EW 2, NS 1, NS 4" and signs
    Then the proposed seating for round 2 is "1: A v H, 2: C v B, 3: E v D, 4: G v F"
    When the official confirms the proposed seating
    And every table of round 2 scores "NS 3, EW 2, NS 1, NS 4" and signs
    Then the proposed seating for round 3 is "1: A v F, 2: C v H, 3: E v B, 4: G v D"
    When the official confirms the proposed seating
    And every table of round 3 scores "NS 3, EW 2, NS 1, NS 4" and signs
    Then the proposal says "all 3 rounds are seated"
    When the official seats round 4 as "1: A v C" because "an extra round"
    Then the tournament refuses it: "detroit plays 3 rounds"

  Scenario: The official may override the proposed seating, but only with a reason, and the rotation follows the override
    Source: detroit-senior-olympics-bid-whist.txt I Preliminary Rounds, I Playoff Pairing (the official's right to change the seating); MATRIX.md Bid Whist: tournaments: rounds.
    Given a detroit tournament with the teams "A, B, C, D"
    And the official draws the first pairing "A, B, C, D"
    When the official seats round 1 as "1: A v D, 2: C v B" because "D and B arrived late"
    Then table 1 of round 1 seats "A" against "D"
    When every table of round 1 scores "NS 3, EW 2, NS 1, NS 4" and signs
    Then the proposed seating for round 2 is "1: A v B, 2: C v D"
    When the official records the seating "1: A v C, 2: B v D" for round 2 without a reason
    Then the tournament refuses it: "the seating differs from the proposal"

  Scenario: An odd team plays a randomly picked team, whose points in that game are of no value
    Source: detroit-senior-olympics-bid-whist.txt I Preliminary Rounds; MATRIX.md Bid Whist: tournaments: odd team.
    Given a detroit tournament with the teams "A, B, C, D, E"
    When the official draws the first pairing "A, B, C, D, E"
    Then the proposal waits for the odd opponent draw
    When the official draws "C" to play the odd team
    Then the proposed seating for round 1 is "1: A v B, 2: C v D, 3: E v C (C uncounted)"
    And the proposed seating cites "detroit-senior-olympics-bid-whist.txt" section "I Preliminary Rounds"
    When the official confirms the proposed seating
    And table 1 scores "NS 5, NS 4, EW 2, NS 1" and signs
    And table 2 scores "EW 4, EW 4, EW 4, NS 1" and signs
    And table 3 scores "EW 6, EW 6, EW 6, EW 6" and signs
    Then the standings are:
      | rank | team | rounds won | total points | played |
      | 1    | D    | 1          | 12           | 1      |
      | 2    | A    | 1          | 10           | 1      |
      | 3    | B    | 0          | 2            | 1      |
      | 4    | C    | 0          | 1            | 1      |
      | 5    | E    | 0          | 0            | 1      |

  Scenario: A team is paired once a round: a second pairing is refused, and nothing changes
    Source: detroit-senior-olympics-bid-whist.txt I Preliminary Rounds; MATRIX.md Bid Whist: tournaments: rounds.
    Given a detroit tournament with the teams "A, B, C, D"
    And the official draws the first pairing "A, B, C, D"
    When the official seats round 1 as "1: A v B, 2: C v A" because "a mistake"
    Then the tournament refuses it: "'A' is already seated in round 1"

  Scenario: Standings go by rounds won, then total points; a tie on both names the single-game playoff
    Source: detroit-senior-olympics-bid-whist.txt I Playoff Determination; MATRIX.md Bid Whist: tournaments: standings.
    Given a detroit tournament with the teams "A, B, C, D"
    And the official draws the first pairing "A, B, C, D"
    And the official confirms the proposed seating
    When table 1 scores "NS 5, NS 4, EW 2, EW 3" and signs
    And table 2 scores "NS 5, NS 4, EW 2, EW 3" and signs
    Then the standings read "A = C, B = D"
    And the standings name the playoff "a single game (one round of 4 hands), the winner taking the higher place" for "A, C"
    And the standings cite "detroit-senior-olympics-bid-whist.txt" section "I Playoff Determination"
    When the official records that "C, A" won the tie-break playoff
    Then the standings read "C, A, B = D"
    And the standings are rebuilt from the log alone

  Scenario: A tie-break playoff between teams that are not tied is refused
    Source: detroit-senior-olympics-bid-whist.txt I Playoff Determination; MATRIX.md Bid Whist: tournaments: standings.
    Given a detroit tournament with the teams "A, B, C, D"
    And the official draws the first pairing "A, B, C, D"
    And the official confirms the proposed seating
    When table 1 scores "NS 5, NS 4, EW 2, EW 3" and signs
    And table 2 scores "NS 5, NS 3, EW 2, EW 2" and signs
    And the official records that "A, C" won the tie-break playoff
    Then the tournament refuses it: "not tied on every tie-breaker"

  Scenario Outline: The playoff field is the top 16, 32 from 64 to 127 teams, 64 from 128 teams
    Source: detroit-senior-olympics-bid-whist.txt I Playoff Determination; MATRIX.md Bid Whist: tournaments: playoff field.
    Given a detroit tournament with <entries> teams
    Then the playoff field is <field> teams
    And the playoff field cites "detroit-senior-olympics-bid-whist.txt" section "I Playoff Determination"

    Examples:
      | entries | field |
      | 40      | 16    |
      | 63      | 16    |
      | 64      | 32    |
      | 127     | 32    |
      | 128     | 64    |
      | 200     | 64    |

  Scenario: The playoff is seeded 1 v 16, 2 v 15 ... 8 v 9, winners advancing through the bracket
    Source: detroit-senior-olympics-bid-whist.txt I Playoff Pairing; MATRIX.md Bid Whist: tournaments: bracket.
    Given a detroit tournament with 20 teams whose preliminary rounds are played
    When the official seeds the playoff as proposed
    Then the first playoff round pairs seeds "1 v 16, 8 v 9, 4 v 13, 5 v 12, 2 v 15, 7 v 10, 3 v 14, 6 v 11"
    And the bracket cites "detroit-senior-olympics-bid-whist.txt" section "I Playoff Pairing"

  Scenario: The Final Four winners play for 1st and 2nd, the losers for 3rd and 4th; gold, silver, bronze
    Source: detroit-senior-olympics-bid-whist.txt I Playoff Pairing, XII; MATRIX.md Bid Whist: tournaments: bracket.
    Given a detroit tournament with 20 teams whose preliminary rounds are played
    When the official seeds the playoff as proposed
    And every playoff match is won by the higher seed
    Then the final is seeds 1 v 2 and the third-place match seeds 3 v 4
    And the medals go "gold: seed 1, silver: seed 2, bronze: seed 3"
    And the medals cite "detroit-senior-olympics-bid-whist.txt" section "XII"

  Scenario: A playoff team not present to play its round is eliminated by the official, and its opponent advances
    Source: detroit-senior-olympics-bid-whist.txt I Playoff Pairing; MATRIX.md Bid Whist: tournaments: bracket.
    Given a detroit tournament with 20 teams whose preliminary rounds are played
    When the official seeds the playoff as proposed
    And the official eliminates seed 9 from playoff match "P1-2" because "not present when the round was called"
    Then seed 8 wins playoff match "P1-2"
    And playoff match "P1-2" is decided by the absence of seed 9
    And playoff match "P1-2" cites "detroit-senior-olympics-bid-whist.txt" section "I Playoff Pairing"
    When the team of seed 8 signs playoff match "P1-2"
    Then the tournament refuses it: "decided by an absence"
    When playoff match "P1-1" scores "NS 3"
    And the official eliminates seed 16 from playoff match "P1-1" because "left after the first hand"
    Then the tournament refuses it: "a team present for its match is not eliminated for absence"
    When every playoff match is won by the higher seed
    Then the final is seeds 1 v 2 and the third-place match seeds 3 v 4
    And the medals go "gold: seed 1, silver: seed 2, bronze: seed 3"

  @interpretation
  Scenario: A playoff match is played at the table the director calls it to; a table plays one match at a time
    Source: detroit-senior-olympics-bid-whist.txt I Playoff Pairing; MATRIX.md Bid Whist: tournaments: bracket (where a match is played: the director's call).
    Given a detroit tournament with 20 teams whose preliminary rounds are played
    When the official seeds the playoff as proposed
    Then playoff match "P1-1" is played at no table yet
    When the director calls playoff match "P1-1" to table 3
    Then playoff match "P1-1" is played at table 3
    When the director calls playoff match "P1-2" to table 3
    Then the tournament refuses it: "table 3 has P1-1 in progress, not signed by both teams"
    When the director calls playoff match "P1-1" to table 1 because "the lights went out at table 3"
    Then playoff match "P1-1" is played at table 1
    When the director calls playoff match "P1-2" to table 3
    Then playoff match "P1-2" is played at table 3
    When the director calls playoff match "P1-3" to table 0
    Then the tournament refuses it: "tables are numbered from 1"
    When every playoff match is won by the higher seed
    And the director calls the final to table 2
    Then the tournament refuses it: "signed by both teams: a finished match is called to no table"

  @interpretation
  Scenario: A preliminary match moves to another table when the director calls it there
    Source: detroit-senior-olympics-bid-whist.txt I Preliminary Rounds; MATRIX.md Bid Whist: tournaments: rounds (where a match is played: the director's call).
    Given a detroit tournament with the teams "Aces, Kings, Queens, Jacks"
    And the official draws the first pairing "Aces, Kings, Queens, Jacks"
    And the official confirms the proposed seating
    When table 2 scores "NS 3"
    And the director calls table 2's match to table 1 because "the lights went out at table 2"
    Then the tournament refuses it: "table 1 has R1-T1 in progress"
    When the director calls table 2's match to table 5 because "the lights went out at table 2"
    Then table 2's match is played at table 5
    And table 2's sheet has 1 hand

  Scenario: An absent team is eliminated from the playoff only; in the preliminary rounds the director forfeits hands
    Source: detroit-senior-olympics-bid-whist.txt I Playoff Pairing, XI; MATRIX.md Bid Whist: tournaments: bracket.
    Given a detroit tournament with the teams "Aces, Kings"
    And the official draws the first pairing "Aces, Kings"
    And the official confirms the proposed seating
    When the official eliminates "Kings" from table 1's match because "not present"
    Then the tournament refuses it: "is not a playoff match"

  Scenario: A level playoff round is decided by a recorded tie-break before its sheet is signed
    Source: detroit-senior-olympics-bid-whist.txt I Playoff Determination (single game elimination); MATRIX.md Bid Whist: tournaments: standings, bracket.
    Given a detroit tournament with 20 teams whose preliminary rounds are played
    When the official seeds the playoff as proposed
    And playoff match "P1-1" scores "NS 3, EW 3, NS 2, EW 2"
    And the team of seed 16 signs playoff match "P1-1"
    Then the tournament refuses it: "is level: record its tie-break"
    When the official records that seed 16 won playoff match "P1-1"'s tie-break
    Then seed 16 wins playoff match "P1-1"

  Scenario: One member of each team signs the sheet after the round; a second signature by the same team is refused
    Source: detroit-senior-olympics-bid-whist.txt I Preliminary Rounds; MATRIX.md Bid Whist: tournaments: score sheet.
    Given a detroit tournament with the teams "Aces (Ann, Al), Kings"
    And the official draws the first pairing "Aces, Kings"
    And the official confirms the proposed seating
    When table 1 scores "NS 3, EW 2, NS 1"
    And "Ann" signs table 1's sheet for "Aces"
    Then the tournament refuses it: "is not over"
    When table 1 scores "NS 4"
    And "Ann" signs table 1's sheet for "Aces"
    And "Al" signs table 1's sheet for "Aces"
    Then the tournament refuses it: "already signed for North–South"
    When "Kim" signs table 1's sheet for "Kings"
    Then table 1's sheet is signed and final
    And table 1's sheet cites "detroit-senior-olympics-bid-whist.txt" section "I Preliminary Rounds"

  Scenario: After sign-off a sheet takes no more hands, only an official's correction of arithmetic with a reason
    Source: detroit-senior-olympics-bid-whist.txt I Preliminary Rounds, XI (the director's final authority); MATRIX.md Bid Whist: tournaments: score sheet.
    Given a detroit tournament with the teams "Aces, Kings"
    And the official draws the first pairing "Aces, Kings"
    And the official confirms the proposed seating
    When table 1 scores "NS 3, EW 2, NS 1, NS 4" and signs
    And table 1 scores "NS 4"
    Then the tournament refuses it: "signed and final"
    When the official corrects hand 2 of table 1 to "EW 6" because "4 no trump made with 9 books is 6, not 2"
    Then table 1's sheet gives "Aces" 8 points and "Kings" 6
    And the standings are rebuilt from the log alone

  @interpretation
  Scenario: A late team is referred to the director, who may forfeit a hand by an event with a reason
    Source: MATRIX.md Bid Whist: tournaments: delay of game (blank for detroit); detroit-senior-olympics-bid-whist.txt XI.
    Given a detroit tournament with the teams "Aces, Kings"
    And the official draws the first pairing "Aces, Kings"
    And the official confirms the proposed seating
    When "Kings" is 9 minutes late at table 1
    Then table 1's sheet has 0 hands
    And the delay ruling says "referred to the director"
    And the delay ruling cites "MATRIX.md" section "Bid Whist: tournaments: delay of game"
    When the official forfeits a hand of table 1 against "Kings" because "not seated after ten minutes"
    Then table 1's sheet has 1 hand
