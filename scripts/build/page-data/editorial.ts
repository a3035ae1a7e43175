import { learnArticlePages, learnIndexPage, learnSearchPage } from './learn.ts'
import { manualPages, manualsIndexPage } from './manuals.ts'
import { newsArticlePages, newsIndexPages } from './news.ts'
import type { PageDataSource } from './types.ts'

/** News, learning articles and manuals. */
export const editorialPages: PageDataSource[] = [
  newsIndexPages,
  newsArticlePages,
  learnIndexPage,
  learnArticlePages,
  learnSearchPage,
  manualsIndexPage,
  manualPages,
]
