package octal

import (
	"context"
	"crypto/sha256"
	"encoding/binary"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"time"

	"github.com/tabulate-games/tabulate/grundy"
)

// Checkpoints of a tail run (see tail.go): the whole state past heap n-1,
// so that Resume goes on as if the run had never stopped and ends with the
// same TailResult, byte for byte.
//
// The file, little-endian throughout:
//
//	magic      8 bytes "TABTAIL\x00"
//	version    uint32 (tailCheckpointVersion)
//	header     the sizes of what follows: code length uint16, width in
//	           bytes uint8, window w uint64, rare heaps uint32, counts
//	           uint32, tables uint32, counts of all tables uint64
//	code       the game's canonical code ("0.6")
//	state      max, n, tail start, period, preperiod, last rare, largest
//	           value's heap (int64); largest value (int32); mask (uint32),
//	           heap parity (uint8); the result's labelling: mask (uint32),
//	           heap parity (uint8), rare heaps (int64); the period watch
//	           (tailperiod.go): candidate period and its n0 (int64), n0 a
//	           bound (uint8), the heap a proof by the tail read to (int64,
//	           0: none), its preperiod a bound (uint8)
//	head       g(0..w), w+1 values of the width
//	window     g(n-w..n-1), w values of the width
//	rare       (heap int32, value uint16) for each rare heap
//	tally      heaps, checksum (uint64), then the counts (int64)
//	tables     for each: heaps (int64), checksum (uint64), next (int32),
//	           number of counts (uint32), the counts (int64)
//	sha256     of every byte before it
//
// The size of the file follows from its header, and each size in the
// header is bounded (a window of at most 2^34 values, at most 2^16 counts,
// 49 tables), so a reader refuses a file of another size before reading
// it, and reads at most what the state could take. It is opened without
// following a symbolic link (O_NOFOLLOW) and without blocking (a FIFO
// would wait for a writer), and refused unless it is a regular file.
//
// Writes are atomic: a temporary file in the same folder, written, synced
// (fsync), renamed over the checkpoint, and the folder synced, so that a
// crash (kill -9, a node lost) leaves either the old checkpoint or the new,
// never a torn one; the sha256 catches what the disk corrupts.

const (
	tailCheckpointMagic   = "TABTAIL\x00"
	tailCheckpointVersion = 2 // 2: the period watch; 1 had none
	tailMaxWindow         = 1 << 34
	tailMaxTables         = 49 // heaps 2^0 .. 2^48
	tailHeaderSize        = 8 + 4 + 2 + 1 + 8 + 4 + 4 + 4 + 8
	tailStateSize         = 7*8 + 4 + 4 + 1 + 4 + 1 + 8 + 8 + 8 + 1 + 8 + 1
	tailDefaultEvery      = 1 << 28
	tailDefaultInterval   = 5 * time.Minute
)

// CheckpointError reports a checkpoint that cannot be used: unreadable,
// damaged, of another version or of another game. Nothing is resumed.
type CheckpointError struct {
	Path   string
	Reason string
}

func (e *CheckpointError) Error() string {
	return fmt.Sprintf("tail checkpoint %s: %s", e.Path, e.Reason)
}

// tailCheckpointer decides when a tail run writes its checkpoint.
type tailCheckpointer struct {
	path     string
	every    int64
	interval time.Duration
	nextN    int64
	nextT    time.Time
	before   func() error // called before each write (TailOptions.OnValues)
}

func newTailCheckpointer(opts TailOptions, n int64) *tailCheckpointer {
	c := &tailCheckpointer{path: opts.Checkpoint, every: opts.CheckpointEvery, interval: opts.CheckpointInterval}
	if c.every <= 0 {
		c.every = tailDefaultEvery
	}
	if c.interval <= 0 {
		c.interval = tailDefaultInterval
	}
	c.nextN, c.nextT = n+c.every, time.Now().Add(c.interval)
	return c
}

// tailSaver is a tail state that can be written.
type tailSaver interface {
	encode() []byte
	heap() int64
}

// maybe writes a checkpoint when every heaps or interval have passed.
func (c *tailCheckpointer) maybe(s tailSaver) error {
	if c.path == "" || (s.heap() < c.nextN && time.Now().Before(c.nextT)) {
		return nil
	}
	return c.write(s)
}

