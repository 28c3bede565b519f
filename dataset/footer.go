package dataset

import (
	"bytes"
	"crypto/sha256"
	"encoding/binary"
	"encoding/hex"
	"fmt"
	"io"
	"os"

	"github.com/apache/arrow-go/v18/parquet/metadata"
)

// MetaFooterSHA256 is set by WriteParquet and WritePartition: the hex
// SHA-256 of the file's footer and its last 8 bytes, with this value's own
// 64 digits read as "0". A part file is opened only through its footer
// (readFooter), which is checked against it before a parser reads it.
const MetaFooterSHA256 = "hyperroute.footer_sha256"

// footerMarker is how the Parquet footer (Thrift compact protocol) spells
// the key/value entry MetaFooterSHA256 up to its value: field 1, a binary
// of 24 bytes, the key, then field 2, a binary of 64 bytes.
var footerMarker = []byte("\x18\x18" + MetaFooterSHA256 + "\x18\x40")

// footerDigits is the placeholder the writer puts in place of the digest.
var footerDigits = bytes.Repeat([]byte{'0'}, 64)

// footer is what readFooter found at the end of a part file.
type footer struct {
	size    int64 // of the file
	dataEnd int64 // where the footer starts
	// vouched is whether the footer records its SHA-256 and matches it, so
	// that its bytes are those written.
	vouched bool
	meta    *metadata.FileMetaData
}

// readFooter reads and parses the footer of the part file f, at path. It
// checks the footer's length against the file's size before it reads it,
// the footer against MetaFooterSHA256 before it parses it, and recovers
// from a panic of the parser, so that no damaged file can crash or exhaust
// the memory of its caller. A file that fails is a *DamageError.
func readFooter(f *os.File, path string) (footer, error) {
	bad := func(format string, a ...any) (footer, error) {
		return footer{}, &DamageError{Path: path, Reason: fmt.Sprintf(format, a...)}
	}
	st, err := f.Stat()
	if err != nil {
		return footer{}, fmt.Errorf("dataset: %w", err)
	}
	size := st.Size()
	var head, tail [8]byte
	if size >= 12 {
		if _, err := f.ReadAt(tail[:], size-8); err != nil {
			return footer{}, fmt.Errorf("dataset: %w", err)
		}
		if _, err := f.ReadAt(head[:4], 0); err != nil {
			return footer{}, fmt.Errorf("dataset: %w", err)
		}
	}
	ft := footer{size: size, dataEnd: size - 8 - int64(binary.LittleEndian.Uint32(tail[:4]))}
	if string(tail[4:]) != "PAR1" || string(head[:4]) != "PAR1" || ft.dataEnd < 4 {
		return bad("not a whole Parquet file (%d bytes, no footer at the end)", size)
	}
	b := make([]byte, size-ft.dataEnd) // at most the file
	if _, err := f.ReadAt(b, ft.dataEnd); err != nil && err != io.EOF {
		return footer{}, fmt.Errorf("dataset: %w", err)
	}
	if ft.vouched, err = checkFooterSHA(b); err != nil {
		return bad("%v", err)
	}
	err = protect(func() error {
		ft.meta, err = metadata.NewFileMetaData(b[:len(b)-8], nil)
		return err
	})
	if err != nil {
		return bad("its footer does not parse: %v", err)
	}
	if _, ok := metaMap(ft.meta.KeyValueMetadata())[MetaFooterSHA256]; ok && !ft.vouched {
		return bad("its footer does not match the SHA-256 it records (%s)", MetaFooterSHA256)
	}
	ft.meta.SetSourceFileSize(size)
	return ft, nil
}

// checkFooterSHA checks the footer b (with the file's last 8 bytes)
// against the SHA-256 it records, and reports whether it records one. An
// entry one byte off its spelling counts as recorded, so that a flipped
// bit in it is damage, not an older file.
func checkFooterSHA(b []byte) (bool, error) {
	at := findMarker(b)
	if at < 0 {
		return false, nil
	}
	v := at + len(footerMarker)
	want := make([]byte, 64)
	copy(want, b[v:v+64])
	c := bytes.Clone(b)
	copy(c[v:v+64], footerDigits)
	if sum := sha256.Sum256(c); hex.EncodeToString(sum[:]) != string(want) ||
		!bytes.Equal(b[at:v], footerMarker) {
		return true, fmt.Errorf("its footer does not match the SHA-256 it records (%s)", MetaFooterSHA256)
	}
	return true, nil
}

// findMarker returns where footerMarker, followed by 64 bytes, starts in b,
// exactly or else with one byte different, or −1.
func findMarker(b []byte) int {
	last := len(b) - len(footerMarker) - 64
	if i := bytes.Index(b, footerMarker); i >= 0 && i <= last {
		return i
	}
	for i := 0; i <= last; i++ {
		diff := 0
		for j, c := range footerMarker {
			if b[i+j] != c {
				if diff++; diff > 1 {
					break
				}
			}
		}
		if diff <= 1 {
			return i
		}
	}
	return -1
}

// sealFooter writes the SHA-256 of the footer of the part file f into the
// placeholder of MetaFooterSHA256 that the writer left there.
func sealFooter(f *os.File) error {
	st, err := f.Stat()
	if err != nil {
		return err
	}
	var tail [8]byte
	if _, err := f.ReadAt(tail[:], st.Size()-8); err != nil {
		return err
	}
	start := st.Size() - 8 - int64(binary.LittleEndian.Uint32(tail[:4]))
	b := make([]byte, st.Size()-start)
	if _, err := f.ReadAt(b, start); err != nil {
		return err
	}
	at := bytes.Index(b, append(bytes.Clone(footerMarker), footerDigits...))
	if at < 0 {
		return fmt.Errorf("no %s placeholder in the footer", MetaFooterSHA256)
	}
	sum := sha256.Sum256(b)
	_, err = f.WriteAt([]byte(hex.EncodeToString(sum[:])), start+int64(at+len(footerMarker)))
	return err
}

// protect calls read and turns a panic into an error, for the readers of
// the Parquet and Arrow libraries, which may panic on damaged input.
func protect(read func() error) (err error) {
	defer func() {
		if r := recover(); r != nil {
			err = fmt.Errorf("the Parquet reader failed (%v)", r)
		}
	}()
	return read()
}
