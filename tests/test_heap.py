"""extractors/heap.py: the heap is frozen only while a pipeline is built, and a process's own
frozen objects are never thawed."""
import gc

import pytest

from extractors.heap import heap_frozen


@pytest.fixture
def thawed():
    gc.unfreeze()
    yield
    gc.unfreeze()


def test_frozen_inside_thawed_after(thawed):
    with heap_frozen():
        assert gc.get_freeze_count() > 0
        made = [[] for _ in range(1000)]  # allocated in the block: collectable, not frozen
    assert gc.get_freeze_count() == 0 and len(made) == 1000


def test_thawed_after_an_error(thawed):
    with pytest.raises(RuntimeError):
        with heap_frozen():
            raise RuntimeError("build failed")
    assert gc.get_freeze_count() == 0


def test_a_process_that_froze_its_heap_keeps_it_frozen(thawed):
    gc.freeze()
    before = gc.get_freeze_count()
    with heap_frozen():
        pass
    assert gc.get_freeze_count() == before > 0