// write writes a checkpoint now (if asked).
func (c *tailCheckpointer) write(s tailSaver) error {
	if c.path == "" {
		return nil
	}
	c.nextN, c.nextT = s.heap()+c.every, time.Now().Add(c.interval)
	if c.before != nil {
		if err := c.before(); err != nil {
			return err
		}
	}
	return writeAtomic(c.path, s.encode())
}

// final writes the checkpoint of a finished run, which Resume returns as is.
func (c *tailCheckpointer) final(s tailSaver) error { return c.write(s) }

// writeAtomic replaces path by data: temporary file, fsync, rename, fsync
// of the folder.
func writeAtomic(path string, data []byte) error {
	dir := filepath.Dir(path)
	f, err := os.CreateTemp(dir, filepath.Base(path)+".tmp-*")
	if err != nil {
		return fmt.Errorf("tail checkpoint %s: %w", path, err)
	}
	tmp := f.Name()
	_, err = f.Write(data)
	if err == nil {
		err = f.Sync()
	}
	if cerr := f.Close(); err == nil {
		err = cerr
	}
	if err == nil {
		err = os.Rename(tmp, path)
	}
	if err != nil {
		os.Remove(tmp)
		return fmt.Errorf("tail checkpoint %s: %w", path, err)
	}
	if d, err := os.Open(dir); err == nil { // the rename itself made durable
		d.Sync()
		d.Close()
	}
	return nil
}

func (s *tailState[V]) heap() int64 { return s.n }

// encode returns the checkpoint of s (format above).
func (s *tailState[V]) encode() []byte {
	wb := tailBytes[V]()
	counts := s.tally.counts[:s.tally.top+1]
	var tableCounts int
	for _, t := range s.tables {
		tableCounts += len(t.Counts)
	}
	b := make([]byte, 0, tailHeaderSize+len(s.code)+tailStateSize+(2*s.w+1)*wb+6*len(s.rare)+16+8*len(counts)+24*len(s.tables)+8*tableCounts+sha256.Size)
	le := binary.LittleEndian
	b = append(b, tailCheckpointMagic...)
	b = le.AppendUint32(b, tailCheckpointVersion)
	b = le.AppendUint16(b, uint16(len(s.code)))
	b = append(b, byte(wb))
	b = le.AppendUint64(b, uint64(s.w))
	b = le.AppendUint32(b, uint32(len(s.rare)))
	b = le.AppendUint32(b, uint32(len(counts)))
	b = le.AppendUint32(b, uint32(len(s.tables)))
	b = le.AppendUint64(b, uint64(tableCounts))
	b = append(b, s.code...)
	for _, x := range []int64{s.max, s.n, s.tailFrom, s.per, s.pre, s.lastR, s.vmaxAt} {
		b = le.AppendUint64(b, uint64(x))
	}
	b = le.AppendUint32(b, uint32(s.vmax))
	b = le.AppendUint32(b, s.mask)
	b = append(b, byte(s.dom))
	b = le.AppendUint32(b, s.meta.Mask)
	b = append(b, boolByte(s.meta.HeapParity))
	b = le.AppendUint64(b, uint64(s.meta.Rare))
	b = le.AppendUint64(b, uint64(s.watch.p))
	b = le.AppendUint64(b, uint64(s.watch.n0))
	b = append(b, boolByte(s.watch.bound))
	var proof tailPeriodFound
	if s.tailPeriod != nil {
		proof = *s.tailPeriod
	}
	b = le.AppendUint64(b, uint64(proof.at))
	b = append(b, boolByte(proof.bound))
	appendV := func(v V) {
		if wb == 1 {
			b = append(b, byte(v))
		} else {
			b = le.AppendUint16(b, uint16(v))
		}
	}
	for _, v := range s.head {
		appendV(v)
	}
	for d := s.w; d >= 1; d-- { // g(n-w..n-1)
		appendV(s.ring[s.pos+s.w-d])
	}
	for _, x := range s.rare {
		b = le.AppendUint32(b, uint32(x.a))
		b = le.AppendUint16(b, uint16(x.g))
	}
	b = le.AppendUint64(b, uint64(s.tally.n))
	b = le.AppendUint64(b, s.tally.sum)
	for _, c := range counts {
		b = le.AppendUint64(b, uint64(c))
	}
	for _, t := range s.tables {
		b = le.AppendUint64(b, uint64(t.Heaps))
		b = le.AppendUint64(b, t.Checksum)
		b = le.AppendUint32(b, uint32(t.Next))
		b = le.AppendUint32(b, uint32(len(t.Counts)))
		for _, c := range t.Counts {
			b = le.AppendUint64(b, uint64(c))
		}
	}
	sum := sha256.Sum256(b)
	return append(b, sum[:]...)
}

