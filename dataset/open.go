package dataset

import (
	"errors"
	"fmt"
	"os"
	"syscall"
)

// OpenRegular opens the regular file at path for reading. Anything else
// at path (a FIFO, a device, a directory) is refused without blocking on
// it: opening a FIFO for reading waits for a writer.
func OpenRegular(path string) (*os.File, error) {
	f, err := os.OpenFile(path, os.O_RDONLY|syscall.O_NONBLOCK, 0)
	if err != nil {
		return nil, err
	}
	info, err := f.Stat()
	if err != nil {
		f.Close()
		return nil, err
	}
	if !info.Mode().IsRegular() {
		f.Close()
		return nil, &NotRegularError{path, info.Mode()}
	}
	return f, nil
}

// A NotRegularError reports a path that OpenRegular refused.
type NotRegularError struct {
	Path string
	Mode os.FileMode
}

func (e *NotRegularError) Error() string {
	return fmt.Sprintf("%s is not a regular file (%s)", e.Path, kind(e.Mode))
}

// openPart opens the part file at path, which is damaged if it is not a
// regular file.
func openPart(path string) (*os.File, error) {
	f, err := OpenRegular(path)
	var nr *NotRegularError
	if errors.As(err, &nr) {
		return nil, &DamageError{Path: path, Reason: fmt.Sprintf("it is not a regular file (%s)", kind(nr.Mode))}
	}
	if err != nil {
		return nil, fmt.Errorf("dataset: %w", err)
	}
	return f, nil
}

// kind names the type of a file that is not regular.
func kind(m os.FileMode) string {
	switch {
	case m.IsDir():
		return "a directory"
	case m&os.ModeNamedPipe != 0:
		return "a FIFO"
	case m&os.ModeSocket != 0:
		return "a socket"
	case m&os.ModeDevice != 0:
		return "a device"
	}
	return m.Type().String()
}
