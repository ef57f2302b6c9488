"""The fault scenarios that scripts/fault_tests.py runs, one module per family of faults."""
