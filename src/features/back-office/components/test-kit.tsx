import { QueryClient, QueryClientProvider, type QueryKey } from '@tanstack/react-query'
import {
  createMemoryHistory,
  createRootRoute,
  createRouter,
  RouterProvider,
  type AnyRoute,
} from '@tanstack/react-router'
import { render } from '@testing-library/react'
import humps from 'humps'
import type { ReactNode } from 'react'
import { vi } from 'vitest'
import type { Read } from '../../../lib/kept-orders.ts'

/*
 * For the back office's screen tests (not shipped: only tests import it). A screen renders
 * under a router (its links) and a query client seeded with what the shop last answered; the
 * shop's API is a fake fetch that records each call and answers as the test says, in the wire's
 * snake_case, through the app's one HTTP client.
 */

/** What the server answered just now, as a kept read holds it. */
export const fresh = <T,>(data: T): Read<T> => ({ data, savedAt: Date.now(), fromDevice: false })

/** The copy this device kept, read with no network. */
export const fromDevice = <T,>(data: T, savedAt = Date.UTC(2026, 10, 30, 13, 2)): Read<T> => ({
  data,
  savedAt,
  fromDevice: true,
})

export function seededClient(seed: [QueryKey, unknown][] = []): QueryClient {
  // Never stale: the screens read only what the test gives them. Offline a read still goes
  // out, as in the app (lib/query-client.ts): the service worker may answer it.
  const client = new QueryClient({
    defaultOptions: {
      queries: { retry: false, staleTime: Infinity, networkMode: 'offlineFirst' },
      mutations: { retry: 0 },
    },
  })
  for (const [key, data] of seed) client.setQueryData(key, data)
  return client
}

/**
 * Renders the app's routes (`routeTree`) at `url`, under a query client (and whatever `wrap`
 * adds around the router: a context the route gives the screen).
 */
export function renderRoutes(
  routeTree: AnyRoute,
  {
    url = '/admin',
    client = seededClient(),
    wrap = (router) => router,
  }: { url?: string; client?: QueryClient; wrap?: (router: ReactNode) => ReactNode } = {},
) {
  const history = createMemoryHistory({ initialEntries: [url] })
  const router = createRouter({ routeTree, history })
  const view = render(
    <QueryClientProvider client={client}>
      {wrap(<RouterProvider router={router} />)}
    </QueryClientProvider>,
  )
  return { ...view, client, router, history }
}

/** One screen as the whole page (its links need a router), at `url`. */
export function renderScreen(ui: ReactNode, client = seededClient(), url = '/admin') {
  return renderRoutes(createRootRoute({ component: () => ui }), { url, client })
}

export interface Call {
  method: string
  path: string
  search: URLSearchParams
  body: unknown
  authorization: string | null
}

/** An answer: a JSON body in the app's camelCase (sent as snake_case), a status, or none at all. */
export type Answer =
  { status?: number; json?: unknown; text?: string } | 'no answer' | ((call: Call) => Answer)

/** A 422 as the API sends it: a message per wire field. */
export const invalid = (errors: Record<string, string[]>): Answer => ({
  status: 422,
  json: { message: 'The given data was invalid.', errors },
})

/**
 * The shop's API: each call is recorded and answered by `answer`. Wire keys go out in
 * snake_case; a 422's `errors` keep the wire's names as given.
 */
export function fakeApi(answer: Answer) {
  const calls: Call[] = []
  const fetch = vi.fn(async (request: Request) => {
    const url = new URL(request.url)
    const text = await request.text()
    const call: Call = {
      method: request.method,
      path: url.pathname,
      search: url.searchParams,
      body: text ? JSON.parse(text) : undefined,
      authorization: request.headers.get('Authorization'),
    }
    calls.push(call)
    let reply = answer
    while (typeof reply === 'function') reply = reply(call)
    if (reply === 'no answer') throw new TypeError('fetch failed')
    if (reply.text !== undefined)
      return new Response(reply.text, {
        status: reply.status ?? 200,
        headers: { 'Content-Type': 'text/csv' },
      })
    const status = reply.status ?? 200
    const body =
      status === 422 ? reply.json : reply.json === undefined ? '' : humps.decamelizeKeys(reply.json)
    return new Response(body === '' ? '' : JSON.stringify(body), {
      status,
      headers: { 'Content-Type': 'application/json' },
    })
  })
  vi.stubGlobal('fetch', fetch)
  return calls
}

/** Signed in: the bearer token the client sends with every back-office call. */
export function signIn(token = 'admin-token') {
  document.cookie = `authToken=${token}; Path=/`
}

/** The browser says it is offline (navigator.onLine and the event the screens listen for). */
export function goOffline() {
  const spy = vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false)
  window.dispatchEvent(new Event('offline'))
  return spy
}

/** A clipboard that records what was copied (jsdom has none). Undone by `forgetClipboard`. */
export function fakeClipboard() {
  const writeText = vi.fn(async (_text: string) => undefined)
  Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true })
  return writeText
}

export function forgetClipboard() {
  Reflect.deleteProperty(navigator, 'clipboard')
}
