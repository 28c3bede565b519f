package dataset

import (
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"sync"
	"time"
)

// LockName is the file in DIR/<experiment> that names the one process
// writing the experiment's files: an unsharded run or a merge. Shard i of
// k of a sharded run holds LockName + ".i-of-k" instead.
const LockName = ".lock"

// DefaultLease is how long a lock stays valid after its holder last
// renewed it, unless LockOptions say otherwise. The holder renews it every
// third of its lease; a lock not renewed for a whole lease is stale on any
// host and is taken over.
const DefaultLease = time.Minute

// LockOptions set how a lock is taken.
type LockOptions struct {
	// Lease is how long the lock stays valid without being renewed, 0 for
	// DefaultLease. The lock records it, so that every process judges it
	// by its holder's lease.
	Lease time.Duration
}

// A LockedError reports an experiment directory that another live
// process is writing.
type LockedError struct {
	Path   string // the lock file
	Holder LockHolder
	// Renewed is when the holder last renewed its lock, StaleAt when the
	// lock becomes stale if it is not renewed again (zero for a lock that
	// records no lease).
	Renewed, StaleAt time.Time
}

func (e *LockedError) Error() string {
	dir, name := filepath.Split(e.Path)
	dir = filepath.Clean(dir)
	what := fmt.Sprintf("%s is being written by process %d on %s since %s (%s)", dir, e.Holder.PID, e.Holder.Host,
		e.Holder.Started.Format(time.RFC3339), e.Path)
	if sh, ok := strings.CutPrefix(name, LockName+"."); ok {
		what = fmt.Sprintf("%s: shard %s is being run by process %d on %s since %s (%s)", dir, strings.Replace(sh, "-of-", "/", 1),
			e.Holder.PID, e.Holder.Host, e.Holder.Started.Format(time.RFC3339), e.Path)
	}
	if e.StaleAt.IsZero() {
		return what + fmt.Sprintf("; its lock records no lease (an older build): wait for it to end, or if process %d on %s is gone, remove %s",
			e.Holder.PID, e.Holder.Host, e.Path)
	}
	return what + fmt.Sprintf("; renewed at %s, the lock becomes stale at %s unless its holder renews it (lease %s): wait for it to end, or if the process is gone, rerun after that",
		e.Renewed.Format(time.RFC3339), e.StaleAt.Format(time.RFC3339), e.Holder.lease())
}

// A Lock is held by the one process that writes an experiment's files (or
// a shard's). While it is held, a goroutine renews it every third of its
// lease; if it finds the lock taken over, or cannot renew it for half a
// lease, the lock is lost: Lost is closed and Check fails, and the holder
// must write nothing more.
type Lock struct {
	*lockFile
	// Notes say what taking the lock found: stale locks taken over,
	// temporary files of interrupted writes removed.
	Notes []string
}

// LockRun takes the lock of DIR/experiment, creating the directory, for a
// process that writes all its files: an unsharded run or a merge. It
// fails with a *LockedError naming the holder if a live process holds the
// lock, or holds the lock of any shard (a shard run). A stale lock, of a
// process that ended on this host or not renewed for its lease on any
// host, is taken over with a note, and so are the stale locks of shards.
// Once no other writer can be there, it removes the temporary files
// (".*.tmp") that interrupted writes left.
func LockRun(dir, experiment string, o LockOptions) (*Lock, error) {
	return systemLocker(o).lockRun(dir, experiment)
}

// LockShard is LockRun for shard (as "i-of-k") of a sharded run: the
// shards of a run, as the tasks of a Slurm array write them at once, each
// hold a lock of their own, LockName.<shard>. It fails with a
// *LockedError if a live process holds that lock, LockName (an unsharded
// run or a merge) or the lock of a shard of another shard count. It
// removes only the temporary files of the shard's own writes.
func LockShard(dir, experiment, shard string, o LockOptions) (*Lock, error) {
	if !shardLock.MatchString(LockName + "." + shard) {
		return nil, fmt.Errorf("dataset: lock of shard %q: want i-of-k", shard)
	}
	return systemLocker(o).lockShard(dir, experiment, shard)
}

