package runner

import "strings"

// CleanHead applies to a cleaned answer to a HEAD request what Clean did
// to the cleaned answer get to the same request sent as GET, and returns
// the result (head is not modified).
//
// A HEAD answer carries the headers of the GET's page without its body, so
// Clean cannot cut the stack trace of a development error page out of it:
// its Content-Length still counts the whole stack, which differs between
// Express and fast (different frames), while the GET's reads Reduced. The
// rule is the GET's: when Clean cut a stack from get (its Content-Length,
// or its ETag for a view's page, reads Reduced) and head describes the same
// page (same status and Content-Type), head's Content-Length (and ETag)
// read Reduced too. Any other head is returned as it is, so a HEAD whose
// page has no stack keeps its Content-Length compared. head or get nil
// (no answer) leaves head as it is.
func CleanHead(head, get *Response) *Response {
	if head == nil || get == nil || head.Status != get.Status {
		return head
	}
	hct, _ := head.Header("Content-Type")
	gct, _ := get.Header("Content-Type")
	if hct != gct {
		return head
	}
	gcl, _ := get.Header("Content-Length")
	getag, _ := get.Header("ETag")
	if gcl != Reduced && getag != Reduced {
		return head
	}
	out := *head
	out.Headers = make([][2]string, len(head.Headers))
	for i, h := range head.Headers {
		switch {
		case strings.EqualFold(h[0], "Content-Length") && gcl == Reduced,
			strings.EqualFold(h[0], "ETag") && getag == Reduced:
			h[1] = Reduced
		}
		out.Headers[i] = h
	}
	return &out
}
