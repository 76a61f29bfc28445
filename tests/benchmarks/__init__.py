"""The scripts of benchmarks/ run (smoke tests, never a timing)."""
