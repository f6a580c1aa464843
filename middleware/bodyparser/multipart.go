package bodyparser

import (
	"crypto/md5"
	"crypto/sha1"
	"crypto/sha256"
	"crypto/sha512"
	"encoding/hex"
	"errors"
	"fmt"
	"hash"
	"io"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/fwgo/fw/fast"
	"github.com/fwgo/fw/parsers"
)

// multipart is connect 2.30.2's multipart() with multiparty 3.3.2's Form.
type multipart struct {
	limit         int64
	uploadDir     string
	keepExt       bool
	maxFields     int
	maxFieldsSize int64
	maxFilesSize  int64
	hash          func() hash.Hash
}

type filesKey struct{}

// Files returns req.files: the uploads of a multipart request by field
// name, nested as qs nests the names (depth 5, arrayLimit 20), each value
// a *File or a []any of them; ok is false where Express leaves req.files
// undefined (before bodyParser, or when its json or urlencoded part took
// the body). It is an empty Object for the requests bodyParser saw that
// were not multipart.
func Files(req *fast.Request) (files *fast.Object, ok bool) {
	files, ok = req.Ctx().UserValue(filesKey{}).(*fast.Object)
	return files, ok
}

// RemoveFiles deletes the uploads of req.files that are still at their
// Path, and reports the first error other than a file already gone. Call
// it (or move the files) when the request is done: like Express 3,
// bodyParser leaves the files of a successful upload in UploadDir. The
// files of a failed upload are deleted by bodyParser itself.
func RemoveFiles(req *fast.Request) error {
	files, ok := Files(req)
	if !ok {
		return nil
	}
	var first error
	walkFiles(files, func(f *File) {
		if err := os.Remove(f.Path); err != nil && !errors.Is(err, os.ErrNotExist) && first == nil {
			first = err
		}
	})
	return first
}

func walkFiles(v any, fn func(*File)) {
	switch v := v.(type) {
	case *File:
		fn(v)
	case []any:
		for _, e := range v {
			walkFiles(e, fn)
		}
	case *fast.Object:
		for _, e := range v.All() {
			walkFiles(e, fn)
		}
	}
}

// formError is a form error: connect answers every one with 400.
func formError(err error) error {
	return &fast.HTTPError{Status: 400, Message: err.Error(), Err: err}
}

func (m *multipart) handle(req *fast.Request, res *fast.Response, next fast.Next) {
	if req.BodyParsed() {
		next()
		return
	}
	if req.Body() == nil {
		req.SetBody(&fast.Object{})
	}
	if _, ok := Files(req); !ok {
		req.Ctx().SetUserValue(filesKey{}, &fast.Object{})
	}
	if method := req.Method(); method == "GET" || method == "HEAD" {
		next()
		return
	}
	if _, ok := req.TypeIs("multipart"); !ok { // type-is, also on a NewLegacy3 app
		next()
		return
	}
	if cl := req.Get("Content-Length"); cl != "" {
		if n := jsParseInt(cl); n > 0 && n > float64(m.limit) {
			next(fast.NewHTTPError(413, ""))
			return
		}
	}
	body, files, err := m.parse(req)
	if err != nil {
		next(err)
		return
	}
	req.SetBody(body)
	req.Ctx().SetUserValue(filesKey{}, files)
	next()
}

// jsParseInt is parseInt(s, 10) for the Content-Length check: leading
// white space, a sign, the digits; NaN (here -1) without any.
func jsParseInt(s string) float64 {
	s = strings.TrimLeft(s, " \t\n\v\f\r")
	neg := false
	if s != "" && (s[0] == '+' || s[0] == '-') {
		neg = s[0] == '-'
		s = s[1:]
	}
	i := 0
	for i < len(s) && s[i] >= '0' && s[i] <= '9' {
		i++
	}
	if i == 0 {
		return -1
	}
	f, _ := strconv.ParseFloat(s[:i], 64)
	if neg {
		return -f
	}
	return f
}

