import type { ProductLink } from './product-link.ts'

/*
 * The data files of the news pages: `/news` and `/news/{page}` (the paged index) and
 * `/news/view/{slug}` (one article). Plain types, so the app loads no schema library for them.
 */

export type NewsCategory = 'results' | 'launch' | 'video' | 'story'

export interface NewsImage {
  src: string
  alt: string
}

/** One article as the index lists it. */
export interface NewsListItem {
  slug: string
  title: string
  /** `YYYY-MM-DD`. */
  date: string
  category: NewsCategory
  summary: string
  /** The article's picture, or for a video article without one, the video's poster. */
  image: NewsImage | null
}

/** One page of the index, newest first. */
export interface NewsIndexData {
  /** 1-based. */
  page: number
  pageCount: number
  items: NewsListItem[]
}

/** A neighbouring article, for the newer/older links. */
export interface NewsNeighbour {
  slug: string
  title: string
}

export interface NewsArticleData {
  slug: string
  title: string
  date: string
  category: NewsCategory
  summary: string
  image: NewsImage | null
  video: { title: string; src: string; poster: string } | null
  /** The rendered markdown body. */
  html: string
  products: ProductLink[]
  newer: NewsNeighbour | null
  older: NewsNeighbour | null
}

/** Articles on one page of the index. */
export const NEWS_PAGE_SIZE = 20

/** Where a page of the index lives: page 1 is `/news` itself. */
export function newsPagePath(page: number): string {
  return page === 1 ? '/news' : `/news/${page}`
}
