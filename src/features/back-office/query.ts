import { queryOptions, type QueryKey } from '@tanstack/react-query'
import { ApiError, NetworkError, ValidationError } from '../../lib/api-client.ts'
import { keptRetry, keptStore, readKept, type Read } from '../../lib/kept-orders.ts'
import { userBound } from '../../lib/query-client.ts'

/*
 * What every back-office screen shares (docs/back-office.md): one query-key root, reads kept on
 * the device for offline use, and what an action that did not happen says. The screens' own
 * calls live in api/<screen>.ts.
 */

/** The root of every back-office query: sign-out and a role change drop them together. */
export const adminKeys = { all: ['admin'] as const }

/**
 * The shape of what the back office keeps on the device: a build reading another shape asks the
 * server again rather than show an old copy it cannot read.
 */
const KEPT_SHAPE = 1

/**
 * A back-office read, kept on the device (IndexedDB, beside the customer's kept orders) each time
 * the server answers, and read from there with no network: the queue and the orders last seen open
 * offline, marked with when they were read (`AsOf`). Bound to who signed in: sign-out forgets
 * them. `keptAs` names the copy (`queue`, `order:<id>`); a list whose filters change is one copy
 * per filter set only where the screen says so.
 */
export function keptAdminQuery<T>(
  queryKey: QueryKey,
  keptAs: string,
  fetch: (signal: AbortSignal) => Promise<T>,
) {
  return queryOptions<Read<T>>({
    queryKey,
    queryFn: ({ signal }) => readKept(`admin:${keptAs}`, KEPT_SHAPE, () => fetch(signal)),
    retry: keptRetry,
    ...userBound,
  })
}

/**
 * Keeps an action's answer (the order after a move) as the device's copy of `keptAs`, as a read
 * would: the page shown offline next is the one the action left, with its time.
 */
export async function keepAdminCopy<T>(keptAs: string, data: T): Promise<Read<T>> {
  const savedAt = Date.now()
  await (
    await keptStore()
  )
    ?.keepOrder(`admin:${keptAs}`, data, KEPT_SHAPE, savedAt)
    .catch(() => undefined)
  return { data, savedAt, fromDevice: false }
}

/** A back-office read that is not kept (a search, a report): network only. */
export function adminQuery<T>(queryKey: QueryKey, fetch: (signal: AbortSignal) => Promise<T>) {
  return queryOptions<T>({
    queryKey,
    queryFn: ({ signal }) => fetch(signal),
    retry: keptRetry,
    ...userBound,
  })
}

/**
 * Every back-office action runs only with an answer from the shop: `networkMode: 'always'` so an
 * offline press fails at once ("needs the network") instead of waiting, paused, looking busy.
 * Spread into each `useMutation`.
 */
export const actionOptions = { networkMode: 'always', retry: 0 } as const

/** What an action that failed says, above its form: never that it was done. */
export function actionFailure(error: unknown): string {
  if (error instanceof NetworkError)
    return 'Not done: this needs the network, and the shop did not answer. Nothing was changed.'
  if (error instanceof ApiError) {
    if (error.status === 401) return 'Not done: your session has ended. Sign in again.'
    if (error.status === 403) return 'Not done: your role may not do this.'
    if (error.status === 404) return 'Not done: it no longer exists.'
    if (error.status === 409 || error.status === 422) return `Not done: ${error.message}`
    return 'Not done: the shop could not do it just now. Nothing was changed; try again.'
  }
  return 'Not done: something went wrong. Nothing was changed; try again.'
}

/**
 * A 422's first message for one field. The client camelCases the body, so a field the wire calls
 * `starts_at` is asked for as `startsAt`.
 */
export function fieldError(error: unknown, field: string): string | undefined {
  return error instanceof ValidationError ? error.errors[field]?.[0] : undefined
}
