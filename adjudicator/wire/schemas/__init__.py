"""Marshmallow schemas for every request and response body: the API's whole idea of shape.

``common``: the field helpers, ``Strict``, the generic event loader and the problem schema, shared by
``hand_events`` (one schema per hand event ``type``), ``hands`` (hand requests and responses) and
``tournaments`` (every body under /tournaments). Requests are checked for shape only (types,
required members, enumerations, no unknown members); whether an event could have happened is the
domain's question.
"""