// parse reads the whole body through the form.
func (m *multipart) parse(req *fast.Request) (*fast.Object, *fast.Object, error) {
	boundary, ok := boundaryOf(req.Get("Content-Type"))
	if !ok {
		return nil, nil, formError(errors.New("content-type missing boundary or not form-data"))
	}
	f := &form{m: m}
	p := newParser(boundary, f)
	r := req.BodyReader()
	buf := make([]byte, 32<<10)
	var received int64
	var perr error
	for perr == nil {
		n, rerr := r.Read(buf)
		if n > 0 {
			received += int64(n)
			if received > m.limit {
				// connect destroys the socket; a 413 is sent instead.
				f.cleanup()
				req.Ctx().SetConnectionClose()
				return nil, nil, fast.NewHTTPError(413, "")
			}
			perr = p.write(buf[:n])
		}
		if rerr == io.EOF {
			if perr == nil {
				perr = p.finish()
			}
			break
		}
		if rerr != nil && perr == nil {
			perr = rerr // the client went away: multiparty's "Request aborted"
		}
	}
	if perr != nil {
		f.cleanup()
		return nil, nil, formError(perr)
	}
	body, err := f.fields.build()
	if err != nil {
		f.cleanup()
		return nil, nil, formError(err)
	}
	files, err := f.files.build()
	if err != nil {
		f.cleanup()
		return nil, nil, formError(err)
	}
	return body, files, nil
}

// form is multiparty's Form as connect drives it: every part with a file
// name is written to a file, every other part is a field.
type form struct {
	m        *multipart
	fields   pairs
	files    pairs
	created  []string // every file created, for cleanup
	count    int
	fieldsSz int64
	filesSz  int64

	// the current part
	headers  *fast.Object
	name     string
	hasName  bool
	filename string
	isFile   bool
	encoding string // Content-Transfer-Encoding, lower case
	base64   bool
	b64      b64Decoder
	value    []byte
	out      *os.File
	hasher   hash.Hash
	upload   *File
	inPart   bool
}

func (f *form) partBegin() {
	f.headers = &fast.Object{}
	f.name, f.hasName, f.filename, f.isFile, f.base64, f.encoding = "", false, "", false, false, "binary"
	f.b64 = b64Decoder{}
	f.value = f.value[:0]
	f.out, f.hasher, f.upload, f.inPart = nil, nil, nil, false
}

func (f *form) header(field, value []byte) {
	name := strings.ToLower(string(field))
	v := decodeUTF8(value)
	f.headers.Set(name, v)
	switch name {
	case "content-disposition":
		if n, ok := partName(v); ok {
			f.name, f.hasName = n, true
		}
		f.filename, f.isFile = parseFilename(v)
	case "content-transfer-encoding":
		f.encoding = strings.ToLower(v)
	}
}

func (f *form) headersEnd() error {
	switch f.encoding {
	case "binary", "7bit", "8bit":
	case "base64":
		f.base64 = true
	default:
		return fmt.Errorf("unknown transfer-encoding: %s", f.encoding)
	}
	f.count++
	if f.count > f.m.maxFields {
		return fmt.Errorf("maxFields %d exceeded.", f.m.maxFields)
	}
	f.inPart = true
	if !f.isFile {
		return nil
	}
	ext := ""
	if f.m.keepExt {
		ext = uploadExt(f.filename)
	}
	out, err := os.CreateTemp(f.m.uploadDir, "upload_*"+ext)
	if err != nil {
		return err
	}
	f.created = append(f.created, out.Name())
	f.out = out
	if f.m.hash != nil {
		f.hasher = f.m.hash()
	}
	h := &fast.Object{}
	for k, v := range f.headers.All() {
		h.Set(k, v)
	}
	typ := ""
	if t, ok := h.Get("content-type"); ok {
		typ, _ = t.(string)
	}
	name := f.name
	if !f.hasName {
		name = "null"
	}
	f.upload = &File{FieldName: name, OriginalFilename: f.filename, Name: f.filename, Type: typ, Path: out.Name(), Headers: h}
	return nil
}

func (f *form) partData(b []byte) error {
	if !f.inPart {
		return nil
	}
	if f.base64 {
		b = f.b64.decode(b)
	}
	if !f.isFile {
		f.fieldsSz += int64(len(b))
		if f.fieldsSz > f.m.maxFieldsSize {
			return fmt.Errorf("maxFieldsSize %d exceeded", f.m.maxFieldsSize)
		}
		f.value = append(f.value, b...)
		return nil
	}
	f.filesSz += int64(len(b))
	if f.filesSz > f.m.maxFilesSize {
		return fmt.Errorf("maxFilesSize %d exceeded", f.m.maxFilesSize)
	}
	if f.hasher != nil {
		f.hasher.Write(b)
	}
	n, err := f.out.Write(b)
	f.upload.Size += int64(n)
	return err
}

