import { isNotFound } from '@tanstack/react-router'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { catchAllRoutes } from '../../../contract/routes.ts'
import { loadSitePage } from './api.ts'
import { plannedPages } from './planned-pages.ts'

function servePageData() {
  const fetch = vi.fn(async (url: URL) => {
    const data = { slug: 'about', title: 'About Glidecraft', description: 'Who we are.' }
    return new Response(JSON.stringify({ path: url.pathname, result: { data } }))
  })
  vi.stubGlobal('fetch', fetch)
  return fetch
}

afterEach(() => vi.unstubAllGlobals())

describe('loadSitePage: the pages of the catch-all route', () => {
  it('shows a marketing page from its data file, with its head', async () => {
    const fetch = servePageData()
    const page = await loadSitePage('/About')
    expect(fetch.mock.calls[0]![0].pathname).toBe('/page-data/about/page-data.json')
    expect(page).toMatchObject({ kind: 'marketing', page: { title: 'About Glidecraft' } })
    expect(page.head.meta).toEqual([
      { title: 'About Glidecraft — Glidecraft' },
      { name: 'description', content: 'Who we are.' },
    ])
  })

  it('shows a screen still to come without a request', async () => {
    const fetch = servePageData()
    const page = await loadSitePage('/contact')
    expect(page).toMatchObject({ kind: 'planned', page: plannedPages['/contact'] })
    expect(page.head.meta?.[0]).toEqual({ title: 'Contact us — Glidecraft' })
    expect(fetch).not.toHaveBeenCalled()
  })

  it.each(['/no-such-page', '/wingsuits/corvid-2/extra', '/about/more', '/store'])(
    'answers %s, which is no page of its own, with the 404 page',
    async (path) => {
      const fetch = servePageData()
      expect(isNotFound(await loadSitePage(path).catch((e: unknown) => e))).toBe(true)
      expect(fetch).not.toHaveBeenCalled()
    },
  )

  it('has words for every catch-all page with a parameter: those are no marketing page', () => {
    for (const route of catchAllRoutes) {
      if (route.includes('$')) expect(plannedPages[route], route).toBeDefined()
    }
  })
})
