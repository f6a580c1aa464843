package bodyparser

import (
	"time"

	"github.com/fwgo/fw/fast"
)

// File is an uploaded file of req.files: the fields multiparty 3.3.2
// gives it in connect 2.30 (FieldName, OriginalFilename, Path, Headers,
// Size, Hash) with those connect adds (Name, Type) and formidable's
// LastModifiedDate, which the 3.x interface lists; Length, Filename and
// Mime are its getters. The file at Path stays after the request: the
// application moves or removes it (see RemoveFiles).
type File struct {
	// FieldName is the form field's name, as sent ("docs[readme]").
	FieldName string
	// OriginalFilename is the file name the client sent, without the
	// directories of a Windows path.
	OriginalFilename string
	// Name is OriginalFilename (connect's val.name).
	Name string
	// Type is the part's Content-Type, "" when it has none (null in
	// Express).
	Type string
	// Path is where the upload was written, in Config.UploadDir.
	Path string
	// Headers are the part's headers, names in lower case, in the order
	// they came (a repeated header keeps its last value).
	Headers *fast.Object
	// Size is the number of bytes written (decoded, for a base64 part).
	Size int64
	// Hash is the hex digest of the content with Config.Hash, else "".
	Hash string
	// LastModifiedDate is when the upload was completely written.
	LastModifiedDate time.Time
}

// Length is file.length, the Size.
func (f *File) Length() int64 { return f.Size }

// Filename is file.filename, the Name.
func (f *File) Filename() string { return f.Name }

// Mime is file.mime, the Type.
func (f *File) Mime() string { return f.Type }
