@all
Feature: The recording principle: impossible events are refused, rule-breaking events are recorded
  The record of a hand is what happened at the table. An event that could not have happened (a card
  that does not exist, a card played twice, a card from a seat that does not hold it, a seat playing
  twice to a book, a seat that does not exist) is refused and nothing of it is recorded: the table's
  version does not move. An event that could happen but breaks a rule (a renege, a bid out of turn,
  a play out of turn) is recorded, and the rulebook rules on it. A mistake in the record is fixed by
  a later event, an official's correction that replaces or voids the wrong entry, never by an edit.
  Whether a card is held is known only from cards the table does not see (the deal, the discard):
  a play of a card the record of the hands puts elsewhere is refused to a scorekeeper who sees them,
  but from one who may not, it is the table's account of what happened: it is recorded, and the
  disagreement (a record conflict) waits for an official, who corrects whichever record is wrong.

  Background:
    Given a detroit hand dealt by west
    And the cards are dealt in deck order
    And south wins the bid at "4" and names hearts trump

  Scenario: A card that does not exist is refused
    When south plays 1X
    Then the event is refused: "'1X' is not a card"
    And it is south's turn to play

  Scenario: A card already played cannot be played again
    When the plays are "AD 4D AS 2S"
    And the plays are "AD"
    Then the event is refused: "AD was already played at event"
    And it is south's turn to play

  Scenario: A seat cannot play a card the recorded deal gave to another seat
    When south plays AS
    Then the event is refused: "south does not hold AS: north does"
    And there are no rulings

  Scenario: A play against the recorded deal from a scorekeeper who may not see it goes to an official
    When a scorekeeper who may not see the cards records that south plays AS
    Then there is a pending ruling against south for a record conflict
    And the ruling says "south does not hold AS: north does"
    And the ruling cites "detroit-senior-olympics-bid-whist.txt" section "XI"
    And no seat's hand is known
    And it is west's turn to play
    When the official closes the hand
    Then the event is refused: "the hand cannot be closed: the record conflicts"
    When the official corrects event 8 to south plays AD, because "mis-keyed"
    Then there is no ruling for a record conflict
    And south does not hold "AD AS"
    And it is west's turn to play

  Scenario: A seat cannot play a card its bidder discarded into the kitty
    When south plays BJ
    Then the event is refused: "BJ is in the bidder's discard"

  Scenario: A seat cannot play twice to the same book
    When the plays are "AD 4D"
    And west plays 3D
    Then the event is refused: "west has already played to book 1"
    And it is north's turn to play

  Scenario: A book takes four cards; the next card starts the next book
    When the plays are "AD 4D AS 4H"
    Then book 1 is won by east
    And it is east's turn to play
    When south plays KD
    Then there is a detected ruling against south for a play out of turn
    And the ruling says "south played KD to book 2 when it was east's turn"

  Scenario: A seat that does not exist is refused
    When the scorekeeper records a play of AD by a seat named "northeast"
    Then the event is refused: "seat must be one of north, east, south, west"

  Scenario: An event of no known kind is refused
    When the scorekeeper records an event of a kind named "shuffle"
    Then the event is refused: "unknown event type 'shuffle'"

  Scenario: A bid after the first card is played is refused
    When the plays are "AD"
    And north bids "5"
    Then the event is refused: "the bidding ended before the first card was played"

  Scenario: An official's inspection that disagrees with the recorded deal is refused
    When the official inspects west's hand: "AS KS QS JS 10S 9S 8S 7S 6S 5S 4S 3S"
    Then the event is refused: "the inspection of west disagrees with the record"

  Scenario: A renege is not refused: it is recorded and ruled on
    When the plays are "AD AC"
    Then there is a detected ruling against west for a renege
    And the ruling says "west played AC on a diamonds lead without following diamonds; west held 2D, 3D, 4D"
    And it is north's turn to play

  Scenario: A mis-keyed card is corrected by an official's event, and the hand rules as corrected
    When the plays are "AD"
    And west plays AC
    Then there is a detected ruling against west for a renege
    When the official corrects event 9 to west plays 4D, because "mis-keyed"
    Then there are no rulings
    And it is north's turn to play
