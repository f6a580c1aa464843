// Package layout has no code: its tests enforce the module's import rules.
package layout
