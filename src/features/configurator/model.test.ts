import { describe, expect, it } from 'vitest'
import { DEFAULT_EDIT_STATE, encodeEditState, DEFAULT_PATTERN_EDIT } from './edit-state.ts'
import {
  CHILD_SUPER_CUSTOM_CHECK,
  createDraft,
  derive,
  PC_EDIT_STATE,
  PC_PATTERN_URL,
  priceLines,
  reduceDraft,
  reviveDraft,
  TOTAL_PRICE,
  upgradeAction,
  upgradeKeys,
  upgradesOf,
  type DraftAction,
  type DraftContext,
  type OrderDraft,
} from './model.ts'
import { goodMeasurements, testContext } from './test-context.ts'

const context = testContext()

function run(actions: DraftAction[], ctx: DraftContext = context, from?: OrderDraft): OrderDraft {
  return actions.reduce(
    (draft, action) => reduceDraft(draft, action, ctx),
    from ?? createDraft(ctx),
  )
}

const measured: DraftAction[] = [
  { type: 'setMeasurements', units: 'metric', values: { ...goodMeasurements } },
]

const stripes = encodeEditState({
  ...DEFAULT_PATTERN_EDIT,
  pattern: 'stripes',
  colors: ['r7C', 'w1A'],
  targets: ['arm-wing'],
})

describe('a new draft', () => {
  const draft = createDraft(context)

  it('has every default a new draft starts from', () => {
    expect(draft).toMatchObject({
      id: 'order_corvid-2',
      productKey: 'corvid-2',
      qty: 1,
      orderAccent: 'none',
      confirmDefaultColor: true,
      confirmSmallestSize: false,
      patURL: '',
      editState: DEFAULT_EDIT_STATE,
      pccolrId: 'n4D',
      colorType: 'standard',
      isCloudLite: false,
      cloudLiteKey: null,
      isSuperCustom: false,
      isSuperDuperCustom: false,
      isSuperAsym: false,
      svgIdsToHide: [],
      svgIdsToShow: ['logo'],
      userHasMadeChanges: false,
      submitOrder: false,
      error: {},
      leadTime: 8,
    })
    expect(draft.productVariants.map((v) => v.sku)).toEqual([
      'CORVID2-S',
      'CORVID2-M',
      'CORVID2-L',
      'CORVID2-CUSTOM',
    ])
    expect(draft.itemMetaData).toEqual({
      slug: 'corvid-2',
      name: 'Corvid 2',
      path: '/wingsuits/corvid-2',
      sku: 'CORVID-2',
      currency: 'USD',
      image: { src: '/images/products/corvid-2.svg', alt: 'Corvid 2' },
    })
  })

  it('selects the variant whose sku contains -CUSTOM automatically', () => {
    expect(draft.selectedVariant).toBe('CORVID2-CUSTOM')
  })

  it('selects nothing when no variant is custom, and says a size must be chosen', () => {
    const ctx = testContext({
      variants: [{ sku: 'X-M', name: 'M', price: 100, inStock: true }],
      sizes: ['M'],
    })
    const fresh = createDraft(ctx)
    expect(fresh.selectedVariant).toBeNull()
    expect(fresh.checkOrderValidationError.selectedVariant).toBe(
      'Choose a size, or made to measure.',
    )
  })

  it('is priced at the custom variant and cannot be ordered before measurements are given', () => {
    expect(draft.order[TOTAL_PRICE]).toBe(224000)
    expect(draft.hasErrorValidation).toBe(true)
    expect(draft.disabledAddToCart).toBe(true)
    expect(draft.checkOrderValidationError['measurement.height']).toBeTruthy()
  })
})

