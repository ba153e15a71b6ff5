"""Spark's Python daemon with the spaCy pipeline built before it forks its workers.

Spark starts one daemon per executor (``python -m <spark.python.daemon.module>``) and forks every
Python worker from it. pyspark's own daemon forks bare workers, so each worker imports this
package and builds its own pipeline on its first task (about 2 s of CPU each, all of them at the
same moment). This daemon imports `extractors.spark` and builds one pipeline
(`partition.warm_up`) first, then runs pyspark's daemon unchanged: the workers it forks start
with the pipeline in place (shared copy-on-write) and their first task goes straight to the text.

Reads: nothing but the package's own resources. Writes: nothing (the workers write the runs).
`extractors.spark.context` selects it for local masters; on a cluster pass
``--conf spark.python.daemon.module=extractors.spark_daemon`` to spark-submit.
"""
from __future__ import annotations


def main() -> None:
    from pyspark import daemon

    from . import partition, spark  # noqa: F401 - what every task unpickles, imported once here
    partition.TUNE_GC = True   # the daemon and the workers it forks only extract
    partition.warm_up()
    daemon.manager()


if __name__ == "__main__":
    main()
