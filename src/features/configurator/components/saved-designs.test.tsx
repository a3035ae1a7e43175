import { cleanup, render, screen, within } from '@testing-library/react'
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

const designable = [
  { title: 'Wingsuits', path: '/wingsuits' },
  { title: 'Tracking suits', path: '/trackingsuits' },
]

function renderInRouter() {
  const rootRoute = createRootRoute({
    component: () => <SavedDesigns designable={designable} />,
  })
  const router = createRouter({
    routeTree: rootRoute,
    history: createMemoryHistory({ initialEntries: ['/store'] }),
  })
  return render(<RouterProvider router={router} />)
}

afterEach(async () => {
  cleanup()
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
    const items = await within(list).findAllByRole('listitem')
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

  it('says there are none yet, and where designing starts, once the last design is gone', async () => {
    const corvid = testContext()
    const design = reduceDraft(createDraft(corvid), { type: 'setQty', qty: 2 }, corvid)
    await writeDraft(design, Date.UTC(2026, 10, 21))
    renderInRouter()
    const section = await screen.findByRole('region', { name: 'Your designs on this device' })
    // The list has loaded: the design is on screen.
    await within(section).findByRole('link', { name: 'Corvid 2' })
    expect(within(section).queryByText(/No designs on this device yet/)).toBeNull()

    await db.drafts.clear()
    await within(section).findByText(/No designs on this device yet/)
    expect(within(section).queryByRole('list')).toBeNull()
    expect(
      within(section)
        .getAllByRole('link')
        .map((link) => [link.textContent, link.getAttribute('href')]),
    ).toEqual([
      ['Wingsuits', '/wingsuits'],
      ['Tracking suits', '/trackingsuits'],
    ])
  })

  it('on a device with no designs, says so from the start', async () => {
    // Opened but never changed: not a design.
    const untouched = testContext({ slug: 'swift', name: 'Swift', path: '/wingsuits/swift' })
    await writeDraft(createDraft(untouched), Date.UTC(2026, 10, 20))
    renderInRouter()
    const section = await screen.findByRole('region', { name: 'Your designs on this device' })
    await within(section).findByText(/No designs on this device yet/)
    expect(within(section).getByRole('link', { name: 'Wingsuits' })).toBeTruthy()
  })

  it('does not count a product that was opened but never changed as a design', async () => {
    const untouched = testContext({ slug: 'swift', name: 'Swift', path: '/wingsuits/swift' })
    await writeDraft(createDraft(untouched), Date.UTC(2026, 10, 20))
    renderInRouter()
    // A real design arriving afterwards proves the list has loaded the untouched draft too.
    const corvid = testContext()
    await writeDraft(
      reduceDraft(createDraft(corvid), { type: 'setQty', qty: 2 }, corvid),
      Date.UTC(2026, 10, 21),
    )
    const section = await screen.findByRole('region', { name: 'Your designs on this device' })
    await within(section).findByRole('link', { name: 'Corvid 2' })
    expect(
      within(within(section).getByRole('list'))
        .getAllByRole('link')
        .map((link) => link.textContent),
    ).toEqual(['Corvid 2'])
  })
})
