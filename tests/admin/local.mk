# tests/admin
