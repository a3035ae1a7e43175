import { notFound } from '@tanstack/react-router'
import {
  newsPagePath,
  type NewsArticleData,
  type NewsIndexData,
} from '../../../contract/page-data/news.ts'
import { fetchPageData } from '../../lib/page-data.ts'
import { newsPageNumber } from './model.ts'

/** A page of the news index: page 1 at `/news`, the others from the `/news/{page}` splat. */
export function loadNewsIndex(splat?: string): Promise<NewsIndexData> {
  if (splat === undefined) return fetchPageData<NewsIndexData>(newsPagePath(1))
  const page = newsPageNumber(splat)
  if (page === null) throw notFound()
  return fetchPageData<NewsIndexData>(newsPagePath(page))
}

export function loadNewsArticle(slug: string): Promise<NewsArticleData> {
  // Only a slug may become part of the data file's path (no `..` or `/`).
  if (!/^[a-z0-9]+(?:-[a-z0-9]+)*$/.test(slug)) throw notFound()
  return fetchPageData<NewsArticleData>(`/news/view/${slug}`)
}
