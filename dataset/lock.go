package dataset

import (
	"encoding/json"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"time"
)

// LockName is the file in DIR/<experiment> that names the one process
// writing the experiment's files.
const LockName = ".lock"

// LockHolder is what the lock file records of the process holding it.
type LockHolder struct {
	PID     int       `json:"pid"`
	Host    string    `json:"host"`
	Started time.Time `json:"started"`
}

// A LockedError reports an experiment directory that another live process
// is writing.
type LockedError struct {
	Path   string
	Holder LockHolder
}

func (e *LockedError) Error() string {
	return fmt.Sprintf("%s is being written by process %d on %s since %s (%s); wait for it to end, or use another results directory",
		filepath.Dir(e.Path), e.Holder.PID, e.Holder.Host, e.Holder.Started.Format(time.RFC3339), e.Path)
}

// A Lock is held by the one process that writes an experiment's files.
type Lock struct {
	path string
	// Notes say what taking the lock found: a stale lock of a process that
	// died, temporary files of writes it left, removed.
	Notes []string
}

// LockRun takes the lock of DIR/experiment, creating the directory, for a
// process that writes its files (run, merge). If another live process
// holds it, it returns a *LockedError naming it; a lock whose process is
// no longer running on this host is stale and taken over. Once it holds
// the lock it removes the temporary files (".*.tmp") that interrupted
// writes left, since no other process can be writing them.
func LockRun(dir, experiment string) (*Lock, error) { return lockAt(dir, experiment, LockName, "") }

// LockShard is LockRun for one shard of a sharded run: the shards of a
// run, as the tasks of a Slurm array write them at once, each hold a lock
// of their own (LockName.<shard>), so that only two writers of the same
// shard exclude each other.
func LockShard(dir, experiment, shard string) (*Lock, error) {
	return lockAt(dir, experiment, LockName+"."+shard, ".part-"+shard+".parquet.")
}

// lockAt takes the lock file name in DIR/experiment and removes the
// temporary files whose names start with temps (all of them for "").
func lockAt(dir, experiment, name, temps string) (*Lock, error) {
	root := filepath.Join(dir, experiment)
	if err := os.MkdirAll(root, 0o755); err != nil {
		return nil, fmt.Errorf("results directory: %w", err)
	}
	host, _ := os.Hostname()
	me := LockHolder{PID: os.Getpid(), Host: host, Started: time.Now().UTC()}
	l := &Lock{path: filepath.Join(root, name)}
	for attempt := 0; ; attempt++ {
		f, err := os.OpenFile(l.path, os.O_WRONLY|os.O_CREATE|os.O_EXCL, 0o644)
		if err == nil {
			err = json.NewEncoder(f).Encode(me)
			if cerr := f.Close(); err == nil {
				err = cerr
			}
			if err != nil {
				os.Remove(l.path)
				return nil, fmt.Errorf("results directory: lock %s: %w", l.path, err)
			}
			break
		}
		if !errors.Is(err, fs.ErrExist) || attempt > 0 {
			return nil, fmt.Errorf("results directory: lock %s: %w", l.path, err)
		}
		var h LockHolder
		b, err := os.ReadFile(l.path)
		if err == nil {
			err = json.Unmarshal(b, &h)
		}
		if err != nil {
			return nil, fmt.Errorf("%s: the lock file cannot be read (%v); if no run is writing %s, remove it", l.path, err, root)
		}
		if h.Host != host || alive(h.PID) {
			return nil, &LockedError{Path: l.path, Holder: h}
		}
		if err := os.Remove(l.path); err != nil && !errors.Is(err, fs.ErrNotExist) {
			return nil, fmt.Errorf("results directory: %w", err)
		}
		l.Notes = append(l.Notes, fmt.Sprintf("took over the lock of process %d, which ended without releasing it (started %s)",
			h.PID, h.Started.Format(time.RFC3339)))
	}
	if n := removeTemps(root, temps); n > 0 {
		l.Notes = append(l.Notes, fmt.Sprintf("removed %d temporary file(s) of interrupted writes", n))
	}
	return l, nil
}

// Unlock releases the lock.
func (l *Lock) Unlock() error {
	if err := os.Remove(l.path); err != nil {
		return fmt.Errorf("results directory: %w", err)
	}
	return nil
}

// alive reports whether a process with the given id runs on this host.
func alive(pid int) bool {
	if pid <= 0 {
		return false
	}
	err := syscall.Kill(pid, 0)
	return err == nil || errors.Is(err, syscall.EPERM)
}

// removeTemps removes the temporary files of writeAtomic under root whose
// names start with prefix and returns how many.
func removeTemps(root, prefix string) int {
	n := 0
	filepath.WalkDir(root, func(p string, d fs.DirEntry, err error) error {
		if err == nil && !d.IsDir() && strings.HasPrefix(d.Name(), ".") && strings.HasPrefix(d.Name(), prefix) && strings.HasSuffix(d.Name(), ".tmp") {
			if os.Remove(p) == nil {
				n++
			}
		}
		return nil
	})
	return n
}
