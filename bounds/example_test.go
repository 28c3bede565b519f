package bounds_test

import (
	"log"
	"os"
	"strings"

	"github.com/hyperroute/hyperroute/bounds"
)

// Evaluate Pr(Bin(2^20, 1.9e-5) ≥ 40) exactly, as `hyperroute bound binom
// --m 40 --N 1048576 --p 1.9e-5` does.
func ExampleEval() {
	q := bounds.Query{Kind: "binom"}
	for _, kv := range [][2]string{{"m", "40"}, {"N", "1048576"}, {"p", "1.9e-5"}} {
		if err := q.Set(kv[0], kv[1]); err != nil {
			log.Fatal(err)
		}
	}
	res, err := bounds.Eval(q)
	if err != nil {
		log.Fatal(err)
	}
	bounds.Write(os.Stdout, res)
	// Output:
	// {"kind":"binom","m":40,"N":1048576,"p":0.000019,"value":0.000049065415023947784,"log_value":-9.922356149685772}
}

// Answer queries given as JSON lines, as `hyperroute bound --batch` does;
// the bound fills in the form it used.
func ExampleBatch() {
	in := `{"kind":"lemma-i5","n":20,"c":3}
{"kind":"detour-max-q","S":1}
`
	if err := bounds.Batch(strings.NewReader(in), os.Stdout); err != nil {
		log.Fatal(err)
	}
	// Output:
	// {"kind":"lemma-i5","n":20,"c":3,"form":"binomial","value":4.230099240411117e-13,"log_value":-28.491380755049516}
	// {"kind":"detour-max-q","S":1,"value":0.05255420588163461,"log_value":-2.9459101490553135}
}
