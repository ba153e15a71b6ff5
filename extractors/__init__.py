"""extractors: metadata records from machine-learning abstracts."""