// shardLock matches the name of a shard's lock and captures i and k.
var shardLock = regexp.MustCompile(`^\.lock\.([0-9]+)-of-([0-9]+)$`)

func (lk *locker) lockRun(dir, experiment string) (*Lock, error) {
	root, err := makeRoot(dir, experiment)
	if err != nil {
		return nil, err
	}
	l, err := lk.acquire(root, LockName)
	if err != nil {
		return nil, err
	}
	// Every shard lock must be stale: taken over, it is dropped.
	if err := lk.otherLocks(l, root, func(string) bool { return true }); err != nil {
		l.Unlock()
		return nil, err
	}
	lk.removeTemps(l, root, func(string) bool { return true })
	return l, nil
}

func (lk *locker) lockShard(dir, experiment, shard string) (*Lock, error) {
	root, err := makeRoot(dir, experiment)
	if err != nil {
		return nil, err
	}
	name := LockName + "." + shard
	l, err := lk.acquire(root, name)
	if err != nil {
		return nil, err
	}
	// LockName, and the shards of another shard count, must not be live.
	_, k, _ := strings.Cut(shard, "-of-")
	other := func(lock string) bool {
		m := shardLock.FindStringSubmatch(lock)
		return m == nil || m[2] != k
	}
	if err := lk.otherLocks(l, root, other); err != nil {
		l.Unlock()
		return nil, err
	}
	lk.removeTemps(l, root, func(owner string) bool { return owner == name })
	return l, nil
}

// makeRoot creates DIR/experiment.
func makeRoot(dir, experiment string) (string, error) {
	root := filepath.Join(dir, experiment)
	if err := os.MkdirAll(root, 0o755); err != nil {
		return "", fmt.Errorf("results directory: %w", err)
	}
	return root, nil
}

// otherLocks fails with a *LockedError if a lock in root other than l's,
// of those that exclude says l excludes (LockName or a shard's), is live;
// stale ones are taken over and dropped, with a note on l.
func (lk *locker) otherLocks(l *Lock, root string, excludes func(name string) bool) error {
	names, err := lockNames(root)
	if err != nil {
		return err
	}
	for _, name := range names {
		if name == filepath.Base(l.path) || !excludes(name) {
			continue
		}
		other, err := lk.acquire(root, name)
		if err != nil {
			return err
		}
		l.Notes = append(l.Notes, other.Notes...)
		if err := other.Unlock(); err != nil {
			return err
		}
	}
	return nil
}

// lockNames lists the lock files in root: LockName and the shards'.
func lockNames(root string) ([]string, error) {
	entries, err := os.ReadDir(root)
	if err != nil {
		return nil, fmt.Errorf("results directory: %w", err)
	}
	var names []string
	for _, e := range entries {
		if e.Name() == LockName || shardLock.MatchString(e.Name()) {
			names = append(names, e.Name())
		}
	}
	return names, nil
}

// tempOwner returns the lock whose holder writes the temporary file name
// (".<base>.<random>.tmp"): a shard's part files are its shard's, every
// other file LockName's.
func tempOwner(name string) string {
	base, ok := strings.CutPrefix(name, ".part-")
	if !ok {
		return LockName
	}
	shard, _, ok := strings.Cut(base, ".parquet.")
	if m := shardLock.FindStringSubmatch(LockName + "." + shard); ok && m != nil && m[2] != "1" {
		return LockName + "." + shard
	}
	return LockName
}

// removeTemps removes the temporary files of writeAtomic under root whose
// owning lock (tempOwner) owns says are l's to remove, and notes how
// many.
func (lk *locker) removeTemps(l *Lock, root string, owns func(owner string) bool) {
	n := 0
	filepath.WalkDir(root, func(p string, d fs.DirEntry, err error) error {
		name := d.Name()
		if err == nil && !d.IsDir() && strings.HasPrefix(name, ".") && strings.HasSuffix(name, ".tmp") && owns(tempOwner(name)) {
			if os.Remove(p) == nil {
				n++
			}
		}
		return nil
	})
	if n > 0 {
		l.Notes = append(l.Notes, fmt.Sprintf("removed %d temporary file(s) of interrupted writes", n))
	}
}

