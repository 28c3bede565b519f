package summary

import (
	"fmt"
	"strconv"

	"github.com/apache/arrow-go/v18/arrow"

	"github.com/hyperroute/hyperroute/dataset"
)

// CheckPool reports whether the tables, read from the runs named by names,
// may be pooled: every one written by a run of the same experiment, spec
// and master seed (as its file metadata records), their trial ranges
// disjoint, so that no trial is counted twice. One table pools with
// itself.
func CheckPool(names []string, tbls []arrow.Table) error {
	if len(tbls) < 2 {
		return nil
	}
	type run struct{ first, trials int }
	runs := make([]run, len(tbls))
	var ref arrow.Metadata
	for i, tbl := range tbls {
		md := tbl.Schema().Metadata()
		get := func(key string) string { return metaValue(md, key) }
		for _, k := range []string{dataset.MetaExperiment, dataset.MetaSpecSHA256, dataset.MetaMasterSeed, dataset.MetaTrials} {
			if get(k) == "" {
				return fmt.Errorf("%s does not record %s, so it cannot be pooled with %s (a run of hyperroute run records it)", names[i], k, names[1-min(i, 1)])
			}
		}
		if i == 0 {
			ref = md
		}
		for _, c := range []struct{ key, what string }{
			{dataset.MetaExperiment, "experiment"}, {dataset.MetaSpecSHA256, "spec"}, {dataset.MetaMasterSeed, "master seed"}, {dataset.MetaProfile, "profile"},
		} {
			a, b := metaValue(ref, c.key), get(c.key)
			if c.key == dataset.MetaSpecSHA256 {
				a, b = "SHA-256 "+a[:min(12, len(a))], "SHA-256 "+b[:min(12, len(b))]
			}
			if a != b {
				return fmt.Errorf("%s and %s are runs of different %ss (%q, %q): only runs of one spec and seed pool", names[0], names[i], c.what, a, b)
			}
		}
		runs[i].first, _ = strconv.Atoi(get(dataset.MetaFirstTrial))
		runs[i].trials, _ = strconv.Atoi(get(dataset.MetaTrials))
		for j := range i {
			a, b := runs[j], runs[i]
			if a.first < b.first+b.trials && b.first < a.first+a.trials {
				return fmt.Errorf("%s (trials %d…%d) and %s (trials %d…%d) overlap: pool a run with its extension by run --first-trial",
					names[j], a.first, a.first+a.trials-1, names[i], b.first, b.first+b.trials-1)
			}
		}
	}
	return nil
}

// metaValue returns the value of key in md, "" if it has none.
func metaValue(md arrow.Metadata, key string) string {
	if j := md.FindKey(key); j >= 0 {
		return md.Values()[j]
	}
	return ""
}
