import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { cleanup, render, waitFor, within } from '@testing-library/react'
import {
  createMemoryHistory,
  createRootRoute,
  createRouter,
  RouterProvider,
} from '@tanstack/react-router'
import humps from 'humps'
import { lazy } from 'react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { emptyCart, type Cart, type CartLine } from '../../../contract/cart.ts'
import { CartPage } from '../../features/cart/components/cart-page.tsx'
import {
  LineDesignContext,
  type LineDesignProps,
} from '../../features/cart/components/line-design-slot.ts'
import type { DraftAction } from '../../features/configurator/model.ts'
import {
  designedOrder,
  testContext,
  testPalette,
} from '../../features/configurator/test-context.ts'
import { db, type CatalogProduct } from '../../lib/db.ts'

/*
 * The cart page as the route composes it: a configured line shows the customer's own design,
 * drawn by the configurator from the line's meta, in place of the product's stock picture;
 * online from the API and the store's data file, offline from the catalog snapshot.
 */

// Loaded as the route loads it (routes/cart.tsx).
const CartLineDesign = lazy(() => import('./cart-line-design.tsx'))
const lineDesign = (props: LineDesignProps) => <CartLineDesign {...props} />

const context = testContext()
// The drawing's code loads on first use (transformed on the fly under Vitest): time for it.
const drawn = { timeout: 10_000 }
const RED = '#c8282e'
const CYAN = '#00e5ff'
const WHITE = '#f2f1ec'

afterEach(async () => {
  cleanup()
  vi.unstubAllGlobals()
  vi.restoreAllMocks()
  await db.cartOutbox.clear()
  await db.meta.bulkDelete([
    'cartServer',
    'cartViewer',
    'cartOutboxStatus',
    'catalogPalette',
    'catalogSyncedAt',
  ])
  await db.products.clear()
})

/** The line a design makes, as the shop answers it (it keeps no total). */
function suitLineOf(actions: DraftAction[]): CartLine {
  const { request, line } = designedOrder(actions, context)
  return {
    id: '5f0c8a0e-2f0b-4d53-a0f6-3a4c1f7d2b10',
    sku: request.sku,
    product_slug: 'corvid-2',
    product_path: '/wingsuits/corvid-2',
    name: 'Corvid 2',
    variant_name: line.variantName,
    image: '/images/products/corvid-2.svg',
    qty: request.qty,
    unit_price: line.unitPrice,
    line_price: line.unitPrice * request.qty,
    meta: request.meta.filter((entry) => entry.key !== 'total_price'),
    child: request.child.map((child, index) => ({
      id: `0000000${index}-0000-4000-8000-000000000000`,
      sku: child.sku,
      name: child.sku,
      qty: child.qty,
      unit_price: 0,
      line_price: 0,
      meta: child.meta,
    })),
    summary: line.summary,
    availability: { in_stock: true, weeks_min: null, weeks_max: null },
  }
}

const suitLine = suitLineOf([
  { type: 'selectVariant', sku: 'CORVID2-M' },
  { type: 'setSuperAsym', on: true },
  { type: 'paint', region: 'body', side: 'l', color: 'r7C' },
  { type: 'paint', region: 'body', side: 'r', color: 'w1A' },
  { type: 'paint', region: 'leg-wing', color: 'c9F' },
])
const bagLine: CartLine = {
  ...suitLine,
  id: '6f0f8f7e-4c6b-4f43-9d0e-0c1d2e3f4a5b',
  sku: 'MISSION-BAG-BLACK',
  product_slug: 'mission-bag',
  product_path: '/equipment/mission-bag',
  name: 'Mission bag',
  variant_name: 'Mission bag, black',
  image: '/images/products/mission-bag.jpg',
  meta: [],
  child: [],
  summary: [],
}

async function keepServerCart(items: CartLine[]) {
  const subtotal = items.reduce((sum, line) => sum + line.line_price, 0)
  const cart: Cart = {
    ...emptyCart(),
    id: 'c0ffee00-0000-4000-8000-000000000000',
    items,
    item_count: items.length,
    subtotal,
    total: subtotal,
  }
  await db.keepCartRead(cart, 'device', (await db.cartServer()).version)
  return cart
}

const json = (body: unknown) =>
  new Response(JSON.stringify(body), {
    status: 200,
    headers: { 'Content-Type': 'application/json' },
  })

