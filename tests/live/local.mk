# Live tests: the launcher applied to real programs.
