"""spaCy components, one module per idea. Importing this package registers their factories."""
from . import acronyms, bounds, entities, lexicon, link_scorer, linker, names, numbers, sentences, urls  # noqa: F401
