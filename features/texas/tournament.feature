@texas
Feature: A Texas Bid Whist Alliance tournament
  MATRIX.md, "Bid Whist: tournaments" (texas column) and "a match" of "Bid Whist: scoring a hand".
  texas-bid-whist-alliance.txt Playing, Scoring, Table Rotation, Play-Off Rounds.

  Scenario: A round is the best 3 of 5 hands: the team to win three hands wins the round
    Source: texas-bid-whist-alliance.txt Playing; MATRIX.md Bid Whist: scoring a hand: a match.
    Given a texas tournament with the teams "Aces, Kings"
    And the official confirms the proposed seating
    When table 1 plays a hand: south bids "4" and the bidding team takes 10 books
    And table 1 plays a hand: east bids "5" and the bidding team takes 11 books
    And table 1 plays a hand: north bids "4 downtown" and the bidding team takes 8 books
    And table 1 plays a hand: south bids "5" and the bidding team takes 11 books
    Then table 1's match is still going
    When table 1 plays a hand: west bids "4" and the bidding team takes 9 books
    Then "Aces" wins table 1's match
    And table 1's match cites "texas-bid-whist-alliance.txt" section "Playing"
    When table 1 scores "NS 1"
    Then the tournament refuses it: "is over"

  Scenario: A hand on the sheet gives one team at most 7 points: a paper sheet's "50 0" is refused
    Source: texas-bid-whist-alliance.txt Scoring; MATRIX.md interpretation: texas-points; MATRIX.md Bid Whist: scoring a hand: points on the sheet.
    Given a texas tournament with the teams "Aces, Kings"
    And the official confirms the proposed seating
    When table 1 scores "NS 50"
    Then the tournament refuses it: "50 points to North–South in one hand: under the Texas Bid Whist Alliance Standard Rules of Play, a hand gives a team from 0 to 7 points (texas-bid-whist-alliance.txt Scoring"
    When table 1 scores "NS 7"
    Then table 1's sheet has 1 hand

  Scenario: An official's correction that gives a hand to the other team moves the hand's win with it
    Source: texas-bid-whist-alliance.txt Playing; MATRIX.md Bid Whist: tournaments: score sheet.
    Given a texas tournament with the teams "Aces, Kings"
    And the official confirms the proposed seating
    When table 1 scores "NS 1, NS 1, EW 1, EW 1"
    Then table 1's match is still going
    When the official corrects hand 3 of table 1 to "NS 1", saying only who won it and the points, because "north and south took the third hand"
    Then "Aces" wins table 1's match

  Scenario: Teams start by number; even teams move forward in rounds 2-3 and odd teams back in rounds 4-5
    Source: texas-bid-whist-alliance.txt Table Rotation; MATRIX.md Bid Whist: tournaments: rounds; SEASON.md Entering a tournament and going on from it (all five): team numbers.
    Given a texas tournament with 10 teams
    Then the proposed seating for round 1 is "1: T1 v T2, 2: T3 v T4, 3: T5 v T6, 4: T7 v T8, 5: T9 v T10"
    And the proposed seating cites "texas-bid-whist-alliance.txt" section "Table Rotation"
    When the official confirms the proposed seating
    And every table of round 1 scores "NS 1, NS 1, NS 1" and signs
    Then the proposed seating for round 2 is "1: T1 v T10, 2: T3 v T2, 3: T5 v T4, 4: T7 v T6, 5: T9 v T8"
    When the official confirms the proposed seating
    And every table of round 2 scores "NS 1, NS 1, NS 1" and signs
    Then the proposed seating for round 3 is "1: T1 v T8, 2: T3 v T10, 3: T5 v T2, 4: T7 v T4, 5: T9 v T6"
    When the official confirms the proposed seating
    And every table of round 3 scores "NS 1, NS 1, NS 1" and signs
    Then the proposed seating for round 4 is "1: T3 v T8, 2: T5 v T10, 3: T7 v T2, 4: T9 v T4, 5: T1 v T6"
    When the official confirms the proposed seating
    And every table of round 4 scores "NS 1, NS 1, NS 1" and signs
    Then the proposed seating for round 5 is "1: T5 v T8, 2: T7 v T10, 3: T9 v T2, 4: T1 v T4, 5: T3 v T6"
    When the official confirms the proposed seating
    And every table of round 5 scores "NS 1, NS 1, NS 1" and signs
    Then the proposal says "all 5 rounds are seated"

  @interpretation
  Scenario: With an odd number of teams the team without a partner table has a bye, and the bye moves on
    Source: MATRIX.md Bid Whist: tournaments: odd team (blank for texas: a bye, which winning percentage absorbs); texas-bid-whist-alliance.txt Play-Off Rounds.
    Given a texas tournament with 5 teams
    Then the proposed seating for round 1 is "1: T1 v T2, 2: T3 v T4, 3: T5 bye"
    And the proposed seating cites "MATRIX.md" section "Bid Whist: tournaments: odd team"
    When the official confirms the proposed seating
    And every table of round 1 scores "NS 1, NS 1, NS 1" and signs
    Then the proposed seating for round 2 is "1: T1 bye, 2: T3 v T2, 3: T5 v T4"

  @interpretation
  Scenario: Standings go by rounds won, then winning percentage (hands won of hands played)
    Source: texas-bid-whist-alliance.txt Scoring, Play-Off Rounds; MATRIX.md Bid Whist: tournaments: standings.
    Given a texas tournament with the teams "A, B, C, D"
    And the official confirms the proposed seating
    When table 1 scores "NS 1, NS 1, NS 1" and signs
    And table 2 scores "NS 1, EW 1, NS 1, EW 1, NS 1" and signs
    Then the standings read "A, C, D, B"
    And the standings cite "texas-bid-whist-alliance.txt" section "Play-Off Rounds"
    And the standings cite "MATRIX.md" section "interpretation: texas-winning-percentage"
    And the standings are rebuilt from the log alone

  @interpretation
  Scenario: Bostons break a tie on winning percentage, then a one-hand play-off decides
    Source: texas-bid-whist-alliance.txt Play-Off Rounds; MATRIX.md Bid Whist: tournaments: standings.
    Given a texas tournament with the teams "A, B, C, D"
    And the official confirms the proposed seating
    When table 1 scores "NS 1 boston, NS 1, NS 1" and signs
    And table 2 scores "NS 1, NS 1, NS 1" and signs
    Then the standings are:
      | rank | team | rounds won | winning percentage | bostons |
      | 1    | A    | 1          | 1.0                | 1       |
      | 2    | C    | 1          | 1.0                | 0       |
      | 3    | B    | 0          | 0.0                | 0       |
      | 3    | D    | 0          | 0.0                | 0       |
    And the standings name the playoff "a one-hand play-off, the winner advancing" for "B, D"
    When the official records that "D, B" won the tie-break playoff
    Then the standings read "A, C, D, B"

  Scenario: Each round's sheet says who won, and a representative of each team signs it
    Source: texas-bid-whist-alliance.txt Scoring; MATRIX.md Bid Whist: tournaments: score sheet.
    Given a texas tournament with the teams "Aces (Ann, Al), Kings (Kim, Ken)"
    And the official confirms the proposed seating
    When table 1 scores "EW 1, EW 1, NS 1, EW 1"
    And "Ann" signs table 1's sheet for "Aces"
    And "Kim" signs table 1's sheet for "Kings"
    Then table 1's sheet is signed and final
    And "Kings" wins table 1's match
    And table 1's sheet cites "texas-bid-whist-alliance.txt" section "Scoring"
    When "Ken" signs table 1's sheet for "Kings"
    Then the tournament refuses it: "already signed"

  Scenario: The top eight teams play off, top against bottom
    Source: texas-bid-whist-alliance.txt Play-Off Rounds; MATRIX.md Bid Whist: tournaments: playoff field, bracket.
    Given a texas tournament with 12 teams whose preliminary rounds are played
    Then the playoff field is 8 teams
    When the official seeds the playoff as proposed
    Then the first playoff round pairs seeds "1 v 8, 4 v 5, 2 v 7, 3 v 6"
    And the bracket cites "texas-bid-whist-alliance.txt" section "Play-Off Rounds"

  Scenario: The Final Four winners play for 1st and 2nd place, the losers for 3rd and 4th
    Source: texas-bid-whist-alliance.txt Play-Off Rounds; MATRIX.md Bid Whist: tournaments: bracket.
    Given a texas tournament with 12 teams whose preliminary rounds are played
    When the official seeds the playoff as proposed
    And every playoff match is won by the higher seed
    Then the final is seeds 1 v 2 and the third-place match seeds 3 v 4
    And the medals go "1st: seed 1, 2nd: seed 2, 3rd: seed 3, 4th: seed 4"

  Scenario: Seeds that differ from the standings need the official's reason
    Source: texas-bid-whist-alliance.txt Play-Off Rounds; MATRIX.md Bid Whist: tournaments: playoff field.
    Given a texas tournament with 12 teams whose preliminary rounds are played
    When the official seeds the playoff as "seed 2, seed 1, seed 3, seed 4, seed 5, seed 6, seed 7, seed 8" without a reason
    Then the tournament refuses it: "give a reason"
