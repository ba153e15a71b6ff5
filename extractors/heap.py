"""Garbage-collector policy while a pipeline is built (read by `extract` and the engines' workers).

`heap_frozen()` builds with the heap that exists so far kept out of garbage collection
(``gc.freeze``), then hands it back (``gc.unfreeze``): importing the components and building
the pipeline allocate many objects, and each full collection they trigger would otherwise walk
all of spaCy's imported heap again (about 0.07-0.09 s of a first `extract()` in a fresh
process). The records do not depend on it: the collector only frees unreachable cycles.
"""
from __future__ import annotations

import gc
from contextlib import contextmanager
from typing import Iterator


@contextmanager
def heap_frozen() -> Iterator[None]:
    """Freeze the heap for the block and thaw it after; does nothing when the process has
    frozen objects of its own (a pre-fork server's), which it must not thaw."""
    if gc.get_freeze_count():
        yield
        return
    gc.freeze()
    try:
        yield
    finally:
        gc.unfreeze()
