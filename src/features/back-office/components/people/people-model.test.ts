import { describe, expect, it } from 'vitest'
import { bpOfPercentInput, percentOfBp } from './people-model.ts'

describe('a rate typed in percent', () => {
  it('is sent in basis points', () => {
    expect(bpOfPercentInput('12.5')).toEqual({ ok: true, rateBp: 1250 })
    expect(bpOfPercentInput(' 12,5 % ')).toEqual({ ok: true, rateBp: 1250 })
    expect(bpOfPercentInput('0')).toEqual({ ok: true, rateBp: 0 })
    expect(bpOfPercentInput('50')).toEqual({ ok: true, rateBp: 5000 })
    expect(bpOfPercentInput('7.05')).toEqual({ ok: true, rateBp: 705 })
  })

  it('is refused above 50 %, below 0, past two decimals, or not a number', () => {
    for (const typed of ['50.01', '-1', '12.345', 'ten', '', '1e2'])
      expect(bpOfPercentInput(typed).ok, typed).toBe(false)
  })

  it('reads back as the owner typed it', () => {
    expect(percentOfBp(1250)).toBe('12.5 %')
    expect(percentOfBp(1000)).toBe('10 %')
    expect(percentOfBp(705)).toBe('7.05 %')
  })
})
