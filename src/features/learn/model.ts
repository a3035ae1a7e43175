import type {
  LearnArticleData,
  LearnListItem,
  LearnTopic,
} from '../../../contract/page-data/learn.ts'

export interface TopicGroup {
  topic: LearnTopic
  title: string
  articles: LearnListItem[]
}

/** Articles under their topics, in the topics' order; topics without articles are left out. */
export function groupByTopic(
  topics: { topic: LearnTopic; title: string }[],
  articles: LearnListItem[],
): TopicGroup[] {
  return topics
    .map(({ topic, title }) => ({
      topic,
      title,
      articles: articles.filter((article) => article.topic === topic),
    }))
    .filter((group) => group.articles.length > 0)
}

/** The search query a `/learnSearch/{query}` path carries (the router has decoded it). */
export function searchQuery(splat: string | undefined): string {
  return (splat ?? '').replace(/\s+/g, ' ').trim()
}

/** What the search page says above its list, read out to screen readers as it changes. */
export function searchStatus(articleCount: number, query: string, hitCount: number): string {
  if (query === '') return `All ${articleCount} guides, by topic.`
  if (hitCount === 0) return `No guides match “${query}”.`
  return `${hitCount} ${hitCount === 1 ? 'guide matches' : 'guides match'} “${query}”.`
}

/** schema.org Article for search engines; paths become absolute on `origin`. */
export function learnArticleJsonLd(article: LearnArticleData, origin: string) {
  return {
    '@context': 'https://schema.org',
    '@type': 'Article',
    headline: article.title,
    dateModified: article.updated,
    description: article.summary,
    ...(article.image && { image: [new URL(article.image.src, origin).href] }),
    mainEntityOfPage: new URL(`/learn/${article.slug}`, origin).href,
    publisher: { '@type': 'Organization', name: 'Glidecraft' },
  }
}
