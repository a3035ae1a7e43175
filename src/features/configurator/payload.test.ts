import { describe, expect, it } from 'vitest'
import { AddToOrderRequest } from '../../../contract/configurator.ts'
import { drawingPaint, unknownColorHex } from './drawing-paint.ts'
import { DEFAULT_PATTERN_EDIT, encodeEditState } from './edit-state.ts'
import { createDraft, reduceDraft, type DraftAction, type OrderDraft } from './model.ts'
import { buildAddToOrder, designOrder, draftFromOrder, InvalidDraftError } from './payload.ts'
import { goodMeasurements, testContext } from './test-context.ts'

const context = testContext()
const run = (actions: DraftAction[]) =>
  actions.reduce((draft, action) => reduceDraft(draft, action, context), createDraft(context))

describe('buildAddToOrder', () => {
  it('turns a standard-size draft into sku, a numeric qty, every colour and no children', () => {
    const payload = buildAddToOrder(
      run([
        { type: 'selectVariant', sku: 'CORVID2-M' },
        { type: 'paint', region: 'body', color: 'r7C' },
        { type: 'setQty', qty: 2 },
      ]),
      context,
    )
    expect(payload).toEqual({
      sku: 'CORVID2-M',
      qty: 2,
      meta: [
        { key: 'color.body', value: 'r7C' },
        { key: 'color.arm-wing', value: 'k1A' },
        { key: 'color.leg-wing', value: 'n4D' },
        { key: 'size', value: 'M' },
        { key: 'accent', value: 'none' },
        { key: 'total_price', value: '378000' },
      ],
      child: [],
    })
    expect(AddToOrderRequest.parse(payload)).toEqual(payload)
  })

  it('carries measurements, options, upgrades and the super custom design as a child line', () => {
    const editState = encodeEditState({
      ...DEFAULT_PATTERN_EDIT,
      pattern: 'chevron',
      targets: ['arm-wing'],
    })
    const payload = buildAddToOrder(
      run([
        { type: 'setMeasurements', units: 'metric', values: { height: goodMeasurements.height } },
        ...Object.entries(goodMeasurements).map(
          ([field, value]) => ({ type: 'setMeasurement', field, value }) as DraftAction,
        ),
        { type: 'setOption', option: 'booties', on: true },
        { type: 'setAccent', accent: 'reflective' },
        { type: 'setCloudLite', on: true, key: 'cl-smoke' },
        { type: 'setSuperAsym', on: true },
        { type: 'paint', region: 'body', side: 'l', color: 'w1A' },
        { type: 'setSuperCustom', on: true },
        { type: 'setEditState', editState },
      ]),
      context,
    )
    expect(payload.sku).toBe('CORVID2-CUSTOM')
    expect(payload.qty).toBe(1)
    const meta = Object.fromEntries(payload.meta.map((m) => [m.key, m.value]))
    expect(meta).toMatchObject({
      'color.body.l': 'w1A',
      'color.body.r': 'n4D',
      'color.arm-wing.l': 'k1A',
      'measurement.units': 'metric',
      'measurement.height': '178',
      'measurement.armSpan': '180',
      'option.booties': 'on',
      accent: 'reflective',
      cloud_lite_key: 'cl-smoke',
      super_asym: 'on',
      total_price: String(224000 + 9000 + 4000 + 15000 + 20000 + 35000),
    })
    expect(meta).not.toHaveProperty('pc_edit_state')
    expect(payload.child).toEqual([
      {
        sku: 'SUPERCUSTOM-WS',
        qty: 1,
        meta: [
          { key: 'child_super_custom_check', value: 'on' },
          { key: 'pc_edit_state', value: editState },
          { key: 'pc_pattern_url', value: '/images/patterns/chevron.svg' },
        ],
      },
    ])
    expect(AddToOrderRequest.safeParse(payload).success).toBe(true)
  })

  it('makes a super duper custom design its own child without the super custom check', () => {
    const editState = encodeEditState({
      ...DEFAULT_PATTERN_EDIT,
      pattern: 'fade',
      targets: ['body'],
    })
    const payload = buildAddToOrder(
      run([
        { type: 'selectVariant', sku: 'CORVID2-M' },
        { type: 'setSuperDuperCustom', on: true },
        { type: 'setEditState', editState },
      ]),
      context,
    )
    expect(payload.child).toEqual([
      {
        sku: 'SUPERDUPERCUSTOM-WS',
        qty: 1,
        meta: [
          { key: 'pc_edit_state', value: editState },
          { key: 'pc_pattern_url', value: '/images/patterns/fade.svg' },
        ],
      },
    ])
  })

  it('refuses a draft that is not valid, naming what is wrong', () => {
    const draft = run([{ type: 'selectVariant', sku: 'CORVID2-S' }])
    expect(() => buildAddToOrder(draft, context)).toThrow(InvalidDraftError)
    expect(() => buildAddToOrder(draft, context)).toThrow(/smallest size/)
  })
})

