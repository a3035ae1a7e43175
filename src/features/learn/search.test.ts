import { describe, expect, it } from 'vitest'
import type { LearnSearchDocument } from '../../../contract/page-data/learn.ts'
import { createLearnIndex, indexOptions, processTerm, searchLearn } from './search.ts'

const doc = (slug: string, title: string, text: string, summary = 'A guide.') =>
  ({ slug, title, summary, topic: 'flying', text }) satisfies LearnSearchDocument

const index = createLearnIndex([
  doc('packing-a-base-canopy', 'Packing a BASE canopy', 'Flake the cells and check the lines.'),
  doc('canopy-flight', 'Canopy flight basics', 'Flying your canopy after opening, and packing up.'),
  doc('weather', 'Weather and wind', 'Read the forecast and the wind at the exit point.'),
  doc('altimeters', 'Altimeters and audibles', 'Set your audible before boarding.'),
])

const slugs = (query: string) => searchLearn(index, query).map((hit) => hit.slug)

describe('the search options', () => {
  it('index the title, summary and text, boost the title and match prefixes and typos', () => {
    expect(indexOptions.fields).toEqual(['title', 'summary', 'text'])
    expect(indexOptions.searchOptions).toMatchObject({ prefix: true, fuzzy: 0.2 })
    expect(indexOptions.searchOptions?.boost?.title).toBeGreaterThan(
      indexOptions.searchOptions?.boost?.summary ?? 1,
    )
  })

  it('drop common words and ignore case', () => {
    expect(processTerm('The')).toBeNull()
    expect(processTerm('Canopy')).toBe('canopy')
  })
})

describe('searchLearn', () => {
  it('ranks a title match above a body match', () => {
    expect(slugs('packing')).toEqual(['packing-a-base-canopy', 'canopy-flight'])
  })

  it('matches the start of a word as the reader types', () => {
    expect(slugs('altim')).toEqual(['altimeters'])
  })

  it('forgives a typo in a longer word', () => {
    expect(slugs('wether')).toEqual(['weather'])
  })

  it('wants every word, and falls back to any word when no article has them all', () => {
    expect(slugs('packing a canopy')).toEqual(['packing-a-base-canopy', 'canopy-flight'])
    expect(slugs('canopy forecast')).toEqual(
      expect.arrayContaining(['weather', 'packing-a-base-canopy', 'canopy-flight']),
    )
  })

  it('reports the words that matched, to highlight', () => {
    const [hit] = searchLearn(index, 'pack canop')
    expect(hit?.terms).toEqual(expect.arrayContaining(['packing', 'canopy']))
  })

  it('finds nothing for only common words', () => {
    expect(slugs('the')).toEqual([])
  })
})
