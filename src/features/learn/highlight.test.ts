import { describe, expect, it } from 'vitest'
import { splitHighlights } from './highlight.ts'

describe('splitHighlights', () => {
  it('marks whole matched words, whatever their case, and keeps the text intact', () => {
    const parts = splitHighlights('Packing a BASE canopy, step by step.', ['packing', 'canopy'])
    expect(parts).toEqual([
      { text: 'Packing', match: true },
      { text: ' a BASE ', match: false },
      { text: 'canopy', match: true },
      { text: ', step by step.', match: false },
    ])
    expect(parts.map((p) => p.text).join('')).toBe('Packing a BASE canopy, step by step.')
  })

  it('does not mark a term inside a longer word', () => {
    expect(splitHighlights('Canopies and a canopy', ['canopy'])).toEqual([
      { text: 'Canopies and a ', match: false },
      { text: 'canopy', match: true },
    ])
  })

  it('splits at punctuation as the search tokenizer does', () => {
    expect(splitHighlights('Wingsuit-flying (basics)', ['flying', 'basics'])).toEqual([
      { text: 'Wingsuit-', match: false },
      { text: 'flying', match: true },
      { text: ' (', match: false },
      { text: 'basics', match: true },
      { text: ')', match: false },
    ])
  })

  it('returns the text as one unmarked run when nothing matches', () => {
    expect(splitHighlights('Reading the wind', [])).toEqual([
      { text: 'Reading the wind', match: false },
    ])
    expect(splitHighlights('', ['wind'])).toEqual([])
  })
})
