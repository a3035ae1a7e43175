import { queryOptions } from '@tanstack/react-query'
import { notFound } from '@tanstack/react-router'
import type {
  LearnArticleData,
  LearnIndexData,
  LearnSearchData,
} from '../../../contract/page-data/learn.ts'
import { fetchPageData } from '../../lib/page-data.ts'

export function loadLearnIndex(): Promise<LearnIndexData> {
  return fetchPageData<LearnIndexData>('/learn')
}

export function loadLearnArticle(slug: string): Promise<LearnArticleData> {
  // Only a slug may become part of the data file's path (no `..` or `/`).
  if (!/^[a-z0-9]+(?:-[a-z0-9]+)*$/.test(slug)) throw notFound()
  return fetchPageData<LearnArticleData>(`/learn/${slug}`)
}

export const learnKeys = {
  all: ['learn'] as const,
  search: () => [...learnKeys.all, 'search'] as const,
}

/**
 * The search page's one data file, whatever the query. Held in the query cache because every
 * keystroke that reaches the URL is a new match of the route: it is fetched once, not per word.
 */
export function learnSearchQuery() {
  return queryOptions({
    queryKey: learnKeys.search(),
    queryFn: ({ signal }) => fetchPageData<LearnSearchData>('/learnSearch', { signal }),
    staleTime: Infinity,
    // fetchPageData already retries (src/lib/page-data.ts).
    retry: false,
  })
}
