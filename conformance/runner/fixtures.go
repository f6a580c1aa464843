package runner

import (
	"io/fs"
	"os"
	"path/filepath"
	"time"
)

// FixtureTime is the modification time given to every fixture file and
// directory, so that Last-Modified and static ETags are the same on every
// machine (2024-01-02T03:04:05Z, 0x18cc820d888 ms).
var FixtureTime = time.Date(2024, 1, 2, 3, 4, 5, 0, time.UTC)

// CopyFixtures copies the tree src into dst (created) and pins every
// modification time to FixtureTime, directories last.
func CopyFixtures(src, dst string) error {
	var dirs []string
	err := filepath.WalkDir(src, func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		rel, err := filepath.Rel(src, p)
		if err != nil {
			return err
		}
		to := filepath.Join(dst, rel)
		if d.IsDir() {
			dirs = append(dirs, to)
			return os.MkdirAll(to, 0o755)
		}
		data, err := os.ReadFile(p)
		if err != nil {
			return err
		}
		if err := os.WriteFile(to, data, 0o644); err != nil {
			return err
		}
		return os.Chtimes(to, FixtureTime, FixtureTime)
	})
	if err != nil {
		return err
	}
	for i := len(dirs) - 1; i >= 0; i-- {
		if err := os.Chtimes(dirs[i], FixtureTime, FixtureTime); err != nil {
			return err
		}
	}
	return nil
}