describe('reduceDraft', () => {
  it('records that the customer made changes', () => {
    expect(run([{ type: 'setAccent', accent: 'reflective' }]).userHasMadeChanges).toBe(true)
  })

  it('leaves the draft untouched for a part, option or variant the product does not have', () => {
    const draft = createDraft(context)
    expect(reduceDraft(draft, { type: 'paint', region: 'tail', color: 'r7C' }, context)).toBe(draft)
    expect(reduceDraft(draft, { type: 'setOption', option: 'jetpack', on: true }, context)).toBe(
      draft,
    )
    expect(reduceDraft(draft, { type: 'selectVariant', sku: 'NOPE' }, context)).toBe(draft)
  })

  it('paints a region and remembers the colour and its type as pccolrId and colorType', () => {
    const draft = run([{ type: 'paint', region: 'arm-wing', color: 'c9F' }])
    expect(draft.order['color.arm-wing']).toBe('c9F')
    expect(draft.pccolrId).toBe('c9F')
    expect(draft.colorType).toBe('fluoro')
  })

  it('shows and hides drawing parts for the chosen options', () => {
    const draft = run([
      { type: 'setOption', option: 'booties', on: true },
      { type: 'setOption', option: 'no-logo', on: true },
    ])
    expect(draft.svgIdsToShow).toEqual(['booties'])
    expect(draft.svgIdsToHide).toEqual(['logo'])
    const off = run(
      [
        { type: 'setOption', option: 'booties', on: false },
        { type: 'setOption', option: 'no-logo', on: false },
      ],
      context,
      draft,
    )
    expect(off.svgIdsToShow).toEqual(['logo'])
    expect(off.svgIdsToHide).toEqual([])
    expect(off.order['option.booties']).toBeUndefined()
  })

  it('writes the size of a standard variant into the order and drops it for made to measure', () => {
    const m = run([{ type: 'selectVariant', sku: 'CORVID2-M' }])
    expect(m.order.size).toBe('M')
    const custom = run([{ type: 'selectVariant', sku: 'CORVID2-CUSTOM' }], context, m)
    expect(custom.order.size).toBeUndefined()
  })

  it('splits colours into halves for an asymmetric design and joins them again', () => {
    const asym = run([
      { type: 'paint', region: 'body', color: 'r7C' },
      { type: 'setSuperAsym', on: true },
      { type: 'paint', region: 'body', side: 'r', color: 'w1A' },
    ])
    expect(asym.order['color.body.l']).toBe('r7C')
    expect(asym.order['color.body.r']).toBe('w1A')
    expect(asym.order['color.body']).toBeUndefined()
    const joined = run([{ type: 'setSuperAsym', on: false }], context, asym)
    expect(joined.order['color.body']).toBe('r7C')
    expect(joined.order['color.body.l']).toBeUndefined()
  })

  it('paints both halves when no side is given on an asymmetric design', () => {
    const draft = run([
      { type: 'setSuperAsym', on: true },
      { type: 'paint', region: 'leg-wing', color: 'k1A' },
    ])
    expect(draft.order['color.leg-wing.l']).toBe('k1A')
    expect(draft.order['color.leg-wing.r']).toBe('k1A')
  })

  it('chooses the first cloud lite fabric when none is given, and forgets it when turned off', () => {
    const on = run([{ type: 'setCloudLite', on: true }])
    expect(on.isCloudLite).toBe(true)
    expect(on.cloudLiteKey).toBe('cl-white')
    const other = run([{ type: 'setCloudLite', on: true, key: 'cl-smoke' }], context, on)
    expect(other.cloudLiteKey).toBe('cl-smoke')
    const off = run([{ type: 'setCloudLite', on: false }], context, other)
    expect(off).toMatchObject({ isCloudLite: false, cloudLiteKey: null })
  })

  it('ignores upgrades the product does not offer', () => {
    const ctx = testContext()
    ctx.product.configurator = {
      ...ctx.product.configurator,
      superCustom: null,
      cloudLite: null,
      superAsym: null,
    }
    const draft = createDraft(ctx)
    for (const action of [
      { type: 'setSuperCustom', on: true },
      { type: 'setCloudLite', on: true },
      { type: 'setSuperAsym', on: true },
    ] as DraftAction[])
      expect(reduceDraft(draft, action, ctx)).toBe(draft)
  })
})

