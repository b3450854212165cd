# tests/compat