/** The cart page under the route's slot; `online`: the API and the store's data file answer. */
function renderCart({ cart, online }: { cart: Cart; online: boolean }) {
  vi.stubGlobal('scrollTo', () => {})
  const fetched: string[] = []
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL) => {
      const url = new URL(input instanceof Request ? input.url : String(input))
      fetched.push(url.pathname)
      if (!online) throw new TypeError('Failed to fetch')
      if (url.pathname === '/api/order') return json(cart)
      if (url.pathname === '/api/product/corvid-2')
        return json(humps.decamelizeKeys(context.product))
      if (url.pathname === '/page-data/store/page-data.json')
        return json({ result: { data: { palette: testPalette } } })
      return new Response('{}', { status: 404 })
    }),
  )
  // No network at all: nothing waits for a retry before reading the catalog snapshot.
  if (!online) vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false)
  const queries = new QueryClient({ defaultOptions: { queries: { retry: false } } })
  const rootRoute = createRootRoute({
    component: () => (
      <QueryClientProvider client={queries}>
        <LineDesignContext.Provider value={lineDesign}>
          <CartPage />
        </LineDesignContext.Provider>
      </QueryClientProvider>
    ),
  })
  const router = createRouter({
    routeTree: rootRoute,
    history: createMemoryHistory({ initialEntries: ['/cart'] }),
  })
  render(<RouterProvider router={router} />)
  return { fetched }
}

const lineOf = async (sku: string) =>
  within(
    await waitFor(() => {
      const line = document.querySelector<HTMLElement>(`.cart-line[data-sku="${sku}"]`)
      if (!line) throw new Error(`no line ${sku}`)
      return line
    }),
  )

/** The paint of a region half in a line's drawing. */
function fillOf(design: HTMLElement, region: string, side: 'l' | 'r') {
  return design
    .querySelector(`[data-region="${region}"][data-side="${side}"]`)
    ?.getAttribute('fill')
}

describe('a configured line in the cart', () => {
  it('shows the customer’s design in the line’s colours, decorative, and a bag keeps its picture', async () => {
    const cart = await keepServerCart([suitLine, bagLine])
    const { fetched } = renderCart({ cart, online: true })

    const suit = await lineOf('CORVID2-M')
    const design = await suit.findByTestId('cart-line-design', {}, drawn)
    expect(fillOf(design, 'body', 'l')).toBe(RED)
    expect(fillOf(design, 'body', 'r')).toBe(WHITE)
    expect(fillOf(design, 'leg-wing', 'l')).toBe(CYAN)
    expect(fillOf(design, 'leg-wing', 'r')).toBe(CYAN)
    // Beside the line's name, which says what it is: hidden from the accessibility tree.
    expect(design.getAttribute('aria-hidden')).toBe('true')
    expect(suit.queryByRole('img')).toBeNull()
    // In place of the stock picture, in the same box.
    expect(suit.queryByRole('presentation')).toBeNull()
    expect(design.closest('.cart-line-picture')).not.toBeNull()
    expect(suit.getByRole('heading', { name: 'Corvid 2' })).toBeTruthy()
    expect(fetched).toContain('/api/product/corvid-2')

    const bag = await lineOf('MISSION-BAG-BLACK')
    expect(bag.queryByTestId('cart-line-design')).toBeNull()
    const picture = bag.getByRole('presentation')
    expect(picture.getAttribute('src')).toBe('/images/products/mission-bag.jpg')
    expect(picture.closest('.cart-line-picture')).not.toBeNull()
    // Nothing of the bag's product is read for a drawing.
    expect(fetched).not.toContain('/api/product/mission-bag')
  })

  it('is drawn offline from the catalog snapshot', async () => {
    const cart = await keepServerCart([suitLine])
    await db.replaceCatalog([context.product as CatalogProduct], Date.now(), testPalette)
    renderCart({ cart, online: false })

    const design = await (await lineOf('CORVID2-M')).findByTestId('cart-line-design', {}, drawn)
    expect(fillOf(design, 'body', 'l')).toBe(RED)
    expect(fillOf(design, 'leg-wing', 'r')).toBe(CYAN)
  })

  it('keeps the stock picture when its product cannot be read', async () => {
    const cart = await keepServerCart([suitLine])
    renderCart({ cart, online: false })

    const suit = await lineOf('CORVID2-M')
    await waitFor(
      () =>
        expect(suit.getByRole('presentation').getAttribute('src')).toBe(
          '/images/products/corvid-2.svg',
        ),
      drawn,
    )
    expect(suit.queryByTestId('cart-line-design')).toBeNull()
  })
})
