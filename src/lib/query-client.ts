import { createSyncStoragePersister } from '@tanstack/query-sync-storage-persister'
import {
  dehydrate,
  onlineManager,
  QueryClient,
  type DehydratedState,
  type Query,
} from '@tanstack/react-query'
import { persistQueryClient, type PersistedClient } from '@tanstack/react-query-persist-client'
import { ApiError, NetworkError } from './api-client.ts'
import { config } from './config.ts'

/** docs/architecture.md: data stays cached for 5 minutes. */
export const CACHE_TIME_MS = 300_000
/** docs/architecture.md: 3 retries for queries. */
export const QUERY_RETRIES = 3
/** How long persisted queries are kept in localStorage. */
export const PERSIST_MAX_AGE_MS = 24 * 60 * 60 * 1000

/**
 * Retries transient failures only: a 4xx answer (404, 401, 422) will not change by asking
 * again, so it is shown at once. With no network at all, the service worker has already said it
 * holds no copy: retrying (paused until the network returns) would leave the page loading
 * forever, so the failure shows at once as the offline page.
 */
export function shouldRetry(failureCount: number, error: unknown): boolean {
  if (error instanceof ApiError && error.status >= 400 && error.status < 500) return false
  if (error instanceof NetworkError && globalThis.navigator?.onLine === false) return false
  return failureCount < QUERY_RETRIES
}

export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        gcTime: CACHE_TIME_MS,
        refetchOnWindowFocus: false,
        retry: shouldRetry,
        // The retry delay is TanStack's own: doubling from 1 s, capped at 30 s.
        // Offline the request still goes out: the service worker may answer it from its cache.
        networkMode: 'offlineFirst',
      },
      mutations: {
        retry: 0,
      },
    },
  })
}

/**
 * Options for queries whose data is kept across sessions in localStorage (small server state
 * such as the user; never the catalog). Their gcTime must outlive the persister's maxAge, or
 * the persisted copy would be dropped before it could be restored.
 */
export const persisted = {
  gcTime: PERSIST_MAX_AGE_MS,
  meta: { persist: true },
} as const

/**
 * A persisted query is kept while it holds data, also when its last refetch failed (offline, a
 * network that flapped): the copy is what the device last saw, and a failed refetch must not
 * take it away from the next start.
 */
export function shouldPersistQuery(query: Query): boolean {
  return query.meta?.persist === true && query.state.data !== undefined
}

type DehydratedQuery = DehydratedState['queries'][number]

/**
 * A persisted query as the device last saw it: one whose refetch failed is written with its data
 * as a success (an error does not survive JSON, and the next start asks again anyway).
 */
export function asLastSeen(query: DehydratedQuery): DehydratedQuery {
  if (query.state.status === 'success') return query
  return {
    ...query,
    state: {
      ...query.state,
      status: 'success',
      error: null,
      fetchFailureCount: 0,
      fetchFailureReason: null,
    },
  }
}

/**
 * Options for the signed-in customer's queries that are not kept in localStorage: their orders,
 * which the device keeps in IndexedDB for offline reading instead. Bound to who signed in all the
 * same: signing out calls off their reads and drops them from memory with the persisted ones.
 */
export const userBound = { meta: { userBound: true } } as const

/** The customer's own queries, persisted or `userBound`: bound to who signed in. */
export function isUserBoundQuery(query: Query): boolean {
  return query.meta?.persist === true || query.meta?.userBound === true
}

/**
 * Drops the customer's queries from the cache and their stored copy from localStorage. Only
 * user-bound queries are persisted, so the copy goes as a whole, at once: the persister's own
 * writes wait up to a second, and a page closed right after sign-out must not restore them.
 */
export async function forgetUserQueries(client: QueryClient, storage?: Storage): Promise<void> {
  client.removeQueries({ predicate: isUserBoundQuery })
  await createPersistOptions(storage).persister.removeClient()
}

const PERSIST_KEY = 'glidecraft-query-cache'

/** What the persister writes: the persisted queries as the device last saw them. */
function serializePersisted(persisted: PersistedClient): string {
  return JSON.stringify({
    ...persisted,
    clientState: {
      ...persisted.clientState,
      queries: persisted.clientState.queries.map(asLastSeen),
    },
  })
}

export function createPersistOptions(storage: Storage = window.localStorage) {
  return {
    persister: createSyncStoragePersister({
      storage,
      key: PERSIST_KEY,
      serialize: serializePersisted,
    }),
    maxAge: PERSIST_MAX_AGE_MS,
    buster: config.buildId,
    dehydrateOptions: { shouldDehydrateQuery: shouldPersistQuery },
  }
}

/** Writes the persisted queries at once, as the persister would (same key, buster and shape). */
export function flushPersistedQueries(client: QueryClient, storage: Storage = window.localStorage) {
  try {
    storage.setItem(
      PERSIST_KEY,
      serializePersisted({
        buster: config.buildId,
        timestamp: Date.now(),
        clientState: dehydrate(client, { shouldDehydrateQuery: shouldPersistQuery }),
      }),
    )
  } catch {
    // A full storage keeps the last copy; the next throttled write tries again.
  }
}

export function isOfflineError(error: unknown): boolean {
  return error instanceof NetworkError
}

/**
 * TanStack's online state as the browser answers it, whichever event fired: Chromium can fire
 * `online` just after `offline` while `navigator.onLine` is still false, and an `online`
 * refetches every stale query the page shows, only for each to fail.
 */
export function followBrowserOnlineState(manager = onlineManager): void {
  manager.setEventListener((setOnline) => {
    const update = () => setOnline(navigator.onLine)
    window.addEventListener('online', update)
    window.addEventListener('offline', update)
    return () => {
      window.removeEventListener('online', update)
      window.removeEventListener('offline', update)
    }
  })
}

/**
 * Creates the app's query client, connects it to the browser's online and focus signals, and
 * restores the persisted cache before anything reads from it.
 */
export async function startQueryClient(storage?: Storage): Promise<QueryClient> {
  followBrowserOnlineState()
  const client = createQueryClient()
  client.mount()
  const [stopPersisting, restored] = persistQueryClient({
    queryClient: client,
    ...createPersistOptions(storage),
  })
  await restored.catch(() => undefined)
  // The persister writes at most once a second; a page hidden or closed in between (a reload
  // right after adding to the cart) writes what it shows now, so it is there on the next start.
  const onPageHide = () => flushPersistedQueries(client, storage)
  const onHidden = () => {
    if (document.visibilityState === 'hidden') flushPersistedQueries(client, storage)
  }
  window.addEventListener('pagehide', onPageHide)
  document.addEventListener('visibilitychange', onHidden)
  // The app's client lives as long as the page; one unmounted (a test's) stops writing too.
  const unmount = client.unmount.bind(client)
  client.unmount = () => {
    stopPersisting()
    window.removeEventListener('pagehide', onPageHide)
    document.removeEventListener('visibilitychange', onHidden)
    unmount()
  }
  return client
}
