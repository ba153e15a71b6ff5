"""Limits that keep one hostile abstract from costing the others: a tokenizer guard and a
per-abstract time limit.

Tokenizer guard. spaCy's tokenizer strips prefixes and suffixes one at a time, running its
suffix regex over the rest of the chunk each time, so a chunk with many punctuation characters
(``((((...``, ``$$$$...``, ``''''...``) costs O(n^2) or worse, in Cython code that swallows
signals (measured: 1,024 ``(`` in one chunk take about 1 s, 5,000 take 8 s). `make_doc` estimates
that cost from the text (the punctuation count times the length of each distinct chunk) and,
only when the estimate is far above anything a real abstract gives, tokenizes linearly instead
(words, single punctuation marks, whitespace), keeping the text exact. On the 5,761 corpus
abstracts the largest per-chunk estimate is about 2,000 and the largest per-text total about
6,000 (83 kB of concatenated abstracts give 70,000), so real abstracts always take spaCy's own
tokenizer and their records do not change.

Time limit. `deadline(seconds)` raises `AbstractTimeout` (a BaseException, so the pipeline's own
``except Exception`` handlers do not swallow it) in the thread that runs the abstract once the
time is up, and again every 50 ms until the block is left (a raise inside Cython code that drops
exceptions is therefore retried). In the main thread it uses ``setitimer``/``SIGALRM``, which
also interrupts C-level ``re`` matching; in other threads (a Dask worker runs tasks in a thread
pool) a watchdog thread raises it asynchronously (``PyThreadState_SetAsyncExc``), which takes
effect at the next Python bytecode.
"""
from __future__ import annotations

import ctypes
import heapq
import itertools
import signal
import threading
import time
from contextlib import contextmanager
from typing import Iterator, Optional

from .regexes import rx

__all__ = ["AbstractTimeout", "deadline", "make_doc", "tokenizer_cost"]

# ---------------------------------------------------------------- tokenizer guard

CHUNK_LIMIT = 20_000     # estimated microseconds for one distinct whitespace-free chunk
TEXT_LIMIT = 500_000     # ... and for all distinct chunks of one text
_CHUNK = rx(r"\S+")
_NOT_ALNUM = rx(r"[\W_]")
_FALLBACK = rx(r"\w+|[^\w\s]|\s+")


def tokenizer_cost(text: str) -> tuple[int, int]:
    """(total, largest chunk) estimated cost of spaCy's tokenizer on `text`, in microseconds:
    per distinct chunk, its non-alphanumeric characters times (40 + its length)."""
    total = largest = 0
    seen: set[str] = set()
    for m in _CHUNK.finditer(text):
        chunk = m.group()
        if chunk in seen or chunk.isalnum():
            continue
        seen.add(chunk)
        k = len(_NOT_ALNUM.findall(chunk))
        cost = k * (40 + len(chunk))
        total += cost
        if cost > largest:
            largest = cost
    return total, largest


LONG_CHUNK = 120
#: the characters `str.split` takes for whitespace and the `regex` module's ``\s`` does not
_NOT_REGEX_SPACE = str.maketrans({c: "x" for c in "\x1c\x1d\x1e\x1f"})


def _has_long_chunk(text: str) -> bool:
    r"""Whether `text` has a run of at least LONG_CHUNK non-whitespace characters (whitespace as
    the `regex` module's ``\s``, which is `str.isspace` less U+001C-U+001F): what
    ``regex.search(r"\S{120,}")`` answers, in a tenth of its time (it rescans each run)."""
    if "\x1c" in text or "\x1d" in text or "\x1e" in text or "\x1f" in text:
        text = text.translate(_NOT_REGEX_SPACE)
    return max(map(len, text.split()), default=0) >= LONG_CHUNK


def needs_fallback(text: str) -> bool:
    """Whether spaCy's tokenizer could be slow on `text` (see `tokenizer_cost`)."""
    if not _has_long_chunk(text):
        # no chunk is long enough to pass CHUNK_LIMIT; bound the total without the per-chunk walk
        # (a text of at most TEXT_LIMIT / 160 characters cannot have more non-alphanumerics)
        bound = 40 + LONG_CHUNK
        if len(text) * bound <= TEXT_LIMIT or len(_NOT_ALNUM.findall(text)) * bound <= TEXT_LIMIT:
            return False
    total, largest = tokenizer_cost(text)
    return largest > CHUNK_LIMIT or total > TEXT_LIMIT


