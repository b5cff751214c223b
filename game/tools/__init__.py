"""Command-line tools: the headless simulator and the benchmarks."""
