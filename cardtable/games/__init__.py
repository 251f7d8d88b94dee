"""One package per game family; each registers itself with the engine on import."""
