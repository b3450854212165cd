# tests/supervisor
