"""The local Spark driver's class-data archive (extractors/spark_cds.py): which JVM options a run
gets, when a dump of an earlier run is adopted, and, with the real JVM, that a first run records
an archive that the next run maps."""
import os
import subprocess
import sys
import time
from pathlib import Path

import pytest

from extractors import spark_cds

RELEASES = [  # the JDK's release file -> its feature release
    ('JAVA_VERSION="17.0.15"\nIMPLEMENTOR="Debian"\n', 17),
    ('IMPLEMENTOR="Eclipse Adoptium"\nJAVA_VERSION="21.0.2"\n', 21),
    ('JAVA_VERSION="11.0.22"\n', 11),
    ('JAVA_VERSION="1.8.0_392"\n', 8),
    ('JAVA_VERSION="13"\n', 13),
    ('IMPLEMENTOR="nobody"\n', None),
]


def fake_jdk(root: Path, release) -> Path:
    """A folder shaped like a JDK (bin/java, release) for JAVA_HOME."""
    (root / "bin").mkdir(parents=True)
    (root / "bin" / "java").write_text("#!/bin/sh\n", encoding="utf-8")
    if release is not None:
        (root / "release").write_text(release, encoding="utf-8")
    return root


@pytest.mark.parametrize("release,feature", RELEASES)
def test_java_feature_release_from_the_release_file(tmp_path, release, feature):
    jdk = fake_jdk(tmp_path / "jdk", release)
    assert spark_cds.java_feature(jdk / "bin" / "java") == feature


def test_no_release_file_means_no_version(tmp_path):
    jdk = fake_jdk(tmp_path / "jdk", None)
    assert spark_cds.java_feature(jdk / "bin" / "java") is None


def dump_log(regions, written=True) -> str:
    """A log as the JVM writes it for a dump (-Xlog:cds=info,cds+dynamic=info), shortened."""
    lines = ["[8.117s][info   ][cds        ] Dumping shared data to file: "]
    for i, (offset, size) in enumerate(regions):
        lines.append(f"[8.121s][info   ][cds        ] Shared file region (rw )  {i}: {size} bytes, "
                     f"addr 0x0000000800bc7000 file offset {offset:#010x} crc 0x8709591f")
    if written:
        lines.append("[8.244s][info   ][cds,dynamic] Written dynamic archive 0x0000000800bc7000 - "
                     "0x0000000804d880e0 [984 bytes header, 68948192 bytes total]")
    return "\n".join(lines) + "\n"


def write_dump(folder: Path, name: str, size: int, log_text: str, age: float = 0.0) -> Path:
    tmp = folder / name
    tmp.write_bytes(b"\0" * size)
    Path(str(tmp) + ".log").write_text(log_text, encoding="utf-8")
    if age:
        t = time.time() - age
        os.utime(tmp, (t, t))
    return tmp


REGIONS = [(0x1000, 3000), (0x2000, 5000)]     # the last region ends at 0x2000 + 5000 = 13192


@pytest.mark.parametrize("size,written,expected", [
    (13192, True, True),        # every region inside the file, dump finished
    (20000, True, True),        # padded at the end
    (13191, True, False),       # one byte short: cut off (mapping it would crash the JVM)
    (13192, False, False),      # the log does not say the dump finished
])
def test_complete_needs_the_end_of_the_dump_and_every_region(tmp_path, size, written, expected):
    tmp = write_dump(tmp_path, "a.jsa.1.tmp", size, dump_log(REGIONS, written))
    assert spark_cds.complete(tmp, Path(str(tmp) + ".log")) is expected


def test_a_log_without_regions_is_not_complete(tmp_path):
    tmp = write_dump(tmp_path, "a.jsa.1.tmp", 5000, dump_log([]))
    assert not spark_cds.complete(tmp, Path(str(tmp) + ".log"))


def test_adopt_renames_a_finished_dump_and_leaves_one_in_progress(tmp_path):
    archive = tmp_path / "spark-driver-x.jsa"
    done = write_dump(tmp_path, "spark-driver-x.jsa.111.tmp", 13192, dump_log(REGIONS))
    busy = write_dump(tmp_path, "spark-driver-x.jsa.222.tmp", 4000, dump_log(REGIONS[:1], written=False))
    spark_cds.adopt(archive)
    assert archive.stat().st_size == 13192 and not done.exists() and not Path(str(done) + ".log").exists()
    assert busy.exists() and Path(str(busy) + ".log").exists()   # may still be written: kept


def test_adopt_removes_stale_cut_off_dumps_and_extra_copies(tmp_path):
    archive = tmp_path / "spark-driver-x.jsa"
    archive.write_bytes(b"\0" * 13192)
    extra = write_dump(tmp_path, "spark-driver-x.jsa.111.tmp", 13192, dump_log(REGIONS))
    stale = write_dump(tmp_path, "spark-driver-x.jsa.222.tmp", 100, dump_log(REGIONS, written=False),
                       age=spark_cds.STALE_SECONDS + 60)
    other = write_dump(tmp_path, "spark-driver-y.jsa.333.tmp", 13192, dump_log(REGIONS))
    spark_cds.adopt(archive)
    assert archive.stat().st_size == 13192
    assert not extra.exists() and not stale.exists()
    assert other.exists()                                          # another JVM's archive


