import { beforeEach, describe, expect, it, vi } from 'vitest'
import { onCartBadgeStale } from '../../lib/cart-badge.ts'

// IndexedDB's refusals, as the worker kept them: one waits to be read.
const kept = vi.hoisted(() => ({
  refusals: [
    { key: 'k1', action: 'update-qty', name: 'Mission bag', status: 404, message: 'Gone', at: 1 },
  ],
}))
vi.mock('../../lib/db.ts', () => ({
  db: {
    cartRefusalList: async () => [...kept.refusals],
    dismissCartRefusal: async (key: string) => {
      kept.refusals = kept.refusals.filter((refusal) => refusal.key !== key)
    },
  },
}))

const { dismissRefusal, loadRefusals, refusalCount } = await import('./refusals.ts')

describe('dismissing a refusal', () => {
  beforeEach(async () => {
    await loadRefusals()
  })

  it('asks for the badge again: the worker’s last report still counts the refusal', async () => {
    // The badge's refused count comes from the worker's reports, which a page's own write
    // (the dismissal in IndexedDB) does not make: without a new report it stays on every page.
    const ask = vi.fn()
    onCartBadgeStale(ask)
    expect(refusalCount()).toBe(1)
    await dismissRefusal('k1')
    expect(refusalCount()).toBe(0)
    expect(ask).toHaveBeenCalledTimes(1)
  })
})
