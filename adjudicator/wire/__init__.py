"""The wire: the shapes of what crosses into the service, shared by both entry points.

``strict_json``: JSON as the service accepts it; ``schemas``: the marshmallow schemas of every body
and answer of the HTTP API, which ``adjudicator import`` holds a file's hands to as well. The API and
the command line both read here, so it sits below them and above nothing of theirs: no Flask, no
adapter.
"""
