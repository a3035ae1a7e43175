import type { QueryClient } from '@tanstack/react-query'
import { setSignedIn, type SignedIn } from './signed-in.ts'

/*
 * Who the header says is signed in, worked out once the first view is up (after-first-view.ts
 * starts it; the shell only holds the value, lib/signed-in.ts): the `authToken` cookie and the
 * user query (`['user']`, persisted by the account feature). Before the query client has
 * started that is the persisted copy in localStorage; once it runs, the live query cache, so
 * signing in or out shows at once. The names below are written here again, without importing the
 * query layer; signed-in-user.test.ts holds them to cookies.ts, config.ts, query-client.ts and
 * the account feature's user query.
 */

/** lib/cookies.ts AUTH_COOKIE. */
export const AUTH_COOKIE_NAME = 'authToken'
/** lib/query-client.ts: the persister's localStorage key. */
export const QUERY_CACHE_STORAGE_KEY = 'glidecraft-query-cache'
/** The account feature's user query. */
export const USER_QUERY_KEY = ['user'] as const
/** lib/config.ts buildId: the persisted cache of another build is not restored. */
const thisBuild = (import.meta.env.VITE_BUILD_ID as string | undefined) ?? 'dev'

/** The header's string for a user query's data (`{ email, name, role }`). */
export function signedInAs(data: unknown): SignedIn {
  const user = (data ?? {}) as { email?: unknown; name?: unknown; role?: unknown }
  const shown = user.name || user.email
  return (user.role === 'guest' ? 'g' : 'u') + (typeof shown === 'string' ? shown : '')
}

/** The cookie header holds a non-empty `authToken`. */
const signedInCookie = new RegExp(`(^|;)\\s*${AUTH_COOKIE_NAME}=[^;\\s]`)

interface PersistedCache {
  buster?: unknown
  clientState: { queries: Array<{ queryHash: string; state: { data?: unknown } }> }
}

/**
 * The user query's data where the cookie says someone is signed in (null where nobody is): from
 * the live query cache once the client runs, else from the copy the persister keeps (a copy of
 * another build is not restored, so it is not read either). Unreadable storage counts as no copy.
 */
function signedInData(
  client: QueryClient | undefined,
  cookies: string,
  storage: Pick<Storage, 'getItem'>,
): { data: unknown } | null {
  if (!signedInCookie.test(cookies)) return null
  let data: unknown
  try {
    if (client) data = client.getQueryData(USER_QUERY_KEY)
    else {
      const cache = JSON.parse(storage.getItem(QUERY_CACHE_STORAGE_KEY)!) as PersistedCache
      if (cache.buster === thisBuild) {
        data = cache.clientState.queries.find(
          (query) => query.queryHash === JSON.stringify(USER_QUERY_KEY),
        )!.state.data
      }
    }
  } catch {
    // No copy, or storage refused (a privacy mode): "Account" until the user is fetched.
  }
  return { data }
}

/** Who the cookie and the user query say is signed in. */
export function signedInNow(
  client: QueryClient | undefined,
  cookies = document.cookie,
  // A read of the persisted query cache only (the persister in query-client.ts owns it).
  storage: Pick<Storage, 'getItem'> = window.localStorage,
): SignedIn {
  const signedIn = signedInData(client, cookies, storage)
  return signedIn ? signedInAs(signedIn.data) : ''
}

/** The query client once started (watchSignedIn). */
let liveClient: QueryClient | undefined

/**
 * The signed-in account's e-mail address in lower case, '' when signed in as someone this device
 * has not read yet, undefined when nobody is signed in: what a cart change made now records
 * (store-db OutboxEntry.by).
 */
export function signedInEmail(
  client = liveClient,
  cookies = document.cookie,
  storage: Pick<Storage, 'getItem'> = window.localStorage,
): string | undefined {
  const signedIn = signedInData(client, cookies, storage)
  if (!signedIn) return undefined
  const email = (signedIn.data as { email?: unknown } | undefined)?.email
  return typeof email === 'string' ? email.trim().toLowerCase() : ''
}

/**
 * Keeps the header's value true from now on: at once from the persisted copy, then from the live
 * query cache once the client has started, and again whenever another tab rewrites the copy.
 *
 * The query cache reports every query's every change, hundreds in one task on a busy screen (the
 * back office's queue draws 200 suits, each with its queries), and each look reads the cookies.
 * So the changes of one moment are looked at once, in a microtask after them: the header still
 * changes before the next paint.
 */
export function watchSignedIn(client: Promise<QueryClient>): void {
  const update = () => setSignedIn(signedInNow(liveClient))
  let queued = false
  const updateSoon = () => {
    if (queued) return
    queued = true
    queueMicrotask(() => {
      queued = false
      update()
    })
  }
  update()
  addEventListener('storage', update)
  void client.then(
    (started) => {
      liveClient = started
      started.getQueryCache().subscribe(updateSoon)
      update()
    },
    () => undefined,
  )
}