describe('super custom', () => {
  const designed = run([
    { type: 'setSuperCustom', on: true },
    { type: 'setEditState', editState: stripes },
  ])

  it('writes the check, the edit state and the pattern url into the order map', () => {
    expect(designed.isSuperCustom).toBe(true)
    expect(designed.editState).toBe(stripes)
    expect(designed.patURL).toBe('/images/patterns/stripes.svg')
    expect(designed.order).toMatchObject({
      [CHILD_SUPER_CUSTOM_CHECK]: 'on',
      [PC_EDIT_STATE]: stripes,
      [PC_PATTERN_URL]: '/images/patterns/stripes.svg',
    })
  })

  it('resetting it clears the pattern url, child_super_custom_check, pc_edit_state and pc_pattern_url', () => {
    const withColour = run([{ type: 'paint', region: 'body', color: 'r7C' }], context, designed)
    const reset = run([{ type: 'resetSuperCustom' }], context, withColour)
    expect(reset.patURL).toBe('')
    expect(reset.editState).toBe(DEFAULT_EDIT_STATE)
    expect(reset.isSuperCustom).toBe(false)
    for (const key of [CHILD_SUPER_CUSTOM_CHECK, PC_EDIT_STATE, PC_PATTERN_URL])
      expect(reset.order).not.toHaveProperty(key)
    expect(reset.order['color.body']).toBe('r7C')
  })

  it('turning it off is the same reset', () => {
    const off = run([{ type: 'setSuperCustom', on: false }], context, designed)
    expect(off.order).not.toHaveProperty(PC_EDIT_STATE)
    expect(off.patURL).toBe('')
  })

  it('super duper custom replaces super custom and carries the pattern without the child check', () => {
    const duper = run([{ type: 'setSuperDuperCustom', on: true }], context, designed)
    expect(duper.isSuperCustom).toBe(false)
    expect(duper.isSuperDuperCustom).toBe(true)
    expect(duper.order).not.toHaveProperty(CHILD_SUPER_CUSTOM_CHECK)
    expect(duper.order[PC_EDIT_STATE]).toBe(stripes)
  })

  it('needs a pattern that covers at least one part', () => {
    const empty = run([{ type: 'setSuperCustom', on: true }])
    expect(empty.checkOrderValidationError.editState).toBe(
      'Choose a pattern and the parts it covers for your custom design.',
    )
    expect(designed.checkOrderValidationError.editState).toBeUndefined()
  })

  it('reports an edit state that cannot be read', () => {
    const broken = run([
      { type: 'setSuperCustom', on: true },
      { type: 'setEditState', editState: 'garbage' },
    ])
    expect(broken.patURL).toBe('')
    expect(broken.checkOrderValidationError.editState).toMatch(/could not be read/)
  })
})

describe('reset', () => {
  it('restores every default', () => {
    const busy = run([
      ...measured,
      { type: 'paint', region: 'body', color: 'c9F' },
      { type: 'setAccent', accent: 'reflective' },
      { type: 'setOption', option: 'booties', on: true },
      { type: 'setQty', qty: 3 },
      { type: 'confirmDefaultColor', value: false },
      { type: 'setCloudLite', on: true },
      { type: 'setSuperAsym', on: true },
      { type: 'setSuperCustom', on: true },
      { type: 'setEditState', editState: stripes },
      { type: 'setError', key: 'share', message: 'x' },
    ])
    expect(run([{ type: 'reset' }], context, busy)).toEqual(createDraft(context))
  })
})

describe('price', () => {
  it('accumulates the variant price and every addition, in minor units', () => {
    const draft = run([
      ...measured,
      { type: 'setOption', option: 'booties', on: true }, // 9000
      { type: 'setAccent', accent: 'reflective' }, // 4000
      { type: 'paint', region: 'body', color: 'c9F' }, // fluoro 2500
      { type: 'paint', region: 'arm-wing', color: 'm1S' }, // metallic 4000
      { type: 'setCloudLite', on: true }, // 15000
      { type: 'setSuperCustom', on: true }, // 35000
    ])
    expect(draft.order[TOTAL_PRICE]).toBe(224000 + 9000 + 4000 + 2500 + 4000 + 15000 + 35000)
  })

  it('charges a colour-type surcharge once per region, per type on an asymmetric design', () => {
    const draft = run([
      { type: 'setSuperAsym', on: true }, // 20000
      { type: 'paint', region: 'body', side: 'l', color: 'c9F' },
      { type: 'paint', region: 'body', side: 'r', color: 'm1S' },
      { type: 'paint', region: 'leg-wing', color: 'c9F' },
    ])
    expect(draft.order[TOTAL_PRICE]).toBe(224000 + 20000 + 2500 + 4000 + 2500)
  })

  it('follows the selected variant and multiplies by the quantity', () => {
    const draft = run([
      { type: 'selectVariant', sku: 'CORVID2-L' },
      { type: 'setQty', qty: 2 },
    ])
    expect(draft.order[TOTAL_PRICE]).toBe(2 * 195000)
  })

  it('adds the upgrades’ weeks to the lead time', () => {
    const draft = run([
      { type: 'setSuperDuperCustom', on: true },
      { type: 'setCloudLite', on: true },
      { type: 'setSuperAsym', on: true },
    ])
    expect(draft.leadTime).toBe(8 + 4 + 1 + 1)
  })
})

