/*
 * The site-wide static assets (docs/architecture.md) beside each page's data: the results of the
 * site's static queries, `/page-data/sq/d/{hash}.json`, and the header and footer slices,
 * `/slice-data/{name}.json`. The build writes them (scripts/build/page-data/static-data.ts); every
 * page-data record names them (`staticQueryHashes`, `slicesMap`); the worker keeps them offline
 * with the rest of the page data; the app reads them (src/lib/static-data.ts). A query's hash is a
 * hash of its name, so the app knows where its result lives without asking.
 */

/** The site's static queries: its navigation and its metadata. */
export const staticQueryNames = ['navigation', 'site-metadata'] as const
export type StaticQueryName = (typeof staticQueryNames)[number]

/** The slices every page is made of around its own content. */
export const sliceNames = ['header', 'footer'] as const
export type SliceName = (typeof sliceNames)[number]

/** FNV-1a (32 bits) as 8 hex digits: the same in the browser and at build, with no library. */
export function staticQueryHash(name: StaticQueryName): string {
  let hash = 0x811c9dc5
  for (let i = 0; i < name.length; i++) {
    hash ^= name.charCodeAt(i)
    hash = Math.imul(hash, 0x01000193) >>> 0
  }
  return hash.toString(16).padStart(8, '0')
}

export function staticQueryUrl(name: StaticQueryName): string {
  return `/page-data/sq/d/${staticQueryHash(name)}.json`
}

export function sliceDataUrl(name: SliceName): string {
  return `/slice-data/${name}.json`
}

/** A link of the site's navigation. */
export interface NavLink {
  to: string
  label: string
}

/** `navigation`: the store's main ranges and sections, and everything else. */
export interface NavigationData {
  main: NavLink[]
  more: NavLink[]
}

/** `site-metadata`. */
export interface SiteMetadata {
  title: string
  description: string
  siteUrl: string
}

/** `/page-data/sq/d/{hash}.json`, as Gatsby writes a static query's result. */
export interface StaticQueryResult<T = unknown> {
  data: T
}

/** `/slice-data/{name}.json`: the slice's own record, in the page-data record's words. */
export interface SliceDataRecord<T = unknown> {
  componentChunkName: string
  sliceContext: Record<string, never>
  staticQueryHashes: string[]
  result: { data: T }
}
