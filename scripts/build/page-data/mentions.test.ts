import { describe, expect, it } from 'vitest'
import { mentionedNames } from './mentions.ts'

const names = ['Corvid', 'Corvid 2', 'A5', 'Swift']

describe('mentionedNames', () => {
  it('finds whole-word mentions, case-insensitively', () => {
    expect(mentionedNames('She flies an a5 and a swift.', names)).toEqual(new Set(['A5', 'Swift']))
  })

  it('does not match inside other words or numbers', () => {
    expect(mentionedNames('Swiftly past the A50 marker', names)).toEqual(new Set())
  })

  it('counts a longer name once, not also the shorter name inside it', () => {
    expect(mentionedNames('My Corvid 2 is new.', names)).toEqual(new Set(['Corvid 2']))
    expect(mentionedNames('From the Corvid to the Corvid 2.', names)).toEqual(
      new Set(['Corvid', 'Corvid 2']),
    )
  })
})
