Feature: Infractions: the renege, false calls and play out of turn
  MATRIX.md, "Bid Whist: infractions". A renege is not following suit while holding it; only the
  opponents may call it, any time until the hand is closed; it is proven from the recorded deal, a
  later play of the suit, or the official's inspection. Detroit III.c, IX.o, XI; Texas Renege,
  Technical; Chicago Renege; Cardtel Techs 1-2.

  In these hands west deals, south bids and leads the ace of hearts, and west, holding the deuce of
  hearts, ruffs with a spade.

  @all
  Scenario Outline: Not following suit while holding the suit led is a renege
    Source: MATRIX.md Bid Whist: infractions: renege: not following suit while holding it
    Given a <ruleset> hand dealt by west
    And the cards are dealt:
      | seat  | cards                                    |
      | south | AH KH QH JH 10H 9H AS KS QS JS 10S 9S    |
      | west  | 2H 8S 7S 6S 5S 4S 3S AD KD QD JD 10D     |
    And south wins the bid at "4" and names spades trump
    When the plays are "AH 8S"
    Then there is a detected ruling against west for a renege
    And the ruling says "west played 8S on a hearts lead without following hearts; west held 2H"
    And the ruling's proof is "the recorded deal"
    And the ruling cites "<document>" section "<section>"
    And the score is not final yet

    @detroit
    Examples:
      | ruleset | document                              | section |
      | detroit | detroit-senior-olympics-bid-whist.txt | XI.a    |

    @texas
    Examples:
      | ruleset | document                     | section |
      | texas   | texas-bid-whist-alliance.txt | Renege  |

    @chicago
    Examples:
      | ruleset | document                    | section |
      | chicago | chicago-pride-bid-whist.txt | Renege  |

    @cardtel
    Examples:
      | ruleset | document                                 | section |
      | cardtel | capitol-city-cardtel-kitty-bid-whist.txt | Techs 1 |

  @all
  Scenario Outline: A player who cannot follow suit may trump or play any other suit
    Source: MATRIX.md Bid Whist: infractions: renege: not following suit while holding it
    Given a <ruleset> hand dealt by west
    And the cards are dealt:
      | seat  | cards                                    |
      | south | AH KH QH JH 10H 9H AS KS QS JS 10S 9S    |
      | west  | 2C 8S 7S 6S 5S 4S 3S AD KD QD JD 10D     |
    And south wins the bid at "4" and names spades trump
    When the plays are "AH <card>"
    Then there are no rulings

    @detroit
    Examples:
      | ruleset | card |
      | detroit | 8S   |

    @texas
    Examples:
      | ruleset | card |
      | texas   | AD   |

    @chicago
    Examples:
      | ruleset | card |
      | chicago | 2C   |

    @cardtel
    Examples:
      | ruleset | card |
      | cardtel | 3S   |

  @all
  Scenario Outline: Only the opponents may call a renege, and their call brings its penalty
    Source: MATRIX.md Bid Whist: infractions: who may call it
    Given a <ruleset> hand dealt by west
    And the cards are dealt:
      | seat  | cards                                    |
      | south | AH KH QH JH 10H 9H AS KS QS JS 10S 9S    |
      | west  | 2H 8S 7S 6S 5S 4S 3S AD KD QD JD 10D     |
    And south wins the bid at "4" and names spades trump
    When the plays are "AH 8S 3H 2D"
    And north calls a renege on west
    Then there is an established ruling against west for a renege
    And the ruling was called by north
    And the renege caller rule cites "<document>" section "<section>"

    @detroit
    Examples:
      | ruleset | document                              | section |
      | detroit | detroit-senior-olympics-bid-whist.txt | XI      |

    @texas
    Examples:
      | ruleset | document                     | section |
      | texas   | texas-bid-whist-alliance.txt | Renege  |

    @chicago
    Examples:
      | ruleset | document  | section                                 |
      | chicago | MATRIX.md | Bid Whist: infractions: who may call it |

    @cardtel
    Examples:
      | ruleset | document                                 | section   |
      | cardtel | capitol-city-cardtel-kitty-bid-whist.txt | Techs 1.D |

  @all
  Scenario Outline: A renege called by the offending team on itself has no effect
    Source: MATRIX.md Bid Whist: infractions: a renege called by the offending team on itself
    Given a <ruleset> hand dealt by west
    And the cards are dealt:
      | seat  | cards                                    |
      | south | AH KH QH JH 10H 9H AS KS QS JS 10S 9S    |
      | west  | 2H 8S 7S 6S 5S 4S 3S AD KD QD JD 10D     |
    And south wins the bid at "4" and names spades trump
    When the plays are "AH 8S 3H 2D"
    And east calls a renege on west
    Then there is a dismissed ruling against east for an own team call
    And the ruling has no effect
    And the ruling cites "<document>" section "<section>"
    And there is a detected ruling against west for a renege
    And the score is not final yet

    @detroit
    Examples:
      | ruleset | document                              | section |
      | detroit | detroit-senior-olympics-bid-whist.txt | XI      |

    @texas
    Examples:
      | ruleset | document                     | section |
      | texas   | texas-bid-whist-alliance.txt | Renege  |

    @chicago
    Examples:
      | ruleset | document  | section                                                    |
      | chicago | MATRIX.md | Bid Whist: infractions: a renege called by the offending team on itself |

    @cardtel
    Examples:
      | ruleset | document                                 | section   |
      | cardtel | capitol-city-cardtel-kitty-bid-whist.txt | Techs 1.D |

  @all @interpretation
  Scenario Outline: A renege may still be called after the last book, until the hand is closed
    Source: MATRIX.md Bid Whist: infractions: when a renege may be called
    Given a <ruleset> hand dealt by west
    And the cards are dealt:
      | seat  | cards                                    |
      | south | AH KH QH JH 10H 9H AS KS QS JS 10S 9S    |
      | west  | 2H 8S 7S 6S 5S 4S 3S AD KD QD JD 10D     |
    And south wins the bid at "4" and names spades trump
    And the plays are "AH 8S 3H 2D"
    And the remaining books are played out legally
    When north calls a renege on west
    Then there is an established ruling against west for a renege
    And the ruling cites "MATRIX.md" section "interpretation: renege-call-window"
    And the score is final

    @detroit
    Examples:
      | ruleset |
      | detroit |

    @texas
    Examples:
      | ruleset |
      | texas   |

    @chicago
    Examples:
      | ruleset |
      | chicago |

    @cardtel
    Examples:
      | ruleset |
      | cardtel |

  @all @interpretation
  Scenario Outline: Once the hand is closed a renege can no longer be called
    Source: MATRIX.md Bid Whist: infractions: when a renege may be called
    Given a <ruleset> hand dealt by west
    And the cards are dealt:
      | seat  | cards                                    |
      | south | AH KH QH JH 10H 9H AS KS QS JS 10S 9S    |
      | west  | 2H 8S 7S 6S 5S 4S 3S AD KD QD JD 10D     |
    And south wins the bid at "4" and names spades trump
    And the plays are "AH 8S 3H 2D"
    And the remaining books are played out legally
    When the hand is closed
    And north calls a renege on west
    Then the event is refused: "the hand was closed"
    And there is a detected ruling against west for a renege
    And the hand is in its closed phase

    @detroit
    Examples:
      | ruleset |
      | detroit |

    @texas
    Examples:
      | ruleset |
      | texas   |

    @chicago
    Examples:
      | ruleset |
      | chicago |

    @cardtel
    Examples:
      | ruleset |
      | cardtel |

  @all
  Scenario Outline: A call cannot reach a renege made after it
    Source: MATRIX.md Bid Whist: infractions: when a renege may be called
    Given a <ruleset> hand dealt by west
    And the cards are dealt:
      | seat  | cards                                    |
      | south | AH KH QH JH 10H 9H AS KS QS JS 10S 9S    |
      | west  | 2H 8S 7S 6S 5S 4S 3S AD KD QD JD 10D     |
    And south wins the bid at "4" and names spades trump
    When north calls a renege on west
    And the plays are "AH 8S"
    Then there is a detected ruling against west for a renege
    And there is a <status> ruling against north for a false renege call

    @detroit
    Examples:
      | ruleset | status      |
      | detroit | established |

    @texas
    Examples:
      | ruleset | status    |
      | texas   | dismissed |

    @chicago
    Examples:
      | ruleset | status    |
      | chicago | dismissed |

    @cardtel
    Examples:
      | ruleset | status    |
      | cardtel | dismissed |

  @all
  Scenario Outline: A renege is proven by the offender's later play of the suit when the deal is not recorded
    Source: MATRIX.md Bid Whist: infractions: proof
    Given a <ruleset> hand dealt by west
    And the bidding goes "north: pass, east: pass, south: 4, west: pass"
    And south names spades trump
    When the plays are "AH 8S 3H 4H"
    Then there is no ruling for a renege
    When the plays are "2H"
    Then there is a detected ruling against west for a renege
    And the ruling's proof is "west later played 2H"
    And the ruling cites "MATRIX.md" section "Bid Whist: infractions: proof"
    When north calls a renege on west
    Then there is an established ruling against west for a renege

    @detroit
    Examples:
      | ruleset |
      | detroit |

    @texas
    Examples:
      | ruleset |
      | texas   |

    @chicago
    Examples:
      | ruleset |
      | chicago |

    @cardtel
    Examples:
      | ruleset |
      | cardtel |

  @all
  Scenario Outline: A renege the recorded deal proves as it is called reaches the officials where the rulebook brings one to the table
    Source: MATRIX.md Bid Whist: infractions: when a renege may be called
    Given a <ruleset> hand dealt by west
    And the cards are dealt:
      | seat  | cards                                    |
      | south | AH KH QH JH 10H 9H AS KS QS JS 10S 9S    |
      | west  | 2H 8S 7S 6S 5S 4S 3S AD KD QD JD 10D     |
    And south wins the bid at "4" and names spades trump
    When the plays are "AH 8S 3H 2D"
    And north calls a renege on west
    Then there is an established ruling against west for a renege
    And <reaches>

    @texas
    Examples:
      | ruleset | reaches                                                 |
      | texas   | the renege call reaches the officials, settled by the record |

    @cardtel
    Examples:
      | ruleset | reaches                                                 |
      | cardtel | the renege call reaches the officials, settled by the record |

    @detroit
    Examples:
      | ruleset | reaches                    |
      | detroit | no call reaches the officials |

  @all
  Scenario Outline: A renege called before it can be proven waits for the official's inspection of the hand
    Source: MATRIX.md Bid Whist: infractions: proof
    Given a <ruleset> hand dealt by west
    And the bidding goes "north: pass, east: pass, south: 4, west: pass"
    And south names spades trump
    When the plays are "AH 8S 3H 4H"
    And north calls a renege on west
    Then there is a pending ruling against west for a renege
    And the score is not final yet
    When the official inspects west's hand: "2H 7S 6S 5S 4S 3S AD KD QD JD 10D"
    Then there is an established ruling against west for a renege
    And the ruling's proof is "the official's inspection at event 11 found 2H"
    And the ruling cites "MATRIX.md" section "Bid Whist: infractions: proof"
    And the ruling takes the hand from East–West

    @detroit
    Examples:
      | ruleset |
      | detroit |

    @texas
    Examples:
      | ruleset |
      | texas   |

    @cardtel
    Examples:
      | ruleset |
      | cardtel |

  @all
  Scenario Outline: A renege call names a seat: it waits on that seat's play alone, not its partner's
    Source: MATRIX.md Bid Whist: infractions: proof
    Given a <ruleset> hand dealt by west
    And the bidding goes "north: pass, east: pass, south: 4, west: pass"
    And south names spades trump
    When the plays are "AH 8S 3H 4H 2C 7C 3D 8C"
    And north calls a renege on east
    Then there is a pending ruling against east for a renege
    And there is no ruling against west for a renege
    When the official inspects east's hand: "6C 7S 6S 5S 2S AD KD QD JD 10D"
    Then there is an established ruling against east for a renege
    And there is no ruling against west for a renege

    @detroit
    Examples:
      | ruleset |
      | detroit |

    @texas
    Examples:
      | ruleset |
      | texas   |

  @all
  Scenario Outline: The renege costs the offending team the hand: the other team scores the value of the bid, doubled in no trump where the rulebook doubles
    Source: MATRIX.md Bid Whist: infractions: renege penalty
    Given a <ruleset> hand dealt by west
    And the cards are dealt:
      | seat  | cards                                    |
      | south | AH KH QH JH 10H 9H AS KS QS JS 10S 9S    |
      | west  | 2H 8S 7S 6S 5S 4S 3S AD KD QD JD 10D     |
    And south wins the bid at "<bid>" and names <named>
    When the plays are "AH 8S 3H 2D"
    And north calls a renege on west
    Then there is an established ruling against west for a renege
    And the ruling takes the hand from East–West
    And the ruling cites "<document>" section "<section>"
    And the hand is decided by the ruling for the renege
    And North–South wins the hand
    And the score gives North–South <points> points and East–West 0

    @detroit @interpretation
    Examples:
      | ruleset | bid        | named                | points | document  | section                          |
      | detroit | 4          | spades trump         | 4      | MATRIX.md | interpretation: hand-loss-value  |
      | detroit | 5 no trump | the direction uptown | 10     | MATRIX.md | interpretation: hand-loss-value  |

    @texas
    Examples:
      | ruleset | bid        | named                | points | document                     | section |
      | texas   | 4          | spades trump         | 4      | texas-bid-whist-alliance.txt | Renege  |
      | texas   | 5 no trump | the direction uptown | 5      | texas-bid-whist-alliance.txt | Renege  |

    @cardtel
    Examples:
      | ruleset | bid        | named                | points | document                                 | section   |
      | cardtel | 6          | spades trump         | 6      | capitol-city-cardtel-kitty-bid-whist.txt | Techs 1.A |
      | cardtel | 5 no trump | the direction uptown | 10     | capitol-city-cardtel-kitty-bid-whist.txt | Play 8    |

  @all
  Scenario Outline: A renege call when no renege happened is dismissed, except in Detroit where it costs the caller's team the hand
    Source: MATRIX.md Bid Whist: infractions: false renege call (no renege happened)
    Given a <ruleset> hand dealt by west
    And the cards are dealt:
      | seat  | cards                                    |
      | south | AH KH QH JH 10H 9H AS KS QS JS 10S 9S    |
      | west  | 2C 8S 7S 6S 5S 4S 3S AD KD QD JD 10D     |
    And south wins the bid at "4" and names spades trump
    When the plays are "AH 8S 3H 2D"
    And east calls a renege on south
    Then there is a <status> ruling against east for a false renege call
    And the ruling cites "<document>" section "<section>"
    And the score gives North–South <ns> points and East–West 0

    @detroit @interpretation
    Examples:
      | ruleset | status      | ns | document                              | section   |
      | detroit | established | 4  | detroit-senior-olympics-bid-whist.txt | III.c.vii |
      | detroit | established | 4  | detroit-senior-olympics-bid-whist.txt | IX.o      |

    @texas
    Examples:
      | ruleset | status    | ns | document  | section                                      |
      | texas   | dismissed | 0  | MATRIX.md | Bid Whist: infractions: false renege call    |

    @chicago
    Examples:
      | ruleset | status    | ns | document  | section                                      |
      | chicago | dismissed | 0  | MATRIX.md | Bid Whist: infractions: false renege call    |

    @cardtel
    Examples:
      | ruleset | status    | ns | document  | section                                      |
      | cardtel | dismissed | 0  | MATRIX.md | Bid Whist: infractions: false renege call    |

  @all
  Scenario Outline: An inspection that finds no card of the suit led disproves the renege call
    Source: MATRIX.md Bid Whist: infractions: proof, false renege call (no renege happened)
    Given a <ruleset> hand dealt by west
    And the bidding goes "north: pass, east: pass, south: 4, west: pass"
    And south names spades trump
    When the plays are "AH 8S 3H 4H"
    And north calls a renege on west
    And the official inspects west's hand: "2C 7S 6S 5S 4S 3S AD KD QD JD 10D"
    Then there is no ruling for a renege
    And there is a <status> ruling against north for a false renege call

    @detroit
    Examples:
      | ruleset | status      |
      | detroit | established |

    @texas
    Examples:
      | ruleset | status    |
      | texas   | dismissed |

    @chicago
    Examples:
      | ruleset | status    |
      | chicago | dismissed |

    @cardtel
    Examples:
      | ruleset | status    |
      | cardtel | dismissed |

  @all
  Scenario Outline: Playing out of turn is ruled on by each rulebook's own remedy
    Source: MATRIX.md Bid Whist: infractions: play out of turn
    Given a <ruleset> hand dealt by west
    And the cards are dealt in deck order
    And south wins the bid at "4" and names hearts trump
    When the plays are "AD"
    And north plays AS
    Then there is a detected ruling against north for a play out of turn
    And the ruling says "north played AS to book 1 when it was west's turn"
    And the ruling cites "<document>" section "<section>"
    When <settled>
    Then there is an established ruling against north for a play out of turn
    And the ruling takes the hand from North–South
    And East–West wins the hand
    And the score gives North–South 0 points and East–West <points>

    @detroit
    Examples:
      | ruleset | settled                                           | points | document                              | section |
      | detroit | east calls a "play out of turn" tech on north      | 4      | detroit-senior-olympics-bid-whist.txt | XI.d    |

    @texas
    Examples:
      | ruleset | settled                                           | points | document                     | section   |
      | texas   | west calls a "play out of turn" tech on north      | 4      | texas-bid-whist-alliance.txt | Technical |

    @chicago
    Examples:
      | ruleset | settled                                                          | points | document  | section                                   |
      | chicago | the official chooses "loss of hand" on the ruling for the play out of turn | 0      | MATRIX.md | Bid Whist: infractions: play out of turn |

    @cardtel
    Examples:
      | ruleset | settled                                                    | points | document                                 | section |
      | cardtel | east chooses "take bid value" on the ruling for the play out of turn | 4      | capitol-city-cardtel-kitty-bid-whist.txt | Techs 2 |
