import { describe, expect, it } from 'vitest'
import type { CodeDetail } from '../../api/codes.ts'
import {
  createBodyOf,
  editBodyOf,
  emptyForm,
  formOf,
  isoOfLocalInput,
  localInputOf,
  usesText,
  valueText,
} from './code-model.ts'

const code: CodeDetail = {
  id: 'c-1',
  code: 'SPRING',
  description: 'Spring sale',
  kind: 'fixed',
  value: 550,
  startsAt: '2027-03-01T08:00:30.000Z',
  expiresAt: null,
  usageLimit: null,
  usedCount: 0,
  productFamilies: ['wingsuits', 'bags'],
  productSlugs: ['corvid-2'],
  excludesUpgrades: false,
  combinable: true,
  state: 'scheduled',
  uses: [],
  hasMoreUses: false,
  audit: [],
}

describe('the date fields', () => {
  it('show an instant on this device’s clock and read it back as the same instant', () => {
    const shown = localInputOf('2027-06-01T09:30:00.000Z')
    expect(shown).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d$/)
    expect(isoOfLocalInput(shown)).toBe('2027-06-01T09:30:00.000Z')
  })

  it('read empty as null and anything else as not a time', () => {
    expect(isoOfLocalInput('  ')).toBeNull()
    expect(isoOfLocalInput('tomorrow')).toBeUndefined()
    expect(isoOfLocalInput('2027-13-45T99:00')).toBeUndefined()
  })
})

describe('a new code’s body', () => {
  it('reads an amount in the shop’s currency as minor units, and no limit as null', () => {
    const read = createBodyOf({ ...emptyForm(), code: 'x1', kind: 'fixed', value: '5,50' })
    expect(read).toMatchObject({ ok: true, body: { code: 'x1', value: 550, usage_limit: null } })
  })

  it('names each field it cannot read, as the server’s 422 would', () => {
    const read = createBodyOf({
      ...emptyForm(),
      value: '12.5',
      usageLimit: 'ten',
      expiresAt: 'soon',
    })
    expect(read.ok).toBe(false)
    if (!read.ok)
      expect(Object.keys(read.problems).sort()).toEqual(['expiresAt', 'usageLimit', 'value'])
  })
})

describe('an edit’s body', () => {
  it('is empty when the form is as the code was, seconds of its start included', () => {
    expect(editBodyOf(formOf(code), code)).toEqual({ ok: true, body: {} })
  })

  it('holds only what changed, the kind and value together, and null for a cleared start', () => {
    const form = { ...formOf(code), value: '6', startsAt: '', families: ['bags' as const] }
    expect(editBodyOf(form, code)).toEqual({
      ok: true,
      body: { kind: 'fixed', value: 600, starts_at: null, product_families: ['bags'] },
    })
  })

  it('sends lists as sets: the same slugs in another order are no change', () => {
    const form = { ...formOf(code), families: ['bags' as const, 'wingsuits' as const] }
    expect(editBodyOf(form, code)).toEqual({ ok: true, body: {} })
  })
})

describe('how a code reads', () => {
  it('says what it takes and its uses against its limit', () => {
    expect(valueText(code)).toBe('$5.50 off')
    expect(valueText({ kind: 'percent', value: 15 })).toBe('15 % off')
    expect(usesText({ usedCount: 1, usageLimit: 1 })).toBe('1 of 1 use')
    expect(usesText({ usedCount: 2, usageLimit: null })).toBe('2 uses, no limit')
  })
})
