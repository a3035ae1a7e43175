import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react'
import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import {
  createMemoryHistory,
  createRootRoute,
  createRouter,
  RouterProvider,
} from '@tanstack/react-router'
import { useState } from 'react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { familyKeys } from '../../../../contract/families.ts'
import { contentCatalog } from '../../../test/products.ts'
import { productKeys } from '../api.ts'
import type { StoreSearch } from '../search.ts'
import { StorePage } from './store-page.tsx'

// When the search's code (MiniSearch with it) is fetched: the module is the real one.
const searchCode = vi.hoisted(() => ({ imported: 0 }))
vi.mock('../product-search.ts', async (original) => {
  searchCode.imported += 1
  return original()
})

afterEach(cleanup)

const catalog = contentCatalog()
// As the API answers them: the content files leave out empty lists (contract/catalog.ts defaults).
const products = catalog.products.map((product) => ({
  ...product,
  sizes: product.sizes ?? [],
  colors: product.colors ?? [],
}))
const palette = catalog.palette

function renderStore(initial: StoreSearch = {}) {
  const client = new QueryClient({ defaultOptions: { queries: { staleTime: Infinity } } })
  for (const family of familyKeys)
    client.setQueryData(
      productKeys.list(family),
      products.filter((product) => product.family === family),
    )
  const urls: StoreSearch[] = []
  function Store() {
    // The route's URL, as the router would keep it (it lags the field; here it does not).
    const [search, setSearch] = useState(initial)
    return (
      <StorePage
        palette={palette}
        search={search}
        onSearch={(next) => {
          urls.push(next)
          setSearch(next)
        }}
      />
    )
  }
  const router = createRouter({
    routeTree: createRootRoute({ component: Store }),
    history: createMemoryHistory({ initialEntries: ['/store'] }),
  })
  render(
    <QueryClientProvider client={client}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  )
  return { urls }
}

// Plain DOM queries: role queries over some fifty product cards take seconds in jsdom.
const field = () => screen.findByRole('searchbox', { name: 'Search the store' })
const status = () => document.querySelector<HTMLElement>('.catalog-toolbar [role="status"]')!
const listed = () =>
  [...document.querySelectorAll('.product-card :is(h2, h3)')].map((name) => name.textContent)

async function type(text: string) {
  const box = await field()
  fireEvent.focus(box)
  fireEvent.change(box, { target: { value: text } })
  await waitFor(() => expect(status().textContent).toContain(`“${text}”`))
  await waitFor(() => expect(status().textContent).not.toMatch(/^Searching/))
}

// The whole store renders in each test: slow on a busy machine.
describe('the store’s search field', { timeout: 20_000 }, () => {
  it('has a visible label, sits above the filters, and loads no search code until it is used', async () => {
    renderStore()
    const box = await field()
    expect(box.closest('form')?.getAttribute('role')).toBe('search')
    expect(document.querySelector(`label[for="${box.id}"]`)?.textContent).toBe('Search the store')
    const filters = screen.getByRole('region', { name: 'Filter' })
    expect(box.compareDocumentPosition(filters) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy()
    expect(listed()).toHaveLength(products.length)
    expect(searchCode.imported).toBe(0)

    fireEvent.focus(box)
    await waitFor(() => expect(searchCode.imported).toBe(1))
  })

  it('narrows the listing as the customer types, forgiving a typo, and says how many', async () => {
    const { urls } = renderStore()
    await type('mision bag')
    expect(listed()[0]).toBe('Mission bag')
    expect(status().textContent).toMatch(/^\d+ products? match(es)? “mision bag”\.$/)
    expect(status().getAttribute('aria-live')).toBe('polite')
    // The query is in the URL, for a reload or a link.
    expect(urls.at(-1)).toEqual({ q: 'mision bag' })
  })

  it('shows a product when it matches the words and every filter', async () => {
    const { urls } = renderStore()
    await type('corvid')
    const matching = listed()
    expect(matching).toEqual(expect.arrayContaining(['Corvid 2', 'Corvid']))
    expect(matching).not.toContain('Mission bag')

    const panel = screen.getByRole('region', { name: 'Filter' })
    const red = within(panel).getByRole('radio', { name: /^Signal red/ })
    await act(async () => fireEvent.click(red))
    // The filter keeps the query, and the query keeps the filter.
    expect(urls.at(-1)).toEqual({ q: 'corvid', color: 'r7C' })
    const expected = products
      .filter((product) => matching.includes(product.name) && product.colors.includes('r7C'))
      .map((product) => product.name)
    expect(expected).toContain('Corvid 2')
    expect(expected).not.toContain('Corvid')
    expect(listed().sort()).toEqual(expected.sort())
    expect(status().textContent).toBe(
      `${expected.length} ${expected.length === 1 ? 'product matches' : 'products match'} “corvid” and these filters.`,
    )
  })

  it('says when nothing matches, and clears the search back to every product', async () => {
    renderStore()
    await type('zzzzqqq')
    expect(status().textContent).toBe('No products match “zzzzqqq”.')
    expect(listed()).toEqual([])
    fireEvent.click(screen.getByRole('button', { name: 'Clear the search' }))
    const box = await field()
    expect((box as HTMLInputElement).value).toBe('')
    expect(document.activeElement).toBe(box)
    await waitFor(() => expect(listed()).toHaveLength(products.length))
  })

  it('opens a shared search from the URL, without a tap in the field', async () => {
    renderStore({ q: 'beani' })
    expect(((await field()) as HTMLInputElement).value).toBe('beani')
    await waitFor(() => expect(listed()).toEqual(['Ridge beanie']))
    expect(status().textContent).toBe('1 product matches “beani”.')
  })
})
