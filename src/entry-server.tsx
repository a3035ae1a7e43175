import { createMemoryHistory, RouterProvider } from '@tanstack/react-router'
import { StrictMode } from 'react'
import { renderToString } from 'react-dom/server'
import { loadQueryClient, provideQueryClient } from './lib/data-layer.ts'
import { createQueryClient } from './lib/query-client.ts'
import * as shellLinks from './components/site-chrome.tsx'
import { renderLinksInPlace } from './components/site-layout.tsx'
import type { HeadTag, RenderedPage } from './prerendered-page.ts'
import { createAppRouter } from './router.tsx'

/**
 * Renders one page of the store to HTML at build time (scripts/build/prerender.ts). The same routes,
 * loaders and components as in the browser; the prerender answers their requests.
 */

renderLinksInPlace(shellLinks)

export async function renderPage(url: string): Promise<RenderedPage> {
  // A fresh cache per page: nothing leaks from one page into the next.
  const queryClient = createQueryClient()
  provideQueryClient(queryClient)
  const router = createAppRouter(
    { loadQueryClient },
    createMemoryHistory({ initialEntries: [url] }),
  )
  await router.load()

  const matches = router.state.matches as ReadonlyArray<RenderedMatch>
  for (const match of matches) {
    if (match.status === 'error') console.error(url, match.error)
  }
  const status = matches.some((m) => m.status === 'notFound' || m.globalNotFound)
    ? 404
    : matches.some((m) => m.status === 'error')
      ? 500
      : 200
  const html = renderToString(
    <StrictMode>
      <RouterProvider router={router} />
    </StrictMode>,
  )
  // Drops the cached queries and their garbage-collection timers, which would otherwise keep
  // the build process alive for minutes after the last page.
  queryClient.clear()
  return { status, html, head: collectHead(matches), routeIds: matches.map((m) => m.routeId) }
}

/** What the prerender reads of a match: its outcome and the tags its route's head() gave. */
type RenderedMatch = MatchHead & {
  routeId: string
  status: string
  error?: unknown
  globalNotFound?: boolean
}

type MatchHead = {
  meta?: ReadonlyArray<Record<string, unknown> | undefined>
  links?: ReadonlyArray<Record<string, unknown> | undefined>
  headScripts?: ReadonlyArray<Record<string, unknown> | undefined>
}

/** The deepest route's tags win: one title, one tag per meta name/property, one canonical. */
function collectHead(matches: ReadonlyArray<MatchHead>): HeadTag[] {
  const byKey = new Map<string, HeadTag>()
  for (const match of matches) {
    for (const meta of match.meta ?? []) {
      if (!meta) continue
      if (typeof meta.title === 'string') {
        byKey.set('title', { tag: 'title', attrs: {}, children: meta.title })
        continue
      }
      const attrs = stringAttrs(meta)
      const key = attrs.name ?? attrs.property ?? JSON.stringify(attrs)
      byKey.set(`meta:${key}`, { tag: 'meta', attrs })
    }
    for (const link of match.links ?? []) {
      if (!link) continue
      const attrs = stringAttrs(link)
      byKey.set(`link:${attrs.rel}:${attrs.rel === 'canonical' ? '' : attrs.href}`, {
        tag: 'link',
        attrs,
      })
    }
    for (const script of match.headScripts ?? []) {
      if (!script || script.type !== 'application/ld+json') continue
      byKey.set(`ld:${byKey.size}`, {
        tag: 'script',
        attrs: { type: 'application/ld+json' },
        children: String(script.children ?? ''),
      })
    }
  }
  return [...byKey.values()]
}

function stringAttrs(source: Record<string, unknown>): Record<string, string> {
  return Object.fromEntries(
    Object.entries(source)
      .filter(([key, value]) => key !== 'children' && typeof value === 'string')
      .map(([key, value]) => [key, value as string]),
  )
}
