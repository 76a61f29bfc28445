"""The documentation runs as written: README, docs/ pages, tutorials, notebooks, doctests."""
