package plots

import (
	"os"
	"testing"
)

// TestMain reads the tests' data, written without manifests, as the
// figures command does with --partial.
func TestMain(m *testing.M) {
	Partial = true
	os.Exit(m.Run())
}
