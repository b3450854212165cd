# Unit tests of the deciding stages: INI text in, struct policy out.
