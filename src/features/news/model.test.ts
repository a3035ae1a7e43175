import { describe, expect, it } from 'vitest'
import type { NewsArticleData } from '../../../contract/page-data/news.ts'
import { newsArticleJsonLd, newsPageNumber, pagerItems, type PagerItem } from './model.ts'

const labels = (items: PagerItem[]) => items.map((item) => (item.kind === 'page' ? item.page : '…'))

describe('newsPageNumber', () => {
  it('reads pages from 2 on', () => {
    expect(newsPageNumber('2')).toBe(2)
    expect(newsPageNumber('17')).toBe(17)
  })

  it.each([undefined, '', '1', '0', '02', '-3', '2.5', 'abc', '2/3', '..', '9999999'])(
    'names no page for %j',
    (splat) => expect(newsPageNumber(splat)).toBeNull(),
  )
})

describe('pagerItems', () => {
  it('lists every page when there are few', () => {
    expect(labels(pagerItems(1, 1))).toEqual([1])
    expect(labels(pagerItems(3, 8))).toEqual([1, 2, 3, 4, 5, 6, 7, 8])
    expect(labels(pagerItems(9, 9))).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9])
  })

  it('skips far pages with gaps, keeping the first and the last', () => {
    expect(labels(pagerItems(1, 20))).toEqual([1, 2, 3, '…', 20])
    expect(labels(pagerItems(10, 20))).toEqual([1, '…', 8, 9, 10, 11, 12, '…', 20])
    expect(labels(pagerItems(20, 20))).toEqual([1, '…', 18, 19, 20])
  })

  it('shows a single skipped page instead of a gap', () => {
    expect(labels(pagerItems(5, 20))).toEqual([1, 2, 3, 4, 5, 6, 7, '…', 20])
  })
})

describe('newsArticleJsonLd', () => {
  const article: NewsArticleData = {
    slug: 'a5-launch',
    title: 'The A5 is here',
    date: '2025-04-01',
    category: 'launch',
    summary: 'Our new flagship suit.',
    image: { src: '/images/news/a5.svg', alt: 'The A5' },
    video: null,
    html: '<p>Body</p>',
    products: [],
    newer: null,
    older: null,
  }

  it('describes the article with absolute URLs and the publisher', () => {
    expect(newsArticleJsonLd(article, 'https://glidecraft.example')).toEqual({
      '@context': 'https://schema.org',
      '@type': 'NewsArticle',
      headline: 'The A5 is here',
      datePublished: '2025-04-01',
      description: 'Our new flagship suit.',
      image: ['https://glidecraft.example/images/news/a5.svg'],
      mainEntityOfPage: 'https://glidecraft.example/news/view/a5-launch',
      publisher: { '@type': 'Organization', name: 'Glidecraft' },
    })
  })

  it('leaves the image out when the article has none', () => {
    expect(newsArticleJsonLd({ ...article, image: null }, 'https://x.test')).not.toHaveProperty(
      'image',
    )
  })
})
