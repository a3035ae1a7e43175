import { describe, expect, it } from 'vitest'
import { drawingPaint, paletteHex, unknownColorHex } from './drawing-paint.ts'
import { DEFAULT_PATTERN_EDIT, encodeEditState } from './edit-state.ts'
import { createDraft, reduceDraft, type DraftAction, type OrderDraft } from './model.ts'
import { testContext } from './test-context.ts'

const context = testContext()
const NAVY = '#1f2a44'
const BLACK = '#16181b'
const WHITE = '#f2f1ec'
const RED = '#c8282e'
const CYAN = '#00e5ff'

function run(...actions: DraftAction[]): OrderDraft {
  return actions.reduce(
    (draft, action) => reduceDraft(draft, action, context),
    createDraft(context),
  )
}

const paint = (draft: OrderDraft) => drawingPaint(draft, context, 'p1')

const stripesOnArms = encodeEditState({
  ...DEFAULT_PATTERN_EDIT,
  pattern: 'stripes',
  colors: ['r7C', 'w1A'],
  targets: ['arm-wing'],
})

describe('drawingPaint', () => {
  it('paints a new draft in each region’s default colour, both halves alike', () => {
    expect(paint(createDraft(context)).fills).toEqual({
      'body-l': NAVY,
      'body-r': NAVY,
      'arm-wing-l': BLACK,
      'arm-wing-r': BLACK,
      'leg-wing-l': NAVY,
      'leg-wing-r': NAVY,
    })
  })

  it('paints both halves of a region in the colour the customer chose', () => {
    const { fills } = paint(run({ type: 'paint', region: 'body', color: 'w1A' }))
    expect([fills['body-l'], fills['body-r'], fills['arm-wing-l']]).toEqual([WHITE, WHITE, BLACK])
  })

  it('paints the halves apart on an asymmetric design', () => {
    const { fills } = paint(
      run(
        { type: 'setSuperAsym', on: true },
        { type: 'paint', region: 'body', side: 'l', color: 'r7C' },
        { type: 'paint', region: 'body', side: 'r', color: 'c9F' },
      ),
    )
    expect([fills['body-l'], fills['body-r']]).toEqual([RED, CYAN])
  })

  it('joins the halves again when the asymmetric design is taken off (the left half wins)', () => {
    const { fills } = paint(
      run(
        { type: 'setSuperAsym', on: true },
        { type: 'paint', region: 'body', side: 'l', color: 'r7C' },
        { type: 'paint', region: 'body', side: 'r', color: 'c9F' },
        { type: 'setSuperAsym', on: false },
      ),
    )
    expect([fills['body-l'], fills['body-r']]).toEqual([RED, RED])
  })

  it('fills the regions a custom pattern covers with the pattern, the others with colour', () => {
    for (const upgrade of ['setSuperCustom', 'setSuperDuperCustom'] as const) {
      const result = paint(
        run({ type: upgrade, on: true }, { type: 'setEditState', editState: stripesOnArms }),
      )
      expect(result.fills['arm-wing-l']).toBe('url(#p1)')
      expect(result.fills['arm-wing-r']).toBe('url(#p1)')
      expect(result.fills['body-l']).toBe(NAVY)
      expect(result.pattern).toMatchObject({ pattern: 'stripes', targets: ['arm-wing'] })
    }
  })

  it('draws no pattern once the custom design is taken off, though the pattern was laid out', () => {
    const draft = run(
      { type: 'setSuperCustom', on: true },
      { type: 'setEditState', editState: stripesOnArms },
    )
    const off = { ...draft, isSuperCustom: false }
    expect(paint(off).fills['arm-wing-l']).toBe(BLACK)
    expect(paint(off).pattern).toBeNull()
  })

  it('keeps the colours of covered regions while no pattern is chosen, or it cannot be read', () => {
    const none = encodeEditState({ ...DEFAULT_PATTERN_EDIT, targets: ['arm-wing'] })
    for (const editState of [none, '1.bogus']) {
      const result = paint(
        run({ type: 'setSuperCustom', on: true }, { type: 'setEditState', editState }),
      )
      expect(result.fills['arm-wing-l']).toBe(BLACK)
      expect(result.pattern).toBeNull()
    }
  })

  it('paints a colour the palette no longer has in a neutral grey', () => {
    const draft = run({ type: 'paint', region: 'body', color: 'z9Z' })
    expect(paint(draft).fills['body-l']).toBe(unknownColorHex)
  })

  it('gives the trim the accent’s colour, and none without an accent', () => {
    expect(paint(createDraft(context)).accent).toBeNull()
    expect(paint(run({ type: 'setAccent', accent: 'reflective' })).accent).toBe(WHITE)
  })

  it('draws the standard parts with what the chosen options show and hide', () => {
    expect([...paint(createDraft(context)).parts]).toEqual(['logo'])
    const draft = run(
      { type: 'setOption', option: 'booties', on: true },
      { type: 'setOption', option: 'no-logo', on: true },
    )
    expect([...paint(draft).parts]).toEqual(['booties'])
  })

  it('paints nothing for cloud lite, a fabric', () => {
    const plain = paint(createDraft(context))
    const cloudLite = paint(run({ type: 'setCloudLite', on: true }))
    expect(cloudLite).toEqual(plain)
  })
})

describe('paletteHex', () => {
  it('looks palette ids up, and gives grey for an unknown one', () => {
    const hexOf = paletteHex(context.palette)
    expect(hexOf('r7C')).toBe(RED)
    expect(hexOf('q0Q')).toBe(unknownColorHex)
  })
})
