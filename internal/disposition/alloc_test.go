//go:build !race

package disposition

import "testing"

func TestAttachmentAllocatesOnce(t *testing.T) {
	if n := testing.AllocsPerRun(200, func() { _ = Attachment("/files/report-2024.pdf") }); n != 1 {
		t.Errorf("Attachment allocates %v times per call, want 1", n)
	}
	if n := testing.AllocsPerRun(200, func() { _, _ = FormatType("inline") }); n != 0 {
		t.Errorf("FormatType allocates %v times per call", n)
	}
}
