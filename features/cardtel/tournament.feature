@cardtel
Feature: A Capitol City Cardtel tournament
  MATRIX.md, "Bid Whist: tournaments" (cardtel column) and "a match" of "Bid Whist: scoring a hand".
  capitol-city-cardtel-kitty-bid-whist.txt The Format, The Table, Play 10, Play 17, Score Sheets.

  Scenario: A sheet is 4 hands, totalling points, hands won and Bostons; more points wins
    Source: capitol-city-cardtel-kitty-bid-whist.txt The Format, Score Sheets; MATRIX.md Bid Whist: scoring a hand: a match.
    Given a cardtel tournament with the teams "Aces, Kings"
    And the official draws the first pairing "Aces, Kings"
    And the official confirms the proposed seating
    When table 1 plays a hand: south bids "4" and the bidding team takes 13 books
    And table 1 plays a hand: east bids "5 no trump" and the bidding team takes 12 books
    And table 1 plays a hand: north bids "5" and the bidding team takes 11 books
    And table 1 plays a hand: west bids "4" and the bidding team takes 11 books
    Then table 1's sheet totals "Aces" 12 points, 2 hands won and 1 Bostons
    And table 1's sheet totals "Kings" 17 points, 2 hands won and 0 Bostons
    And "Kings" wins table 1's match
    And table 1's match cites "capitol-city-cardtel-kitty-bid-whist.txt" section "The Format"

  @interpretation
  Scenario: The director sets the rotation: the proposal is confirmed or overridden with a reason
    Source: capitol-city-cardtel-kitty-bid-whist.txt The Table; MATRIX.md Bid Whist: tournaments: rounds.
    Given a cardtel tournament with the teams "A, B, C, D, E, F"
    And the official draws the first pairing "A, B, C, D, E, F"
    And the official confirms the proposed seating
    When every table of round 1 scores "NS 1, NS 1, NS 1, NS 1" and signs
    Then the proposed seating for round 2 is "1: A v F, 2: C v B, 3: E v D"
    And the proposed seating cites "capitol-city-cardtel-kitty-bid-whist.txt" section "The Table"
    When the official records the seating "1: A v C, 2: E v B, 3: F v D" for round 2 without a reason
    Then the tournament refuses it: "record seating overridden with a reason"
    When the official seats round 2 as "1: A v C, 2: E v B, 3: F v D" because "keep the leaders apart"
    Then table 2 of round 2 seats "E" against "B"

  Scenario: Standings go by points, then hands won, then Bostons on the sheet
    Source: capitol-city-cardtel-kitty-bid-whist.txt Score Sheets; MATRIX.md Bid Whist: tournaments: standings.
    Given a cardtel tournament with the teams "A, B, C, D"
    And the official draws the first pairing "A, B, C, D"
    And the official confirms the proposed seating
    When table 1 scores "NS 5, NS 5, EW 2, EW 2" and signs
    And table 2 scores "EW 4, NS 3, NS 3, NS 4" and signs
    Then the standings are:
      | rank | team | total points | hands won | bostons |
      | 1    | C    | 10           | 3         | 0       |
      | 2    | A    | 10           | 2         | 0       |
      | 3    | B    | 4            | 2         | 0       |
      | 4    | D    | 4            | 1         | 0       |
    And the standings cite "capitol-city-cardtel-kitty-bid-whist.txt" section "Score Sheets"

  Scenario: Bostons break a tie on points and hands won; then a tie-breaking hand, only who wins it counting
    Source: capitol-city-cardtel-kitty-bid-whist.txt Score Sheets, Play 10; MATRIX.md Bid Whist: tournaments: standings.
    Given a cardtel tournament with the teams "A, B, C, D"
    And the official draws the first pairing "A, B, C, D"
    And the official confirms the proposed seating
    When table 1 scores "NS 5 boston, NS 5, EW 2, EW 2" and signs
    And table 2 scores "NS 5, NS 5, EW 2, EW 2" and signs
    Then the standings read "A, C, B = D"
    And the standings name the playoff "a tie-breaking hand, only who wins it counting (Play 10)" for "B, D"
    And the standings cite "capitol-city-cardtel-kitty-bid-whist.txt" section "Play 10"

  Scenario: The director sets the playoff field
    Source: capitol-city-cardtel-kitty-bid-whist.txt The Format; MATRIX.md Bid Whist: tournaments: playoff field, bracket.
    Given a cardtel tournament with 6 teams whose preliminary rounds are played
    When the official seeds the playoff with the top 4
    Then the first playoff round pairs seeds "1 v 4, 2 v 3"
    And the bracket cites "capitol-city-cardtel-kitty-bid-whist.txt" section "The Format"

  Scenario: Signed sheets are final apart from an official's correction of an obvious arithmetic error
    Source: capitol-city-cardtel-kitty-bid-whist.txt Score Sheets 3; MATRIX.md Bid Whist: tournaments: score sheet.
    Given a cardtel tournament with the teams "Aces, Kings"
    And the official draws the first pairing "Aces, Kings"
    And the official confirms the proposed seating
    When table 1 scores "NS 5, NS 5, EW 2, EW 3" and signs
    And the official forfeits a hand of table 1 against "Kings" because "late"
    Then the tournament refuses it: "signed and final"
    When the official corrects hand 4 of table 1 to "EW 8" because "5 no trump with 12 books is 12, not 3"
    Then table 1's sheet gives "Aces" 10 points and "Kings" 10
    And table 1's match is tied
    And the correction cites "capitol-city-cardtel-kitty-bid-whist.txt" section "Score Sheets 3"

  Scenario: After both signatures a correction fixes only arithmetic, never a hand's result: that is a dispute with its fee
    Source: capitol-city-cardtel-kitty-bid-whist.txt Score Sheets 3, Score Sheets 7; MATRIX.md Bid Whist: tournaments: score sheet.
    Given a cardtel tournament with the teams "Aces, Kings"
    And the official draws the first pairing "Aces, Kings"
    And the official confirms the proposed seating
    When table 1 scores "NS 5, NS 5, EW 2, EW 3" and signs
    And the official corrects hand 4 of table 1 to "NS 4" because "the renege was proven"
    Then the tournament refuses it: "corrects only its arithmetic, never a hand's result"
    And table 1's sheet gives "Aces" 10 points and "Kings" 5
    When the official corrects hand 4 of table 1 to "EW 4" because "the total did not add up"
    Then table 1's sheet gives "Aces" 10 points and "Kings" 6
    When "Aces" files dispute "d1" on table 1's sheet with a complete form and a $10 fee
    And the official upholds dispute "d1", correcting hand 4 of table 1 to "NS 4" because "the renege was proven"
    Then table 1's sheet gives "Aces" 14 points and "Kings" 2
    And dispute "d1" refunds $10

  Scenario: Before both teams sign, the sheet is still the table's to correct, result and all
    Source: capitol-city-cardtel-kitty-bid-whist.txt Score Sheets 1-3; MATRIX.md Bid Whist: tournaments: score sheet.
    Given a cardtel tournament with the teams "Aces, Kings"
    And the official draws the first pairing "Aces, Kings"
    And the official confirms the proposed seating
    When table 1 scores "NS 5, NS 5, EW 2, EW 3"
    And the official corrects hand 4 of table 1 to "NS 4" because "the books were miscounted"
    Then table 1's sheet gives "Aces" 14 points and "Kings" 2

  Scenario: A dispute without a complete form is not honored
    Source: capitol-city-cardtel-kitty-bid-whist.txt Score Sheets 5-6; MATRIX.md Bid Whist: tournaments: score sheet.
    Given a cardtel tournament with the teams "Aces, Kings"
    And the official draws the first pairing "Aces, Kings"
    And the official confirms the proposed seating
    When table 1 scores "NS 5, NS 5, EW 2, EW 3" and signs
    And "Kings" files dispute "d1" on table 1's sheet with an incomplete form and a $10 fee
    Then dispute "d1" is not honored
    And the dispute cites "capitol-city-cardtel-kitty-bid-whist.txt" section "Score Sheets 6"
    When the official upholds dispute "d1" because "too late"
    Then the tournament refuses it: "is not honored"

  Scenario: A dispute review costs $10, refunded when the dispute is upheld, and the upheld dispute moves the sheet
    Source: capitol-city-cardtel-kitty-bid-whist.txt Score Sheets 5-7; MATRIX.md Bid Whist: tournaments: score sheet.
    Given a cardtel tournament with the teams "Aces, Kings"
    And the official draws the first pairing "Aces, Kings"
    And the official confirms the proposed seating
    When table 1 scores "NS 5, NS 5, EW 2, EW 3" and signs
    And "Kings" files dispute "d1" on table 1's sheet with a complete form and a $10 fee
    And "Aces" files dispute "d2" on table 1's sheet with a complete form and a $10 fee
    Then dispute "d1" is filed
    When the official upholds dispute "d1", correcting hand 4 of table 1 to "EW 12" because "the renege was proven"
    Then dispute "d1" refunds $10
    And table 1's sheet gives "Aces" 10 points and "Kings" 14
    And "Kings" wins table 1's match
    When the official denies dispute "d2" because "the book count was right"
    Then dispute "d2" is denied
    And dispute "d2" refunds $0
    And the dispute cites "capitol-city-cardtel-kitty-bid-whist.txt" section "Score Sheets 7"
    And the standings are rebuilt from the log alone

  Scenario Outline: A team on the clock gives the waiting team 3 points at 3, 7, 12 and 18 minutes, 12 at most, each step forfeiting the next hand on the sheet
    Source: capitol-city-cardtel-kitty-bid-whist.txt Play 17 (the chart's HAND# column); MATRIX.md Bid Whist: tournaments: delay of game.
    Given a cardtel tournament with the teams "Aces, Kings"
    And the official draws the first pairing "Aces, Kings"
    And the official confirms the proposed seating
    When "Kings" is <minutes> minutes late at table 1
    Then table 1's sheet totals "Aces" <points> points, <hands> hands won and 0 Bostons
    And the delay ruling cites "capitol-city-cardtel-kitty-bid-whist.txt" section "Play 17"
    And the delay ruling cites "MATRIX.md" section "interpretation: cardtel-clock"

    Examples:
      | minutes | points | hands |
      | 2       | 0      | 0     |
      | 3       | 3      | 1     |
      | 7       | 6      | 2     |
      | 12      | 9      | 3     |
      | 18      | 12     | 4     |
      | 30      | 12     | 4     |

  @interpretation
  Scenario: The clock keeps running: a later report adds only the new steps
    Source: capitol-city-cardtel-kitty-bid-whist.txt Play 17 (the clock runs from the call); MATRIX.md Bid Whist: tournaments: delay of game.
    Given a cardtel tournament with the teams "Aces, Kings"
    And the official draws the first pairing "Aces, Kings"
    And the official confirms the proposed seating
    When "Kings" is 3 minutes late at table 1
    And "Kings" is 8 minutes late at table 1
    Then table 1's sheet totals "Aces" 6 points, 2 hands won and 0 Bostons
    When table 1 scores "EW 2, NS 1"
    Then "Aces" wins table 1's match

  Scenario Outline: The desk runs the clock: stopping it when the team sits down charges the steps reached
    Source: capitol-city-cardtel-kitty-bid-whist.txt Play 17 (the waiting team has an official put the missing team on the clock; the chart); MATRIX.md Bid Whist: tournaments: delay of game.
    Given a cardtel tournament with the teams "Aces, Kings"
    And the official draws the first pairing "Aces, Kings"
    And the official confirms the proposed seating
    When the desk puts "Kings" on the clock at table 1
    Then the clock at table 1 says "<said>" after <minutes> minutes
    When the desk stops the clock at table 1 after <minutes> minutes
    Then no team is on the clock at table 1
    And table 1's sheet totals "Aces" <points> points, <hands> hands won and 0 Bostons

    Examples:
      | minutes | said                                                     | points | hands |
      | 2       | Kings late 2 min: nothing to Aces yet, first step at 3 min | 0      | 0     |
      | 4       | Kings late 4 min: 3 points to Aces so far, next step at 7 min | 3      | 1     |
      | 12      | Kings late 12 min: 9 points to Aces so far, next step at 18 min | 9      | 3     |
      | 25      | Kings late 25 min: 12 points to Aces, the most the clock gives | 12     | 4     |

  Scenario: Charging the running clock charges each step once, and stopping it charges only the new ones
    Source: capitol-city-cardtel-kitty-bid-whist.txt Play 17 (the chart, 12 points at most); MATRIX.md Bid Whist: tournaments: delay of game.
    Given a cardtel tournament with the teams "Aces, Kings"
    And the official draws the first pairing "Aces, Kings"
    And the official confirms the proposed seating
    When the desk puts "Kings" on the clock at table 1
    And the desk charges the clock at table 1 after 4 minutes
    Then table 1's sheet totals "Aces" 3 points, 1 hands won and 0 Bostons
    When the desk charges the clock at table 1 after 5 minutes
    Then table 1's sheet totals "Aces" 3 points, 1 hands won and 0 Bostons
    When the desk stops the clock at table 1 after 13 minutes
    Then table 1's sheet totals "Aces" 9 points, 3 hands won and 0 Bostons
    And the delay ruling cites "MATRIX.md" section "interpretation: cardtel-clock"

  @interpretation
  Scenario: A team put on the clock again goes on from the minutes already charged to it in the match
    Source: capitol-city-cardtel-kitty-bid-whist.txt Play 17 (12 points at most for an absent team); MATRIX.md Bid Whist: tournaments: delay of game.
    Given a cardtel tournament with the teams "Aces, Kings"
    And the official draws the first pairing "Aces, Kings"
    And the official confirms the proposed seating
    When the desk puts "Kings" on the clock at table 1
    And the desk stops the clock at table 1 after 4 minutes
    And the desk puts "Kings" on the clock at table 1
    Then the clock at table 1 says "Kings late 8 min: 6 points to Aces so far, next step at 12 min" after 4 minutes
    When the desk stops the clock at table 1 after 4 minutes
    Then table 1's sheet totals "Aces" 6 points, 2 hands won and 0 Bostons

  Scenario: The clock is refused for a team not at that table, a second clock at the same table, and a stop with no clock
    Source: capitol-city-cardtel-kitty-bid-whist.txt Play 17; MATRIX.md Bid Whist: tournaments: delay of game.
    Given a cardtel tournament with the teams "Aces, Kings, Queens, Jacks"
    And the official draws the first pairing "Aces, Kings, Queens, Jacks"
    And the official confirms the proposed seating
    When the desk puts "Queens" on the clock at table 1
    Then the event is refused: "team 'Queens' is not in R1-T1"
    When the desk stops the clock at table 1 after 3 minutes
    Then the event is refused: "no team is on the clock at table 1"
    When the desk puts "Kings" on the clock at table 1
    And the desk puts "Aces" on the clock at table 1
    Then the event is refused: "Kings is already on the clock at table 1"
    And table 1's sheet has 0 hands
