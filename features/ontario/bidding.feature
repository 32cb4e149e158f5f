@ontario
Feature: Bidding in Bid Euchre (Ontario 55+ I.3-I.5, I.7)
  Each player bids once, starting left of the dealer. A bid names a number of tricks, at least two,
  and a suit or no trump; each bid must name more tricks than the one standing. Above eight tricks
  come the call for two, the call for one and the moonshot, in that order.

  Background:
    Given an ontario hand dealt by west

  Scenario: Each player bids once, starting left of the dealer (I.3)
    Source: MATRIX.md Bid Euchre (ontario): bidding
    Then it is north's turn to bid
    When the bidding goes "north: pass, east: 3 hearts, south: pass"
    Then it is west's turn to bid
    When west bids "pass"
    Then the bidding is over and east is the bidder
    And the contract is "3 hearts" with hearts trump
    And the bidding rule cites "ontario-55-bid-euchre.txt" section "I.3"

  Scenario Outline: A bid names at least two tricks and a suit or no trump (I.5)
    Source: MATRIX.md Bid Euchre (ontario): bidding
    When north bids "<said>"
    Then the event is refused: "<why>"

    Examples:
      | said     | why                              |
      | 1 hearts | a bid names 2 to 8 tricks        |
      | 4        | a bid names a suit or no trump   |
      | 3 stars  | 'stars' is not a suit or no trump |

  Scenario: A bid must name more tricks than the standing bid (I.4)
    Source: MATRIX.md Bid Euchre (ontario): bidding
    When the bidding goes "north: 4 hearts, east: 3 spades"
    Then there is an established ruling against east for an improper bid
    And the ruling cites "ontario-55-bid-euchre.txt" section "I.4"
    And east's bid counts as "pass"
    And the standing bid is "4 hearts" by north

  Scenario: The calls and the moonshot rank above every trick bid, in that order
    Source: MATRIX.md Bid Euchre (ontario): bid above eight tricks
    When the bidding goes "north: 8 hearts, east: call for two spades, south: call for one, west: moonshot"
    Then the standing bid is "moonshot" by west
    And the bid rank rule cites "MATRIX.md" section "interpretation: euchre-call-rank"

  Scenario: When all four pass the hand is redealt
    Source: MATRIX.md Bid Euchre (ontario): all pass
    When the bidding goes "north: pass, east: pass, south: pass, west: pass"
    Then there is an established ruling against west for all passed
    And the ruling cites "MATRIX.md" section "interpretation: euchre-all-pass"
    And the hand is void and must be redealt

  Scenario: A bid out of turn is void, and the offender's partner may not bid that colour (I.3)
    Source: MATRIX.md Bid Euchre (ontario): bid out of turn
    When east bids "3 hearts"
    Then there is an established ruling against east for a bid out of turn
    And the ruling cites "ontario-55-bid-euchre.txt" section "I.3"
    And the ruling cites "MATRIX.md" section "interpretation: euchre-out-of-turn"
    And east's bid does not count
    And west may not bid a red suit

  @interpretation
  Scenario: The offender of a bid out of turn has used its one bid: the auction goes on without it
    Source: MATRIX.md Bid Euchre (ontario): bid out of turn
    When east bids "3 hearts"
    And the bidding goes "north: pass, south: 4 spades, west: 5 diamonds"
    Then west's bid counts as "pass"
    And the bidding is over and south is the bidder
    And there is an established ruling against east for a bid out of turn
    And the ruling cites "MATRIX.md" section "interpretation: euchre-out-of-turn"

  @interpretation
  Scenario: A bid recorded from a seat that used its bid out of turn is void, and no new offence
    Source: MATRIX.md Bid Euchre (ontario): bid out of turn
    When east bids "3 hearts"
    And the bidding goes "north: pass, east: 4 spades"
    Then east's bid does not count
    And there is an established ruling against east for a bid out of turn
    When the bidding goes "south: pass, west: pass"
    Then the hand is void and must be redealt

  Scenario: The same number of tricks as the standing bid must be raised by one (I.4)
    Source: MATRIX.md Bid Euchre (ontario): same number as the standing bid
    When the bidding goes "north: 3 hearts, east: 3 spades"
    Then there is a detected ruling against east for same number
    And the ruling offers "raise, raise by one, stand down"
    When east chooses "raise by one" on the ruling for same number
    Then the standing bid is "4 spades" by east

  Scenario: A same-number bid may be raised by more than one: the bidder names the raised bid (I.4)
    Source: MATRIX.md Bid Euchre (ontario): same number as the standing bid
    When the bidding goes "north: 3 hearts, east: 3 spades"
    Then there is a detected ruling against east for same number
    And the ruling cites "ontario-55-bid-euchre.txt" section "I.4"
    When east raises the same-number bid to "6 hearts"
    Then the event is refused: "the same suit"
    When east raises the same-number bid to "6 spades"
    Then the standing bid is "6 spades" by east
    And there is an established ruling against east for same number

  Scenario: Without the raise, the partner may not bid the same colour (I.4)
    Source: MATRIX.md Bid Euchre (ontario): same number as the standing bid
    When the bidding goes "north: 3 hearts, east: 3 spades"
    And east chooses "stand down" on the ruling for same number
    Then the standing bid is "3 hearts" by north
    And west may not bid a black suit
    When the bidding goes "south: pass, west: 4 clubs"
    Then west's bid counts as "pass"
    And the bidding is over and north is the bidder

  Scenario: The same-number bid waits for the bidder's choice before anything else
    Source: MATRIX.md Bid Euchre (ontario): same number as the standing bid
    When the bidding goes "north: 3 hearts, east: 3 spades, south: pass"
    Then the event is refused: "waits for its choice"