func boolByte(b bool) byte {
	if b {
		return 1
	}
	return 0
}

// tailHeader is the header of a checkpoint.
type tailHeader struct {
	version              uint32
	codeLen, wb          int
	w                    int64
	rare, counts, tables int64
	tableCounts          int64
	// the offsets of the parts, and the file's size, from the above
	codeOff, stateOff, headOff, windowOff int64
	rareOff, tallyOff, tablesOff, sumOff  int64
	size                                  int64
}

// parseTailHeader reads and bounds the header of a checkpoint.
func parseTailHeader(path string, h []byte) (tailHeader, error) {
	bad := func(format string, a ...any) (tailHeader, error) {
		return tailHeader{}, &CheckpointError{Path: path, Reason: fmt.Sprintf(format, a...)}
	}
	if len(h) < tailHeaderSize || string(h[:8]) != tailCheckpointMagic {
		return bad("not a tail checkpoint (no %q header)", "TABTAIL")
	}
	le := binary.LittleEndian
	var t tailHeader
	if t.version = le.Uint32(h[8:]); t.version != tailCheckpointVersion {
		return bad("format version %d, and this build of tabulate reads version %d only: resume it with the build that wrote it (manifest.json, version)", t.version, tailCheckpointVersion)
	}
	t.codeLen, t.wb = int(le.Uint16(h[12:])), int(h[14])
	t.w = int64(le.Uint64(h[15:]))
	t.rare, t.counts, t.tables = int64(le.Uint32(h[23:])), int64(le.Uint32(h[27:])), int64(le.Uint32(h[31:]))
	t.tableCounts = int64(le.Uint64(h[35:]))
	switch {
	case t.codeLen < 3 || t.codeLen > 64:
		return bad("code of %d bytes (allowed 3 to 64)", t.codeLen)
	case t.wb != 1 && t.wb != 2:
		return bad("values of %d bytes (allowed 1 or 2)", t.wb)
	case t.w < 1 || t.w > tailMaxWindow:
		return bad("window of %d values (allowed 1 to 2^34)", t.w)
	case t.rare > t.w:
		return bad("%d rare heaps in a window of %d", t.rare, t.w)
	case t.counts > ChecksumLimit:
		return bad("%d value counts (at most %d)", t.counts, ChecksumLimit)
	case t.tables > tailMaxTables || t.tableCounts > t.tables*ChecksumLimit:
		return bad("%d frequency tables of %d counts (at most %d tables of %d)", t.tables, t.tableCounts, tailMaxTables, ChecksumLimit)
	}
	t.codeOff = tailHeaderSize
	t.stateOff = t.codeOff + int64(t.codeLen)
	t.headOff = t.stateOff + tailStateSize
	t.windowOff = t.headOff + (t.w+1)*int64(t.wb)
	t.rareOff = t.windowOff + t.w*int64(t.wb)
	t.tallyOff = t.rareOff + 6*t.rare
	t.tablesOff = t.tallyOff + 16 + 8*t.counts
	t.sumOff = t.tablesOff + 24*t.tables + 8*t.tableCounts
	t.size = t.sumOff + sha256.Size
	return t, nil
}

