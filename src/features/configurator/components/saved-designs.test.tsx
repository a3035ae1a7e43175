import { render, screen, within } from '@testing-library/react'
import {
  createMemoryHistory,
  createRootRoute,
  createRouter,
  RouterProvider,
} from '@tanstack/react-router'
import { afterEach, describe, expect, it } from 'vitest'
import { db } from '../../../lib/db.ts'
import { createDraft, reduceDraft } from '../model.ts'
import { writeDraft } from '../store.ts'
import { testContext } from '../test-context.ts'
import { SavedDesigns } from './saved-designs.tsx'

function renderInRouter() {
  const rootRoute = createRootRoute({ component: SavedDesigns })
  const router = createRouter({
    routeTree: rootRoute,
    history: createMemoryHistory({ initialEntries: ['/store'] }),
  })
  return render(<RouterProvider router={router} />)
}

afterEach(async () => {
  await db.drafts.clear()
})

describe('SavedDesigns', () => {
  it('lists the designs the customer has worked on, newest first, with their price', async () => {
    const a5 = testContext({ slug: 'a5', name: 'A5', path: '/wingsuits/a5' })
    const corvid = testContext()
    await writeDraft(
      reduceDraft(createDraft(a5), { type: 'setAccent', accent: 'reflective' }, a5),
      Date.UTC(2026, 10, 20, 9, 30),
    )
    await writeDraft(
      reduceDraft(createDraft(corvid), { type: 'selectVariant', sku: 'CORVID2-M' }, corvid),
      Date.UTC(2026, 10, 21, 9, 30),
    )
    // Opened but never changed: not a design of the customer's.
    const untouched = testContext({ slug: 'swift', name: 'Swift', path: '/wingsuits/swift' })
    await writeDraft(createDraft(untouched), Date.UTC(2026, 10, 22))

    renderInRouter()
    const list = await screen.findByRole('region', { name: 'Your designs on this device' })
    const items = within(list).getAllByRole('listitem')
    expect(items.map((item) => within(item).getByRole('link').textContent)).toEqual([
      'Corvid 2',
      'A5',
    ])
    expect(within(items[0]!).getByRole('link').getAttribute('href')).toBe(
      '/wingsuits/corvid-2#design',
    )
    expect(items[0]!.textContent).toContain('$1,890.00')
    expect(items[1]!.textContent).toContain('$2,280.00')
  })

  it('shows nothing when there is no design', async () => {
    renderInRouter()
    await new Promise((resolve) => setTimeout(resolve, 50))
    expect(screen.queryByRole('region', { name: 'Your designs on this device' })).toBeNull()
  })
})
