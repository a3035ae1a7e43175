import { describe, expect, it } from 'vitest'
import { DEFAULT_PATTERN_EDIT, encodeEditState } from './edit-state.ts'
import { createDraft, reduceDraft, type DraftAction, type OrderDraft } from './model.ts'
import { designOf, encodeDesign, openDesign, sameDesign, shareUrl } from './share-link.ts'
import { goodMeasurements, testContext } from './test-context.ts'

const context = testContext()
const run = (actions: DraftAction[]) =>
  actions.reduce((draft, action) => reduceDraft(draft, action, context), createDraft(context))

const designed = run([
  { type: 'setMeasurements', units: 'imperial', values: { height: '70', weight: '170' } },
  { type: 'paint', region: 'body', color: 'c9F' },
  { type: 'setOption', option: 'booties', on: true },
  { type: 'setAccent', accent: 'reflective' },
  { type: 'setQty', qty: 2 },
  { type: 'setCloudLite', on: true, key: 'cl-smoke' },
  { type: 'setSuperCustom', on: true },
  {
    type: 'setEditState',
    editState: encodeEditState({ ...DEFAULT_PATTERN_EDIT, pattern: 'dots', targets: ['body'] }),
  },
  { type: 'confirmDefaultColor', value: false },
])

/** Re-encodes a link's JSON with a correct checksum, as a deliberate tamperer would. */
function forge(edit: (design: Record<string, unknown>) => void, from: OrderDraft = designed) {
  const design = designOf(from) as unknown as Record<string, unknown>
  edit(design)
  const json = JSON.stringify(design)
  let hash = 0x811c9dc5
  for (let i = 0; i < json.length; i++) {
    hash ^= json.charCodeAt(i)
    hash = Math.imul(hash, 0x01000193) >>> 0
  }
  const body = btoa(json).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '')
  return `1.${body}.${hash.toString(36)}`
}

function opened(value: string) {
  const result = openDesign(value, context)
  if (!result.ok) throw new Error(result.message)
  return result.draft
}

describe('share links', () => {
  it('recreate the same design: every choice, price and validation', () => {
    const copy = opened(encodeDesign(designed))
    expect(sameDesign(copy, designed)).toBe(true)
    expect(copy.order).toEqual(designed.order)
    expect(copy.checkOrderValidationError).toEqual(designed.checkOrderValidationError)
    expect(copy).toMatchObject({
      qty: 2,
      isCloudLite: true,
      cloudLiteKey: 'cl-smoke',
      isSuperCustom: true,
      editState: designed.editState,
      patURL: '/images/patterns/dots.svg',
      confirmDefaultColor: false,
      userHasMadeChanges: true,
    })
  })

  it('recreate a standard size and an asymmetric design', () => {
    const asym = run([
      { type: 'selectVariant', sku: 'CORVID2-S' },
      { type: 'confirmSmallestSize', value: true },
      { type: 'setSuperAsym', on: true },
      { type: 'paint', region: 'arm-wing', side: 'r', color: 'r7C' },
      { type: 'setSuperDuperCustom', on: true },
    ])
    const copy = opened(encodeDesign(asym))
    expect(copy.order).toEqual(asym.order)
    expect(copy).toMatchObject({
      selectedVariant: 'CORVID2-S',
      confirmSmallestSize: true,
      isSuperAsym: true,
      isSuperDuperCustom: true,
    })
  })

  it('recreate valid made-to-measure designs exactly', () => {
    const measured = run([
      { type: 'setMeasurements', units: 'metric', values: { ...goodMeasurements } },
    ])
    expect(opened(encodeDesign(measured))).toEqual(
      expect.objectContaining({ order: measured.order, hasErrorValidation: false }),
    )
  })

  it('are URL-safe links to the product page', () => {
    const url = new URL(shareUrl('https://glidecraft.example', designed))
    expect(url.pathname).toBe('/wingsuits/corvid-2')
    expect(url.searchParams.get('design')).toBe(encodeDesign(designed))
    expect(encodeDesign(designed)).toMatch(/^1\.[A-Za-z0-9_-]+\.[a-z0-9]+$/)
  })

  const damaged = /damaged or was changed/

  it.each([
    ['an empty value', ''],
    ['garbage', 'hello'],
    ['a missing checksum', encodeDesign(designed).split('.').slice(0, 2).join('.')],
    ['one changed character', encodeDesign(designed).replace(/.(?=\.[a-z0-9]+$)/, 'A')],
    ['a cut-off link', encodeDesign(designed).slice(0, 40)],
    ['an extra part', `${encodeDesign(designed)}.x`],
    ['a huge value', `1.${'A'.repeat(5000)}.abc`],
    ['bad base64', '1.***.abc'],
  ])('refuse %s with a clear message', (_, value) => {
    expect(openDesign(value, context)).toEqual({
      ok: false,
      message: expect.stringMatching(damaged),
    })
  })

  it('refuse a link from a newer version of the store', () => {
    const value = encodeDesign(designed).replace(/^1\./, '2.')
    expect(openDesign(value, context)).toEqual({
      ok: false,
      message: expect.stringMatching(/newer version/),
    })
  })

  it('refuse a link made for another product', () => {
    const result = openDesign(
      forge((d) => (d.product = 'a5')),
      context,
    )
    expect(result).toEqual({ ok: false, message: expect.stringMatching(/another product \(a5\)/) })
  })

  it.each<[string, (d: Record<string, unknown>) => void, RegExp]>([
    ['an unknown colour', (d) => (d.colors = { body: 'z9Z' }), /no longer offers/],
    ['an unknown part', (d) => (d.colors = { tail: 'r7C' }), /no longer offers/],
    ['a side on a symmetric design', (d) => (d.colors = { 'body.l': 'r7C' }), damaged],
    ['an unknown size', (d) => (d.variant = 'CORVID2-XXL'), /no longer offers/],
    ['an unknown option', (d) => (d.options = ['jetpack']), /no longer offers/],
    ['an unknown accent', (d) => (d.accent = 'gold'), /no longer offers/],
    ['an unknown fabric', (d) => (d.cloudLiteKey = 'silk'), /no longer offers/],
    ['a quantity of 0', (d) => (d.qty = 0), damaged],
    ['a quantity as text', (d) => (d.qty = '2'), damaged],
    ['a broken pattern', (d) => (d.editState = 'x'), damaged],
    ['both custom upgrades', (d) => (d.superDuperCustom = true), damaged],
    ['a flag that is not a boolean', (d) => (d.asym = 'yes'), damaged],
    ['an unknown measurement', (d) => (d.measurements = { wingspan: '3' }), damaged],
    ['an overlong measurement', (d) => (d.measurements = { height: '1'.repeat(40) }), damaged],
    ['not an object', (d) => Object.assign(d, { colors: [] }), damaged],
  ])('refuse a link with %s and apply nothing', (_, edit, message) => {
    expect(openDesign(forge(edit), context)).toEqual({
      ok: false,
      message: expect.stringMatching(message),
    })
  })

  it('refuse upgrades the product does not offer', () => {
    const plain = testContext()
    plain.product.configurator = { ...plain.product.configurator, superCustom: null }
    expect(openDesign(encodeDesign(designed), plain)).toEqual({
      ok: false,
      message: expect.stringMatching(/super custom/),
    })
  })
})