describe('designOrder', () => {
  const superCustom = encodeEditState({
    ...DEFAULT_PATTERN_EDIT,
    pattern: 'chevron',
    targets: ['body'],
  })

  it('shows a line waiting on this device in the words the cart uses once the shop has it', () => {
    const { request, line } = designOrder(
      run([
        { type: 'selectVariant', sku: 'CORVID2-M' },
        { type: 'setSuperAsym', on: true },
        { type: 'paint', region: 'body', side: 'l', color: 'w1A' },
        { type: 'paint', region: 'arm-wing', color: 'c9F' },
        { type: 'setOption', option: 'booties', on: true },
        { type: 'setAccent', accent: 'reflective' },
        { type: 'setCloudLite', on: true, key: 'cl-smoke' },
        { type: 'setSuperCustom', on: true },
        { type: 'setEditState', editState: superCustom },
        { type: 'setQty', qty: 2 },
      ]),
      context,
    )
    expect(line.summary).toEqual([
      'Size: M',
      'Colours: Body Chalk white / Deep navy, Arm wings Fluoro cyan, Leg wing Deep navy',
      'Options: Booties',
      'Accent: Reflective',
      'Cloud lite: Smoke',
      'Asymmetric',
      'Super custom design',
    ])
    expect(line).toMatchObject({ name: 'Corvid 2', variantName: 'Corvid 2, size M' })
    expect(line.unitPrice * request.qty).toBe(
      Number(request.meta.find((m) => m.key === 'total_price')?.value),
    )
  })

  it('says "Made to measure" for a measured suit, and no accent when none was chosen', () => {
    const { line } = designOrder(
      run([
        { type: 'setMeasurements', units: 'metric', values: goodMeasurements },
        { type: 'paint', region: 'leg-wing', color: 'm1S' },
      ]),
      context,
    )
    expect(line.summary).toEqual([
      'Made to measure',
      'Colours: Body Deep navy, Arm wings Jet black, Leg wing Silver',
    ])
  })
})

describe('draftFromOrder', () => {
  const chevronOnArms = encodeEditState({
    ...DEFAULT_PATTERN_EDIT,
    pattern: 'chevron',
    colors: ['r7C', 'w1A'],
    targets: ['arm-wing'],
  })
  const designs: Record<string, DraftAction[]> = {
    'a sized suit in the default colours': [{ type: 'selectVariant', sku: 'CORVID2-M' }],
    'a sized suit with colours, an option and an accent': [
      { type: 'selectVariant', sku: 'CORVID2-M' },
      { type: 'paint', region: 'body', color: 'r7C' },
      { type: 'paint', region: 'leg-wing', color: 'c9F' },
      { type: 'setOption', option: 'booties', on: true },
      { type: 'setOption', option: 'no-logo', on: true },
      { type: 'setAccent', accent: 'reflective' },
      { type: 'setQty', qty: 3 },
    ],
    'an asymmetric measured suit in cloud lite': [
      { type: 'setMeasurements', units: 'metric', values: { ...goodMeasurements } },
      { type: 'setSuperAsym', on: true },
      { type: 'paint', region: 'body', side: 'l', color: 'w1A' },
      { type: 'paint', region: 'body', side: 'r', color: 'm1S' },
      { type: 'paint', region: 'arm-wing', side: 'r', color: 'r7C' },
      { type: 'setCloudLite', on: true, key: 'cl-smoke' },
    ],
    'a super custom pattern': [
      { type: 'selectVariant', sku: 'CORVID2-S' },
      { type: 'confirmSmallestSize', value: true },
      { type: 'paint', region: 'body', color: 'k1A' },
      { type: 'setSuperCustom', on: true },
      { type: 'setEditState', editState: chevronOnArms },
    ],
    'a super duper custom pattern on an asymmetric suit': [
      { type: 'selectVariant', sku: 'CORVID2-L' },
      { type: 'setSuperAsym', on: true },
      { type: 'paint', region: 'leg-wing', side: 'l', color: 'c9F' },
      { type: 'setSuperDuperCustom', on: true },
      { type: 'setEditState', editState: chevronOnArms },
    ],
  }
  const roundTrip = (draft: OrderDraft) => {
    const { request } = designOrder(draft, context)
    // As the cart holds it: the shop keeps no total, and may keep the keys in another order.
    const kept = {
      ...request,
      meta: request.meta.filter((m) => m.key !== 'total_price').reverse(),
    }
    return { request, back: draftFromOrder(kept, context) }
  }

  for (const [name, actions] of Object.entries(designs))
    it(`reads ${name} back into a draft that draws and orders the same`, () => {
      const draft = run(actions)
      const { request, back } = roundTrip(draft)
      expect(drawingPaint(back, context, 'p')).toEqual(drawingPaint(draft, context, 'p'))
      expect(buildAddToOrder(back, context)).toEqual(request)
    })

  it('draws a colour the palette no longer has as unknown, not as the region’s default', () => {
    const { request } = designOrder(run([{ type: 'selectVariant', sku: 'CORVID2-M' }]), context)
    const meta = request.meta.map((m) => (m.key === 'color.body' ? { ...m, value: 'z9Z' } : m))
    const fills = drawingPaint(draftFromOrder({ ...request, meta }, context), context, 'p').fills
    expect(fills['body-l']).toBe(unknownColorHex)
    expect(fills['body-r']).toBe(unknownColorHex)
  })
})
