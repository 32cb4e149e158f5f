"""The rulebooks' rules as executable scenarios: features/<ruleset>/ and features/shared/.

Every row of MATRIX.md's Bid Whist tables (the deal, bidding, kitty contract and play, infractions,
scoring a hand) has at least one scenario; the steps live in the package ``steps``.
"""

from pytest_bdd import scenarios

scenarios("shared")
scenarios("detroit")
scenarios("texas")
scenarios("chicago")
scenarios("cardtel")
scenarios("ontario")
