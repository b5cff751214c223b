"""Play over the network: the authoritative table server, its protocol, storage, the
app's client and local-network discovery. Imports the engine, games, bots and persist,
never the app (no pygame here)."""
