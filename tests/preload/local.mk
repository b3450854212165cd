# tests/preload
