import { beforeAll, describe, expect, it } from 'vitest'
import type { LearnIndexData, LearnSearchData } from '../../../contract/page-data/learn.ts'
import type { ManualData, ManualsIndexData } from '../../../contract/page-data/manuals.ts'
import type { NewsArticleData, NewsIndexData } from '../../../contract/page-data/news.ts'
import { type Content, loadContent } from '../../../server/content/load.ts'
import { editorialPages } from './editorial.ts'
import type { PageDataEntry } from './types.ts'

describe('editorial page data from the real content', () => {
  let content: Content
  let entries: PageDataEntry[]
  const data = <T>(path: string) => entries.find((entry) => entry.path === path)?.data as T

  beforeAll(async () => {
    content = await loadContent('content')
    entries = editorialPages.flatMap((source) => source(content))
  })

  it('claims every path once', () => {
    const paths = entries.map((entry) => entry.path)
    expect(new Set(paths).size).toBe(paths.length)
  })

  it('pages the news index by 20, newest first, from /news on, with no page 1 or beyond the last', () => {
    const pageCount = Math.ceil(content.news.length / 20)
    expect(content.news.length).toBeGreaterThanOrEqual(140)
    const indexPaths = entries.filter((e) => e.component === 'news-index').map((e) => e.path)
    expect(indexPaths).toEqual([
      '/news',
      ...Array.from({ length: pageCount - 1 }, (_, i) => `/news/${i + 2}`),
    ])
    expect(indexPaths).not.toContain('/news/1')
    expect(indexPaths).not.toContain(`/news/${pageCount + 1}`)

    const first = data<NewsIndexData>('/news')
    expect(first).toMatchObject({ page: 1, pageCount })
    expect(first.items).toHaveLength(20)
    expect(first.items[0]!.slug).toBe(content.news[0]!.slug)
    const dates = entries
      .filter((e) => e.component === 'news-index')
      .flatMap((e) => (e.data as NewsIndexData).items.map((item) => item.date))
    expect(dates).toHaveLength(content.news.length)
    expect([...dates].sort().reverse()).toEqual(dates)
  })

  it('writes every news article with its neighbours and live product links', () => {
    const articles = entries.filter((e) => e.component === 'news-article')
    expect(articles).toHaveLength(content.news.length)
    const newest = data<NewsArticleData>(`/news/view/${content.news[0]!.slug}`)
    expect(newest.newer).toBeNull()
    expect(newest.older?.slug).toBe(content.news[1]!.slug)
    const oldest = data<NewsArticleData>(`/news/view/${content.news.at(-1)!.slug}`)
    expect(oldest.older).toBeNull()

    const mentioning = content.news.find((a) => a.products.length > 0)!
    const links = data<NewsArticleData>(`/news/view/${mentioning.slug}`).products
    expect(links.length).toBeGreaterThan(0)
    for (const link of links)
      expect(link.path).toMatch(/^\/(wingsuits|trackingsuits|parachutes|equipment|products)\//)
    const video = content.news.find((a) => a.video)!
    expect(data<NewsArticleData>(`/news/view/${video.slug}`).video?.src).toBe(video.video!.src)
  })

  it('leaves products taken off sale out of product links', () => {
    const retired = content.products.filter((p) => !p.active).map((p) => p.slug)
    const allLinks = entries.flatMap(
      (e) => (e.data as { products?: { path: string }[] }).products ?? [],
    )
    for (const slug of retired) {
      expect(allLinks.some((link) => link.path.endsWith(`/${slug}`))).toBe(false)
    }
  })

  it('groups learning articles by topic and writes each one and the search data', () => {
    const index = data<LearnIndexData>('/learn')
    const listed = index.topics.flatMap((t) => t.articles.map((a) => a.slug))
    expect([...listed].sort()).toEqual(content.learn.map((a) => a.slug).sort())
    for (const group of index.topics) {
      expect(group.articles.every((a) => a.topic === group.topic)).toBe(true)
    }
    expect(entries.filter((e) => e.component === 'learn-article')).toHaveLength(
      content.learn.length,
    )

    const search = data<LearnSearchData>('/learnSearch')
    expect(search.articles).toHaveLength(content.learn.length)
    expect(search.articles.every((a) => a.text.length > 100)).toBe(true)
  })

  it('lists every manual once under a family and gives each its table of contents', () => {
    const index = data<ManualsIndexData>('/manuals')
    const listed = index.groups.flatMap((g) => g.manuals.map((m) => m.slug))
    expect([...listed].sort()).toEqual(content.manuals.map((m) => m.slug).sort())

    for (const manual of content.manuals) {
      const page = data<ManualData>(`/manuals/${manual.slug}`)
      expect(page.sections.length).toBeGreaterThan(0)
      for (const section of page.sections) expect(page.html).toContain(`<h2 id="${section.id}">`)
    }
  })
})
