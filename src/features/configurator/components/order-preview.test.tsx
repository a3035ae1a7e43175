import { cleanup, render, screen } from '@testing-library/react'
import { afterEach, describe, expect, it } from 'vitest'
import { createDraft, reduceDraft, type DraftAction } from '../model.ts'
import { goodMeasurements, testContext } from '../test-context.ts'
import { OrderPreview } from './order-preview.tsx'

afterEach(cleanup)

const context = testContext()
const run = (actions: DraftAction[]) =>
  actions.reduce((draft, action) => reduceDraft(draft, action, context), createDraft(context))

describe('what an added design put in the cart', () => {
  it('says what went into the cart in words: no order keys, colour codes or cents', () => {
    const { container } = render(
      <OrderPreview
        draft={run([
          { type: 'setMeasurements', units: 'metric', values: goodMeasurements },
          { type: 'paint', region: 'body', color: 'r7C' },
          { type: 'setOption', option: 'booties', on: true },
        ])}
        context={context}
      />,
    )
    expect(screen.getByText('Corvid 2, made to measure')).toBeTruthy()
    expect(container.textContent).toContain('$2,330.00')
    const items = screen.getAllByRole('listitem').map((item) => item.textContent)
    expect(items).toEqual([
      'Made to measure',
      'Colours: Body Signal red, Arm wings Jet black, Leg wing Deep navy',
      'Options: Booties',
      'Measurements: Height 178 cm, Weight 76 kg, Chest 98 cm, Waist 84 cm, Hips 99 cm, Inseam 82 cm, Arm span 180 cm, Shoulder width 45 cm, Torso length 68 cm',
    ])
    expect(container.textContent).not.toMatch(/measurement\.|color\.|total_price|r7C|233000/)
  })

  it('gives a standard size no measurements, and the quantity when more than one', () => {
    const { container } = render(
      <OrderPreview
        draft={run([
          { type: 'setMeasurements', units: 'imperial', values: { height: '70' } },
          { type: 'selectVariant', sku: 'CORVID2-S' },
          { type: 'confirmSmallestSize', value: true },
          { type: 'setQty', qty: 3 },
        ])}
        context={context}
      />,
    )
    expect(screen.getByText('Corvid 2, size S')).toBeTruthy()
    expect(container.querySelector('p')?.textContent).toBe('Corvid 2, size S × 3: $5,670.00')
    const items = screen.getAllByRole('listitem').map((item) => item.textContent)
    expect(items[0]).toBe('Size: S')
    expect(items.join(' ')).not.toMatch(/Measurements/)
  })
})
