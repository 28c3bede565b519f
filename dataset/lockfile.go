package dataset

import (
	"crypto/rand"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"time"
)

// LockHolder is what a lock file records of the process holding it. The
// lock's modification time is when the holder last renewed it.
type LockHolder struct {
	PID  int    `json:"pid"`
	Host string `json:"host"`
	// Boot and PIDNS tell this host from another of the same name (the
	// kernel's boot_id, the process' PID namespace): a process is known
	// to have ended only on the same host, boot and namespace.
	Boot    string    `json:"boot,omitempty"`
	PIDNS   string    `json:"pid_ns,omitempty"`
	Started time.Time `json:"started"`
	// LeaseSeconds is the holder's lease; 0 in a lock of an older build,
	// which is never stale on another host.
	LeaseSeconds float64 `json:"lease_seconds,omitempty"`
	Nonce        string  `json:"nonce,omitempty"` // makes every lock file's content unique
}

// locker takes locks: the clock, the identity of this process and how to
// tell whether a process runs are fields, so that tests can play other
// hosts and times.
type locker struct {
	now   func() time.Time
	self  LockHolder // PID, Host, Boot, PIDNS
	alive func(pid int) bool
	lease time.Duration
	// wait is how long acquire waits for another process' take-over of a
	// stale lock to end.
	wait time.Duration
	// yield, if set, is called between the steps of taking a lock, where
	// another process may act (tests widen the windows of races).
	yield func()
}

func (lk *locker) pause() {
	if lk.yield != nil {
		lk.yield()
	}
}

// systemLocker is the locker of this process.
func systemLocker(o LockOptions) *locker {
	host, _ := os.Hostname()
	boot, _ := os.ReadFile("/proc/sys/kernel/random/boot_id")
	ns, _ := os.Readlink("/proc/self/ns/pid")
	lease := o.Lease
	if lease <= 0 {
		lease = DefaultLease
	}
	return &locker{
		now:   time.Now,
		self:  LockHolder{PID: os.Getpid(), Host: host, Boot: strings.TrimSpace(string(boot)), PIDNS: ns},
		alive: alive,
		lease: lease,
		wait:  5 * time.Second,
	}
}

// alive reports whether a process with the given id runs on this host.
func alive(pid int) bool {
	if pid <= 0 {
		return false
	}
	err := syscall.Kill(pid, 0)
	return err == nil || errors.Is(err, syscall.EPERM)
}

// sameMachine reports whether h ran on this host, boot and PID namespace,
// where its PID can be asked about.
func (lk *locker) sameMachine(h LockHolder) bool {
	return h.Host == lk.self.Host && h.Boot == lk.self.Boot && h.PIDNS == lk.self.PIDNS
}

// stale says why the lock of h, renewed at renewed, is stale, or "" if it
// is live: not renewed for its lease, or its process gone from this host.
func (lk *locker) stale(h LockHolder, renewed time.Time) string {
	if h.lease() > 0 {
		if age := lk.now().Sub(renewed); age > h.lease() {
			return fmt.Sprintf("not renewed for %s, longer than its lease of %s", age.Round(time.Second), h.lease())
		}
	}
	if lk.sameMachine(h) && !lk.alive(h.PID) {
		return "which ended without releasing it"
	}
	return ""
}

// readLock reads the lock file at path: its holder, its time, and the
// digest of its content, which tells one lock file from another.
func readLock(path string) (h LockHolder, renewed time.Time, digest string, err error) {
	b, info, err := readSmallRegular(path, 1<<16)
	if err != nil {
		return h, renewed, "", err
	}
	sum := sha256.Sum256(b)
	digest = hex.EncodeToString(sum[:8])
	if err := json.Unmarshal(b, &h); err != nil {
		return h, info.ModTime(), digest, fmt.Errorf("%s: not a lock file (%v)", path, err)
	}
	return h, info.ModTime(), digest, nil
}

// readSmallRegular reads the regular file at path, of at most limit
// bytes, without blocking on anything else (a FIFO).
func readSmallRegular(path string, limit int64) ([]byte, fs.FileInfo, error) {
	f, err := OpenRegular(path)
	if err != nil {
		return nil, nil, err
	}
	defer f.Close()
	info, err := f.Stat()
	if err != nil {
		return nil, nil, err
	}
	b, err := io.ReadAll(io.LimitReader(f, limit+1))
	if err == nil && int64(len(b)) > limit {
		err = fmt.Errorf("%s: larger than %d bytes", path, limit)
	}
	return b, info, err
}

