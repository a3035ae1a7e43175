import { describe, expect, it } from 'vitest'
import type { LearnArticleData, LearnListItem } from '../../../contract/page-data/learn.ts'
import { groupByTopic, learnArticleJsonLd, searchQuery, searchStatus } from './model.ts'

describe('groupByTopic', () => {
  it('keeps the topic order and leaves empty topics out', () => {
    const article = (slug: string, topic: LearnListItem['topic']): LearnListItem => ({
      slug,
      title: slug,
      summary: '',
      topic,
    })
    const groups = groupByTopic(
      [
        { topic: 'first-flight', title: 'First flights' },
        { topic: 'packing', title: 'Packing' },
        { topic: 'safety', title: 'Safety' },
      ],
      [article('b', 'safety'), article('a', 'first-flight'), article('c', 'safety')],
    )
    expect(groups.map((g) => [g.topic, g.articles.map((a) => a.slug)])).toEqual([
      ['first-flight', ['a']],
      ['safety', ['b', 'c']],
    ])
  })
})

describe('searchQuery', () => {
  it('takes the decoded splat, with its spaces tidied', () => {
    expect(searchQuery('packing a canopy')).toBe('packing a canopy')
    expect(searchQuery('  packing   a canopy ')).toBe('packing a canopy')
    expect(searchQuery('')).toBe('')
    expect(searchQuery(undefined)).toBe('')
  })
})

describe('searchStatus', () => {
  it('says what the list shows', () => {
    expect(searchStatus(22, '', 0)).toBe('All 22 guides, by topic.')
    expect(searchStatus(22, 'wind', 0)).toBe('No guides match “wind”.')
    expect(searchStatus(22, 'wind', 1)).toBe('1 guide matches “wind”.')
    expect(searchStatus(22, 'wind', 3)).toBe('3 guides match “wind”.')
  })
})

describe('learnArticleJsonLd', () => {
  it('describes the article with absolute URLs', () => {
    const article: LearnArticleData = {
      slug: 'sizing-a-wingsuit',
      title: 'Sizing a wingsuit',
      summary: 'How to measure yourself.',
      topic: 'gear',
      topicTitle: 'Gear',
      updated: '2026-03-30',
      image: null,
      html: '',
      products: [],
    }
    expect(learnArticleJsonLd(article, 'https://glidecraft.example')).toEqual({
      '@context': 'https://schema.org',
      '@type': 'Article',
      headline: 'Sizing a wingsuit',
      dateModified: '2026-03-30',
      description: 'How to measure yourself.',
      mainEntityOfPage: 'https://glidecraft.example/learn/sizing-a-wingsuit',
      publisher: { '@type': 'Organization', name: 'Glidecraft' },
    })
  })
})
