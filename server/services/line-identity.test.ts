import { describe, expect, it } from 'vitest'
import { lineIdentity } from '../../contract/line-identity.ts'
import { lineKeyOf } from './cart/pricing.ts'

// The client's line identity (contract/line-identity.ts) must say "the same line" exactly when
// the server's lineKeyOf does: the cart shows a waiting add summed into a line on that word.
const same = (
  a: Parameters<typeof lineKeyOf>[0],
  b: Parameters<typeof lineKeyOf>[0],
): [boolean, boolean] => [
  lineIdentity(a.sku, a.meta, a.child) === lineIdentity(b.sku, b.meta, b.child),
  lineKeyOf(a) === lineKeyOf(b),
]

describe('lineIdentity', () => {
  it('agrees with lineKeyOf', () => {
    const meta = [
      { key: 'color', value: 'red' },
      { key: 'size', value: 'M' },
    ]
    const cases: [Parameters<typeof lineKeyOf>[0], Parameters<typeof lineKeyOf>[0]][] = [
      [
        { sku: 'S', meta, child: [] },
        { sku: 'S', meta: [...meta].reverse(), child: [] },
      ],
      [
        { sku: 'S', meta: [...meta, { key: 'total_price', value: '1' }], child: [] },
        { sku: 'S', meta, child: [] },
      ],
      [
        { sku: 'S', meta, child: [] },
        { sku: 'T', meta, child: [] },
      ],
      [
        {
          sku: 'S',
          meta: [],
          child: [
            { sku: 'C', qty: 1, meta },
            { sku: 'D', qty: 1, meta: [] },
          ],
        },
        {
          sku: 'S',
          meta: [],
          child: [
            { sku: 'D', qty: 2, meta: [] },
            { sku: 'C', qty: 1, meta },
          ],
        },
      ],
      [
        { sku: 'S', meta: [], child: [{ sku: 'C', qty: 1, meta }] },
        { sku: 'S', meta: [], child: [] },
      ],
    ]
    for (const [a, b] of cases) {
      const [client, server] = same(a, b)
      expect(client).toBe(server)
    }
  })

  const meta = [
    { key: 'color', value: 'red' },
    { key: 'size', value: 'M' },
  ]
  it('ignores the order of meta and children', () => {
    const a = lineIdentity('S', meta, [
      { sku: 'C1', meta: [] },
      { sku: 'C2', meta },
    ])
    const b = lineIdentity('S', [...meta].reverse(), [
      { sku: 'C2', meta: [...meta].reverse() },
      { sku: 'C1', meta: [] },
    ])
    expect(a).toBe(b)
  })
  it('leaves total_price out', () => {
    expect(lineIdentity('S', [...meta, { key: 'total_price', value: '12' }], [])).toBe(
      lineIdentity('S', meta, []),
    )
  })
  it('tells apart skus, meta values and children', () => {
    const base = lineIdentity('S', meta, [])
    expect(lineIdentity('T', meta, [])).not.toBe(base)
    expect(lineIdentity('S', [{ key: 'color', value: 'red' }], [])).not.toBe(base)
    expect(lineIdentity('S', meta, [{ sku: 'C', meta: [] }])).not.toBe(base)
  })
})
