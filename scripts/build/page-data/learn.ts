import { LearnTopic, type LearnArticle } from '../../../contract/content.ts'
import type {
  LearnArticleData,
  LearnIndexData,
  LearnListItem,
  LearnSearchData,
} from '../../../contract/page-data/learn.ts'
import { productLinks } from './product-links.ts'
import type { PageDataSource } from './types.ts'

/** Topic headings, in the order a new pilot would read them. */
const topicTitles: Record<LearnTopic, string> = {
  'first-flight': 'Your first flights',
  flying: 'Flying',
  packing: 'Packing',
  gear: 'Choosing and caring for gear',
  safety: 'Safety',
  base: 'BASE',
}

const topics = LearnTopic.options.map((topic) => ({ topic, title: topicTitles[topic] }))

function listItem({ slug, title, summary, topic }: LearnArticle): LearnListItem {
  return { slug, title, summary, topic }
}

/** `/learn`: the articles by topic (topics without articles are left out). */
export const learnIndexPage: PageDataSource = (content) => {
  const data: LearnIndexData = {
    topics: topics
      .map(({ topic, title }) => ({
        topic,
        title,
        articles: content.learn.filter((a) => a.topic === topic).map(listItem),
      }))
      .filter((group) => group.articles.length > 0),
  }
  return [{ path: '/learn', component: 'learn-index', data }]
}

/** `/learn/{slug}`: every article. */
export const learnArticlePages: PageDataSource = (content) =>
  content.learn.map((article) => {
    const data: LearnArticleData = {
      ...listItem(article),
      topicTitle: topicTitles[article.topic],
      updated: article.updated,
      image: article.image ?? null,
      html: article.html,
      products: productLinks(content, article.products),
    }
    return { path: `/learn/${article.slug}`, component: 'learn-article', data }
  })

/**
 * `/learnSearch`: the text of every article. The search route loads this one file for any
 * query and indexes it in the browser, so search works offline once the file is cached.
 */
export const learnSearchPage: PageDataSource = (content) => {
  const data: LearnSearchData = {
    topics,
    articles: content.learn.map((article) => ({ ...listItem(article), text: article.text })),
  }
  return [{ path: '/learnSearch', component: 'learn-search', data }]
}