// Lost is closed once the lock is lost.
func (l *Lock) Lost() <-chan struct{} { return l.lost }

// Check fails if the lock is no longer held: lost, or no longer the file
// at its path.
func (l *Lock) Check() error {
	if err := l.err(); err != nil {
		return err
	}
	if err := l.owned(); err != nil {
		l.lose(err)
		return l.err()
	}
	return nil
}

// Unlock stops renewing the lock and removes it, unless it was lost.
func (l *Lock) Unlock() error {
	l.stopOnce.Do(func() { close(l.stop) })
	<-l.done
	defer l.f.Close()
	if l.Check() != nil {
		return nil // another process holds the path now
	}
	if err := os.Remove(l.path); err != nil {
		return fmt.Errorf("results directory: %w", err)
	}
	return nil
}

// A LostError says why a lock was lost.
type LostError struct {
	Path, Why string
}

func (e *LostError) Error() string {
	return fmt.Sprintf("lost the lock %s (%s): another process may write there now", e.Path, e.Why)
}

// IsLost reports whether err says that a lock was lost.
func IsLost(err error) bool {
	var le *LostError
	return errors.As(err, &le)
}

// lockFile is a lock file held: its path, its inode kept open to renew
// it, and the goroutine that renews it.
type lockFile struct {
	lk     *locker
	path   string
	f      *os.File
	holder LockHolder

	mu       sync.Mutex
	renewed  time.Time // last renewal that succeeded
	lostErr  error
	lost     chan struct{}
	stop     chan struct{}
	stopOnce sync.Once
	done     chan struct{}
}

func (l *lockFile) err() error {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.lostErr
}

func (l *lockFile) lose(err error) {
	l.mu.Lock()
	defer l.mu.Unlock()
	if l.lostErr == nil {
		l.lostErr = err
		close(l.lost)
	}
}

// owned fails unless the file at the lock's path is the lock's, renewed
// within half a lease.
func (l *lockFile) owned() error {
	st, err := os.Stat(l.path)
	if err != nil {
		return &LostError{l.path, fmt.Sprintf("it is gone: %v", err)}
	}
	mine, err := l.f.Stat()
	if err != nil || !os.SameFile(st, mine) {
		return &LostError{l.path, "another process took it over"}
	}
	l.mu.Lock()
	renewed := l.renewed
	l.mu.Unlock()
	if age := l.lk.now().Sub(renewed); age > l.holder.lease()/2 {
		return &LostError{l.path, fmt.Sprintf("not renewed for %s, more than half its lease of %s", age.Round(time.Second), l.holder.lease())}
	}
	return nil
}

// renew sets the lock's time to now if it is still the lock's.
func (l *lockFile) renew() {
	if l.err() != nil {
		return
	}
	if st, err := os.Stat(l.path); err == nil {
		if mine, err := l.f.Stat(); err == nil && !os.SameFile(st, mine) {
			l.lose(&LostError{l.path, "another process took it over"})
			return
		}
	}
	now := l.lk.now()
	if err := touch(l.f, now); err == nil {
		l.mu.Lock()
		l.renewed = now
		l.mu.Unlock()
	}
	if err := l.owned(); err != nil {
		l.lose(err)
	}
}

// keep renews the lock every third of its lease until it is unlocked.
func (l *lockFile) keep() {
	defer close(l.done)
	t := time.NewTicker(max(l.holder.lease()/3, time.Millisecond))
	defer t.Stop()
	for {
		select {
		case <-l.stop:
			return
		case <-t.C:
			l.renew()
		}
	}
}

func (h LockHolder) lease() time.Duration {
	return time.Duration(h.LeaseSeconds * float64(time.Second))
}

// describe names the holder for notes.
func (h LockHolder) describe() string {
	return "process " + strconv.Itoa(h.PID) + " on " + h.Host
}
