// Package router is the path matching of fast, a leaf that knows nothing of
// HTTP handlers: Compile turns an Express 4 path (path-to-regexp 0.1.x: a
// string with :params, optional parts, '*' and regular-expression
// characters, a *regexp.Regexp, or an array of both) into a Pattern that
// matches in linear time, and NewTable freezes an ordered stack of Layers
// (Express's router stack, generic over the caller's handle type) into a
// trie keyed by path segment that lists, in stack order, the layers that
// may match a path.
//
// A Pattern and a Table are immutable once built and safe for concurrent
// use; Match and Candidates write only to the slices the caller passes.
package router
