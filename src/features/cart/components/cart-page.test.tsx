import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { cleanup, render, screen, waitFor, within } from '@testing-library/react'
import {
  createMemoryHistory,
  createRootRoute,
  createRouter,
  RouterProvider,
} from '@tanstack/react-router'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { emptyCart, type Cart, type CartLine } from '../../../../contract/cart.ts'
import type { CartIntent } from '../../../../store-db/cart-outbox-model.ts'
import type { CatalogProduct } from '../../../../store-db/store-db.ts'
import { db } from '../../../lib/db.ts'
import { contentCatalog } from '../../../test/products.ts'
import { CartPage } from './cart-page.tsx'

/*
 * The cart page as IndexedDB holds the cart (the server's last cart with the waiting changes on
 * top): when each line ships, what waits, and what waits unseen for another sign-in.
 */

const snapshotSlugs = ['uratul-bag']

afterEach(async () => {
  cleanup()
  vi.unstubAllGlobals()
  document.cookie = 'authToken=; Path=/; Max-Age=0'
  await db.cartOutbox.clear()
  await db.meta.bulkDelete(['cartServer', 'cartViewer', 'cartOutboxStatus'])
  await db.products.bulkDelete(snapshotSlugs)
})

const suitLine: CartLine = {
  id: '5f0c8a0e-2f0b-4d53-a0f6-3a4c1f7d2b10',
  sku: 'CORVID2-CUSTOM',
  product_slug: 'corvid-2',
  product_path: '/wingsuits/corvid-2',
  name: 'Corvid 2',
  variant_name: 'Corvid 2, made to measure',
  image: null,
  qty: 1,
  unit_price: 224_000,
  line_price: 224_000,
  meta: [],
  child: [],
  summary: [],
  availability: { in_stock: false, weeks_min: 10, weeks_max: 12 },
}
const bagLine: CartLine = {
  ...suitLine,
  id: '6f0f8f7e-4c6b-4f43-9d0e-0c1d2e3f4a5b',
  sku: 'MISSION-BAG-BLACK',
  product_slug: 'mission-bag',
  product_path: '/equipment/mission-bag',
  name: 'Mission bag',
  variant_name: 'Mission bag, black',
  unit_price: 11_000,
  line_price: 11_000,
  availability: { in_stock: true, weeks_min: null, weeks_max: null },
}

function cartWith(items: CartLine[]): Cart {
  const subtotal = items.reduce((sum, line) => sum + line.line_price, 0)
  const count = items.reduce((sum, line) => sum + line.qty, 0)
  return {
    ...emptyCart(),
    id: 'c0ffee00-0000-4000-8000-000000000000',
    items,
    item_count: count,
    subtotal,
    total: subtotal,
  }
}

const addOf = (sku: string, slug: string, name: string): CartIntent => ({
  kind: 'add',
  request: { sku, qty: 1, meta: [], child: [] },
  line: {
    name,
    productSlug: slug,
    productPath: `/equipment/${slug}`,
    variantName: null,
    image: null,
    unitPrice: 5_000,
    currency: 'USD',
    summary: [],
  },
})

async function keepServerCart(cart: Cart, owner: 'account' | 'device' = 'device') {
  await db.keepCartRead(cart, owner, (await db.cartServer()).version)
}

/** The cart page; `answer` is the shop's answer to GET /api/order (none: offline). */
function renderCart({ answer, client }: { answer?: Cart; client?: QueryClient } = {}) {
  // jsdom has no scrolling; the router restores the scroll on a navigation.
  vi.stubGlobal('scrollTo', () => {})
  vi.stubGlobal(
    'fetch',
    vi.fn(async () => {
      if (!answer) throw new TypeError('Failed to fetch')
      return new Response(JSON.stringify(answer), {
        status: 200,
        headers: { 'Content-Type': 'application/json' },
      })
    }),
  )
  const queries = client ?? new QueryClient()
  queries.setDefaultOptions({ queries: { retry: false } })
  const rootRoute = createRootRoute({
    component: () => (
      <QueryClientProvider client={queries}>
        <CartPage />
      </QueryClientProvider>
    ),
  })
  const router = createRouter({
    routeTree: rootRoute,
    history: createMemoryHistory({ initialEntries: ['/cart'] }),
  })
  render(<RouterProvider router={router} />)
}

const lineOf = (sku: string) => {
  const line = document.querySelector<HTMLElement>(`.cart-line[data-sku="${sku}"]`)
  if (!line) throw new Error(`no line ${sku}`)
  return within(line)
}

