import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react'
import {
  createMemoryHistory,
  createRootRoute,
  createRouter,
  RouterProvider,
} from '@tanstack/react-router'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { API_MARK_HEADER, API_MARK_VALUE } from '../../../../contract/api-mark.ts'
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

/** An answer as the store's API gives it: marked as its own (no worker controls the test page). */
const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), {
    status,
    headers: { 'Content-Type': 'application/json', [API_MARK_HEADER]: API_MARK_VALUE },
  })

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
    answer!(
      json(422, {
        message: 'The given data was invalid.',
        errors: { sku: ['Mission bag, black is sold out.'] },
      }),
    )
    const alert = await screen.findByRole('alert')
    expect(alert.textContent).toBe('Not added: Mission bag, black is sold out.')
    expect(document.activeElement).toBe(alert)
  })

  it('with no worker and no network, keeps the add on the device and sends it once when the network returns', async () => {
    const cart = { ...emptyCart(), id: 'c1', items: [line], item_count: 1, subtotal: 22_000 }
    let online = false
    renderForm(() => {
      if (!online) throw new TypeError('Failed to fetch')
      return json(200, { ...cart, total: 22_000 })
    })
    const add = await screen.findByRole('button', { name: 'Add to order' })
    await waitFor(() => expect((add as HTMLButtonElement).disabled).toBe(false))
    fireEvent.click(add)
    const status = await screen.findByText(/^Added — will sync when online: Mission bag\./)
    expect(status).toBe(screen.getByRole('status'))
    const [kept] = await db.cartOutboxEntries()
    expect(kept).toMatchObject({ kind: 'add', request: { sku: 'MISSION-BAG-BLACK', qty: 1 } })

    online = true
    window.dispatchEvent(new Event('online'))
    await waitFor(async () => expect(await db.cartOutboxEntries()).toEqual([]))
    // Sent under the key made at the tap, and kept as the shop's cart: once, not twice.
    const posts = vi
      .mocked(fetch)
      .mock.calls.filter(([url]) => String(url).endsWith('/api/order/add'))
      .map(([, init]) => new Headers(init?.headers).get('Idempotency-Key'))
    expect(new Set(posts)).toEqual(new Set([kept!.key]))
    expect((await db.cartServer()).cart?.items.map((item) => item.sku)).toEqual([
      'MISSION-BAG-BLACK',
    ])
  })

  it('makes a tap kept before the page was the app’s (early-taps.js) once, then follows the link held for it', async () => {
    const cart = { ...emptyCart(), id: 'c1', items: [line], item_count: 1, subtotal: 22_000 }
    window.__earlyTaps = { taps: ['add:mission-bag'], navigation: '/cart' }
    const router = renderForm(() => json(200, { ...cart, total: 22_000 }))
    const status = await screen.findByRole('status')
    expect(status.textContent).toContain('Added: Mission bag.')
    await waitFor(() => expect(router.state.location.pathname).toBe('/cart'))
    // One add reached the shop (the page's drainer may also read the cart back).
    const adds = vi
      .mocked(fetch)
      .mock.calls.filter(
        ([url, init]) => String(url).endsWith('/api/order/add') && init?.method === 'POST',
      )
    expect(adds).toHaveLength(1)
    expect(window.__earlyTaps.taps).toEqual([])
  })
})
