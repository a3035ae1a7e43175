import type { Content } from '../../../server/content/load.ts'

/** One page the build writes a data file for (and prerenders). */
export interface PageDataEntry {
  /** The page path, e.g. `/news/view/some-slug`. */
  path: string
  /** Names the route's code, e.g. `news-article` (docs/architecture.md: componentChunkName). */
  component: string
  data: unknown
}

/** A feature's pages, derived from the validated content. */
export type PageDataSource = (content: Content) => PageDataEntry[]