func (f *form) partEnd() error {
	if !f.inPart {
		return nil
	}
	if f.base64 {
		if err := f.partData(f.b64.flush()); err != nil {
			return err
		}
	}
	f.inPart = false
	name := f.name
	if !f.hasName {
		name = "null"
	}
	if !f.isFile {
		f.fields.add(name, decodeUTF8(f.value))
		return nil
	}
	if err := f.out.Close(); err != nil {
		return err
	}
	f.out = nil
	if f.hasher != nil {
		f.upload.Hash = hex.EncodeToString(f.hasher.Sum(nil))
	}
	f.upload.LastModifiedDate = time.Now()
	f.files.add(name, f.upload)
	return nil
}

// cleanup closes and deletes every file the form created.
func (f *form) cleanup() {
	if f.out != nil {
		f.out.Close()
		f.out = nil
	}
	for _, p := range f.created {
		os.Remove(p)
	}
	f.created = nil
}

var fileExtRE = regexp.MustCompile(`^\.[_\-a-zA-Z0-9]{0,16}`)

// uploadExt is the extension multiparty keeps: the file name's extension
// up to its first character other than _ - A-Z a-z 0-9, at most 16 of
// them.
func uploadExt(filename string) string {
	i := strings.LastIndexByte(filename, '.')
	if i <= 0 || filename == ".." {
		return ""
	}
	ext := fileExtRE.FindString(filename[i:])
	if strings.ContainsAny(ext, "*"+string(filepath.Separator)) {
		return ""
	}
	return ext
}

// pairs collects form values by name, the names in order of first
// appearance, as connect's ondata builds its object.
type pairs struct {
	names  []string
	values map[string][]any
}

func (p *pairs) add(name string, v any) {
	if p.values == nil {
		p.values = map[string][]any{}
	}
	if _, ok := p.values[name]; !ok {
		p.names = append(p.names, name)
	}
	p.values[name] = append(p.values[name], v)
}

// multipartQS is qs 4.0.0's parse with its defaults, as connect calls it
// on the fields and the files: depth 5, arrayLimit 20.
var multipartQS = parsers.QS{ArrayLimit: 20, Depth: 5, ParameterLimit: parsers.Unlimited}

// build is qs.parse of the collected object: qs parses each name and
// puts its value, a string (or *File) or an array of them, there. The
// names go through parsers.QS with placeholders (indexes into leaves) as
// values, replaced afterwards. A name without brackets takes its array
// whole, as qs 4 does; the values of a bracketed name are given one by
// one, which nests them alike up to qs's arrayLimit of 20.
func (p *pairs) build() (*fast.Object, error) {
	var q strings.Builder
	var leaves []any
	put := func(name string, v any) {
		if q.Len() > 0 {
			q.WriteByte('&')
		}
		q.WriteString(encodeQS(name))
		q.WriteByte('=')
		q.WriteString(strconv.Itoa(len(leaves)))
		leaves = append(leaves, v)
	}
	for _, name := range p.names {
		vs := p.values[name]
		switch {
		case len(vs) == 1:
			put(name, vs[0])
		case !strings.Contains(name, "["):
			put(name, slices.Clone(vs))
		default:
			for _, v := range vs {
				put(name, v)
			}
		}
	}
	o, err := multipartQS.Parse([]byte(q.String()))
	if err != nil {
		return nil, err
	}
	return withLeaves(o, leaves).(*fast.Object), nil
}

func withLeaves(v any, leaves []any) any {
	switch v := v.(type) {
	case string:
		if i, err := strconv.Atoi(v); err == nil && i >= 0 && i < len(leaves) {
			return leaves[i]
		}
	case []any:
		for i, e := range v {
			v[i] = withLeaves(e, leaves)
		}
	case *fast.Object:
		for _, k := range v.Keys() {
			e, _ := v.Get(k)
			v.Set(k, withLeaves(e, leaves))
		}
	}
	return v
}

// hashes are the Config.Hash names accepted.
var hashes = map[string]func() hash.Hash{
	"md5": md5.New, "sha1": sha1.New, "sha256": sha256.New, "sha512": sha512.New,
}
