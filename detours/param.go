package detours

import "github.com/hyperroute/hyperroute/param"

// None is the value of Param for no detours.
const None = "none"

// Param is the detour strategy of every model on a faulty cube, declared
// once: none, or one of Names.
var Param = param.Param{Name: "detours", Doc: "detour strategy for the failed edges (Ch. III; none: no detours)",
	Type: param.Name, Default: None, Names: func() []string { return append([]string{None}, Names()...) }}
