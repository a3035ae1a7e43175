import { notFound } from '@tanstack/react-router'
import { pageDataUrl, type PageDataRecord } from '../../contract/page-data.ts'
import { NetworkError } from './api-client.ts'

/** docs/architecture.md: page-data failures other than 404 and 500 are retried up to 3 times. */
export const PAGE_DATA_RETRIES = 3

export class PageDataError extends Error {
  readonly status: number
  constructor(pagePath: string, status: number) {
    super(`The data of ${pagePath} could not be loaded (status ${status}).`)
    this.name = 'PageDataError'
    this.status = status
  }
}

/** The static queries' results and slices read already in this page (once each). */
const siteDataRead = new Set<string>()

/**
 * Reads what a page's record names beside its own data (docs/architecture.md): its static queries'
 * results (`/page-data/sq/d/{hash}.json`) and its slices (`/slice-data/{name}.json`), as Gatsby's
 * loader does, so they are in the worker's cache when the page is next opened offline. Every page
 * names the same few; each is read once per page load, in the background.
 */
export function loadSiteData(record: Pick<PageDataRecord, 'staticQueryHashes' | 'slicesMap'>) {
  const urls = [
    ...(record.staticQueryHashes ?? [])
      .filter((hash) => /^[0-9a-f]{8,64}$/.test(hash))
      .map((hash) => `/page-data/sq/d/${hash}.json`),
    ...Object.values(record.slicesMap ?? {})
      .filter((name) => /^[a-z][a-z0-9-]{0,40}$/.test(name))
      .map((name) => `/slice-data/${name}.json`),
  ]
  for (const url of urls) {
    if (siteDataRead.has(url)) continue
    siteDataRead.add(url)
    void fetch(new URL(url, globalThis.location.origin), { priority: 'low' } as RequestInit)
      .then((response) => response.ok || siteDataRead.delete(url))
      .catch(() => siteDataRead.delete(url))
  }
}

const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

/**
 * Loads a page's data file (docs/architecture.md, /page-data/{path}/page-data.json). A 404 shows
 * the 404 page, a 500 the error page (docs/architecture.md); other failures, the network's
 * included, are retried up to 3 times with a doubling delay before the page gives up. Offline, the
 * service worker answers from its cache.
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
      if (response.ok) {
        const record = (await response.json()) as PageDataRecord<T>
        loadSiteData(record)
        return record.result.data
      }
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
