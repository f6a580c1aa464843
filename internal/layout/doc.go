// Package layout has no code: its tests enforce the module's import rules
// and that every exported identifier has a doc comment starting with its
// name.
package layout
