package dataset

import (
	"encoding/json"
	"errors"
	"fmt"
	"math/rand/v2"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"
)

// clock is a settable clock for lockers of tests.
type clock struct {
	mu sync.Mutex
	t  time.Time
}

func (c *clock) now() time.Time {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.t
}

func (c *clock) add(d time.Duration) {
	c.mu.Lock()
	c.t = c.t.Add(d)
	c.mu.Unlock()
}

// testLocker is a locker on host, at the time of c (the system's if nil),
// to whom every process is alive.
func testLocker(host string, c *clock) *locker {
	lk := &locker{now: time.Now, self: LockHolder{PID: os.Getpid(), Host: host, Boot: "boot", PIDNS: "pid:[1]"},
		alive: func(int) bool { return true }, lease: time.Minute, wait: 5 * time.Second}
	if c != nil {
		lk.now = c.now
	}
	return lk
}

// TestLockRun takes the lock of an experiment directory: a second taker
// is refused while the holder lives, a lock of a process that ended on
// this host is taken over with a note, and so are the temporary files of
// interrupted writes removed.
func TestLockRun(t *testing.T) {
	dir := t.TempDir()
	l, err := LockRun(dir, "e", LockOptions{})
	if err != nil {
		t.Fatal(err)
	}
	_, err = LockRun(dir, "e", LockOptions{})
	var le *LockedError
	if !errors.As(err, &le) || le.Holder.PID != os.Getpid() || !strings.Contains(err.Error(), "is being written by process") ||
		!strings.Contains(err.Error(), "becomes stale at") {
		t.Errorf("second LockRun: %v, want a LockedError naming this process and when its lock becomes stale", err)
	}
	if err := l.Unlock(); err != nil {
		t.Fatal(err)
	}
	if _, err := os.Stat(filepath.Join(dir, "e", LockName)); !errors.Is(err, os.ErrNotExist) {
		t.Errorf("Unlock left the lock: %v", err)
	}

	// A process that has ended, on this host.
	cmd := exec.Command("true")
	if err := cmd.Run(); err != nil {
		t.Skip(err)
	}
	self := systemLocker(LockOptions{}).self
	self.PID, self.Started, self.LeaseSeconds = cmd.Process.Pid, time.Now(), 60
	lockPath := filepath.Join(dir, "e", LockName)
	write := func(h LockHolder) {
		b, _ := json.Marshal(h)
		if err := os.WriteFile(lockPath, b, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	write(self)
	tmp := filepath.Join(dir, "e", "trials", "n=4", ".part-0-of-1.parquet.123.tmp")
	if err := os.MkdirAll(filepath.Dir(tmp), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(tmp, []byte("half"), 0o644); err != nil {
		t.Fatal(err)
	}
	l, err = LockRun(dir, "e", LockOptions{})
	if err != nil {
		t.Fatalf("stale lock: %v", err)
	}
	if len(l.Notes) != 2 || !strings.Contains(l.Notes[0], fmt.Sprintf("took over the lock of process %d", cmd.Process.Pid)) ||
		!strings.Contains(l.Notes[0], "ended without releasing it") || !strings.Contains(l.Notes[1], "removed 1 temporary file") {
		t.Errorf("notes %q", l.Notes)
	}
	if _, err := os.Stat(tmp); !errors.Is(err, os.ErrNotExist) {
		t.Errorf("temporary file left: %v", err)
	}
	l.Unlock()

	// The same process id on a host of the same name but another boot
	// may live: its lock is stale only once its lease has passed.
	other := self
	other.Boot = "another boot"
	write(other)
	if _, err := LockRun(dir, "e", LockOptions{}); !errors.As(err, &le) {
		t.Errorf("lock of another boot: %v, want a LockedError", err)
	}
	// A lock of an older build records no lease: never stale elsewhere.
	write(LockHolder{PID: 1, Host: self.Host + "-other", Started: time.Now().Add(-time.Hour)})
	os.Chtimes(lockPath, time.Now().Add(-time.Hour), time.Now().Add(-time.Hour))
	if _, err := LockRun(dir, "e", LockOptions{}); !errors.As(err, &le) || !strings.Contains(err.Error(), "records no lease") {
		t.Errorf("lock of an older build on another host: %v, want a LockedError saying it records no lease", err)
	}
}

// TestLockLease plays two hosts on one clock: host b is refused while a's
// lock is renewed, and told when it becomes stale; once a has not renewed
// it for its lease, b takes it over with a note, and a finds it lost and
// leaves b's lock alone.
func TestLockLease(t *testing.T) {
	dir := t.TempDir()
	c := &clock{t: time.Date(2025, 1, 1, 12, 0, 0, 0, time.UTC)}
	a, b := testLocker("a", c), testLocker("b", c)
	la, err := a.lockRun(dir, "e")
	if err != nil {
		t.Fatal(err)
	}
	// a renews every third of its lease: b is refused for three leases.
	for range 9 {
		c.add(a.lease / 3)
		la.renew()
		_, err := b.lockRun(dir, "e")
		var le *LockedError
		if !errors.As(err, &le) {
			t.Fatalf("at %s: b took a's renewed lock: %v", c.now(), err)
		}
		if want := c.now().Add(a.lease); !le.StaleAt.Equal(want) || !strings.Contains(err.Error(), "becomes stale at "+want.Format(time.RFC3339)) {
			t.Fatalf("at %s: %v; want it to say the lock becomes stale at %s", c.now(), err, want)
		}
	}
	if err := la.Check(); err != nil {
		t.Fatalf("a's lock: %v", err)
	}
	// a stops renewing (a lost node): a lease later, b takes over.
	c.add(a.lease - time.Second)
	if _, err := b.lockRun(dir, "e"); err == nil {
		t.Fatal("b took a's lock before its lease ended")
	}
	c.add(2 * time.Second)
	lb, err := b.lockRun(dir, "e")
	if err != nil {
		t.Fatalf("b: %v", err)
	}
	if len(lb.Notes) != 1 || !strings.Contains(lb.Notes[0], "took over the lock of process") || !strings.Contains(lb.Notes[0], "on a") ||
		!strings.Contains(lb.Notes[0], "not renewed for 1m1s, longer than its lease of 1m0s") {
		t.Errorf("notes %q", lb.Notes)
	}
	if err := la.Check(); !IsLost(err) {
		t.Errorf("a's lock after b took it over: %v, want it lost", err)
	}
	la.renew()
	if err := la.Unlock(); err != nil {
		t.Fatal(err)
	}
	if err := lb.Check(); err != nil {
		t.Errorf("b's lock after a let go: %v", err)
	}
	if err := lb.Unlock(); err != nil {
		t.Fatal(err)
	}
}

// TestLockFences checks that a holder that could not renew its lock for
// half its lease gives it up: it stops writing well before another host
// may take it over.
func TestLockFences(t *testing.T) {
	dir := t.TempDir()
	c := &clock{t: time.Date(2025, 1, 1, 12, 0, 0, 0, time.UTC)}
	a := testLocker("a", c)
	la, err := a.lockRun(dir, "e")
	if err != nil {
		t.Fatal(err)
	}
	c.add(a.lease / 3)
	if err := la.Check(); err != nil {
		t.Fatalf("a third of a lease: %v", err)
	}
	c.add(a.lease / 3)
	if err := la.Check(); !IsLost(err) || !strings.Contains(err.Error(), "more than half its lease") {
		t.Errorf("two thirds of a lease without renewal: %v, want the lock lost", err)
	}
	select {
	case <-la.Lost():
	default:
		t.Error("Lost not closed")
	}
	la.Unlock()
	if _, err := os.Stat(filepath.Join(dir, "e", LockName)); err != nil {
		t.Errorf("a lost lock was removed by its former holder: %v", err)
	}
}

// TestLockTakeOverRace lets 12 processes (lockers of their own hosts)
// find one stale lock at once, 100 times, each pausing up to 0.2 ms
// between its steps: exactly one takes it over each time, the others are
// refused naming it.
func TestLockTakeOverRace(t *testing.T) {
	dir := t.TempDir()
	c := &clock{t: time.Date(2025, 1, 1, 12, 0, 0, 0, time.UTC)}
	dead := testLocker("dead", c)
	for round := range 100 {
		l, err := dead.lockRun(dir, "e")
		if err != nil {
			t.Fatal(err)
		}
		l.stopOnce.Do(func() { close(l.stop) }) // it dies holding the lock
		<-l.done
		c.add(2 * dead.lease)
		var (
			wg      sync.WaitGroup
			mu      sync.Mutex
			winners []*Lock
			refused int
		)
		start := make(chan struct{})
		for i := range 12 {
			lk := testLocker(fmt.Sprintf("host%d", i), c)
			lk.yield = func() { time.Sleep(time.Duration(rand.IntN(200)) * time.Microsecond) }
			wg.Go(func() {
				<-start
				l, err := lk.lockRun(dir, "e")
				mu.Lock()
				defer mu.Unlock()
				var le *LockedError
				switch {
				case err == nil:
					winners = append(winners, l)
				case errors.As(err, &le):
					refused++
				default:
					t.Errorf("round %d: %v", round, err)
				}
			})
		}
		close(start)
		wg.Wait()
		if len(winners) != 1 || refused != 11 {
			t.Fatalf("round %d: %d took the stale lock over, %d were refused; want 1 and 11", round, len(winners), refused)
		}
		if err := winners[0].Unlock(); err != nil {
			t.Fatal(err)
		}
		if left, _ := filepath.Glob(filepath.Join(dir, "e", ".lock*")); len(left) > 0 {
			t.Fatalf("round %d: left %v", round, left)
		}
	}
}

// TestOneWriter checks the one writer rule between an unsharded run or a
// merge (LockRun) and the shards of a sharded run (LockShard): the shards
// of one run write at once, every other pair is refused, and nobody
// removes the temporary files of a live lock.
func TestOneWriter(t *testing.T) {
	dir := t.TempDir()
	root := filepath.Join(dir, "e")
	temp := func(name string) string {
		p := filepath.Join(root, "trials", "n=4", name)
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, []byte("half"), 0o644); err != nil {
			t.Fatal(err)
		}
		return p
	}
	exists := func(p string) bool { _, err := os.Stat(p); return err == nil }
	s0, err := LockShard(dir, "e", "0-of-2", LockOptions{})
	if err != nil {
		t.Fatal(err)
	}
	t0 := temp(".part-0-of-2.parquet.1.tmp")
	s1, err := LockShard(dir, "e", "1-of-2", LockOptions{})
	if err != nil {
		t.Fatalf("shard 1/2 beside 0/2: %v", err)
	}
	if !exists(t0) {
		t.Error("shard 1/2 removed shard 0/2's temporary file")
	}
	var le *LockedError
	if _, err := LockShard(dir, "e", "0-of-2", LockOptions{}); !errors.As(err, &le) || !strings.Contains(err.Error(), "shard 0/2 is being run by process") {
		t.Errorf("shard 0/2 twice: %v", err)
	}
	if _, err := LockShard(dir, "e", "0-of-3", LockOptions{}); !errors.As(err, &le) {
		t.Errorf("shard 0/3 beside shards of 2: %v", err)
	}
	if _, err := LockRun(dir, "e", LockOptions{}); !errors.As(err, &le) || !strings.Contains(err.Error(), "is being run by process") {
		t.Errorf("unsharded run or merge beside shards: %v", err)
	}
	if !exists(t0) {
		t.Error("a refused LockRun removed shard 0/2's temporary file")
	}
	if exists(filepath.Join(root, LockName)) {
		t.Error("a refused LockRun left its lock")
	}
	s0.Unlock()
	s1.Unlock()
	l, err := LockRun(dir, "e", LockOptions{})
	if err != nil {
		t.Fatal(err)
	}
	if exists(t0) {
		t.Error("LockRun left the temporary file of a shard no one runs")
	}
	tm := temp(".manifest.json.2.tmp")
	if _, err := LockShard(dir, "e", "0-of-2", LockOptions{}); !errors.As(err, &le) || !strings.Contains(err.Error(), "is being written by process") {
		t.Errorf("shard beside an unsharded run or merge: %v", err)
	}
	if !exists(tm) {
		t.Error("a refused shard removed the temporary file of the live lock")
	}
	if exists(filepath.Join(root, LockName+".0-of-2")) {
		t.Error("a refused shard left its lock")
	}
	l.Unlock()
}

// TestTempOwner checks which lock's holder writes a temporary file.
func TestTempOwner(t *testing.T) {
	for name, want := range map[string]string{
		".part-3-of-8.parquet.123.tmp": ".lock.3-of-8",
		".part-0-of-1.parquet.9.tmp":   ".lock",
		".manifest.json.5.tmp":         ".lock",
		".part-x.parquet.1.tmp":        ".lock",
	} {
		if got := tempOwner(name); got != want {
			t.Errorf("tempOwner(%q) = %q, want %q", name, got, want)
		}
	}
}
