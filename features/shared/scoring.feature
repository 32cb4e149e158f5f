Feature: Scoring a hand
  MATRIX.md, "Bid Whist: scoring a hand". The bidding team's books are its kitty plus its tricks, 13
  in all; a bid of n is made with 6 + n books or more; a Boston is 13 books to one team. Detroit IX,
  X; Texas Playing (interpretation: texas-points); Chicago introduction, The Play; Cardtel Play 6-8,
  The Format, Score Sheets.

  @all
  Scenario Outline: A bid made wins the hand and scores the bidding team every book beyond six
    Source: MATRIX.md Bid Whist: scoring a hand: bid made, points on the sheet
    Given a <ruleset> hand dealt by west
    When south wins the bid at "4" and the bidding team takes 11 books
    Then the bid is made
    And the score counts North–South 11 books and East–West 2
    And North–South wins the hand
    And North–South is credited with 1 hand-win
    And the score gives North–South 5 points and East–West 0
    And the scoring rule cites "<document>" section "<section>"

    @detroit
    Examples:
      | ruleset | document                              | section |
      | detroit | detroit-senior-olympics-bid-whist.txt | IX      |

    @texas @interpretation
    Examples:
      | ruleset | document  | section                      |
      | texas   | MATRIX.md | interpretation: texas-points |

    @chicago
    Examples:
      | ruleset | document                    | section  |
      | chicago | chicago-pride-bid-whist.txt | The Play |

    @cardtel
    Examples:
      | ruleset | document                                 | section |
      | cardtel | capitol-city-cardtel-kitty-bid-whist.txt | Play 6  |

  @all
  Scenario Outline: A bid set wins the hand for the other team, which scores what its rulebook gives
    Source: MATRIX.md Bid Whist: scoring a hand: bid set, points on the sheet
    Given a <ruleset> hand dealt by west
    When south wins the bid at "<bid>" and the bidding team takes <books> books
    Then the bid is set
    And East–West wins the hand
    And East–West is credited with 1 hand-win
    And the score gives North–South 0 points and East–West <points>
    And the scoring rule cites "<document>" section "<section>"

    @detroit
    Examples:
      | ruleset | bid | books | points | document                              | section |
      | detroit | 5   | 9     | 5      | detroit-senior-olympics-bid-whist.txt | IX      |
      | detroit | 7   | 6     | 7      | detroit-senior-olympics-bid-whist.txt | IX      |

    @texas @interpretation
    Examples:
      | ruleset | bid | books | points | document  | section                      |
      | texas   | 5   | 9     | 5      | MATRIX.md | interpretation: texas-points |
      | texas   | 7   | 6     | 7      | MATRIX.md | interpretation: texas-points |

    @chicago
    Examples:
      | ruleset | bid | books | points | document                    | section  |
      | chicago | 5   | 9     | 0      | chicago-pride-bid-whist.txt | The Play |
      | chicago | 7   | 6     | 0      | chicago-pride-bid-whist.txt | The Play |

    @cardtel
    Examples:
      | ruleset | bid | books | points | document                                 | section |
      | cardtel | 5   | 9     | 5      | capitol-city-cardtel-kitty-bid-whist.txt | Play 7  |
      | cardtel | 7   | 6     | 8      | capitol-city-cardtel-kitty-bid-whist.txt | Play 7  |
      | cardtel | 6   | 4     | 9      | capitol-city-cardtel-kitty-bid-whist.txt | Play 7  |

  @all
  Scenario Outline: A no-trump hand is doubled in points, or counts two hand-wins, as the rulebook says
    Source: MATRIX.md Bid Whist: scoring a hand: no trump
    Given a <ruleset> hand dealt by west
    When south wins the bid at "<bid>" and the bidding team takes <books> books
    Then <winner> wins the hand
    And <winner> is credited with <hand wins> hand-wins
    And the score gives North–South <ns> points and East–West <ew>
    And the scoring rule cites "<document>" section "<section>"

    @detroit
    Examples:
      | ruleset | bid        | books | winner      | hand wins | ns | ew | document                              | section |
      | detroit | 5 no trump | 12    | North–South | 1         | 12 | 0  | detroit-senior-olympics-bid-whist.txt | X       |
      | detroit | 5 no trump | 9     | East–West   | 1         | 0  | 10 | detroit-senior-olympics-bid-whist.txt | IX      |

    @texas @interpretation
    Examples:
      | ruleset | bid        | books | winner      | hand wins | ns | ew | document  | section                      |
      | texas   | 5 no trump | 12    | North–South | 1         | 6  | 0  | MATRIX.md | interpretation: texas-points |
      | texas   | 5 no trump | 9     | East–West   | 1         | 0  | 5  | MATRIX.md | interpretation: texas-points |

    @chicago @interpretation
    Examples:
      | ruleset | bid        | books | winner      | hand wins | ns | ew | document  | section                               |
      | chicago | 5 no trump | 12    | North–South | 2         | 6  | 0  | MATRIX.md | interpretation: whoever wins the hand |
      | chicago | 5 no trump | 9     | East–West   | 2         | 0  | 0  | chicago-pride-bid-whist.txt | introduction        |

    @cardtel
    Examples:
      | ruleset | bid        | books | winner      | hand wins | ns | ew | document                                 | section    |
      | cardtel | 5 no trump | 12    | North–South | 1         | 12 | 0  | capitol-city-cardtel-kitty-bid-whist.txt | Play 8     |
      | cardtel | 7 no trump | 6     | East–West   | 1         | 0  | 14 | capitol-city-cardtel-kitty-bid-whist.txt | The Format |

  @all
  Scenario Outline: Thirteen books to one team is a Boston, recorded with the hand
    Source: MATRIX.md Bid Whist: scoring a hand: Boston
    Given a <ruleset> hand dealt by west
    When south wins the bid at "4" and the bidding team takes 13 books
    Then the score records a Boston for North–South
    And the score counts North–South 13 books and East–West 0
    And the score gives North–South 7 points and East–West 0
    And North–South is credited with <hand wins> hand-wins
    And the boston rule cites "<document>" section "<section>"

    @detroit
    Examples:
      | ruleset | hand wins | document  | section                                  |
      | detroit | 1         | MATRIX.md | Bid Whist: scoring a hand: Boston |

    @texas
    Examples:
      | ruleset | hand wins | document                     | section         |
      | texas   | 1         | texas-bid-whist-alliance.txt | Play-Off Rounds |

    @chicago
    Examples:
      | ruleset | hand wins | document                    | section      |
      | chicago | 2         | chicago-pride-bid-whist.txt | introduction |

    @cardtel
    Examples:
      | ruleset | hand wins | document                                 | section      |
      | cardtel | 1         | capitol-city-cardtel-kitty-bid-whist.txt | Score Sheets |

  @all
  Scenario Outline: Twelve books is no Boston
    Source: MATRIX.md Bid Whist: scoring a hand: Boston
    Given a <ruleset> hand dealt by west
    When south wins the bid at "4" and the bidding team takes 12 books
    Then the score records no Boston

    @detroit
    Examples:
      | ruleset |
      | detroit |

    @chicago
    Examples:
      | ruleset |
      | chicago |

  @all
  Scenario Outline: A match is a round of hands won on points, or on hand-wins, as the rulebook plays it
    Given a <ruleset> hand dealt by north
    When these hands are played:
      | bidder | bid        | books |
      | east   | 4          | 11    |
      | south  | 5 no trump | 11    |
      | west   | 4          | 10    |
    Then the match is still going
    When these hands are played:
      | bidder | bid | books |
      | south  | 4   | 10    |
    Then <result>
    And the match stands at North–South <ns> and East–West <ew>
    And the match cites "<document>" section "<section>"

    @detroit
    Examples:
      | ruleset | result                  | ns | ew | document                              | section |
      | detroit | North–South wins the match | 14 | 9  | detroit-senior-olympics-bid-whist.txt | I       |

    @texas
    Examples:
      | ruleset | result                     | ns | ew | document                     | section |
      | texas   | the match is still going   | 2  | 2  | texas-bid-whist-alliance.txt | Playing |

    @chicago
    Examples:
      | ruleset | result                     | ns | ew | document                    | section      |
      | chicago | North–South wins the match | 3  | 2  | chicago-pride-bid-whist.txt | introduction |

    @cardtel
    Examples:
      | ruleset | result                     | ns | ew | document                                 | section    |
      | cardtel | North–South wins the match | 14 | 9  | capitol-city-cardtel-kitty-bid-whist.txt | The Format |

  @texas
  Scenario: A Texas round is the best three of five hands
    texas-bid-whist-alliance.txt, Playing: "Each round will consist of the Standard best 3 of 5 hands."
    Given a texas hand dealt by north
    When these hands are played:
      | bidder | bid        | books |
      | east   | 4          | 11    |
      | south  | 5 no trump | 11    |
      | west   | 4          | 10    |
      | south  | 4          | 10    |
    Then the match is still going
    When these hands are played:
      | bidder | bid | books |
      | north  | 6   | 12    |
    Then North–South wins the match
    And the match stands at North–South 3 and East–West 2

  @detroit
  Scenario: A Detroit round of four hands that ends level on points is tied
    detroit-senior-olympics-bid-whist.txt, I (Preliminary Rounds) and X: more points wins the round.
    Given a detroit hand dealt by north
    When these hands are played:
      | bidder | bid | books |
      | east   | 4   | 11    |
      | south  | 4   | 11    |
      | west   | 4   | 10    |
      | north  | 4   | 10    |
    Then the match is tied
    And the match stands at North–South 9 and East–West 9
