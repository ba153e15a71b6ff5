"""`python -m extractors` runs the command line."""
from .cli import main

main()