@pytest.fixture
def jdk17(tmp_path, monkeypatch):
    jdk = fake_jdk(tmp_path / "jdk", 'JAVA_VERSION="17.0.15"\n')
    monkeypatch.setenv("JAVA_HOME", str(jdk))
    monkeypatch.setenv(spark_cds.ENV_CACHE, str(tmp_path / "cache"))
    monkeypatch.delenv(spark_cds.ENV_SWITCH, raising=False)
    return jdk


def test_options_record_first_then_map(jdk17, tmp_path):
    first = spark_cds.options("3.5.1")
    archive = spark_cds.archive_path(jdk17.resolve() / "bin" / "java", "3.5.1")
    tmp = f"{archive}.{os.getpid()}.tmp"
    assert first.split() == [f"-XX:ArchiveClassesAtExit={tmp}", "-Xlog:cds=off", "-Xlog:cds+dynamic=off",
                             f"-Xlog:cds=info,cds+dynamic=info:file={tmp}.log"]
    write_dump(archive.parent, Path(tmp).name, 13192, dump_log(REGIONS))   # what the JVM leaves
    assert spark_cds.options("3.5.1").split() == [f"-XX:SharedArchiveFile={archive}", "-Xlog:cds=off",
                                                  "-Xlog:cds+dynamic=off"]
    # another pyspark (other jars) gets an archive of its own
    assert "ArchiveClassesAtExit" in spark_cds.options("3.5.2")


def test_options_off_by_switch_old_java_or_no_java(jdk17, tmp_path, monkeypatch):
    monkeypatch.setenv(spark_cds.ENV_SWITCH, "0")
    assert spark_cds.options("3.5.1") == ""
    monkeypatch.delenv(spark_cds.ENV_SWITCH)
    (jdk17 / "release").write_text('JAVA_VERSION="11.0.22"\n', encoding="utf-8")
    assert spark_cds.options("3.5.1") == ""                      # no ArchiveClassesAtExit before 13
    monkeypatch.setenv("JAVA_HOME", str(tmp_path / "nowhere"))
    assert spark_cds.options("3.5.1") == ""
    assert not (tmp_path / "cache").exists() or not any((tmp_path / "cache").iterdir())


def test_options_without_a_writable_cache(jdk17, tmp_path, monkeypatch):
    blocker = tmp_path / "file"
    blocker.write_text("not a folder", encoding="utf-8")
    monkeypatch.setenv(spark_cds.ENV_CACHE, str(blocker / "cache"))
    assert spark_cds.options("3.5.1") == ""


CHILD = """
import sys
from extractors import spark
sc = spark.context("local[1]")
print(sc.parallelize(range(10), 2).map(lambda x: x * x).sum())
print(sc.getConf().get("spark.driver.extraJavaOptions"))
sc.stop()
"""


def test_real_jvm_records_an_archive_that_the_next_run_maps(tmp_path):
    """Two fresh driver processes on a real JVM: the first records the archive as its JVM exits,
    the second maps it and computes the same."""
    pytest.importorskip("pyspark")
    java = spark_cds.java_binary()
    assert java is not None and (spark_cds.java_feature(java) or 0) >= spark_cds.MIN_JAVA, \
        "the Spark tests need Java 13+ (CI installs openjdk-17-jre-headless)"
    env = dict(os.environ, **{spark_cds.ENV_CACHE: str(tmp_path / "cache"), "PYSPARK_PYTHON": sys.executable})
    env.pop(spark_cds.ENV_SWITCH, None)

    def run():
        out = subprocess.run([sys.executable, "-c", CHILD], env=env, capture_output=True, text=True,
                             timeout=180, check=True).stdout.splitlines()
        return int(out[0]), out[1]

    total, options = run()
    assert total == 285 and "-XX:ArchiveClassesAtExit=" in options
    deadline = time.time() + 60                      # the JVM writes the archive as it exits
    while time.time() < deadline:
        dumps = list((tmp_path / "cache").glob("*.tmp"))
        if dumps and all(spark_cds.complete(d, Path(str(d) + ".log")) for d in dumps):
            break
        time.sleep(0.5)
    total, options = run()
    archives = list((tmp_path / "cache").glob("*.jsa"))
    assert total == 285 and len(archives) == 1
    assert f"-XX:SharedArchiveFile={archives[0]}" in options
    assert not list((tmp_path / "cache").glob("*.tmp*"))        # adopted: nothing left over


STOP_CHILD = """
import sys, time
from extractors import spark
from pyspark import SparkContext
sc = spark.context("local[1]")
acc = sc.accumulator(0)
sc.parallelize(range(4), 2).foreach(lambda x: acc.add(x))   # the JVM now reports to the server
t = time.perf_counter()
spark.stop(sc)
took = time.perf_counter() - t
assert SparkContext._active_spark_context is None
sc2 = spark.context("local[1]")                              # a new context after the stop
print(acc.value, sc2.parallelize(range(10), 2).sum(), round(took, 3))
spark.stop(sc2)
"""


def test_stop_does_not_wait_for_the_accumulator_server():
    """`spark.stop` stops the context at once (pyspark's own stop waits about 1 s for its
    accumulator server's polling loops); the accumulator's value is kept, and a new context can
    start in the same process."""
    env = dict(os.environ, PYSPARK_PYTHON=sys.executable)
    out = subprocess.run([sys.executable, "-c", STOP_CHILD], env=env, capture_output=True, text=True,
                         timeout=180, check=True).stdout.split()
    assert out[:2] == ["6", "45"]
    assert float(out[2]) < 0.5, f"spark.stop took {out[2]} s"
