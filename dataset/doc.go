// Package dataset models what an experiment leaves behind: Parquet tables
// partitioned hive-style, and a manifest that records where they came from.
// It implements no part of the thesis itself but the traceability the model
// asks of every output (docs/model.md, sections 0.4 and 0.7): every row can
// be traced to its Parquet file and from there to the spec, master seed and
// harness build that produced it, and every file states the queues'
// tie-break rule. It depends on no other package of this module
// (experiments write results, never the reverse).
//
// # Layout
//
// An experiment named E, run into directory DIR, produces
//
//	DIR/E/manifest.json
//	DIR/E/<table>/<key>=<value>/…/part-<shard>.parquet
//
// where the <key>=<value> directories are the hive partition keys, in order
// (for example n=8/router=valiant), and <shard> names one of k shards of a
// run, as made by [ShardName]: "3-of-8", "03-of-12". Keys and values are
// percent-encoded where needed, as hive readers expect. A file is first
// written as ".part-<shard>.parquet.<random>.tmp" and renamed into place when
// complete; dataset readers skip such names (a leading "." or "_", and no
// ".parquet" suffix).
//
// Following the hive convention (Spark, pyarrow.dataset.write_dataset), the
// columns whose values are those of partition keys are left out of the part
// files written by [WritePartition]: their values are in the directory names
// only. So pyarrow (dataset, parquet.read_table, pandas.read_parquet),
// polars and DuckDB read a table directory with hive partitioning, taking
// the partition columns from the names; SCHEMA.md gives the arguments that
// type them as written. [ReadFile] and [ReadDataset] put them back, with
// their types and at their positions, from the file's metadata.
//
// # Files
//
// Each part is a zstd-compressed Parquet file written by [WritePartition]
// (or [WriteParquet], which keeps every column). The Arrow schema of the
// file's columns is stored in it (key "ARROW:schema"), so Arrow readers
// recover unsigned and nested types exactly. The key/value metadata given to
// them lands in the Parquet footer's key_value_metadata and in the Arrow
// schema metadata. The conventional keys, built by [Manifest.FileMeta] and
// parsed back by [ManifestFromMeta], are
//
//	hyperroute.experiment   experiment name
//	hyperroute.spec         full spec text
//	hyperroute.spec_sha256  hex SHA-256 of the spec text
//	hyperroute.master_seed  master seed, decimal
//	hyperroute.profile      spec profile applied, "" for none
//	hyperroute.trials       trials per grid point, decimal
//	hyperroute.version      harness module version
//	hyperroute.commit       harness VCS revision
//	hyperroute.modified     "true" if the harness was built from a dirty tree
//	hyperroute.go_version   Go toolchain of the harness
//	hyperroute.tie_break    tie-breaking rule of the queues
//	hyperroute.table        table the file belongs to
//	hyperroute.shard        shard name, as made by ShardName
//	hyperroute.started      start time, RFC 3339
//	hyperroute.finished     finish time, RFC 3339
//	hyperroute.rows         rows in this file, decimal
//	hyperroute.units        units (partitions) of the run per table, decimal
//	hyperroute.build        SHA-256 of the harness executable
//
// and [WritePartition] adds, for a file of a hive partition,
//
//	hyperroute.partition          the partition, "n=8" or "n=8/router=valiant"
//	hyperroute.partition_columns  the columns left out, JSON (PartitionColumn)
//
// so that a file copied out of its directory still says which partition it
// is and still reads back (ReadFile) as the table written. Table,
// partition and shard name the unit a file belongs to, and so its path.
//
// Every file also records, in its footer only, the SHA-256 of its bytes
// before the footer (hyperroute.data_sha256), the part that holds its rows,
// and the SHA-256 of the footer itself (hyperroute.footer_sha256, see
// MetaFooterSHA256), checked before any Parquet reader parses it.
//
// # Trust
//
// A file is read only through one path (readFooter, inspect), which bounds
// the footer by the file's size, checks it against its SHA-256 and turns a
// reader's panic into a *DamageError naming the file. A file is in its
// place when the table, partition and shard it records are those of its
// path; otherwise it is damaged (misplaced). A run is complete when it has
// a manifest: [ReadDataset] refuses a run without one (*IncompleteError),
// [ReadPartial] reads it anyway, and both refuse files of another run
// ([Manifest.Owns]). [ReadGroups] reads a table as they do, with the same
// checks, but one row group at a time and only the columns asked for, so
// that a reader holds a row group, not the table. [LockRun] and
// [LockShard] make one process the writer of an experiment directory, or
// of a shard of it, by a lock with a lease that any host takes over once
// it is stale.
//
// # Damage
//
// A file cut short, overwritten or with a byte changed is damaged: [Scan],
// [ReadFile], [CheckFile] and [ReadDataset] check each file against what it
// records of itself (a footer that parses, the SHA-256 of its data, its row
// count, the digest of its spec) and ReadDataset also against the manifest,
// and report a damaged file as a [DamageError] naming it. [SetAside] moves
// such a file out of the dataset without deleting it.
//
// # Manifest
//
// The [Manifest] is written once all shards are present (by hyperroute
// merge, from a [Scan] of the directory). It holds the spec, its digest, the
// master seed, the harness [Provenance], and per table the files with their
// row counts, sizes and SHA-256 digests, which cover the footers too.
package dataset