describe('each cart line says when it ships', () => {
  it('in the shop’s words, or the catalog snapshot’s for a line added offline, else nothing', async () => {
    await keepServerCart(cartWith([suitLine, bagLine]))
    // Added offline: the snapshot knows the green Uratul bag (sewn to order), not the other.
    const uratul = contentCatalog().products.find((product) => product.slug === 'uratul-bag')!
    await db.products.put({
      slug: 'uratul-bag',
      family: 'bags',
      updatedAt: Date.now(),
      data: uratul as unknown as CatalogProduct,
    })
    await db.addCartIntent(addOf('URATUL-BAG-GREEN', 'uratul-bag', 'Uratul bag'), 'key-uratul-1')
    await db.addCartIntent(addOf('GHOST-1', 'ghost', 'Ghost bag'), 'key-ghost-0001')
    renderCart()

    await waitFor(() => expect(document.querySelectorAll('.cart-line')).toHaveLength(4))
    const said = (sku: string) =>
      lineOf(sku).queryByTestId('cart-line-availability')?.textContent ?? null
    expect(said('CORVID2-CUSTOM')).toBe('Made to order: 10–12 weeks')
    expect(said('MISSION-BAG-BLACK')).toBe('In stock: ships in 2 working days')
    await waitFor(() => expect(said('URATUL-BAG-GREEN')).toBe('Made to order'))
    expect(said('GHOST-1')).toBeNull()
    // Two adds wait: said in the plural, whole.
    expect(screen.getByTestId('cart-waiting').textContent).toBe(
      '2 changes waiting to sync. They are kept on this device and sent when the network returns.',
    )
  })

  it('says one waiting change in the singular', async () => {
    await db.addCartIntent(addOf('GHOST-1', 'ghost', 'Ghost bag'), 'key-ghost-0001')
    renderCart()
    expect((await screen.findByTestId('cart-waiting')).textContent).toBe(
      '1 change waiting to sync. It is kept on this device and sent when the network returns.',
    )
  })
})

describe('changes held for an account whose session ended', () => {
  it('names the account by its masked address, offers to sign in, and shows none of its items', async () => {
    await keepServerCart(cartWith([bagLine]))
    await db.setCartViewer({ signedIn: false, email: '' })
    await db.addCartIntent(addOf('WEEKEND-BAG', 'weekend-bag', 'Weekend bag'), 'key-weekend-1', {
      by: 'cora@example.com',
    })
    renderCart()

    const held = await screen.findByTestId('cart-held')
    expect(held.textContent).toBe(
      '1 change made while signed in as c•••@example.com waits: sign in as that account on this device to send it. Sign in to send it',
    )
    const link = within(held).getByRole('link', { name: 'Sign in to send it' })
    expect(link.getAttribute('href')).toBe('/login?redirect=%2Fcart')
    expect(document.body.textContent).not.toContain('cora@example.com')
    expect(document.body.textContent).not.toContain('Weekend bag')
  })

  it('counts several in the plural', async () => {
    await db.setCartViewer({ signedIn: false, email: '' })
    for (const key of ['key-weekend-1', 'key-weekend-2'])
      await db.addCartIntent(addOf(`${key}-SKU`, 'weekend-bag', 'Weekend bag'), key, {
        by: 'cora@example.com',
      })
    renderCart()
    const held = await screen.findByTestId('cart-held')
    expect(held.textContent).toContain(
      '2 changes made while signed in as c•••@example.com wait: sign in as that account on this device to send them.',
    )
    within(held).getByRole('link', { name: 'Sign in to send them' })
  })

  it('shows them once the shop answers that account’s session, though the sign-in’s own bookkeeping never ran', async () => {
    // The session ended and the device said so; then the customer signed in again, and the page
    // reloaded before the sign-in told IndexedDB (the cart, empty 30 s after a reload).
    await db.setCartViewer({ signedIn: false, email: '' })
    await db.addCartIntent(addOf('WEEKEND-BAG', 'weekend-bag', 'Weekend bag'), 'key-weekend-1', {
      by: 'cora@example.com',
    })
    document.cookie = 'authToken=new-session; Path=/'
    const client = new QueryClient()
    client.setQueryData(['user'], { email: 'cora@example.com', name: null, role: 'guest' })
    renderCart({ answer: cartWith([bagLine]), client })

    await waitFor(() =>
      expect(lineOf('WEEKEND-BAG').getByRole('link', { name: 'Weekend bag' })).toBeTruthy(),
    )
    expect(screen.queryByTestId('cart-held')).toBeNull()
    expect(await db.cartViewer()).toEqual({ signedIn: true, email: 'cora@example.com' })
    // What waits is the account's, and goes with its session.
    expect((await db.cartOutboxEntries()).map((entry) => entry.by)).toEqual(['cora@example.com'])
  })

  it('keeps another account’s changes unseen when a different account signs in', async () => {
    await db.setCartViewer({ signedIn: false, email: '' })
    await db.addCartIntent(addOf('WEEKEND-BAG', 'weekend-bag', 'Weekend bag'), 'key-weekend-1', {
      by: 'cora@example.com',
    })
    document.cookie = 'authToken=other-session; Path=/'
    const client = new QueryClient()
    client.setQueryData(['user'], { email: 'dan@example.org', name: 'Dan', role: 'customer' })
    renderCart({ answer: cartWith([bagLine]), client })

    await waitFor(async () =>
      expect(await db.cartViewer()).toEqual({ signedIn: true, email: 'dan@example.org' }),
    )
    expect((await screen.findByTestId('cart-held')).textContent).toContain('c•••@example.com')
    expect(document.querySelector('.cart-line[data-sku="WEEKEND-BAG"]')).toBeNull()
  })
})