describe('upgrades', () => {
  it('lists every upgrade the product offers, in one order, with whether it is chosen', () => {
    const draft = run([{ type: 'setCloudLite', on: true }])
    expect(upgradesOf(draft, context)).toEqual([
      { key: 'superCustom', label: 'Super custom', price: 35000, leadTimeWeeks: 2, chosen: false },
      {
        key: 'superDuperCustom',
        label: 'Super duper custom',
        price: 90000,
        leadTimeWeeks: 4,
        chosen: false,
      },
      { key: 'cloudLite', label: 'Cloud lite', price: 15000, leadTimeWeeks: 1, chosen: true },
      { key: 'superAsym', label: 'Asymmetric', price: 20000, leadTimeWeeks: 1, chosen: false },
    ])
  })

  it('leaves out what the product does not offer', () => {
    const plain = testContext()
    plain.product.configurator = {
      ...plain.product.configurator,
      superCustom: null,
      cloudLite: null,
    }
    expect(upgradesOf(createDraft(plain), plain).map((u) => u.key)).toEqual([
      'superDuperCustom',
      'superAsym',
    ])
  })

  it('chooses and takes off each upgrade through its action, priced in the summary', () => {
    for (const key of upgradeKeys) {
      const on = run([upgradeAction(key, true)])
      const chosen = upgradesOf(on, context).find((u) => u.key === key)!
      expect(chosen.chosen).toBe(true)
      expect(priceLines(on, context).at(-1)).toEqual({ label: chosen.label, amount: chosen.price })
      const off = run([upgradeAction(key, false)], context, on)
      expect(upgradesOf(off, context).some((u) => u.chosen)).toBe(false)
    }
  })
})

