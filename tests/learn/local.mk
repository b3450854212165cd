# tests/learn