// acquire takes the lock file name in root. A new lock file is written
// whole under a name of its own and linked to its place, which fails if a
// lock is there: of two processes exactly one links it. A stale lock is
// removed by takeOver, and the link tried again.
func (lk *locker) acquire(root, name string) (*Lock, error) {
	path := filepath.Join(root, name)
	me := lk.self
	me.Started = lk.now().UTC().Truncate(time.Millisecond)
	me.LeaseSeconds = lk.lease.Seconds()
	nonce := make([]byte, 12)
	rand.Read(nonce)
	me.Nonce = hex.EncodeToString(nonce)
	f, err := writeNewLock(path+"."+me.Nonce+".new", me, me.Started)
	if err != nil {
		return nil, fmt.Errorf("results directory: lock %s: %w", path, err)
	}
	defer os.Remove(f.Name())
	l := &Lock{lockFile: &lockFile{lk: lk, path: path, f: f, holder: me, renewed: me.Started,
		lost: make(chan struct{}), stop: make(chan struct{}), done: make(chan struct{})}}
	deadline := lk.now().Add(lk.wait)
	for {
		lk.pause()
		err := os.Link(f.Name(), path)
		if err == nil {
			break
		}
		if !errors.Is(err, fs.ErrExist) {
			f.Close()
			return nil, fmt.Errorf("results directory: lock %s: %w", path, err)
		}
		note, err := lk.takeOver(path, 0)
		if err != nil {
			f.Close()
			return nil, err
		}
		if note != "" {
			l.Notes = append(l.Notes, note)
			continue
		}
		if lk.now().After(deadline) {
			f.Close()
			return nil, fmt.Errorf("%s: another process has been taking over this stale lock for %s; try again", path, lk.wait)
		}
		time.Sleep(time.Duration(1+len(l.Notes)) * 3 * time.Millisecond)
	}
	go l.keep()
	return l, nil
}

// writeNewLock writes h to a new file at path with time t and returns it
// open, for the holder to renew.
func writeNewLock(path string, h LockHolder, t time.Time) (*os.File, error) {
	b, err := json.Marshal(h)
	if err != nil {
		return nil, err
	}
	f, err := os.OpenFile(path, os.O_RDWR|os.O_CREATE|os.O_EXCL, 0o644)
	if err != nil {
		return nil, err
	}
	_, err = f.Write(append(b, '\n'))
	if err == nil {
		err = f.Sync()
	}
	if err == nil {
		err = touch(f, t)
	}
	if err != nil {
		f.Close()
		os.Remove(path)
		return nil, err
	}
	return f, nil
}

// touch sets the access and modification times of f to t.
func touch(f *os.File, t time.Time) error {
	tv := syscall.NsecToTimeval(t.UnixNano())
	return syscall.Futimes(int(f.Fd()), []syscall.Timeval{tv, tv})
}

// takeOver removes the lock file at path if it is stale, and returns a
// note saying so; it returns "" if the lock is gone, or is being taken
// over by another process, and a *LockedError if it is live. Of the
// processes that find one lock file stale, one removes it: each first
// creates the claim path.takeover.<digest of the lock's content>, which
// only one can, reads the lock again and removes it only if it is still
// the lock file it found stale. A claim whose taker died or stalled for
// a lease is stale in turn and is taken over the same way (depth counts
// how deep).
func (lk *locker) takeOver(path string, depth int) (string, error) {
	h, renewed, digest, err := readLock(path)
	switch {
	case errors.Is(err, fs.ErrNotExist):
		return "", nil
	case err != nil && digest == "":
		return "", fmt.Errorf("%s: the lock file cannot be read (%v); if no run is writing %s, remove it", path, err, filepath.Dir(path))
	case err != nil:
		// Lock files are written whole before they are linked: this
		// one is no lock file of ours. It is stale once a lease old.
		h = LockHolder{LeaseSeconds: DefaultLease.Seconds()}
	}
	why := lk.stale(h, renewed)
	lk.pause()
	if why == "" {
		if err != nil {
			return "", fmt.Errorf("%s: %v; if no run is writing %s, remove it", path, err, filepath.Dir(path))
		}
		le := &LockedError{Path: path, Holder: h, Renewed: renewed}
		if h.lease() > 0 {
			le.StaleAt = renewed.Add(h.lease())
		}
		return "", le
	}
	if depth > 8 {
		return "", fmt.Errorf("%s: too many stale claims on this lock; remove the files %s.takeover.* and the lock if no run is writing %s", path, path, filepath.Dir(path))
	}
	claim := path + ".takeover." + digest
	me := lk.self
	me.Started, me.LeaseSeconds = lk.now().UTC(), lk.lease.Seconds()
	nonce := make([]byte, 12)
	rand.Read(nonce)
	me.Nonce = hex.EncodeToString(nonce)
	cf, err := writeNewLock(claim+"."+me.Nonce+".new", me, lk.now())
	if err == nil {
		err = os.Link(cf.Name(), claim)
		cf.Close()
		os.Remove(cf.Name())
	}
	if errors.Is(err, fs.ErrExist) {
		// Another process claims it: wait for it, unless its claim is
		// stale.
		if _, err := lk.takeOver(claim, depth+1); err != nil {
			var le *LockedError
			if errors.As(err, &le) {
				return "", nil
			}
			return "", err
		}
		return "", nil
	}
	if err != nil {
		return "", fmt.Errorf("results directory: lock %s: %w", path, err)
	}
	defer os.Remove(claim)
	lk.pause()
	if _, _, again, err := readLock(path); err != nil || again != digest {
		return "", nil // taken over already, or released
	}
	lk.pause()
	if err := os.Remove(path); err != nil && !errors.Is(err, fs.ErrNotExist) {
		return "", fmt.Errorf("results directory: %w", err)
	}
	if depth > 0 {
		return "", nil
	}
	what := "an unreadable lock file"
	if h.PID > 0 {
		what = fmt.Sprintf("the lock of %s (started %s)", h.describe(), h.Started.Format(time.RFC3339))
	}
	if name := filepath.Base(path); name != LockName {
		what = fmt.Sprintf("shard %s's lock: %s", strings.Replace(strings.TrimPrefix(name, LockName+"."), "-of-", "/", 1), what)
	}
	return fmt.Sprintf("took over %s, %s", what, why), nil
}
