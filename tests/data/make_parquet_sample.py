"""Writes formats/papers.parquet, the Parquet sample (a table as dataset hubs export them: id, title,
abstract, year, venue, plus a column the reader never loads). Run from tests/data/:
``python make_parquet.py`` (needs pyarrow). The rows were written for the project's tests."""
import pyarrow as pa
import pyarrow.parquet as pq

ROWS = [
    ("hf-000101", "Low-Resource Speech Translation with Phoneme Units",
     "We translate speech in five low-resource languages through discrete phoneme units. With 20 hours "
     "of paired data, the unit-based model reaches 14.2 BLEU on the CoVoST 2 Tamil-English pair, 3.5 BLEU "
     "above a cascaded system.", 2023, "Interspeech"),
    ("hf-000102", "Quantised Retrieval for Long-Context Language Models",
     "Long-context language models still miss facts in the middle of their input. We quantise a "
     "retrieval index to 4 bits and feed the top 8 chunks to Llama-2-7B, which raises accuracy on "
     "NarrativeQA from 38.1% to 46.7% at a quarter of the memory.", 2024, "ACL"),
    ("hf-000103", "A Benchmark for Tabular Anomaly Detection",
     "We release TabAnom, 47 tabular datasets with labelled anomalies, and compare 12 detectors. "
     "Isolation Forest remains within 2 points of the best AUROC on 31 of the 47 datasets.", 2022, None),
]


def main() -> None:
    table = pa.table({
        "id": [r[0] for r in ROWS], "title": [r[1] for r in ROWS], "Abstract": [r[2] for r in ROWS],
        "year": pa.array([r[3] for r in ROWS], pa.int32()), "venue": [r[4] for r in ROWS],
        "embedding": [[0.1 * i, 0.2 * i] for i in range(len(ROWS))],
    })
    pq.write_table(table, "formats/papers.parquet", row_group_size=2)


if __name__ == "__main__":
    main()
