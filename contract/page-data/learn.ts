import type { ProductLink } from './product-link.ts'

/*
 * The data files of the learning pages: `/learn` (the index by topic), `/learn/{slug}` (one
 * article) and `/learnSearch` (every article's text, which the search page indexes in the
 * browser so it also works offline).
 */

export type LearnTopic = 'first-flight' | 'flying' | 'packing' | 'gear' | 'safety' | 'base'

export interface LearnListItem {
  slug: string
  title: string
  summary: string
  topic: LearnTopic
}

/** Topics in reading order, each with its articles by title. */
export interface LearnIndexData {
  topics: { topic: LearnTopic; title: string; articles: LearnListItem[] }[]
}

export interface LearnArticleData {
  slug: string
  title: string
  summary: string
  topic: LearnTopic
  topicTitle: string
  /** `YYYY-MM-DD`. */
  updated: string
  image: { src: string; alt: string } | null
  html: string
  products: ProductLink[]
}

/** One searchable article: the list fields plus the body as plain text. */
export interface LearnSearchDocument extends LearnListItem {
  text: string
}

export interface LearnSearchData {
  /** Topic titles, in reading order, for grouping and labels. */
  topics: { topic: LearnTopic; title: string }[]
  articles: LearnSearchDocument[]
}
