"""A class-data archive for the local Spark driver's JVM: Application Class-Data Sharing (AppCDS).

A local Spark run spends about 1.5 s starting the driver's JVM and its SparkContext, most of it
loading and verifying some 7,000 classes from Spark's jars, and the same again on every run. The
JDK (13 and later) can write the classes a run loaded into a dynamic archive when the JVM exits
(``-XX:ArchiveClassesAtExit``) and map that archive, already parsed and verified, into later JVMs
(``-XX:SharedArchiveFile``). Measured here (JDK 17, pyspark 3.5, local[2]): the context starts in
about 0.85 s instead of 1.5 s and the first job's JVM side is about 0.2 s quicker. The first run
on a machine pays for it once: its JVM starts about 2 s slower while it records, and it writes
the archive (about 70 MB) as it exits.

What `options()` decides, for the driver JVM that `spark.context()` starts on a local master:

- no Java 13+ found (``$JAVA_HOME`` or ``java`` on the PATH, version from the JDK's ``release``
  file), no writable cache folder, or ``EXTRACTORS_SPARK_CDS=0``: no options (plain start);
- an archive for this JVM and this pyspark in the cache folder: map it. The JVM checks that the
  archive fits (same JDK build, same class path) and otherwise ignores it; its CDS logging is off
  so that a mismatch never reaches the user's console;
- none yet: record one. The JVM writes it, and a log of the dump, under a name of its own
  (``<archive>.<driver pid>.tmp``); a later call adopts it (`adopt`) only when the log says the
  dump was written and the file holds every region the log lists, because a cut-off archive
  crashes the JVM that maps it (SIGBUS), whereas a missing one only costs time.

Reads: ``$JAVA_HOME``/PATH, the JDK's ``release`` file, the cache folder
(``$EXTRACTORS_CACHE``, else ``$XDG_CACHE_HOME/extractors``, else ``~/.cache/extractors``).
Writes: the archive and its dump log in the cache folder (by the JVM), renames and removes them.
Not used for cluster masters: executors and a cluster's driver start their own JVMs.
"""
from __future__ import annotations

import hashlib
import logging
import os
import re
import shutil
import time
from pathlib import Path
from typing import Optional

log = logging.getLogger(__name__)

ENV_SWITCH = "EXTRACTORS_SPARK_CDS"     # "0": neither map nor record an archive
ENV_CACHE = "EXTRACTORS_CACHE"
MIN_JAVA = 13                           # -XX:ArchiveClassesAtExit came with JDK 13
STALE_SECONDS = 3600                    # a dump that has not finished after an hour never will
QUIET = "-Xlog:cds=off -Xlog:cds+dynamic=off"   # a mismatched archive stays silent
#: what the JVM logs of a dump (-Xlog:cds=info,cds+dynamic=info): each region written, and the end
_REGION = re.compile(r"Shared file region .*?:\s*(\d+) bytes, .*?file offset (0x[0-9a-fA-F]+)")
_WRITTEN = "Written dynamic archive"


def cache_dir() -> Path:
    """The folder archives live in."""
    if os.environ.get(ENV_CACHE):
        return Path(os.environ[ENV_CACHE])
    base = os.environ.get("XDG_CACHE_HOME") or Path.home() / ".cache"
    return Path(base) / "extractors"


def java_binary() -> Optional[Path]:
    """The ``java`` that spark-submit runs: ``$JAVA_HOME/bin/java``, else the PATH's (resolved)."""
    home = os.environ.get("JAVA_HOME")
    found = Path(home) / "bin" / "java" if home else (shutil.which("java") and Path(shutil.which("java")))
    if not found or not found.exists():
        return None
    return found.resolve()


def java_feature(java: Path) -> Optional[int]:
    """The feature release (8, 11, 17, ...) of the JDK holding `java`, from its ``release`` file
    (``JAVA_VERSION="17.0.15"``, ``"1.8.0_392"``); None when there is no such file."""
    try:
        text = (java.parent.parent / "release").read_text(encoding="utf-8", errors="replace")
    except OSError:
        return None
    m = re.search(r'^JAVA_VERSION="(\d+)(?:\.(\d+))?', text, re.M)
    if not m:
        return None
    major = int(m.group(1))
    return int(m.group(2) or 0) if major == 1 else major


def archive_path(java: Path, spark_version: str) -> Path:
    """The archive of this JVM binary (path, size, time) and this pyspark (its version and jars)."""
    st = java.stat()
    key = f"{java}|{st.st_size}|{st.st_mtime_ns}|{spark_version}"
    return cache_dir() / f"spark-driver-{hashlib.sha256(key.encode()).hexdigest()[:16]}.jsa"


def complete(archive: Path, dump_log: Path) -> bool:
    """Whether the JVM's log of a dump says it finished, and `archive` holds every region it lists."""
    try:
        text = dump_log.read_text(encoding="utf-8", errors="replace")
        size = archive.stat().st_size
    except OSError:
        return False
    regions = [(int(off, 16), int(n)) for n, off in _REGION.findall(text)]
    return _WRITTEN in text and bool(regions) and all(off + n <= size for off, n in regions)


def adopt(archive: Path, now: Optional[float] = None) -> None:
    """Make a finished dump of an earlier run `archive`; remove dumps that cannot be used (cut
    off, stale, or one archive already there). Dumps still being written are left alone."""
    now = time.time() if now is None else now
    for tmp in sorted(archive.parent.glob(archive.name + ".*.tmp")):
        dump_log = tmp.with_name(tmp.name + ".log")
        try:
            if complete(tmp, dump_log) and not archive.exists():
                os.replace(tmp, archive)
                log.info("JVM class-data archive ready: %s", archive)
            elif complete(tmp, dump_log) or now - tmp.stat().st_mtime > STALE_SECONDS:
                tmp.unlink()
            else:
                continue                        # possibly still being written
            dump_log.unlink(missing_ok=True)
        except OSError:
            continue


def options(spark_version: str) -> str:
    """JVM options for a local driver: map the archive, record one, or nothing (see the module)."""
    if os.environ.get(ENV_SWITCH, "1") == "0":
        return ""
    java = java_binary()
    if java is None or (java_feature(java) or 0) < MIN_JAVA:
        return ""
    archive = archive_path(java, spark_version)
    if " " in str(archive):
        return ""                               # Spark splits extraJavaOptions at spaces
    try:
        archive.parent.mkdir(parents=True, exist_ok=True)
        adopt(archive)
    except OSError:
        return ""
    if archive.is_file():
        return f"-XX:SharedArchiveFile={archive} {QUIET}"
    if not os.access(archive.parent, os.W_OK):
        return ""
    tmp = archive.with_name(f"{archive.name}.{os.getpid()}.tmp")
    log.info("recording a JVM class-data archive for later local Spark runs (once): %s", archive)
    return f"-XX:ArchiveClassesAtExit={tmp} {QUIET} -Xlog:cds=info,cds+dynamic=info:file={tmp}.log"


__all__ = ["adopt", "archive_path", "cache_dir", "complete", "java_feature", "options"]
