import { cleanup, fireEvent, render, screen, within } from '@testing-library/react'
import {
  createMemoryHistory,
  createRootRoute,
  createRouter,
  RouterProvider,
} from '@tanstack/react-router'
import { createRef } from 'react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import type { LearnSearchData } from '../../../contract/page-data/learn.ts'
import { contentCatalog } from '../../test/products.ts'
import SiteSearchSheet, { type SearchSources } from './site-search.tsx'

afterEach(cleanup)

const guides: LearnSearchData = {
  topics: [{ topic: 'gear', title: 'Gear' }],
  articles: [
    {
      slug: 'choosing-a-gear-bag',
      title: 'Choosing a gear bag',
      summary: 'What a bag for a rig and a suit needs.',
      topic: 'gear',
      text: 'A mission to the exit point needs a bag that opens flat.',
    },
    {
      slug: 'packing-a-base-canopy',
      title: 'Packing a BASE canopy',
      summary: 'Flake the cells.',
      topic: 'gear',
      text: 'Check the lines.',
    },
  ],
}

function renderSheet(sources: SearchSources) {
  const onOpenChange = vi.fn()
  const rootRoute = createRootRoute({
    component: () => (
      <SiteSearchSheet
        open
        onOpenChange={onOpenChange}
        returnFocus={createRef()}
        load={async () => sources}
      />
    ),
  })
  const router = createRouter({
    routeTree: rootRoute,
    history: createMemoryHistory({ initialEntries: ['/'] }),
  })
  render(<RouterProvider router={router} />)
  return { onOpenChange }
}

const type = (text: string) =>
  fireEvent.change(screen.getByRole('searchbox', { name: 'Products and guides' }), {
    target: { value: text },
  })

describe('the app bar’s search', () => {
  it('opens with the search box focused', async () => {
    renderSheet({ ...contentCatalog(), guides })
    const box = await screen.findByRole('searchbox', { name: 'Products and guides' })
    expect(document.activeElement).toBe(box)
  })

  it('finds products by name, with the guides under their own heading', async () => {
    renderSheet({ ...contentCatalog(), guides })
    await screen.findByText(/Type a product’s name/)
    type('mission bag')
    const products = await screen.findByRole('region', { name: 'Products' })
    const links = within(products).getAllByRole('link')
    expect(links[0]!.textContent).toBe('Mission bag')
    expect(links[0]!.getAttribute('href')).toBe('/equipment/mission-bag')
    const found = within(screen.getByRole('region', { name: 'Guides' })).getAllByRole('link')
    expect(found.map((link) => link.textContent)).toContain('Choosing a gear bag')
    expect(screen.getByRole('status').textContent).toMatch(
      /products? and 1 guide match “mission bag”/,
    )
  })

  it('answers "corvid" with the Corvid suits, and no guide heading when no guide matches', async () => {
    renderSheet({ ...contentCatalog(), guides })
    await screen.findByText(/Type a product’s name/)
    type('corvid')
    const products = await screen.findByRole('region', { name: 'Products' })
    const names = within(products)
      .getAllByRole('link')
      .map((link) => link.textContent)
    expect(names).toEqual(expect.arrayContaining(['Corvid 2', 'Corvid']))
    expect(screen.queryByRole('region', { name: 'Guides' })).toBeNull()
  })

  it('closes as the shopper follows a result', async () => {
    const { onOpenChange } = renderSheet({ ...contentCatalog(), guides })
    await screen.findByText(/Type a product’s name/)
    type('corvid')
    const products = await screen.findByRole('region', { name: 'Products' })
    fireEvent.click(within(products).getAllByRole('link')[0]!)
    expect(onOpenChange).toHaveBeenCalledWith(false)
  })

  it('still finds products when the guides could not be read, and says so plainly', async () => {
    renderSheet({ ...contentCatalog(), guides: null })
    await screen.findByText(/Type a product’s name/)
    type('beanie')
    await screen.findByRole('region', { name: 'Products' })
    expect(screen.getByRole('status').textContent).toBe('1 product matches “beanie”.')
  })

  it('says the catalog is not on this device yet rather than "no match"', async () => {
    renderSheet({ products: [], palette: [], guides: null })
    // The status reads "Loading the catalog…" until the sources answer: wait for the answer.
    const said = await screen.findByText(
      'The catalog is not saved on this device yet. Search products once you are online.',
    )
    expect(said).toBe(screen.getByRole('status'))
    type('corvid')
    expect(screen.getByRole('status').textContent).toBe(
      'The catalog is not saved on this device yet. Search products once you are online.',
    )
    expect(screen.queryByRole('region', { name: 'Products' })).toBeNull()
  })
})
