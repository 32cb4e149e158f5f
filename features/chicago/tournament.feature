@chicago
Feature: A Chicago Pride tournament
  MATRIX.md, "Bid Whist: tournaments" (chicago column) and "a match" of "Bid Whist: scoring a hand".
  chicago-pride-bid-whist.txt introduction, Tournament Entry, Schedule of events, Delay of game.

  Scenario: A game is first to 3 hand-wins, a no-trump hand or a Boston counting two
    Source: chicago-pride-bid-whist.txt introduction, Tournament Entry; MATRIX.md Bid Whist: scoring a hand: a match.
    Given a chicago tournament with the teams "Aces, Kings"
    And the official draws the first pairing "Aces, Kings"
    And the official confirms the proposed seating
    When table 1 plays a hand: south bids "4 no trump" and the bidding team takes 10 books
    And table 1 plays a hand: east bids "4" and the bidding team takes 10 books
    Then table 1's match is still going
    When table 1 plays a hand: north bids "5" and the bidding team takes 13 books
    Then "Aces" wins table 1's match
    And table 1's match cites "chicago-pride-bid-whist.txt" section "introduction"

  @interpretation
  Scenario: A tournament game ends at 3 hand-wins, not at a cumulative +7 or -7 (the home game)
    Source: MATRIX.md Bid Whist: scoring a hand: a match
    Given a chicago tournament with the teams "Aces, Kings"
    And the official draws the first pairing "Aces, Kings"
    And the official confirms the proposed seating
    When table 1 plays a hand: south bids "7" and the bidding team takes 13 books
    Then table 1's match is still going
    And table 1's match cites "MATRIX.md" section "Bid Whist: scoring a hand: a match"
    When table 1 plays a hand: north bids "4" and the bidding team takes 10 books
    Then "Aces" wins table 1's match

  @interpretation
  Scenario: Phase I games rotate as the director sets: the service proposes, the director overrides with a reason
    Source: chicago-pride-bid-whist.txt Schedule of events; MATRIX.md Bid Whist: tournaments: rounds (rotation: the director's; the service proposes).
    Given a chicago tournament with the teams "A, B, C, D"
    And the official draws the first pairing "A, B, C, D"
    And the official confirms the proposed seating
    When every table of round 1 scores "NS 1, NS 1, NS 1" and signs
    Then the proposed seating for round 2 is "1: A v D, 2: C v B"
    And the proposal says "the director sets the rotation"
    And the proposed seating cites "MATRIX.md" section "Bid Whist: tournaments: rounds"
    When the official seats round 2 as "1: A v C, 2: B v D" because "winners play winners"
    Then table 1 of round 2 seats "A" against "C"

  @interpretation
  Scenario: Standings go by score: total points, then games won
    Source: chicago-pride-bid-whist.txt Schedule of events; MATRIX.md Bid Whist: tournaments: standings.
    Given a chicago tournament with the teams "A, B, C, D"
    And the official draws the first pairing "A, B, C, D"
    And the official confirms the proposed seating
    When table 1 scores "NS 5, NS 4, NS 3" and signs
    And table 2 scores "EW 6, NS 1, EW 1, EW 2" and signs
    Then the standings are:
      | rank | team | total points | games won |
      | 1    | A    | 12           | 1         |
      | 2    | D    | 9            | 1         |
      | 3    | C    | 1            | 0         |
      | 4    | B    | 0            | 0         |
    And the standings cite "chicago-pride-bid-whist.txt" section "Schedule of events"

  @interpretation
  Scenario: The top 7 teams play Phase II: the top seed has a bye, and 1st-3rd take the prizes
    Source: chicago-pride-bid-whist.txt Schedule of events, Additional Rules (prizes); MATRIX.md Bid Whist: tournaments: playoff field.
    Given a chicago tournament with 9 teams whose preliminary rounds are played
    Then the playoff field is 7 teams
    And the playoff field cites "chicago-pride-bid-whist.txt" section "Schedule of events"
    When the official seeds the playoff as proposed
    Then the first playoff round pairs seeds "4 v 5, 2 v 7, 3 v 6"
    And seed 1 has a bye into round 2
    When every playoff match is won by the higher seed
    Then the final is seeds 1 v 2 and the third-place match seeds 3 v 4
    And the medals go "gold: seed 1, silver: seed 2, bronze: seed 3"
    And the medals cite "chicago-pride-bid-whist.txt" section "Additional Rules"

  Scenario: A team not ready 5 minutes after sitting down forfeits that hand
    Source: chicago-pride-bid-whist.txt Delay of game; MATRIX.md Bid Whist: tournaments: delay of game.
    Given a chicago tournament with the teams "Aces, Kings"
    And the official draws the first pairing "Aces, Kings"
    And the official confirms the proposed seating
    When "Kings" is 4 minutes late at table 1
    Then table 1's sheet has 0 hands
    And the delay ruling says "no penalty"
    When "Kings" is 6 minutes late at table 1
    Then table 1's sheet has 1 hand
    And the delay ruling says "forfeits the hand"
    And the delay ruling cites "chicago-pride-bid-whist.txt" section "Delay of game"
    When table 1 scores "NS 1, NS 1"
    Then "Aces" wins table 1's match

  Scenario: The desk's clock from sitting down: stopped within 5 minutes costs nothing, after 5 the hand is forfeit
    Source: chicago-pride-bid-whist.txt Delay of game; MATRIX.md Bid Whist: tournaments: delay of game.
    Given a chicago tournament with the teams "Aces, Kings"
    And the official draws the first pairing "Aces, Kings"
    And the official confirms the proposed seating
    When the desk puts "Kings" on the clock at table 1
    Then the clock at table 1 says "Kings not ready 3 min after sitting down: at 5 min they forfeit the hand to Aces" after 3 minutes
    When the desk stops the clock at table 1 after 3 minutes
    Then table 1's sheet has 0 hands
    When the desk puts "Kings" on the clock at table 1
    Then the clock at table 1 says "Kings not ready 6 min after sitting down: they forfeit the hand to Aces" after 6 minutes
    When the desk stops the clock at table 1 after 6 minutes
    Then table 1's sheet has 1 hand
    And the delay ruling says "forfeits the hand"
    And no team is on the clock at table 1

  Scenario: Chicago's clock forfeits the hand once, when it is stopped: it is not charged as it runs
    Source: chicago-pride-bid-whist.txt Delay of game; MATRIX.md Bid Whist: tournaments: delay of game.
    Given a chicago tournament with the teams "Aces, Kings"
    And the official draws the first pairing "Aces, Kings"
    And the official confirms the proposed seating
    When the desk puts "Kings" on the clock at table 1
    And the desk charges the clock at table 1 after 6 minutes
    Then the event is refused: "forfeit the hand once: stop the clock to charge it"
    And table 1's sheet has 0 hands
