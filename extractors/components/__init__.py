"""spaCy components, one module per idea. Importing this package registers their factories."""
from . import (acronyms, bounds, entities, entity_typer, lexicon, link_scorer, linker, names, numbers,  # noqa: F401
               sentences, tail, urls)
