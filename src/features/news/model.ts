import type { NewsArticleData, NewsCategory } from '../../../contract/page-data/news.ts'

export const categoryLabels: Record<NewsCategory, string> = {
  results: 'Competition results',
  launch: 'Product launch',
  video: 'Video',
  story: 'From the workshop',
}

/**
 * The page number a `/news/{page}` path names, or null when it names none: only plain numbers
 * from 2 on (page 1 is `/news` itself), so no other text ever reaches the data file's path.
 */
export function newsPageNumber(splat: string | undefined): number | null {
  if (!splat || !/^[1-9][0-9]{0,5}$/.test(splat)) return null
  const page = Number(splat)
  return page >= 2 ? page : null
}

export type PagerItem = { kind: 'page'; page: number } | { kind: 'gap'; key: string }

/**
 * The page links of the pager: the first and last page, and the pages within `reach` of the
 * current one, with a gap where pages are skipped (a gap of one page shows that page instead).
 */
export function pagerItems(current: number, pageCount: number, reach = 2): PagerItem[] {
  // A pager with gaps is at most this long: while every page fits, show every page.
  if (pageCount <= 2 * reach + 5) {
    return Array.from({ length: pageCount }, (_, i) => ({ kind: 'page', page: i + 1 }))
  }
  const shown = new Set<number>([1, pageCount])
  for (let page = current - reach; page <= current + reach; page++) {
    if (page >= 1 && page <= pageCount) shown.add(page)
  }
  const pages = [...shown].sort((a, b) => a - b)
  const items: PagerItem[] = []
  pages.forEach((page, index) => {
    const previous = pages[index - 1]
    if (previous !== undefined && page - previous === 2) {
      items.push({ kind: 'page', page: previous + 1 })
    } else if (previous !== undefined && page - previous > 2) {
      items.push({ kind: 'gap', key: `gap-${previous}` })
    }
    items.push({ kind: 'page', page })
  })
  return items
}

/** schema.org NewsArticle for search engines; image paths become absolute on `origin`. */
export function newsArticleJsonLd(article: NewsArticleData, origin: string) {
  const image = article.image?.src
  return {
    '@context': 'https://schema.org',
    '@type': 'NewsArticle',
    headline: article.title,
    datePublished: article.date,
    description: article.summary,
    ...(image && { image: [new URL(image, origin).href] }),
    mainEntityOfPage: new URL(`/news/view/${article.slug}`, origin).href,
    publisher: { '@type': 'Organization', name: 'Glidecraft' },
  }
}
