// Package search is the site search: an index of every public page and
// item in every language, kept current with the content, and the API that
// queries it (GET /api/search).
//
// It is built on Bleve (github.com/blevesearch/bleve/v2): a search engine
// that runs inside the server, so no third party sees what visitors look
// for and no other service has to be run and kept in step; it analyses each
// language with its own stemmer and stop words, normalizes Arabic, and
// holds the index in memory, so each replica builds its own from the
// content it already follows and nothing is shared between replicas but
// the store.
package search
