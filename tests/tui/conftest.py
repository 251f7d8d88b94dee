"""TUI tests: the top-level conftest gives every test its own CARDTABLE_HOME."""
