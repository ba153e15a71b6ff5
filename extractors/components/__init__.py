"""spaCy components, one module per idea. Importing this package registers their factories."""
from . import bounds, urls  # noqa: F401
