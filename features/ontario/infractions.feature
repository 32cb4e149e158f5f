@ontario
Feature: Reneges, exposed cards and hesitation in Bid Euchre (Ontario 55+ I.6, I.13, I.14)
  A renege may be corrected before the trick is gathered, with no penalty. Otherwise, if a defender
  reneged the bidding team scores its bid without further play; if a bidding player reneged the
  team loses its bid and the hand is over; the opponents keep the tricks they took. A card exposed
  from a hand stays face up and is played at the first legal opportunity. A player who hesitates may
  have the convenor order a redeal or, if repeated, a five-point penalty.

  Background:
    Given an ontario hand dealt by west
    And the euchre cards are dealt:
      | seat  | cards                   |
      | north | JH JD AH KH QH AS KS QC |
      | east  | JS JC AD KD QD AC KC QS |
      | south | JH JD AH KH QH AS KS QC |
      | west  | JS JC AD KD QD AC KC QS |
    And the bidding goes "north: 3 hearts, east: pass, south: pass, west: pass"

  Scenario: A renege corrected before the trick is gathered carries no penalty (I.13)
    Source: MATRIX.md Bid Euchre (ontario): renege
    When the plays are "AS AD"
    Then there is a detected ruling against east for a renege
    When east corrects the renege with QS
    Then there is no ruling for a renege
    And there is a dismissed ruling against east for a corrected renege
    And the ruling cites "ontario-55-bid-euchre.txt" section "I.13"
    And east does not hold "QS"
    And east holds "AD"

  Scenario: A renege can be corrected until the next trick is led
    Source: MATRIX.md Bid Euchre (ontario): renege
    When the plays are "AS AD KS JS"
    And east corrects the renege with QS
    Then there is no ruling for a renege
    And book 1 is won by north

  Scenario: A card played by the rules stands
    When the plays are "AS QS"
    And east corrects the renege with JS
    Then the event is refused: "a card played stands"

  Scenario: A defender's renege not corrected gives the bidding team its bid without further play (I.13)
    Source: MATRIX.md Bid Euchre (ontario): renege
    When the plays are "AS AD KS JS"
    And the plays are "AH"
    And north calls a renege on east
    Then there is an established ruling against east for a renege
    And the ruling cites "ontario-55-bid-euchre.txt" section "I.13"
    And the hand is decided by the ruling for the renege
    And North–South wins the hand
    And the score gives North–South 3 points and East–West 0
    When the plays are "JC"
    Then the event is refused: "play stopped"

  Scenario: A bidding player's renege not corrected loses the bid, and the opponents keep their tricks (I.13)
    Source: MATRIX.md Bid Euchre (ontario): renege
    When the plays are "JH JS AS JC"
    And east calls a renege on south
    Then there is an established ruling against south for a renege
    And East–West wins the hand
    And the score gives North–South -3 points and East–West 0

  Scenario: An exposed card stays face up and must be played at the first legal opportunity (I.14)
    Source: MATRIX.md Bid Euchre (ontario): exposed card
    When east exposes "QS"
    Then there is an established ruling against east for an exposed card
    And the ruling cites "ontario-55-bid-euchre.txt" section "I.14"
    And east has "QS" face up on the table
    When the plays are "AS JS"
    Then there is a detected ruling against east for an exposed card not played
    And the ruling offers "no penalty, loss of hand"

  Scenario: An exposed card played when it can be is no further matter
    Source: MATRIX.md Bid Euchre (ontario): exposed card
    When east exposes "QS"
    And the plays are "AS QS"
    Then there is no ruling for an exposed card not played
    And there is no ruling for a renege

  Scenario: The convenor may order a redeal for hesitation (I.6)
    Source: MATRIX.md Bid Euchre (ontario): hesitation
    When the convenor rules that west hesitated: a redeal
    Then there is an established ruling against west for a hesitation
    And the ruling cites "ontario-55-bid-euchre.txt" section "I.6"
    And the hand is void and must be redealt

  @interpretation
  Scenario: A first hesitation is not penalised with five points: none is on the record (I.6)
    Source: MATRIX.md Bid Euchre (ontario): hesitation
    When the convenor rules that east hesitated: a five-point penalty
    Then there is a dismissed ruling against east for a hesitation
    And the ruling says "only for a repeated hesitation"
    And the ruling cites "ontario-55-bid-euchre.txt" section "I.6"
    And the ruling has no effect

  Scenario: Repeated hesitation costs the team five points (I.6)
    Source: MATRIX.md Bid Euchre (ontario): hesitation
    When the convenor rules that east hesitated: a warning
    And the convenor rules that east hesitated: a five-point penalty
    And the plays are "JH JS JH JC"
    Then the last ruling against east for a hesitation is established
    And the ruling's effect is "point penalty"

  @interpretation
  Scenario: A play out of turn is the convenor's discretion: the ruling lists no penalty and a redeal
    Source: MATRIX.md Bid Euchre (ontario): play out of turn
    When the plays are "AS"
    And west plays AD
    Then there is a detected ruling against west for a play out of turn
    And the ruling offers "no penalty, redeal"
    And the ruling cites "MATRIX.md" section "interpretation: euchre-play-out-of-turn"
    When the official chooses "redeal" on the ruling for the play out of turn
    Then the hand is void and must be redealt

  @interpretation
  Scenario: A concession stands only when both teams agree: the hand is played out (I.12)
    Source: MATRIX.md Bid Euchre (ontario): concession
    When the plays are "AS AD KS JS"
    And east concedes the remaining books
    Then there is a dismissed ruling against east for a concession
    And the ruling cites "ontario-55-bid-euchre.txt" section "I.12"
    And the ruling cites "MATRIX.md" section "interpretation: concession-agreed"
    And the score is not final yet
    When east concedes the remaining books and north agrees
    Then the score is final

  @interpretation
  Scenario: The convenor may rule no penalty on a play out of turn, and play goes on
    Source: MATRIX.md Bid Euchre (ontario): play out of turn
    When the plays are "AS"
    And west plays AD
    And the official chooses "no penalty" on the ruling for the play out of turn
    Then there is an established ruling against west for a play out of turn
    And the ruling has no effect
    And the score is not final yet
