import { ApiError, NetworkError } from './api-client.ts'
import { shouldRetry } from './query-client.ts'

/*
 * Orders kept on this device for offline reading (store-db `keptOrders`): the customer's orders
 * (features/orders) and what the back office last read (features/back-office), each read from the
 * server and kept, or read from here when the network gives no answer, marked with when it was
 * read. Sign-out forgets them all.
 */

/** What a screen shows: the server's answer now, or the copy this device kept. */
export interface Read<T> {
  data: T
  /** When the server gave it (epoch ms). */
  savedAt: number
  /** Read from the device: the network gave no answer. */
  fromDevice: boolean
}

/** Offline, and this device never read the order (or list) while online. */
export class NotKeptError extends Error {
  constructor() {
    super('This device has not saved this yet.')
    this.name = 'NotKeptError'
  }
}

export async function keptStore() {
  if (!globalThis.indexedDB) return undefined
  return (await import('./db.ts')).db
}

/** The network gave no answer (or the shop failed): the device's copy will have to do. */
function noAnswer(error: unknown): boolean {
  return error instanceof NetworkError || (error instanceof ApiError && error.status >= 500)
}

/**
 * Reads from the server and keeps the answer under `id`; with no answer, the kept copy. `shape`
 * is the contract the copy was read with: a build reading another shape asks again. A 404, 401
 * or 403 says the record is not the caller's (any more): its copy goes.
 */
export async function readKept<T>(
  id: string,
  shape: number,
  fetch: () => Promise<T>,
): Promise<Read<T>> {
  try {
    const data = await fetch()
    const savedAt = Date.now()
    await (await keptStore())?.keepOrder(id, data, shape, savedAt).catch(() => undefined)
    return { data, savedAt, fromDevice: false }
  } catch (error) {
    if (noAnswer(error)) {
      const kept = await (await keptStore())?.keptOrder(id, shape).catch(() => undefined)
      if (kept) return { data: kept.data as T, savedAt: kept.savedAt, fromDevice: true }
      throw new NotKeptError()
    }
    if (error instanceof ApiError && [401, 403, 404].includes(error.status))
      await (await keptStore())?.forgetOrder(id).catch(() => undefined)
    throw error
  }
}

/** Retries as every query does, but a copy that was never kept will not appear by asking again. */
export function keptRetry(failureCount: number, error: unknown): boolean {
  return !(error instanceof NotKeptError) && shouldRetry(failureCount, error)
}

/**
 * Sign-out forgets everything this device kept. Resolves once done, at once where IndexedDB is
 * not available.
 */
export async function forgetKeptOrders(): Promise<void> {
  const store = await keptStore()
  await store?.forgetOrders()
}
