import { trimSlashes } from './paths.ts'

/**
 * The per-route data files of docs/architecture.md (`/page-data/{path}/page-data.json`) and the
 * site-wide `/page-data/app-data.json`. The build writes them; the app loads them when it
 * navigates. The record keeps the field names of the page-data records (docs/architecture.md);
 * `result.data` is the page's own data, whose shape each feature defines next to its route.
 */
export interface PageDataRecord<T = unknown> {
  path: string
  matchPath?: string
  componentChunkName: string
  staticQueryHashes: string[]
  slicesMap: Record<string, string>
  webpackCompilationHash: string
  result: { data: T }
}

export interface AppData {
  webpackCompilationHash: string
}

export const APP_DATA_URL = '/page-data/app-data.json'

/** Where the data file of a page path lives: `/` → `/page-data/index/page-data.json`. */
export function pageDataUrl(pagePath: string): string {
  const trimmed = trimSlashes(pagePath)
  return `/page-data/${trimmed === '' ? 'index' : trimmed}/page-data.json`
}
