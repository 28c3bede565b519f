package thesisfig

import (
	"fmt"

	"github.com/hyperroute/hyperroute/confluent"
	"github.com/hyperroute/hyperroute/faults"
	"github.com/hyperroute/hyperroute/figstyle"
	"gonum.org/v1/plot/vg"
	"gonum.org/v1/plot/vg/draw"
)

// confluentBudget bounds MinNode's search for the small systems of Figs.
// 5 and 6.
const confluentBudget = 1 << 20

// sharedSystem builds a detour system on Q_3 for Fig. 6: the failed edges
// from v_i in dimension d_i, each detoured over dimension 3.
func sharedSystem(edges [][2]int) *faults.System {
	f, _ := faults.New(3)
	y := faults.NewSystem(f)
	for _, e := range edges {
		f.Fail(uint32(e[0]), e[1])
		y.Choose(uint32(e[0]), e[1], 3)
	}
	return y
}

// fig6Left has two detours from node 0 sharing their first edge 0→4
// (0→4→5→1 and 0→4→6→2); fig6Right two into node 0 sharing their last
// edge 4→0 (1→5→4→0 and 2→6→4→0).
func fig6Left() *faults.System  { return sharedSystem([][2]int{{0, 1}, {0, 2}}) }
func fig6Right() *faults.System { return sharedSystem([][2]int{{1, 1}, {2, 2}}) }

// leastNode is MinNode's system for y, which must be proved least.
func leastNode(y *faults.System) (*confluent.System, error) {
	s, exact, err := confluent.MinNode(y, confluentBudget)
	if err == nil && !exact {
		err = fmt.Errorf("thesis-fig5-6: no least dilation for %v within %d steps", y.Faults, confluentBudget)
	}
	return s, err
}

// Fig56 draws the thesis' Figs. 5 and 6 [Schömer 1988,
// Ch. III.2]: node-confluent detours with the sub-steps at which a packet
// leaves each node of its detour (and, last, the dilation d at which it
// arrives), from confluent.MinNode. Above, Fig. 3's system on Q_4, whose
// three detours share 1→3 at staggered sub-steps; below, on Q_3, two
// detours from one node sharing their first edge (left) and two into one
// node sharing their last edge in the same sub-step (right). It needs no
// results.
func Fig56(out string) ([]string, error) {
	var pictures []cubePicture
	for _, c := range []struct {
		y     *faults.System
		title string
	}{
		{thesisFig3(), "Fig. 5: Fig. 3's detours, node-confluent, d = %d"},
		{fig6Left(), "Fig. 6 left: one start, d = %d"},
		{fig6Right(), "Fig. 6 right: one end, d = %d"},
	} {
		s, err := leastNode(c.y)
		if err != nil {
			return nil, err
		}
		pictures = append(pictures, confluentPicture(s, fmt.Sprintf(c.title, s.D)))
	}
	top := figstyle.Height
	return figstyle.Save(out, "thesis-fig5-6", figstyle.Width, top+figstyle.PanelHeight, func(c draw.Canvas) {
		h, w := c.Max.Y-c.Min.Y, c.Max.X-c.Min.X
		pictures[0].paint(draw.Crop(c, 0, 0, h-top, 0))
		bottom := draw.Crop(c, 0, 0, 0, -top)
		pictures[1].paint(draw.Crop(bottom, 0, -w/2-vg.Points(2), 0, 0))
		pictures[2].paint(draw.Crop(bottom, w/2+vg.Points(2), 0, 0, 0))
	})
}
