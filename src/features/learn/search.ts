import MiniSearch, { type Options, type SearchOptions } from 'minisearch'
import type { LearnSearchDocument } from '../../../contract/page-data/learn.ts'

/*
 * Full-text search of the learning articles, in the browser: the index is built from the
 * search page's data file, so it answers offline as soon as that file is cached. MiniSearch is
 * imported only here, and only the search route imports this module.
 */

/** Words too common to tell articles apart; dropped from the index and from queries. */
const stopWords = new Set([
  'a',
  'an',
  'and',
  'are',
  'as',
  'at',
  'be',
  'by',
  'do',
  'for',
  'from',
  'how',
  'i',
  'in',
  'is',
  'it',
  'my',
  'of',
  'on',
  'or',
  'the',
  'to',
  'what',
  'when',
  'with',
  'you',
  'your',
])

export function processTerm(term: string): string | null {
  const lower = term.toLowerCase()
  return lower === '' || stopWords.has(lower) ? null : lower
}

/**
 * A title hit counts most, then the summary. Prefix matching finds "pack" in "packing" as the
 * reader types; fuzzy matching forgives a typo in a longer word (one edit in five letters).
 */
export const searchOptions: SearchOptions = {
  boost: { title: 3, summary: 1.5 },
  prefix: true,
  fuzzy: 0.2,
  combineWith: 'AND',
}

export const indexOptions: Options<LearnSearchDocument> = {
  idField: 'slug',
  fields: ['title', 'summary', 'text'],
  processTerm,
  searchOptions,
}

export type LearnIndex = MiniSearch<LearnSearchDocument>

export function createLearnIndex(articles: LearnSearchDocument[]): LearnIndex {
  const index = new MiniSearch(indexOptions)
  index.addAll(articles)
  return index
}

export interface LearnHit {
  slug: string
  /** The indexed words that matched, to highlight. */
  terms: string[]
}

/**
 * The articles that match every word of the query, best first; when none matches them all,
 * those that match any, so a reader who adds one word too many still sees something.
 */
export function searchLearn(index: LearnIndex, query: string): LearnHit[] {
  let results = index.search(query)
  if (results.length === 0) results = index.search(query, { combineWith: 'OR' })
  return results.map((result) => ({ slug: String(result.id), terms: result.terms }))
}
