import { describe, expect, it } from 'vitest'
import { refusalNoticeText, refusalSentence, type CartRefusal } from './refusal-text.ts'

const bagGone: CartRefusal = {
  action: 'update-qty',
  name: 'Mission bag',
  message: 'This line is no longer in your cart.',
}
const suitWithdrawn: CartRefusal = {
  action: 'add',
  name: 'Corvid 2',
  message: 'This product is no longer sold.',
}

describe('refusalSentence', () => {
  it('names the change and gives the server’s own words', () => {
    expect(refusalSentence(suitWithdrawn)).toBe(
      'Corvid 2 could not be added: This product is no longer sold.',
    )
    expect(refusalSentence(bagGone)).toBe(
      'The quantity of Mission bag could not be changed: This line is no longer in your cart.',
    )
    expect(
      refusalSentence({ action: 'add-discount', name: 'SPRING10', message: 'Unknown code.' }),
    ).toBe('The code SPRING10 could not be applied: Unknown code.')
    expect(
      refusalSentence({ action: 'set-merged-notified', name: '', message: 'No open order.' }),
    ).toBe('Your cart could not be updated: No open order.')
  })
})

describe('refusalNoticeText', () => {
  it('has nothing to say without refusals', () => {
    expect(refusalNoticeText([])).toBeNull()
  })

  it('tells one refusal in full, with no count', () => {
    expect(refusalNoticeText([bagGone])).toEqual({
      heading: null,
      sentence:
        'The quantity of Mission bag could not be changed: This line is no longer in your cart.',
    })
  })

  it('counts several and names the oldest, the one its Dismiss dismisses', () => {
    expect(refusalNoticeText([suitWithdrawn, bagGone])).toEqual({
      heading: '2 changes to your cart were refused.',
      sentence: 'Corvid 2 could not be added: This product is no longer sold.',
    })
  })
})
