"""spaCy components, one module per idea. Importing this package registers their factories."""
from . import bounds, numbers, urls  # noqa: F401
