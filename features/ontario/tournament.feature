@ontario
Feature: An Ontario 55+ Bid Euchre tournament day
  MATRIX.md, "Bid Euchre (ontario)": game, tournament points, tie-break, movement, floater team.
  ontario-55-bid-euchre.txt A, C.1-C.4, D.1-D.4, E. Progressive: partners start each session
  together, then winners split and move while losers stay and split.

  Scenario: Partners start the session together at the tables the draw gives them
    Source: ontario-55-bid-euchre.txt C.2, C.3; MATRIX.md Bid Euchre (ontario): movement.
    Given an ontario tournament with the pairs "A (a1, a2), B (b1, b2), C (c1, c2), D (d1, d2)"
    And the official draws the session's starting order "A, B, C, D"
    And the official confirms the proposed seating
    Then table 1 of round 1 seats "a1 a2" against "b1 b2"
    And table 2 of round 1 seats "c1 c2" against "d1 d2"

  Scenario: A hand on the sheet gives a team at most 24 points, a made moonshot's
    Source: ontario-55-bid-euchre.txt I.8, I.9, I.10; MATRIX.md Bid Euchre (ontario): scoring.
    Given an ontario tournament with the pairs "A (a1, a2), B (b1, b2), C (c1, c2), D (d1, d2)"
    And the official draws the session's starting order "A, B, C, D"
    And the official confirms the proposed seating
    When table 1 scores "30:0"
    Then the tournament refuses it: "30 points to North–South in one hand: under the Ontario 55+ Summer Games Bid Euchre"
    When table 1 scores "24:0, -24:4"
    Then table 1's sheet has 2 hands

  Scenario: A game is 8 hands; the winners take 2 tournament points each, a tie 1 each, the losers 0
    Source: ontario-55-bid-euchre.txt C.1, D.1; MATRIX.md Bid Euchre (ontario): game, tournament points.
    Given an ontario tournament with the pairs "A (a1, a2), B (b1, b2), C (c1, c2), D (d1, d2)"
    And the official draws the session's starting order "A, B, C, D"
    And the official confirms the proposed seating
    When table 1 scores "5:3, 5:3, 5:3, 5:3, 5:3, 5:3, 5:3, 5:3"
    And table 1 scores "5:3"
    Then the tournament refuses it: "is over"
    When table 1 signs its sheet
    And table 2 scores "4:4, 4:4, 4:4, 4:4, 4:4, 4:4, 4:4, 4:4" and signs
    Then player "a1" has 2 tournament points and a point differential of 16
    And player "b2" has 0 tournament points and a point differential of -16
    And player "c1" has 1 tournament points and a point differential of 0
    And table 1's match cites "ontario-55-bid-euchre.txt" section "C.1"
    And the standings cite "ontario-55-bid-euchre.txt" section "D.1"

  Scenario: Partners' tournament points are added together; the point differential breaks a tie
    Source: ontario-55-bid-euchre.txt D.2, D.3; MATRIX.md Bid Euchre (ontario): tournament points, tie-break.
    Given an ontario tournament with the pairs "A (a1, a2), B (b1, b2), C (c1, c2), D (d1, d2)"
    And the official draws the session's starting order "A, B, C, D"
    And the official confirms the proposed seating
    When table 1 scores "5:3, 5:3, 5:3, 5:3, 5:3, 5:3, 5:3, 5:3" and signs
    And table 2 scores "4:4, 4:4, 4:4, 4:4, 4:4, 4:4, 4:4, 5:3" and signs
    Then the standings are:
      | rank | team | tournament points | point differential |
      | 1    | A    | 4                 | 32                 |
      | 2    | C    | 4                 | 4                  |
      | 3    | D    | 0                 | -4                 |
      | 4    | B    | 0                 | -32                |
    And the standings cite "ontario-55-bid-euchre.txt" section "D.3"

  Scenario: Split partners' points are added together, and a tie on both keys names a playoff of 4 hands
    Source: ontario-55-bid-euchre.txt D.2, D.3, D.4, E; MATRIX.md Bid Euchre (ontario): tournament points, tie-break.
    Given an ontario tournament with the pairs "A (a1, a2), B (b1, b2), C (c1, c2), D (d1, d2)"
    And the official draws the session's starting order "A, B, C, D"
    And the official confirms the proposed seating
    When table 1 scores "5:3, 5:3, 5:3, 5:3, 5:3, 5:3, 5:3, 5:3" and signs
    And table 2 scores "4:4, 4:4, 4:4, 4:4, 4:4, 4:4, 4:4, 4:4" and signs
    Then the proposed seating for round 2 is "1: a1 d2 v a2 d1, 2: c1 b2 v c2 b1"
    When the official confirms the proposed seating
    And table 1 scores "6:2, 6:2, 6:2, 6:2, 6:2, 6:2, 6:2, 6:2" and signs
    And table 2 scores "2:6, 2:6, 2:6, 2:6, 2:6, 2:6, 2:6, 2:6" and signs
    Then player "a1" has 4 tournament points and a point differential of 48
    And player "d2" has 3 tournament points and a point differential of 32
    And the standings read "A, C = D, B"
    And "A" has 6 tournament points
    And the standings name the playoff "a playoff of 4 hands" for "C, D"
    And the standings cite "ontario-55-bid-euchre.txt" section "D.4"
    When the official records that "D, C" won the tie-break playoff
    Then the standings read "A, D, C, B"
    And the medals go "gold: A, silver: D, bronze: C"
    And the medals cite "ontario-55-bid-euchre.txt" section "E"
    And the standings are rebuilt from the log alone

  @interpretation
  Scenario: After a session's first game the winners move two tables and the losers one
    Source: ontario-55-bid-euchre.txt C.4 (note); MATRIX.md Bid Euchre (ontario): movement.
    Given an ontario tournament with the pairs "A (a1, a2), B (b1, b2), C (c1, c2), D (d1, d2), E (e1, e2), F (f1, f2), G (g1, g2), H (h1, h2), I (i1, i2), J (j1, j2)"
    And the official draws the session's starting order "A, B, C, D, E, F, G, H, I, J"
    And the official confirms the proposed seating
    When every table of round 1 scores "5:3, 5:3, 5:3, 5:3, 5:3, 5:3, 5:3, 5:3" and signs
    Then in the proposal "e1" sits at table 5 partnered with "b2"
    And in the proposal "e2" sits at table 1 partnered with "j1"
    And in the proposal "f1" sits at table 4 partnered with "a2"
    And in the proposal "f2" sits at table 2 partnered with "i1"
    And the proposed seating cites "ontario-55-bid-euchre.txt" section "C.4"

  Scenario: Later in a session the winners split, one a table up and one down, and the losers stay and split
    Source: ontario-55-bid-euchre.txt C.4; MATRIX.md Bid Euchre (ontario): movement.
    Given an ontario tournament with the pairs "A (a1, a2), B (b1, b2), C (c1, c2), D (d1, d2), E (e1, e2), F (f1, f2), G (g1, g2), H (h1, h2), I (i1, i2), J (j1, j2)"
    And the official draws the session's starting order "A, B, C, D, E, F, G, H, I, J"
    And the official confirms the proposed seating
    When every table of round 1 scores "5:3, 5:3, 5:3, 5:3, 5:3, 5:3, 5:3, 5:3" and signs
    And the official confirms the proposed seating
    Then table 1 of round 2 seats "g1 d2" against "e2 j1"
    When every table of round 2 scores "5:3, 5:3, 5:3, 5:3, 5:3, 5:3, 5:3, 5:3" and signs
    Then in the proposal "g1" sits at table 2
    And in the proposal "d2" sits at table 5
    And in the proposal "e2" and "j1" stay at table 1 as opponents

  @interpretation
  Scenario: Each session starts with partners together again, no team at a table it started at, even against a team met before
    Source: ontario-55-bid-euchre.txt C.3 (a different place each session, to avoid the same opponents); MATRIX.md Bid Euchre (ontario): movement, a session's start.
    Given an ontario tournament in sessions of 2 games with the pairs "A (a1, a2), B (b1, b2), C (c1, c2), D (d1, d2)"
    And the official draws the session's starting order "A, B, C, D"
    And the official confirms the proposed seating
    When every table of round 1 scores "5:3, 5:3, 5:3, 5:3, 5:3, 5:3, 5:3, 5:3" and signs
    And the official confirms the proposed seating
    And every table of round 2 scores "5:3, 5:3, 5:3, 5:3, 5:3, 5:3, 5:3, 5:3" and signs
    Then the proposal waits for the session start draw
    And the proposed seating cites "ontario-55-bid-euchre.txt" section "C.3"
    When the official draws the session's starting order "C, A, D, B"
    Then the proposed seating for round 3 is "1: c1 c2 v d1 d2, 2: a1 a2 v b1 b2"

  Scenario: The floater team plays when the pairs are odd, and its results do not count
    Source: ontario-55-bid-euchre.txt A; MATRIX.md Bid Euchre (ontario): floater team.
    Given an ontario tournament with the pairs "A (a1, a2), B (b1, b2), C (c1, c2)"
    And the floater pair "F (f1, f2)"
    When the official draws the session's starting order "A, B, C"
    Then the tournament refuses it: "every team in play"
    When the official draws the session's starting order "A, F, B, C"
    And the official confirms the proposed seating
    And table 1 scores "4:5, 4:5, 4:5, 4:5, 4:5, 4:5, 4:5, 4:5" and signs
    And table 2 scores "5:3, 5:3, 5:3, 5:3, 5:3, 5:3, 5:3, 5:3" and signs
    Then team "F" is not in the standings
    And player "f1" is not in the standings
    And the standings read "B, A, C"
    And the standings cite "ontario-55-bid-euchre.txt" section "D.1"

  @interpretation
  Scenario: A team that defaults is removed from the standings and the floater takes its seats
    Source: ontario-55-bid-euchre.txt A; MATRIX.md Bid Euchre (ontario): floater team.
    Given an ontario tournament with the pairs "A (a1, a2), B (b1, b2), C (c1, c2), D (d1, d2)"
    And the floater pair "F (f1, f2)"
    And the official draws the session's starting order "A, B, C, D"
    And the official confirms the proposed seating
    When table 1 scores "5:3, 5:3, 5:3, 5:3, 5:3, 5:3, 5:3, 5:3" and signs
    And table 2 scores "5:3, 5:3, 5:3, 5:3, 5:3, 5:3, 5:3, 5:3" and signs
    And "D" withdraws because "left after the first game"
    Then team "D" is not in the standings
    And the standings read "A = C, B"
    And the proposed seating for round 2 is "1: a1 f2 v a2 f1, 2: c1 b2 v c2 b1"

  @interpretation
  Scenario: A game stopped by the 20-minute limit is scored on the hands completed
    Source: ontario-55-bid-euchre.txt C.1; MATRIX.md Bid Euchre (ontario): game.
    Given an ontario tournament with the pairs "A (a1, a2), B (b1, b2), C (c1, c2), D (d1, d2)"
    And the official draws the session's starting order "A, B, C, D"
    And the official confirms the proposed seating
    When table 1 scores "5:3, 2:6, 5:3, 4:4, 6:2"
    And the official stops table 1's game at 15 minutes because "slow play"
    Then the tournament refuses it: "20-minute limit"
    When the official stops table 1's game at 20 minutes because "time"
    Then table 1's game is over after 5 hands, stopped by the time limit
    When table 1 scores "5:3"
    Then the tournament refuses it: "is over"
    When table 1 signs its sheet
    And table 2 scores "4:4, 4:4, 4:4, 4:4, 4:4, 4:4, 4:4, 4:4" and signs
    Then player "a1" has 2 tournament points and a point differential of 4
    And player "b1" has 0 tournament points and a point differential of -4
    And table 1's match cites "MATRIX.md" section "interpretation: euchre-time-limit"
    And table 1's match cites "ontario-55-bid-euchre.txt" section "C.1"

  Scenario: District partners play the first game of a session together and then split
    Source: ontario-55-bid-euchre.txt C.2, C.3; MATRIX.md Bid Euchre (ontario): movement, district partners.
    Given an ontario tournament with the pairs "A (a1, a2), B (b1, b2), C (c1, c2), D (d1, d2)"
    And the official draws the session's starting order "A, B, C, D"
    When the official seats round 1 as "1: a1 b1 v a2 b2, 2: c1 d1 v c2 d2" because "a mix"
    Then the tournament refuses it: "district partners play the session's first game together"
    When the official seats round 1 as "1: a1 a2 v c1 c2, 2: b1 b2 v d1 d2" because "keep A and B apart"
    And every table of round 1 scores "5:3, 5:3, 5:3, 5:3, 5:3, 5:3, 5:3, 5:3" and signs
    And the official seats round 2 as "1: a1 a2 v b1 b2, 2: c1 c2 v d1 d2" because "partners again"
    Then the tournament refuses it: "district partners split after it"
    When the official confirms the proposed seating
    Then table 1 of round 2 seats "a1 d2" against "a2 d1"

  Scenario: Partners' tournament points are added together at the end of day 1 (12 games) and of day 2 (24 games)
    Source: ontario-55-bid-euchre.txt C.1, D.2; MATRIX.md Bid Euchre (ontario): tournament points.
    Given an ontario tournament with the pairs "A (a1, a2), B (b1, b2), C (c1, c2), D (d1, d2)"
    And the official draws the session's starting order "A, B, C, D"
    When games 1 to 11 are played, every table scoring "5:3, 5:3, 5:3, 5:3, 5:3, 5:3, 5:3, 5:3" and signing
    Then the standings of day 1 are not yet complete
    When games 12 to 12 are played, every table scoring "5:3, 5:3, 5:3, 5:3, 5:3, 5:3, 5:3, 5:3" and signing
    Then the standings at the end of day 1 (12 games) read "A = C, B = D"
    And the standings of day 2 are not yet complete
    And the day standings cite "ontario-55-bid-euchre.txt" section "D.2"
    When games 13 to 24 are played, every table scoring "2:6, 2:6, 2:6, 2:6, 2:6, 2:6, 2:6, 2:6" and signing
    Then the standings at the end of day 1 (12 games) read "A = C, B = D"
    And the standings at the end of day 2 (24 games) read "A = C, B = D"
    And at the end of day 1 player "a1" has 16 tournament points
    And at the end of day 2 player "a1" has 32 tournament points

  Scenario: The standings are read at the end of each day; day 1's stand once its 12 games are signed
    Source: ontario-55-bid-euchre.txt C.1, D.1, D.2; MATRIX.md Bid Euchre (ontario): tournament points.
    Given an ontario tournament with the pairs "A (a1, a2), B (b1, b2), C (c1, c2), D (d1, d2)"
    And the official draws the session's starting order "A, B, C, D"
    Then the day standings list "day 1 (12 games), day 2 (24 games)"
    And the standings of day 1 are not yet complete
    When games 1 to 12 are played, every table scoring "5:3, 5:3, 5:3, 5:3, 5:3, 5:3, 5:3, 5:3" and signing
    And games 13 to 14 are played, every table scoring "2:6, 2:6, 2:6, 2:6, 2:6, 2:6, 2:6, 2:6" and signing
    Then the standings at the end of day 1 (12 games) read "A = C, B = D"
    And at the end of day 1 player "a1" has 16 tournament points
    And the standings of day 2 are not yet complete
    And the day standings cite "ontario-55-bid-euchre.txt" section "D.1"

  Scenario: A game is 8 hands in which each player deals twice, the deal passing to the left
    Source: ontario-55-bid-euchre.txt C.1; MATRIX.md Bid Euchre (ontario): game.
    Given an ontario tournament with the pairs "A (a1, a2), B (b1, b2), C (c1, c2), D (d1, d2)"
    And the official draws the session's starting order "A, B, C, D"
    And the official confirms the proposed seating
    When table 1 scores "5:3, 2:6, 5:3, 4:4, 6:2, 3:5, 5:3, 4:4" dealt by "east, south, west, north, east, south, west, north"
    Then table 1's sheet shows every seat dealt 2 hands and no hand dealt out of turn
    And table 1's sheet has 8 hands
    When table 1 signs its sheet
    Then table 1's sheet is signed and final

  @interpretation
  Scenario: A hand dealt out of turn stands, and the deal goes on from the seat whose deal it was
    Source: ontario-55-bid-euchre.txt C.1; MATRIX.md Bid Euchre (ontario): game.
    Given an ontario tournament with the pairs "A (a1, a2), B (b1, b2), C (c1, c2), D (d1, d2)"
    And the official draws the session's starting order "A, B, C, D"
    And the official confirms the proposed seating
    When table 1 scores "5:3" dealt by "middle"
    Then the tournament refuses it: "the dealer is a seat"
    When table 1 scores "5:3, 2:6" dealt by "north, east"
    And table 1 scores "6:2" dealt by "west"
    Then table 1's ruling: west dealt out of turn, south's deal
    And the deal ruling says "the hand was played and stands"
    And the deal ruling cites "ontario-55-bid-euchre.txt" section "C.1"
    And table 1's sheet has 3 hands
    And table 1's next hand is west's deal
    When table 1 scores "4:4" dealt by "west"
    Then table 1's next hand is north's deal

  @interpretation
  Scenario: A winner arriving where its district partner stays partners the other staying player
    Source: ontario-55-bid-euchre.txt C.2, C.4; MATRIX.md Bid Euchre (ontario): district partners (interpretation: euchre-partners-split).
    Given an ontario tournament with the pairs "A (a1, a2), B (b1, b2), C (c1, c2), D (d1, d2)"
    And the official draws the session's starting order "A, B, C, D"
    When games 1 to 4 are played, every table scoring "5:3, 5:3, 5:3, 5:3, 5:3, 5:3, 5:3, 5:3" and signing
    Then table 1 of round 4 seats "d1 c2" against "b2 a1"
    And table 2 of round 4 seats "b1 a2" against "d2 c1"
    And in the proposal "b2" and "a1" stay at table 1 as opponents
    And in the proposal "b1" sits at table 1 partnered with "a1"
    And in the proposal "a2" sits at table 1 partnered with "b2"
    And the proposed seating cites "MATRIX.md" section "interpretation: euchre-partners-split"

  Scenario: No later game of a session seats district partners together, proposed or confirmed
    Source: ontario-55-bid-euchre.txt C.2; MATRIX.md Bid Euchre (ontario): district partners.
    Given an ontario tournament with the pairs "A (a1, a2), B (b1, b2), C (c1, c2), D (d1, d2)"
    And the official draws the session's starting order "A, B, C, D"
    When games 1 to 12 are played, every table scoring "5:3, 5:3, 5:3, 5:3, 5:3, 5:3, 5:3, 5:3" and signing
    Then no district partners sat together after a session's first game

  @interpretation
  Scenario: A session starts each team at a new table against a new opponent where the field allows
    Source: ontario-55-bid-euchre.txt C.3; MATRIX.md Bid Euchre (ontario): a session's start (interpretation: euchre-session-start).
    Given an ontario tournament in sessions of 2 games with the pairs "A (a1, a2), B (b1, b2), C (c1, c2), D (d1, d2), E (e1, e2), F (f1, f2)"
    And the official draws the session's starting order "A, B, C, D, E, F"
    And the official confirms the proposed seating
    When every table of round 1 scores "5:3, 5:3, 5:3, 5:3, 5:3, 5:3, 5:3, 5:3" and signs
    And the official confirms the proposed seating
    And every table of round 2 scores "5:3, 5:3, 5:3, 5:3, 5:3, 5:3, 5:3, 5:3" and signs
    And the official draws the session's starting order "A, B, C, D, E, F"
    Then the proposed seating for round 3 is "1: c1 c2 v e1 e2, 2: a1 a2 v f1 f2, 3: b1 b2 v d1 d2"
    And the proposed seating cites "MATRIX.md" section "interpretation: euchre-session-start"

  @interpretation
  Scenario: Where the field cannot give every team a new table and opponent, a new table comes first
    Source: ontario-55-bid-euchre.txt C.3 ("if possible": a different place each session, to avoid the same opponents); MATRIX.md Bid Euchre (ontario): a session's start (interpretation: euchre-session-start).
    Given an ontario tournament in sessions of 2 games with the pairs "A (a1, a2), B (b1, b2), C (c1, c2), D (d1, d2)"
    And the official draws the session's starting order "A, B, C, D"
    And the official confirms the proposed seating
    When every table of round 1 scores "5:3, 5:3, 5:3, 5:3, 5:3, 5:3, 5:3, 5:3" and signs
    And the official confirms the proposed seating
    And every table of round 2 scores "5:3, 5:3, 5:3, 5:3, 5:3, 5:3, 5:3, 5:3" and signs
    And the official draws the session's starting order "A, B, C, D"
    Then the proposed seating for round 3 is "1: c1 c2 v d1 d2, 2: a1 a2 v b1 b2"
