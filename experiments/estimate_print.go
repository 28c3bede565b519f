package experiments

import (
	"fmt"
	"io"
	"strings"
	"text/tabwriter"
)

// PrintEstimates prints the estimated cost of a run of each spec on
// workers workers (Spec.Estimate), and their total, as a table. The trials,
// CPU and disk of a spec with an rse rule, marked "≈", are those of the
// trials its calibration says each point needs; a line below gives what
// its most trials would cost.
func PrintEstimates(w io.Writer, specs []*Spec, workers int) error {
	tw := tabwriter.NewWriter(w, 0, 0, 2, ' ', tabwriter.AlignRight)
	fmt.Fprintln(tw, "experiment\tprofile\tpoints\ttrials\tcore-hours\tpeak memory\tdisk\tcalibration s\t")
	var total Estimate
	bound := ""
	var most []string
	for _, s := range specs {
		e, err := s.Estimate(workers)
		if err != nil {
			return err
		}
		le := ""
		if s.RSE.On() {
			le, bound = "≈ ", "≈ "
			most = append(most, fmt.Sprintf("%s %d trials, %.3g core-hours, %s", s.Name, e.MaxTrials, e.MaxCPU.Hours(), mib(e.MaxDisk)))
		}
		fmt.Fprintf(tw, "%s\t%s\t%d\t%s%d\t%s%.3g\t%s\t%s%s\t%.1f\t\n", s.Name, s.Profile, e.Points, le, e.Trials, le, e.CPU.Hours(), mib(e.Memory), le, mib(e.Disk), e.Took.Seconds())
		total.Points += e.Points
		total.Trials += e.Trials
		total.CPU += e.CPU
		total.Memory = max(total.Memory, e.Memory)
		total.Disk += e.Disk
		total.Took += e.Took
	}
	if len(specs) > 1 {
		fmt.Fprintf(tw, "total\t\t%d\t%s%d\t%s%.3g\t%s\t%s%s\t%.1f\t\n", total.Points, bound, total.Trials, bound, total.CPU.Hours(), mib(total.Memory), bound, mib(total.Disk), total.Took.Seconds())
	}
	if err := tw.Flush(); err != nil {
		return err
	}
	fmt.Fprintf(w, "estimated at %d workers (peak memory of one run at a time; the total's is the largest); nothing written\n", workers)
	if bound != "" {
		fmt.Fprintln(w, "≈: an rse rule stops a point once its measure is known; its trials are those the spread of the measure in the calibration's few trials asks for (about ±50 %); at most:")
		for _, m := range most {
			fmt.Fprintln(w, "  "+m)
		}
	}
	return nil
}

func mib(b int64) string {
	s := fmt.Sprintf("%.1f MiB", float64(b)/(1<<20))
	return strings.Replace(s, ".0 MiB", " MiB", 1)
}
