Feature: Singles: a player entered alone is paired with another single
  SEASON.md, "Entering a tournament and going on from it (all five)", row "singles". Detroit takes
  singles and pairs them: the official's choice, else in the order they registered. The other Bid
  Whist rulebooks enter teams only, and Ontario's Bid Euchre is played in doubles.

  @detroit
  Scenario: The official pairs two singles of the official's choice into a team
    Source: detroit-senior-olympics-bid-whist.txt II.c; SEASON.md Entering a tournament and going on from it (all five): singles.
    Given a detroit tournament with the teams "Aces"
    When the singles "Ann, Bea, Cy" register
    And the official pairs "Ann" with "Cy" as the team "Ann and Cy"
    Then the team "Ann and Cy" is "Ann, Cy"
    And the singles waiting for a partner are "Bea"

  @detroit
  Scenario: Singles the official leaves unpaired are paired in the order they registered
    Source: detroit-senior-olympics-bid-whist.txt II.c; SEASON.md Entering a tournament and going on from it (all five): singles.
    Given a detroit tournament with the teams "Aces"
    When the singles "Dee, Ed, Flo" register
    And the singles left unpaired are paired as the team "First pair"
    Then the team "First pair" is "Dee, Ed"
    And the singles waiting for a partner are "Flo"
    When the singles left unpaired are paired as the team "Second pair"
    Then the tournament refuses it: "two unpaired singles are needed to make a team (II.c)"

  @texas
  Scenario: A Texas tournament enters teams only
    Source: texas-bid-whist-alliance.txt; SEASON.md Entering a tournament and going on from it (all five): singles.
    Given a texas tournament with the teams "Aces, Kings"
    When the single "Ann" registers
    Then the tournament refuses it: "the Texas rules enter teams only: a single is not registered (SEASON, singles: teams only)"
    And no single waits for a partner

  @chicago
  Scenario: A Chicago tournament enters teams only
    Source: chicago-pride-bid-whist.txt; SEASON.md Entering a tournament and going on from it (all five): singles.
    Given a chicago tournament with the teams "Aces, Kings"
    When the single "Ann" registers
    Then the tournament refuses it: "the Chicago rules enter teams only: a single is not registered (SEASON, singles: teams only)"

  @cardtel
  Scenario: A Cardtel tournament enters teams only
    Source: capitol-city-cardtel-kitty-bid-whist.txt; SEASON.md Entering a tournament and going on from it (all five): singles.
    Given a cardtel tournament with the teams "Aces, Kings"
    When the single "Ann" registers
    Then the tournament refuses it: "the Cardtel rules enter teams only: a single is not registered (SEASON, singles: teams only)"

  @ontario
  Scenario: Ontario's games are doubles only: a single is refused
    Source: ontario-55-bid-euchre.txt A; SEASON.md Entering a tournament and going on from it (all five): singles.
    Given an ontario tournament with the pairs "Aces (Ann, Al), Kings (Kim, Ken)"
    When the single "Sue" registers
    Then the tournament refuses it: "Ontario's games are doubles only: a player enters as one of a pair (A; SEASON, singles)"
