# tests/hostile
