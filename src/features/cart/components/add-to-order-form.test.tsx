import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react'
import {
  createMemoryHistory,
  createRootRoute,
  createRouter,
  RouterProvider,
} from '@tanstack/react-router'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { emptyCart } from '../../../../contract/cart.ts'
import { db } from '../../../lib/db.ts'
import { contentCatalog } from '../../../test/products.ts'
import { AddToOrderForm } from './add-to-order-form.tsx'

afterEach(async () => {
  cleanup()
  delete window.__earlyTaps
  vi.unstubAllGlobals()
  await db.cartOutbox.clear()
})

const bag = contentCatalog().products.find((product) => product.slug === 'mission-bag')!

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } })

function renderForm(answer: () => Response | Promise<Response>) {
  vi.stubGlobal(
    'fetch',
    vi.fn(async () => answer()),
  )
  const client = new QueryClient({ defaultOptions: { mutations: { retry: false } } })
  const rootRoute = createRootRoute({
    component: () => (
      <QueryClientProvider client={client}>
        <AddToOrderForm product={bag} />
      </QueryClientProvider>
    ),
  })
  const router = createRouter({
    routeTree: rootRoute,
    history: createMemoryHistory({ initialEntries: ['/equipment/mission-bag'] }),
  })
  render(<RouterProvider router={router} />)
  return router
}

const line = {
  id: '6f0f8f7e-4c6b-4f43-9d0e-0c1d2e3f4a5b',
  sku: 'MISSION-BAG-BLACK',
  product_slug: 'mission-bag',
  product_path: '/equipment/mission-bag',
  name: 'Mission bag',
  variant_name: 'Mission bag, black',
  image: null,
  qty: 1,
  unit_price: 22_000,
  line_price: 22_000,
  meta: [],
  child: [],
  summary: [],
}

describe('"Add to order" on a product page', () => {
  it('says the bag was added where the customer is looking, and focuses it', async () => {
    const cart = { ...emptyCart(), id: 'c1', items: [line], item_count: 1, subtotal: 22_000 }
    renderForm(() => json(200, { ...cart, total: 22_000 }))
    const add = await screen.findByRole('button', { name: 'Add to order' })
    await waitFor(() => expect((add as HTMLButtonElement).disabled).toBe(false))
    fireEvent.click(add)
    const status = await screen.findByRole('status')
    expect(status.textContent).toContain('Added: Mission bag.')
    expect(document.activeElement).toBe(status)
  })

  it('shows the tap at once: the button says it is adding, and takes no second tap meanwhile', async () => {
    let answer: ((response: Response) => void) | undefined
    renderForm(() => new Promise<Response>((resolve) => (answer = resolve)))
    const add = await screen.findByRole('button', { name: 'Add to order' })
    await waitFor(() => expect((add as HTMLButtonElement).disabled).toBe(false))
    fireEvent.click(add)
    const adding = await screen.findByRole('button', { name: 'Adding…' })
    expect((adding as HTMLButtonElement).disabled).toBe(true)
    // The request is on its way (the outbox kept it first): the shop refuses it.
    await waitFor(() => expect(answer).toBeDefined())
    answer!(json(422, { errors: { sku: ['Mission bag, black is sold out.'] } }))
    const alert = await screen.findByRole('alert')
    expect(alert.textContent).toBe('Not added: Mission bag, black is sold out.')
    expect(document.activeElement).toBe(alert)
  })

  it('makes a tap kept before the page was the app’s (early-taps.js) once, then follows the link held for it', async () => {
    const cart = { ...emptyCart(), id: 'c1', items: [line], item_count: 1, subtotal: 22_000 }
    const answers = vi.fn(() => json(200, { ...cart, total: 22_000 }))
    window.__earlyTaps = { taps: ['add:mission-bag'], navigation: '/cart' }
    const router = renderForm(answers)
    const status = await screen.findByRole('status')
    expect(status.textContent).toContain('Added: Mission bag.')
    await waitFor(() => expect(router.state.location.pathname).toBe('/cart'))
    expect(answers).toHaveBeenCalledTimes(1)
    expect(window.__earlyTaps.taps).toEqual([])
  })
})