// readTailCheckpoint reads a checkpoint file whole, after checking that it
// is a regular file (not followed through a symbolic link) of the size its
// header gives, and that its sha256 matches.
func readTailCheckpoint(path string) ([]byte, tailHeader, error) {
	f, err := openNoFollow(path)
	if err != nil {
		return nil, tailHeader{}, &CheckpointError{Path: path, Reason: fmt.Sprintf("cannot open it: %v", err)}
	}
	defer f.Close()
	fi, err := f.Stat()
	if err != nil {
		return nil, tailHeader{}, &CheckpointError{Path: path, Reason: err.Error()}
	}
	if !fi.Mode().IsRegular() {
		return nil, tailHeader{}, &CheckpointError{Path: path, Reason: fmt.Sprintf("not a regular file (%v)", fi.Mode().Type())}
	}
	h := make([]byte, tailHeaderSize)
	if _, err := io.ReadFull(f, h); err != nil {
		return nil, tailHeader{}, &CheckpointError{Path: path, Reason: fmt.Sprintf("not a tail checkpoint (%d bytes, a header is %d)", fi.Size(), tailHeaderSize)}
	}
	t, err := parseTailHeader(path, h)
	if err != nil {
		return nil, t, err
	}
	if fi.Size() != t.size {
		return nil, t, &CheckpointError{Path: path, Reason: fmt.Sprintf("%d bytes, but its header describes %d: truncated or damaged", fi.Size(), t.size)}
	}
	b := make([]byte, t.size)
	copy(b, h)
	if _, err := io.ReadFull(f, b[tailHeaderSize:]); err != nil {
		return nil, t, &CheckpointError{Path: path, Reason: fmt.Sprintf("reading it: %v", err)}
	}
	if sum := sha256.Sum256(b[:t.sumOff]); string(sum[:]) != string(b[t.sumOff:]) {
		return nil, t, &CheckpointError{Path: path, Reason: "sha256 mismatch: the file is damaged (nothing resumed)"}
	}
	return b, t, nil
}

// decodeTail rebuilds the tail state of a checkpoint of width V.
func decodeTail[V tailValue](path string, b []byte, t tailHeader, c tailGame) (*tailState[V], error) {
	bad := func(format string, a ...any) (*tailState[V], error) {
		return nil, &CheckpointError{Path: path, Reason: fmt.Sprintf(format, a...)}
	}
	le := binary.LittleEndian
	code := string(b[t.codeOff:t.stateOff])
	if code != c.key {
		return bad("it is of the %s, not the %s", tailTitle(code), tailTitle(c.key))
	}
	st := b[t.stateOff:t.headOff]
	i64 := func(i int) int64 { return int64(le.Uint64(st[8*i:])) }
	w := int(t.w)
	s := &tailState[V]{code: code, r: c.r, max: i64(0), n: i64(1), w: w, tailFrom: i64(2),
		per: i64(3), pre: i64(4), lastR: i64(5), vmaxAt: i64(6)}
	s.vmax = int32(le.Uint32(st[56:]))
	s.mask = le.Uint32(st[60:])
	s.dom = int(st[64])
	s.meta.Mask, s.meta.HeapParity, s.meta.Rare = le.Uint32(st[65:]), st[69] == 1, int(int64(le.Uint64(st[70:])))
	s.watch = tailWatch{p: int64(le.Uint64(st[78:])), n0: int64(le.Uint64(st[86:])), bound: st[94] == 1}
	if at := int64(le.Uint64(st[95:])); at != 0 {
		s.tailPeriod = &tailPeriodFound{at: at, bound: st[103] == 1}
	}
	if s.n <= int64(2*w) || s.n > s.max+1 || s.max > TailMax || s.dom > 1 || s.vmax < 0 || s.per < 0 || s.per > int64(w) || s.tailFrom > s.n {
		return bad("inconsistent state (heap %d of %d, window %d, period %d)", s.n, s.max, w, s.per)
	}
	if wt := s.watch; wt.p < 0 || wt.p > int64(w/2) || wt.n0 < 0 || wt.n0 > s.n || (s.tailPeriod != nil && (s.per == 0 || s.tailPeriod.at >= s.n || s.tailPeriod.at < 0)) {
		return bad("inconsistent period watch (period %d from %d; proof to heap %d)", wt.p, wt.n0, int64(le.Uint64(st[95:])))
	}
	val := func(off int64, i int) V {
		if t.wb == 1 {
			return V(b[off+int64(i)])
		}
		return V(le.Uint16(b[off+2*int64(i):]))
	}
	s.head = make([]V, w+1)
	for a := range s.head {
		s.head[a] = val(t.headOff, a)
	}
	s.ring = make([]V, 2*w)
	s.pos = int(s.n % int64(w))
	for i := range w { // g(n-w+i)
		m := s.n - int64(w) + int64(i)
		j := int(m % int64(w))
		s.ring[j], s.ring[j+w] = val(t.windowOff, i), val(t.windowOff, i)
	}
	s.rare = make([]tailRare[V], t.rare)
	for i := range s.rare {
		p := t.rareOff + 6*int64(i)
		a, g := int32(le.Uint32(b[p:])), le.Uint16(b[p+4:])
		if a < 1 || int64(a) >= s.n || (i > 0 && a <= s.rare[i-1].a) || int64(g) >= 1<<(8*t.wb) {
			return bad("rare heap %d (value %d) out of order or range", a, g)
		}
		s.rare[i] = tailRare[V]{a, V(g)}
	}
	s.tally = NewTally(nil)
	s.tally.n = int64(le.Uint64(b[t.tallyOff:]))
	s.tally.sum = le.Uint64(b[t.tallyOff+8:])
	s.tally.counts = make([]int64, t.counts)
	var total int64
	for i := range s.tally.counts {
		s.tally.counts[i] = int64(le.Uint64(b[t.tallyOff+16+8*int64(i):]))
		total += s.tally.counts[i]
	}
	s.tally.top = int(t.counts) - 1
	if s.tally.n != s.n || total != s.n {
		return bad("the counts hold %d heaps, the state is at heap %d", total, s.n)
	}
	p := t.tablesOff
	var seen int64
	for range t.tables {
		f := FrequencyTable{Heaps: int64(le.Uint64(b[p:])), Checksum: le.Uint64(b[p+8:]), Next: int32(le.Uint32(b[p+16:]))}
		k := int64(le.Uint32(b[p+20:]))
		p += 24
		if seen += k; seen > t.tableCounts {
			return bad("frequency tables longer than the header says")
		}
		f.Counts = make([]int64, k)
		for i := range f.Counts {
			f.Counts[i] = int64(le.Uint64(b[p:]))
			p += 8
		}
		s.tables = append(s.tables, f)
	}
	if p != t.sumOff {
		return bad("frequency tables shorter than the header says")
	}
	s.limit = 1 << (8 * tailBytes[V]())
	s.resize()
	return s, nil
}

