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
    Then there is a detected "renege" ruling against east
    When east corrects the renege with QS
    Then there is no "renege" ruling
    And there is a dismissed "corrected_renege" ruling against east
    And the ruling cites "ontario-55-bid-euchre.txt" section "I.13"
    And east does not hold "QS"
    And east holds "AD"

  Scenario: A renege can be corrected until the next trick is led
    Source: MATRIX.md Bid Euchre (ontario): renege
    When the plays are "AS AD KS JS"
    And east corrects the renege with QS
    Then there is no "renege" ruling
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
    Then there is an established "renege" ruling against east
    And the ruling cites "ontario-55-bid-euchre.txt" section "I.13"
    And the hand is decided by the "renege" ruling
    And north_south wins the hand
    And the score gives north_south 3 points and east_west 0
    When the plays are "JC"
    Then the event is refused: "play stopped"

  Scenario: A bidding player's renege not corrected loses the bid, and the opponents keep their tricks (I.13)
    Source: MATRIX.md Bid Euchre (ontario): renege
    When the plays are "JH JS AS JC"
    And east calls a renege on south
    Then there is an established "renege" ruling against south
    And east_west wins the hand
    And the score gives north_south -3 points and east_west 0

  Scenario: An exposed card stays face up and must be played at the first legal opportunity (I.14)
    Source: MATRIX.md Bid Euchre (ontario): exposed card
    When east exposes "QS"
    Then there is an established "exposed_card" ruling against east
    And the ruling cites "ontario-55-bid-euchre.txt" section "I.14"
    And east has "QS" face up on the table
    When the plays are "AS JS"
    Then there is a detected "exposed_card_not_played" ruling against east
    And the ruling offers "no penalty, loss of hand"

  Scenario: An exposed card played when it can be is no further matter
    Source: MATRIX.md Bid Euchre (ontario): exposed card
    When east exposes "QS"
    And the plays are "AS QS"
    Then there is no "exposed_card_not_played" ruling
    And there is no "renege" ruling

  Scenario: The convenor may order a redeal for hesitation (I.6)
    Source: MATRIX.md Bid Euchre (ontario): hesitation
    When the convenor rules that west hesitated: a redeal
    Then there is an established "hesitation" ruling against west
    And the ruling cites "ontario-55-bid-euchre.txt" section "I.6"
    And the hand is void and must be redealt

  @interpretation
  Scenario: A first hesitation is not penalised with five points: none is on the record (I.6)
    Source: MATRIX.md Bid Euchre (ontario): hesitation
    When the convenor rules that east hesitated: a five-point penalty
    Then there is a dismissed "hesitation" ruling against east
    And the ruling says "only for a repeated hesitation"
    And the ruling cites "ontario-55-bid-euchre.txt" section "I.6"
    And the ruling has no effect

  Scenario: Repeated hesitation costs the team five points (I.6)
    Source: MATRIX.md Bid Euchre (ontario): hesitation
    When the convenor rules that east hesitated: a warning
    And the convenor rules that east hesitated: a five-point penalty
    And the plays are "JH JS JH JC"
    Then the last "hesitation" ruling against east is established
    And the ruling's effect is "point penalty"

  @interpretation
  Scenario: A play out of turn is the convenor's discretion: the ruling lists no penalty and a redeal
    Source: MATRIX.md Bid Euchre (ontario): play out of turn
    When the plays are "AS"
    And west plays AD
    Then there is a detected "play_out_of_turn" ruling against west
    And the ruling offers "no penalty, redeal"
    And the ruling cites "MATRIX.md" section "interpretation: euchre-play-out-of-turn"
    When the official chooses "redeal" on the "play_out_of_turn" ruling
    Then the hand is void and must be redealt

  @interpretation
  Scenario: A concession stands only when both teams agree: the hand is played out (I.12)
    Source: MATRIX.md Bid Euchre (ontario): concession
    When the plays are "AS AD KS JS"
    And east concedes the remaining books
    Then there is a dismissed "concession" ruling against east
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
    And the official chooses "no penalty" on the "play_out_of_turn" ruling
    Then there is an established "play_out_of_turn" ruling against west
    And the ruling has no effect
    And the score is not final yet