def fallback_words(text: str) -> tuple[list[str], list[bool]]:
    """Linear-time tokens: runs of word characters, single other characters, whitespace runs
    (one space after a token is that token's trailing space, as in spaCy)."""
    words: list[str] = []
    spaces: list[bool] = []
    for m in _FALLBACK.finditer(text):
        w = m.group()
        if w[0].isspace():
            if words and not spaces[-1] and w[0] == " ":
                spaces[-1] = True
                w = w[1:]
                if not w:
                    continue
            words.append(w)
            spaces.append(False)
        else:
            words.append(w)
            spaces.append(False)
    return words, spaces


def make_doc(nlp, text: str):
    """``nlp.make_doc(text)``, or the linear fallback when spaCy's tokenizer would be too slow."""
    if not needs_fallback(text):
        return nlp.make_doc(text)
    from spacy.tokens import Doc
    words, spaces = fallback_words(text)
    doc = Doc(nlp.vocab, words=words, spaces=spaces)
    assert doc.text == text
    return doc


# ---------------------------------------------------------------- time limit

class AbstractTimeout(BaseException):
    """Raised inside the work on one abstract (or batch) when its time is up."""


_REPEAT = 0.05


def _on_alarm(signum, frame):
    raise AbstractTimeout()


MAX_SECONDS = 86_400.0 * 365   # a limit above a year is no limit (setitimer cannot take inf)


def usable_limit(seconds: Optional[float]) -> Optional[float]:
    """The time limit to apply: None for no limit (None, 0, negative, inf or above a year);
    `ValueError` for NaN."""
    if seconds is None:
        return None
    if seconds != seconds:
        raise ValueError("time limit is not a number (nan)")
    if seconds <= 0 or seconds > MAX_SECONDS:
        return None
    return float(seconds)


@contextmanager
def deadline(seconds: Optional[float]) -> Iterator[None]:
    """Raise `AbstractTimeout` in this thread if the block runs longer than `seconds`."""
    seconds = usable_limit(seconds)
    if seconds is None:
        yield
        return
    if threading.current_thread() is threading.main_thread():
        with _alarm(seconds):
            yield
    else:
        with _watchdog().guard(seconds):
            yield


@contextmanager
def _alarm(seconds: float) -> Iterator[None]:
    old = signal.signal(signal.SIGALRM, _on_alarm)
    try:
        # armed inside the try: an alarm that fires before the block starts (a tiny limit) still
        # reaches the finally below, which disarms the timer and restores the old handler
        signal.setitimer(signal.ITIMER_REAL, seconds, _REPEAT)
        yield
    finally:
        while True:  # a late alarm may land here: retry until the timer is off
            try:
                signal.setitimer(signal.ITIMER_REAL, 0)
                signal.signal(signal.SIGALRM, old)
                break
            except AbstractTimeout:
                continue


class _Watchdog:
    """One daemon thread per process that raises `AbstractTimeout` in threads past their deadline."""

    def __init__(self) -> None:
        self.lock = threading.Lock()
        self.wake = threading.Condition(self.lock)
        self.heap: list[tuple[float, int, int]] = []   # (due, token, thread id)
        self.active: dict[int, int] = {}               # token -> thread id
        self.count = itertools.count()
        threading.Thread(target=self._loop, name="extractors-deadline", daemon=True).start()

    @contextmanager
    def guard(self, seconds: float) -> Iterator[None]:
        tid = threading.get_ident()
        with self.lock:
            token = next(self.count)
            self.active[token] = tid
            heapq.heappush(self.heap, (time.monotonic() + seconds, token, tid))
            self.wake.notify()
        try:
            yield
        finally:
            while True:  # a late exception may land here: retry until unregistered
                try:
                    with self.lock:
                        self.active.pop(token, None)
                        # cancel an exception raised but not yet delivered
                        ctypes.pythonapi.PyThreadState_SetAsyncExc(ctypes.c_ulong(tid), None)
                    break
                except AbstractTimeout:
                    continue

    def _loop(self) -> None:
        with self.lock:
            while True:
                while self.heap and self.heap[0][1] not in self.active:
                    heapq.heappop(self.heap)
                if not self.heap:
                    self.wake.wait()
                    continue
                due, token, tid = self.heap[0]
                now = time.monotonic()
                if now < due:
                    self.wake.wait(due - now)
                    continue
                heapq.heapreplace(self.heap, (now + _REPEAT, token, tid))
                ctypes.pythonapi.PyThreadState_SetAsyncExc(ctypes.c_ulong(tid),
                                                           ctypes.py_object(AbstractTimeout))


_dog: Optional[_Watchdog] = None
_dog_lock = threading.Lock()


def _watchdog() -> _Watchdog:
    global _dog
    with _dog_lock:
        if _dog is None:
            _dog = _Watchdog()
        return _dog
