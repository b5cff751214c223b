"""The four games, each over the shared engine, and the registry that lists them."""
