Feature: Bidding
  MATRIX.md, "Bid Whist: bidding". The bidding goes once around the table from the dealer's left;
  a bid is a level from 4 to 7 (a level n contracts for 6 + n books) and an orientation: uptown,
  downtown or no trump. Detroit VI-VIII and XI.g, Texas Bidding and Improper Bid, Chicago The Bidding,
  Cardtel Bidding 3-7.

  @all
  Scenario Outline: The bidding goes once around the table, starting left of the dealer
    Source: MATRIX.md Bid Whist: bidding: order
    Given a <ruleset> hand dealt by west
    Then it is north's turn to bid
    When the bidding goes "north: pass, east: 4, south: pass"
    Then it is west's turn to bid
    When west bids "5 downtown"
    Then the bidding is over and west is the bidder
    And the standing bid is "5 downtown" by west
    And it is west's turn to declare
    And the bidding rule cites "<document>" section "<section>"

    @detroit
    Examples:
      | ruleset | document                              | section |
      | detroit | detroit-senior-olympics-bid-whist.txt | VI      |

    @texas
    Examples:
      | ruleset | document                     | section |
      | texas   | texas-bid-whist-alliance.txt | Bidding |

    @chicago
    Examples:
      | ruleset | document                    | section     |
      | chicago | chicago-pride-bid-whist.txt | The Bidding |

    @cardtel
    Examples:
      | ruleset | document                                 | section |
      | cardtel | capitol-city-cardtel-kitty-bid-whist.txt | Bidding |

  @all
  Scenario Outline: A bid is a level from 4 to 7; anything else is no bid and is refused
    Source: MATRIX.md Bid Whist: bidding: levels
    Given a <ruleset> hand dealt by west
    When north bids "<said>"
    Then the event is refused: "<why>"
    And there is no standing bid
    And it is north's turn to bid

    @detroit
    Examples:
      | ruleset | said       | why                          |
      | detroit | 8          | the levels are 4 to 7        |
      | detroit | 3 no trump | the levels are 4 to 7        |

    @texas
    Examples:
      | ruleset | said | why                   |
      | texas   | 3    | the levels are 4 to 7 |

    @chicago
    Examples:
      | ruleset | said           | why          |
      | chicago | 5 with hearts  | is not a bid |

    @cardtel
    Examples:
      | ruleset | said     | why                   |
      | cardtel | 9 special | the levels are 4 to 7 |

  @all
  Scenario Outline: A bid of level n contracts for 6 + n books, the kitty counting as one
    Source: MATRIX.md Bid Whist: bidding: levels
    Given a <ruleset> hand dealt by west
    When south wins the bid at "<bid>" and the bidding team takes <books> books
    Then the bid is <outcome>

    @detroit
    Examples:
      | ruleset | bid | books | outcome |
      | detroit | 4   | 10    | made    |
      | detroit | 4   | 9     | set     |

    @texas
    Examples:
      | ruleset | bid | books | outcome |
      | texas   | 5   | 11    | made    |
      | texas   | 5   | 10    | set     |

    @chicago
    Examples:
      | ruleset | bid        | books | outcome |
      | chicago | 6 downtown | 12    | made    |
      | chicago | 6 downtown | 11    | set     |

    @cardtel
    Examples:
      | ruleset | bid        | books | outcome |
      | cardtel | 7 no trump | 13    | made    |
      | cardtel | 7 no trump | 12    | set     |

  @all
  Scenario Outline: Uptown, downtown and no trump are said the rulebooks' ways
    Source: MATRIX.md Bid Whist: bidding: orientations
    Given a <ruleset> hand dealt by west
    When north bids "<said>"
    Then north's bid counts as "<bid>"
    And the standing bid is "<bid>" by north

    @detroit
    Examples:
      | ruleset | said      | bid        |
      | detroit | 4         | 4 uptown   |
      | detroit | 5 special | 5 downtown |
      | detroit | 6 no      | 6 no trump |

    @texas
    Examples:
      | ruleset | said        | bid        |
      | texas   | 4 uptown    | 4 uptown   |
      | texas   | 5 low       | 5 downtown |
      | texas   | 4 no trump  | 4 no trump |

    @chicago
    Examples:
      | ruleset | said       | bid        |
      | chicago | 5 high     | 5 uptown   |
      | chicago | 4 downtown | 4 downtown |
      | chicago | 7 no trump | 7 no trump |

    @cardtel
    Examples:
      | ruleset | said   | bid        |
      | cardtel | 4      | 4 uptown   |
      | cardtel | 4 special | 4 downtown |
      | cardtel | 5 no   | 5 no trump |

  @all
  Scenario Outline: At the same level a no-trump bid takes out an uptown or downtown bid
    Source: MATRIX.md Bid Whist: bidding: same level: no trump beats uptown/downtown
    Given a <ruleset> hand dealt by west
    When the bidding goes "north: <first>, east: <second>"
    Then east's bid counts as "<second>"
    And the standing bid is "<second>" by east
    And there are no rulings
    And the bid rank rule cites "<document>" section "<section>"

    @detroit
    Examples:
      | ruleset | first      | second     | document                              | section |
      | detroit | 4 uptown   | 4 no trump | detroit-senior-olympics-bid-whist.txt | VIII    |
      | detroit | 6 downtown | 6 no trump | detroit-senior-olympics-bid-whist.txt | VI      |

    @texas
    Examples:
      | ruleset | first      | second     | document                     | section |
      | texas   | 5 downtown | 5 no trump | texas-bid-whist-alliance.txt | Bidding |

    @chicago
    Examples:
      | ruleset | first      | second     | document                    | section     |
      | chicago | 5 downtown | 5 no trump | chicago-pride-bid-whist.txt | The Bidding |

    @cardtel
    Examples:
      | ruleset | first    | second     | document                                 | section   |
      | cardtel | 4 uptown | 4 no trump | capitol-city-cardtel-kitty-bid-whist.txt | Bidding 4 |

  @all
  Scenario Outline: At the same level a downtown bid does not take out an uptown bid, except in Chicago
    Source: MATRIX.md Bid Whist: bidding: same level: downtown vs uptown
    Given a <ruleset> hand dealt by west
    When the bidding goes "north: 4 uptown, east: 4 downtown"
    Then east's bid counts as "<counts as>"
    And the standing bid is "<counts as>" by east
    And the bid rank rule cites "<document>" section "<section>"

    @detroit
    Examples:
      | ruleset | counts as  | document                              | section |
      | detroit | 5 downtown | detroit-senior-olympics-bid-whist.txt | VI      |

    @texas
    Examples:
      | ruleset | counts as  | document                     | section |
      | texas   | 5 downtown | texas-bid-whist-alliance.txt | Bidding |

    @chicago
    Examples:
      | ruleset | counts as  | document                    | section     |
      | chicago | 4 downtown | chicago-pride-bid-whist.txt | The Bidding |

    @cardtel
    Examples:
      | ruleset | counts as  | document                                 | section   |
      | cardtel | 5 downtown | capitol-city-cardtel-kitty-bid-whist.txt | Bidding 4 |

  @all
  Scenario Outline: When the first three pass, the dealer must bid at least 4
    Source: MATRIX.md Bid Whist: bidding: first three pass
    Given a <ruleset> hand dealt by west
    When the bidding goes "north: pass, east: pass, south: pass, west: pass"
    Then west's bid does not count
    And there is an established ruling against west for an improper bid
    And the ruling cites "<document>" section "<section>"
    And it is west's turn to bid
    When west bids "4 no"
    Then the bidding is over and west is the bidder
    And the standing bid is "4 no trump" by west

    @detroit @interpretation
    Examples:
      | ruleset | document  | section                       |
      | detroit | MATRIX.md | interpretation: forced-dealer |

    @texas
    Examples:
      | ruleset | document                     | section |
      | texas   | texas-bid-whist-alliance.txt | Bidding |

    @chicago
    Examples:
      | ruleset | document                    | section     |
      | chicago | chicago-pride-bid-whist.txt | The Bidding |

    @cardtel @interpretation
    Examples:
      | ruleset | document  | section                       |
      | cardtel | MATRIX.md | interpretation: forced-dealer |

  @all
  Scenario Outline: An insufficient bid is corrected to the lowest bid of the same orientation that takes out the standing bid
    Source: MATRIX.md Bid Whist: bidding: improper (insufficient) bid
    Given a <ruleset> hand dealt by west
    When the bidding goes "north: <standing>, east: <said>"
    Then east's bid counts as "<corrected>"
    And the standing bid is "<corrected>" by east
    And there is an established ruling against east for an improper bid
    And the ruling says "corrected to <corrected>"
    And the ruling cites "<document>" section "<section>"

    @detroit
    Examples:
      | ruleset | standing   | said       | corrected  | document                              | section |
      | detroit | 5 no trump | 5 downtown | 6 downtown | detroit-senior-olympics-bid-whist.txt | XI.g    |
      | detroit | 5 uptown   | 4 no trump | 5 no trump | detroit-senior-olympics-bid-whist.txt | XI.g    |

    @texas
    Examples:
      | ruleset | standing   | said       | corrected  | document                     | section      |
      | texas   | 5 no trump | 5 low      | 6 downtown | texas-bid-whist-alliance.txt | Improper Bid |
      | texas   | 4 uptown   | 4 downtown | 5 downtown | texas-bid-whist-alliance.txt | Improper Bid |

    @chicago @interpretation
    Examples:
      | ruleset | standing   | said       | corrected  | document  | section                      |
      | chicago | 5 no trump | 5 downtown | 6 downtown | MATRIX.md | interpretation: improper-bid |
      | chicago | 5 downtown | 5 uptown   | 6 uptown   | MATRIX.md | interpretation: improper-bid |

    @cardtel
    Examples:
      | ruleset | standing | said       | corrected  | document                                 | section   |
      | cardtel | 5 uptown | 4 no trump | 5 no trump | capitol-city-cardtel-kitty-bid-whist.txt | Bidding 5 |
      | cardtel | 6 uptown | 6 uptown   | 7 uptown   | capitol-city-cardtel-kitty-bid-whist.txt | Bidding 5 |

  @all @interpretation
  Scenario Outline: An insufficient bid that could only be corrected above 7 counts as a pass
    Source: MATRIX.md Bid Whist: bidding: improper bid that cannot be corrected (would exceed 7)
    Given a <ruleset> hand dealt by west
    When the bidding goes "north: 7 no trump, east: 7 uptown"
    Then east's bid counts as "pass"
    And the standing bid is "7 no trump" by north
    And there is an established ruling against east for an improper bid
    And the ruling says "it counts as a pass"
    And the ruling cites "MATRIX.md" section "interpretation: improper-bid-overflow"
    And it is south's turn to bid

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
  Scenario Outline: A bid out of turn is recorded, does not count, and is ruled on by the rulebook
    Source: MATRIX.md Bid Whist: bidding: bid out of turn
    Given a <ruleset> hand dealt by west
    When the bidding goes "north: pass, south: 5 uptown"
    Then south's bid does not count
    And it is east's turn to bid
    And there is no standing bid
    And there is a detected ruling against south for a bid out of turn
    And the ruling cites "<document>" section "<section>"

    @detroit
    Examples:
      | ruleset | document                              | section |
      | detroit | detroit-senior-olympics-bid-whist.txt | XI.c    |

    @texas
    Examples:
      | ruleset | document                     | section   |
      | texas   | texas-bid-whist-alliance.txt | Technical |

    @chicago
    Examples:
      | ruleset | document  | section                                  |
      | chicago | MATRIX.md | Bid Whist: bidding: bid out of turn      |

    @cardtel
    Examples:
      | ruleset | document                                 | section   |
      | cardtel | capitol-city-cardtel-kitty-bid-whist.txt | Bidding 7 |