// Resume continues the tail run of the octal game c whose checkpoint is at
// path (written by Tail or Resume with TailOptions.Checkpoint) up to max
// (at least the heap it stopped at; a larger max than the first run's
// extends it), and returns what an uninterrupted run would have: the same
// TailResult. It writes its own checkpoints to opts.Checkpoint (the same
// path if empty); opts.Start, Window, Width and Workers are the
// checkpoint's and ignored. A checkpoint that is not a regular file, has
// another size than its header gives, fails its sha256, or is of another
// game is a *CheckpointError, and nothing is run.
func Resume(ctx context.Context, path string, c Code, max int64, opts TailOptions) (TailResult, error) {
	return resumeGame(ctx, path, tailOctal(c), max, opts)
}

// ResumeGrundysGame is Resume for a checkpoint of GrundysGameTail.
func ResumeGrundysGame(ctx context.Context, path string, max int64, opts TailOptions) (TailResult, error) {
	return resumeGame(ctx, path, tailGrundy, max, opts)
}

func resumeGame(ctx context.Context, path string, c tailGame, max int64, opts TailOptions) (TailResult, error) {
	if max < 0 || max > TailMax {
		return TailResult{}, &grundy.RangeError{Func: "octal.Resume", Arg: "max", Value: max, Min: 0, Max: TailMax}
	}
	b, t, err := readTailCheckpoint(path)
	if err != nil {
		return TailResult{}, err
	}
	if opts.Checkpoint == "" {
		opts.Checkpoint = path
	}
	if t.wb == 1 {
		s, err := decodeTail[uint8](path, b, t, c)
		if err != nil {
			return TailResult{}, err
		}
		return s.resume(ctx, path, max, opts)
	}
	s, err := decodeTail[uint16](path, b, t, c)
	if err != nil {
		return TailResult{}, err
	}
	return s.resume(ctx, path, max, opts)
}

// resume runs a decoded state to max.
func (s *tailState[V]) resume(ctx context.Context, path string, max int64, opts TailOptions) (TailResult, error) {
	if max < s.n-1 {
		return TailResult{}, &CheckpointError{Path: path, Reason: fmt.Sprintf("it is at heap %d, past max %d", s.n-1, max)}
	}
	s.max = max
	s.onFreq = opts.OnFrequencies
	res := s.meta
	res.Period, res.Preperiod, res.LastRare = s.per, s.pre, s.lastR
	return s.finish(ctx, opts, res)
}

// tailCheckpointExists reports whether path names an existing file (of any
// kind: Resume refuses what is not a regular file).
func tailCheckpointExists(path string) bool {
	_, err := os.Lstat(path)
	return err == nil || !errors.Is(err, fs.ErrNotExist)
}
