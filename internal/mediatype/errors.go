package mediatype

// Error is a TypeError thrown by content-type 1.0.5; its text is the
// module's message, so that error pages match Express's.
type Error string

// Error returns the message.
func (e Error) Error() string { return string(e) }

// The TypeErrors of content-type 1.0.5.
const (
	// ErrArgumentRequired: Parse was given an empty string.
	ErrArgumentRequired Error = "argument string is required"
	// ErrInvalidMediaType: the text before the first ';' is not type/subtype.
	ErrInvalidMediaType Error = "invalid media type"
	// ErrInvalidParameterFormat: the parameters do not parse.
	ErrInvalidParameterFormat Error = "invalid parameter format"
	// ErrInvalidType: Format was given a type that is not type/subtype.
	ErrInvalidType Error = "invalid type"
	// ErrInvalidParameterName: Format was given a parameter name that is not a token.
	ErrInvalidParameterName Error = "invalid parameter name"
	// ErrInvalidParameterValue: Format was given a value with a control or non-Latin-1 byte.
	ErrInvalidParameterValue Error = "invalid parameter value"
)
