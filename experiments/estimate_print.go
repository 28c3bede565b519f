package experiments

import (
	"fmt"
	"io"
	"strings"
	"text/tabwriter"
)

// PrintEstimates prints the estimated cost of a run of each spec on
// workers workers (Spec.Estimate), and their total, as a table.
func PrintEstimates(w io.Writer, specs []*Spec, workers int) error {
	tw := tabwriter.NewWriter(w, 0, 0, 2, ' ', tabwriter.AlignRight)
	fmt.Fprintln(tw, "experiment\tprofile\tpoints\ttrials\tcore-hours\tpeak memory\tdisk\tcalibration s\t")
	var total Estimate
	for _, s := range specs {
		e, err := s.Estimate(workers)
		if err != nil {
			return err
		}
		trials := fmt.Sprint(e.Trials)
		if s.RSE.On() {
			trials = "≤ " + trials
		}
		fmt.Fprintf(tw, "%s\t%s\t%d\t%s\t%.3g\t%s\t%s\t%.1f\t\n", s.Name, s.Profile, e.Points, trials, e.CPU.Hours(), mib(e.Memory), mib(e.Disk), e.Took.Seconds())
		total.Points += e.Points
		total.Trials += e.Trials
		total.CPU += e.CPU
		total.Memory = max(total.Memory, e.Memory)
		total.Disk += e.Disk
		total.Took += e.Took
	}
	if len(specs) > 1 {
		fmt.Fprintf(tw, "total\t\t%d\t%d\t%.3g\t%s\t%s\t%.1f\t\n", total.Points, total.Trials, total.CPU.Hours(), mib(total.Memory), mib(total.Disk), total.Took.Seconds())
	}
	if err := tw.Flush(); err != nil {
		return err
	}
	fmt.Fprintf(w, "estimated at %d workers (peak memory of one run at a time; the total's is the largest); nothing written\n", workers)
	return nil
}

func mib(b int64) string {
	s := fmt.Sprintf("%.1f MiB", float64(b)/(1<<20))
	return strings.Replace(s, ".0 MiB", " MiB", 1)
}