describe('validation', () => {
  it('has no errors, and can be ordered, with a standard size and default colours', () => {
    const draft = run([{ type: 'selectVariant', sku: 'CORVID2-M' }])
    expect(draft.checkOrderValidationError).toEqual({})
    expect(draft.hasErrorValidation).toBe(false)
    expect(draft.disabledAddToCart).toBe(false)
  })

  it('is valid made to measure once the measurements are right', () => {
    expect(run(measured).checkOrderValidationError).toEqual({})
  })

  it('keys each measurement message by its field', () => {
    const draft = run([
      ...measured,
      { type: 'setMeasurement', field: 'height', value: '300' },
      { type: 'setMeasurement', field: 'weight', value: 'heavy' },
    ])
    expect(Object.keys(draft.checkOrderValidationError).sort()).toEqual(
      expect.arrayContaining(['measurement.height', 'measurement.weight']),
    )
    expect(draft.hasErrorValidation).toBe(true)
    expect(draft.disabledAddToCart).toBe(true)
  })

  it('asks to confirm the smallest size', () => {
    const small = run([{ type: 'selectVariant', sku: 'CORVID2-S' }])
    expect(small.checkOrderValidationError).toEqual({
      confirmSmallestSize:
        'S is our smallest size. Confirm that it fits you, or choose made to measure.',
    })
    const confirmed = run([{ type: 'confirmSmallestSize', value: true }], context, small)
    expect(confirmed.hasErrorValidation).toBe(false)
    // Choosing another size asks again next time.
    const again = run(
      [
        { type: 'selectVariant', sku: 'CORVID2-M' },
        { type: 'selectVariant', sku: 'CORVID2-S' },
      ],
      context,
      confirmed,
    )
    expect(again.confirmSmallestSize).toBe(false)
  })

  it('asks for every colour when the default colours are not confirmed', () => {
    const draft = run([
      { type: 'selectVariant', sku: 'CORVID2-M' },
      { type: 'confirmDefaultColor', value: false },
      { type: 'paint', region: 'body', color: 'r7C' },
    ])
    expect(draft.checkOrderValidationError.confirmDefaultColor).toBe(
      'Choose a colour for arm wings and leg wing, or keep the default colours.',
    )
    const all = run(
      [
        { type: 'paint', region: 'arm-wing', color: 'r7C' },
        { type: 'paint', region: 'leg-wing', color: 'r7C' },
      ],
      context,
      draft,
    )
    expect(all.hasErrorValidation).toBe(false)
  })

  it('names a colour the palette no longer has', () => {
    const draft = run([
      { type: 'selectVariant', sku: 'CORVID2-M' },
      { type: 'paint', region: 'body', color: 'z9Z' },
    ])
    expect(draft.checkOrderValidationError['color.body']).toBe(
      'Body: colour z9Z is no longer offered. Choose another.',
    )
  })

  it.each([0, -1, 1.5, 100, Number.NaN])('refuses a quantity of %s', (qty) => {
    const draft = run([
      { type: 'selectVariant', sku: 'CORVID2-M' },
      { type: 'setQty', qty },
    ])
    expect(draft.checkOrderValidationError).toEqual({ qty: 'Choose a quantity from 1 to 99.' })
    expect(draft.disabledAddToCart).toBe(true)
  })

  it('refuses an accent or cloud lite fabric the product no longer offers', () => {
    const draft = run([
      { type: 'selectVariant', sku: 'CORVID2-M' },
      { type: 'setAccent', accent: 'gold' },
      { type: 'setCloudLite', on: true, key: 'cl-gone' },
    ])
    expect(draft.checkOrderValidationError).toEqual({
      orderAccent: 'This accent is no longer offered. Choose another.',
      cloudLiteKey: 'Choose a cloud lite fabric.',
    })
  })

  it('disables add-to-order while an order is being submitted', () => {
    const draft = run([{ type: 'selectVariant', sku: 'CORVID2-M' }])
    expect(derive({ ...draft, submitOrder: true }, context).disabledAddToCart).toBe(true)
    // An order in flight is not stored state: a reloaded draft can be ordered again.
    expect(reviveDraft({ ...draft, submitOrder: true }, context).disabledAddToCart).toBe(false)
  })
})

describe('reviveDraft', () => {
  it('gives back the same draft it was given', () => {
    const draft = run([
      ...measured,
      { type: 'paint', region: 'body', color: 'c9F' },
      { type: 'setSuperCustom', on: true },
      { type: 'setEditState', editState: stripes },
    ])
    expect(reviveDraft(JSON.parse(JSON.stringify(draft)), context)).toEqual(draft)
  })

  it('fills in fields an older version did not store and drops values of the wrong type', () => {
    const revived = reviveDraft(
      { qty: 'two', orderAccent: 'reflective', order: { 'color.body': 'r7C', bad: {} }, extra: 1 },
      context,
    )
    expect(revived.qty).toBe(1)
    expect(revived.orderAccent).toBe('reflective')
    expect(revived.order['color.body']).toBe('r7C')
    expect(revived.order).not.toHaveProperty('bad')
    expect(revived).not.toHaveProperty('extra')
    expect(revived.pccolrId).toBe('n4D')
  })

  it('starts afresh from anything that is not a draft', () => {
    expect(reviveDraft(null, context)).toEqual(createDraft(context))
    expect(reviveDraft([1, 2], context)).toEqual(createDraft(context))
  })

  it('reprices a stored draft with today’s catalog', () => {
    const draft = run([{ type: 'selectVariant', sku: 'CORVID2-M' }])
    const dearer = testContext()
    dearer.product.variants = dearer.product.variants.map((v) => ({ ...v, price: v.price + 100 }))
    const revived = reviveDraft(draft, dearer)
    expect(revived.order[TOTAL_PRICE]).toBe(189100)
    expect(revived.selectedVariant).toBe('CORVID2-M')
  })
})
