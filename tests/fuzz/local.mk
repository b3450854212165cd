# tests/fuzz
