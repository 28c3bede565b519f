package dataset

import (
	"encoding/json"
	"errors"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"
)

// TestLockRun takes the lock of an experiment directory: a second taker
// is refused while the holder lives, a lock of a process that ended is
// taken over with a note, and so are the temporary files of interrupted
// writes removed.
func TestLockRun(t *testing.T) {
	dir := t.TempDir()
	l, err := LockRun(dir, "e")
	if err != nil {
		t.Fatal(err)
	}
	_, err = LockRun(dir, "e")
	var le *LockedError
	if !errors.As(err, &le) || le.Holder.PID != os.Getpid() || !strings.Contains(err.Error(), "is being written by process") {
		t.Errorf("second LockRun: %v, want a LockedError naming this process", err)
	}
	if err := l.Unlock(); err != nil {
		t.Fatal(err)
	}

	// A process that has ended.
	cmd := exec.Command("true")
	if err := cmd.Run(); err != nil {
		t.Skip(err)
	}
	host, _ := os.Hostname()
	lockPath := filepath.Join(dir, "e", LockName)
	write := func(h LockHolder) {
		b, _ := json.Marshal(h)
		if err := os.WriteFile(lockPath, b, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	write(LockHolder{PID: cmd.Process.Pid, Host: host, Started: time.Now()})
	tmp := filepath.Join(dir, "e", "trials", "n=4", ".part-0-of-1.parquet.123.tmp")
	if err := os.MkdirAll(filepath.Dir(tmp), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(tmp, []byte("half"), 0o644); err != nil {
		t.Fatal(err)
	}
	l, err = LockRun(dir, "e")
	if err != nil {
		t.Fatalf("stale lock: %v", err)
	}
	if len(l.Notes) != 2 || !strings.Contains(l.Notes[0], "took over the lock of process") || !strings.Contains(l.Notes[1], "removed 1 temporary file") {
		t.Errorf("notes %q", l.Notes)
	}
	if _, err := os.Stat(tmp); !errors.Is(err, os.ErrNotExist) {
		t.Errorf("temporary file left: %v", err)
	}
	l.Unlock()

	// A process on another host may live.
	write(LockHolder{PID: cmd.Process.Pid, Host: host + "-other", Started: time.Now()})
	if _, err := LockRun(dir, "e"); !errors.As(err, &le) {
		t.Errorf("lock of another host: %v, want a LockedError", err)
	}
}
