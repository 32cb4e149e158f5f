Feature: The deal
  MATRIX.md, "Bid Whist: the deal". A deck of 52 cards and two jokers; twelve cards to each seat and
  six to the kitty, the first four and the last four cards dealt never going to the kitty.
  Every rulebook: Detroit IV, Texas Dealing/Kitty/Misdeal, Chicago The Deal, Cardtel The Deal 1-7.

  @all
  Scenario Outline: A full deck of 54 cards, both jokers included, deals twelve to each seat and six to the kitty
    Source: MATRIX.md Bid Whist: the deal: deck, hands
    Given a <ruleset> hand dealt by west
    And the cards are dealt in deck order
    Then there are no rulings
    And it is north's turn to bid
    And north holds "AS KS QS JS 10S 9S 8S 7S 6S 5S 4S 3S"
    And the kitty holds "BJ LJ 2C 3C 4C 5C"
    And the deal rule cites "<document>" section "<section>"

    @detroit
    Examples:
      | ruleset | document                              | section |
      | detroit | detroit-senior-olympics-bid-whist.txt | IV      |

    @texas
    Examples:
      | ruleset | document                     | section |
      | texas   | texas-bid-whist-alliance.txt | Dealing |

    @chicago
    Examples:
      | ruleset | document                    | section  |
      | chicago | chicago-pride-bid-whist.txt | The Deal |

    @cardtel
    Examples:
      | ruleset | document                                 | section    |
      | cardtel | capitol-city-cardtel-kitty-bid-whist.txt | The Deal 6 |

  @all
  Scenario Outline: A deal from a deck missing a card is a misdeal and the hand is redealt
    Source: MATRIX.md Bid Whist: the deal: deck, misdeal: exposed card, wrong count, kitty not 6, kitty position rule broken, incomplete deck
    Given a <ruleset> hand dealt by west
    When the dealer deals from a deck missing the 2C
    Then the hand is void and must be redealt
    And there is an established ruling against west for a misdeal
    And the ruling says "the deck was incomplete: 53 of 54 cards were dealt"
    And the ruling calls for a redeal
    And the ruling cites "<document>" section "<section>"

    @detroit @interpretation
    Examples:
      | ruleset | document   | section                          |
      | detroit | MATRIX.md  | interpretation: misdeal-default  |

    @texas
    Examples:
      | ruleset | document                     | section |
      | texas   | texas-bid-whist-alliance.txt | Misdeal |

    @chicago @interpretation
    Examples:
      | ruleset | document  | section                         |
      | chicago | MATRIX.md | interpretation: misdeal-default |

    @cardtel
    Examples:
      | ruleset | document                                 | section    |
      | cardtel | capitol-city-cardtel-kitty-bid-whist.txt | The Deal 7 |

  @all
  Scenario Outline: Twelve cards to each seat and six to the kitty, or it is a misdeal
    Source: MATRIX.md Bid Whist: the deal: hands, misdeal: exposed card, wrong count, kitty not 6, kitty position rule broken, incomplete deck
    Given a <ruleset> hand dealt by west
    When the dealer deals <north>, <east>, <south> and <west> cards with <kitty> in the kitty
    Then the hand is void and must be redealt
    And there is an established ruling against west for a misdeal
    And the ruling says "<problem>"

    @detroit
    Examples:
      | ruleset | north | east | south | west | kitty | problem                          |
      | detroit | 13    | 12   | 12    | 12   | 5     | north was dealt 13 cards, not 12 |
      | detroit | 12    | 12   | 12    | 11   | 7     | the kitty holds 7 cards, not 6   |

    @texas
    Examples:
      | ruleset | north | east | south | west | kitty | problem                          |
      | texas   | 13    | 12   | 12    | 12   | 5     | north was dealt 13 cards, not 12 |
      | texas   | 12    | 12   | 12    | 11   | 7     | the kitty holds 7 cards, not 6   |

    @chicago
    Examples:
      | ruleset | north | east | south | west | kitty | problem                        |
      | chicago | 12    | 11   | 12    | 12   | 7     | east was dealt 11 cards, not 12 |

    @cardtel
    Examples:
      | ruleset | north | east | south | west | kitty | problem                         |
      | cardtel | 12    | 12   | 13    | 12   | 5     | the kitty holds 5 cards, not 6  |

  @all
  Scenario Outline: The kitty never takes any of the first four or the last four cards dealt
    Source: MATRIX.md Bid Whist: the deal: kitty never takes the first 4 or last 4 cards dealt
    Given a <ruleset> hand dealt by west
    When the dealer deals the kitty cards at positions "<positions>"
    Then the hand is void and must be redealt
    And there is an established ruling against west for a misdeal
    And the ruling says "never among the first or last 4 cards"
    And the ruling cites "<document>" section "<section>"

    @detroit
    Examples:
      | ruleset | positions            | document                              | section |
      | detroit | 3, 15, 24, 33, 42, 48 | detroit-senior-olympics-bid-whist.txt | IV      |
      | detroit | 6, 15, 24, 33, 42, 51 | detroit-senior-olympics-bid-whist.txt | IV      |

    @texas
    Examples:
      | ruleset | positions             | document                     | section |
      | texas   | 1, 15, 24, 33, 42, 48 | texas-bid-whist-alliance.txt | Kitty   |
      | texas   | 6, 15, 24, 33, 42, 54 | texas-bid-whist-alliance.txt | Misdeal |

    @chicago
    Examples:
      | ruleset | positions             | document                    | section  |
      | chicago | 4, 15, 24, 33, 42, 48 | chicago-pride-bid-whist.txt | The Deal |

    @cardtel
    Examples:
      | ruleset | positions             | document                                 | section    |
      | cardtel | 6, 15, 24, 33, 42, 52 | capitol-city-cardtel-kitty-bid-whist.txt | The Deal 6 |

  @all
  Scenario Outline: Two cards in a row into the kitty is a misdeal where the rulebook forbids it
    Source: MATRIX.md Bid Whist: the deal: no two consecutive cards into the kitty
    Given a <ruleset> hand dealt by west
    When the dealer deals the kitty cards at positions "6, 15, 16, 33, 42, 50"
    Then the hand is void and must be redealt
    And there is an established ruling against west for a misdeal
    And the ruling says "consecutive cards were dealt into the kitty"
    And the ruling cites "<document>" section "<section>"

    @detroit
    Examples:
      | ruleset | document                              | section |
      | detroit | detroit-senior-olympics-bid-whist.txt | IV      |

    @cardtel
    Examples:
      | ruleset | document                                 | section    |
      | cardtel | capitol-city-cardtel-kitty-bid-whist.txt | The Deal 6 |

  @all
  Scenario Outline: Two cards in a row into the kitty stand where the rulebook allows it
    Source: MATRIX.md Bid Whist: the deal: no two consecutive cards into the kitty
    Given a <ruleset> hand dealt by west
    When the dealer deals the kitty cards at positions "6, 15, 16, 17, 42, 50"
    Then there are no rulings
    And it is north's turn to bid
    And the kitty positions rule cites "<document>" section "<section>"

    @texas
    Examples:
      | ruleset | document                     | section |
      | texas   | texas-bid-whist-alliance.txt | Kitty   |

    @chicago
    Examples:
      | ruleset | document                    | section  |
      | chicago | chicago-pride-bid-whist.txt | The Deal |

  @all
  Scenario Outline: The guarantee joker is the joker the rulebook names
    Source: MATRIX.md Bid Whist: the deal: "guarantee" joker card counts as
    Given a <ruleset> hand dealt by west
    When the dealer deals "GJ AS KS" to south
    Then south holds "<joker> AS KS"
    And south does not hold "<other>"
    And the guarantee joker rule cites "<document>" section "<section>"

    @detroit
    Examples:
      | ruleset | joker | other | document                              | section |
      | detroit | LJ    | BJ    | detroit-senior-olympics-bid-whist.txt | IV.a    |

    @texas
    Examples:
      | ruleset | joker | other | document                     | section |
      | texas   | BJ    | LJ    | texas-bid-whist-alliance.txt | Jokers  |

    @chicago
    Examples:
      | ruleset | joker | other | document                    | section      |
      | chicago | BJ    | LJ    | chicago-pride-bid-whist.txt | introduction |

    @cardtel
    Examples:
      | ruleset | joker | other | document  | section                                                    |
      | cardtel | BJ    | LJ    | MATRIX.md | Bid Whist: the deal: guarantee joker card counts as |

  @all
  Scenario Outline: A misdeal called before the first card is played means a redeal
    Source: MATRIX.md Bid Whist: the deal: misdeal: exposed card, wrong count, kitty not 6, kitty position rule broken, incomplete deck
    Given a <ruleset> hand dealt by west
    And the cards are dealt in deck order
    When a misdeal is called: <reason>
    Then the hand is void and must be redealt
    And there is an established ruling against west for a misdeal
    And the ruling cites "<document>" section "<section>"

    @detroit @interpretation
    Examples:
      | ruleset | reason       | document  | section                         |
      | detroit | exposed card | MATRIX.md | interpretation: misdeal-default |

    @texas
    Examples:
      | ruleset | reason         | document                     | section |
      | texas   | exposed card   | texas-bid-whist-alliance.txt | Misdeal |
      | texas   | kitty          | texas-bid-whist-alliance.txt | Misdeal |

    @chicago @interpretation
    Examples:
      | ruleset | reason      | document  | section                         |
      | chicago | wrong count | MATRIX.md | interpretation: misdeal-default |

    @cardtel
    Examples:
      | ruleset | reason           | document                                 | section    |
      | cardtel | exposed card     | capitol-city-cardtel-kitty-bid-whist.txt | The Deal 7 |
      | cardtel | incomplete deck  | capitol-city-cardtel-kitty-bid-whist.txt | The Deal 7 |

  @all
  Scenario Outline: A misdeal found after the first card is played is still a redeal, except in Texas
    Source: MATRIX.md Bid Whist: the deal: misdeal: exposed card, wrong count, kitty not 6, kitty position rule broken, incomplete deck
    Given a <ruleset> hand dealt by west
    And the cards are dealt in deck order
    And south wins the bid at "4" and names spades trump
    And the plays are "AD"
    When a misdeal is called: wrong count
    Then the hand is void and must be redealt
    And there is an established ruling against west for a misdeal

    @detroit
    Examples:
      | ruleset |
      | detroit |

    @chicago
    Examples:
      | ruleset |
      | chicago |

    @cardtel
    Examples:
      | ruleset |
      | cardtel |

  @all
  Scenario Outline: The first dealer is found by the draw the rulebook names
    Source: MATRIX.md Bid Whist: the deal: first dealer
    Given a <ruleset> hand dealt by north
    When the players draw for the first deal: "<draws>"
    Then <outcome>
    And the draw cites "<document>" section "<section>"
    And the draw cites "MATRIX.md" section "Bid Whist: the deal: first dealer"

    @detroit
    Examples:
      | ruleset | draws                                   | outcome                            | document                              | section |
      | detroit | north: AS, east: 9D, south: KD, west: 2C | east deals first                   | detroit-senior-olympics-bid-whist.txt | IV      |
      | detroit | north: AS, east: KS, south: AH, west: 2C | nobody deals yet: the players draw again | detroit-senior-olympics-bid-whist.txt | IV |

    @texas
    Examples:
      | ruleset | draws                                    | outcome                                  | document                     | section |
      | texas   | north: 9D, east: KS, south: AH, west: 2C | south deals first                        | texas-bid-whist-alliance.txt | Dealing |
      | texas   | north: AD, east: KS, south: AH, west: 2C | nobody deals yet: the players draw again | texas-bid-whist-alliance.txt | Dealing |

    @chicago
    Examples:
      | ruleset | draws                                    | outcome          | document                    | section  |
      | chicago | north: AS, east: KS, south: AH, west: 2D | west deals first | chicago-pride-bid-whist.txt | The Deal |

    @cardtel
    Examples:
      | ruleset | draws                                    | outcome                     | document                                 | section    |
      | cardtel | north: AS, east: 3D, south: AD, west: 2C | east chooses the first dealer | capitol-city-cardtel-kitty-bid-whist.txt | The Deal 1 |

  @all
  Scenario Outline: The deal passes to the left after every hand
    Source: MATRIX.md Bid Whist: the deal: deal passes
    Given a <ruleset> hand dealt by <dealer>
    Then the next hand is dealt by <next>
    And the deal rotation rule cites "<document>" section "<section>"

    @detroit
    Examples:
      | ruleset | dealer | next  | document  | section                          |
      | detroit | north  | east  | MATRIX.md | Bid Whist: the deal: deal passes |

    @texas
    Examples:
      | ruleset | dealer | next  | document                     | section |
      | texas   | east   | south | texas-bid-whist-alliance.txt | Dealing |

    @chicago
    Examples:
      | ruleset | dealer | next  | document                    | section  |
      | chicago | south  | west  | chicago-pride-bid-whist.txt | The Deal |

    @cardtel
    Examples:
      | ruleset | dealer | next  | document                                 | section    |
      | cardtel | west   | north | capitol-city-cardtel-kitty-bid-whist.txt | The Deal 1 |

  @all @interpretation
  Scenario Outline: A hand dealt by the wrong player, found before any bid, is dealt again by the right dealer
    Source: MATRIX.md Bid Whist: the deal: a hand dealt by the wrong player
    Given a <ruleset> hand dealt by west
    When the official finds the hand was dealt by the wrong player: south should have dealt
    Then there is an established ruling against west for a wrong dealer
    And the ruling says "found before any bid: south deals again"
    And the ruling cites "MATRIX.md" section "interpretation: deal-order"
    And the ruling calls for a redeal
    And the hand is void and must be redealt

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

  @all @interpretation
  Scenario Outline: A hand dealt by the wrong player stands once a bid is made; the order is put right from the next hand
    Source: MATRIX.md Bid Whist: the deal: a hand dealt by the wrong player
    Given a <ruleset> hand dealt by west
    And north wins the bid at "4" and the bidding team takes 10 books
    When the official finds the hand was dealt by the wrong player: south should have dealt
    Then there is an established ruling against west for a wrong dealer
    And the ruling says "the hand stands"
    And the ruling cites "MATRIX.md" section "interpretation: deal-order"
    And the ruling has no effect
    And the next hand is dealt by west
    And North–South wins the hand
    And the score gives North–South 4 points and East–West 0

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
