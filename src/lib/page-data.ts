import { notFound } from '@tanstack/react-router'
import { pageDataUrl, type PageDataRecord } from '../../contract/page-data.ts'
import { NetworkError } from './api-client.ts'

/** SPEC §8: page-data failures other than 404 and 500 are retried up to 3 times. */
export const PAGE_DATA_RETRIES = 3

export class PageDataError extends Error {
  readonly status: number
  constructor(pagePath: string, status: number) {
    super(`The data of ${pagePath} could not be loaded (status ${status}).`)
    this.name = 'PageDataError'
    this.status = status
  }
}

const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

/**
 * Loads a page's data file (SPEC §7, /page-data/{path}/page-data.json). A 404 shows the 404
 * page, a 500 the error page (SPEC §4, §8); other failures, the network's included, are
 * retried up to 3 times with a doubling delay before the page gives up. Offline, the service
 * worker answers from its cache.
 */
export async function fetchPageData<T>(
  pagePath: string,
  { retryDelayMs = 500, signal }: { retryDelayMs?: number; signal?: AbortSignal } = {},
): Promise<T> {
  const url = new URL(pageDataUrl(pagePath), globalThis.location.origin)
  for (let attempt = 0; ; attempt++) {
    let failure: Error
    try {
      const response = await fetch(url, { signal, headers: { Accept: 'application/json' } })
      if (response.status === 404) throw notFound()
      if (response.ok) return ((await response.json()) as PageDataRecord<T>).result.data
      failure = new PageDataError(pagePath, response.status)
      if (response.status === 500) throw failure
    } catch (error) {
      if (!(error instanceof TypeError)) throw error
      failure = new NetworkError(error)
    }
    // With no network at all, retrying only keeps the visitor waiting for the offline copy.
    const offline = failure instanceof NetworkError && globalThis.navigator?.onLine === false
    if (offline || attempt >= PAGE_DATA_RETRIES) throw failure
    await wait(retryDelayMs * 2 ** attempt)
  }
}
