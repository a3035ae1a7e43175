import type { NewsArticle } from '../../../contract/content.ts'
import {
  NEWS_PAGE_SIZE,
  newsPagePath,
  type NewsArticleData,
  type NewsIndexData,
  type NewsListItem,
} from '../../../contract/page-data/news.ts'
import { productLinks } from './product-links.ts'
import type { PageDataEntry, PageDataSource } from './types.ts'

/** A video article without a picture of its own is shown by its video's poster. */
function listItem(article: NewsArticle): NewsListItem {
  const { slug, title, date, category, summary, image, video } = article
  const picture = image ?? (video && { src: video.poster, alt: video.title })
  return { slug, title, date, category, summary, image: picture ?? null }
}

/** `/news`, `/news/2`, …: the index, 20 articles a page, newest first (as the loader sorts). */
export const newsIndexPages: PageDataSource = (content) => {
  const pageCount = Math.max(1, Math.ceil(content.news.length / NEWS_PAGE_SIZE))
  return Array.from({ length: pageCount }, (_, index): PageDataEntry => {
    const page = index + 1
    const items = content.news.slice(index * NEWS_PAGE_SIZE, page * NEWS_PAGE_SIZE)
    const data: NewsIndexData = { page, pageCount, items: items.map(listItem) }
    return { path: newsPagePath(page), component: 'news-index', data }
  })
}

/** `/news/view/{slug}`: every article, with its newer and older neighbours. */
export const newsArticlePages: PageDataSource = (content) =>
  content.news.map((article, index) => {
    const neighbour = (other: NewsArticle | undefined) =>
      other ? { slug: other.slug, title: other.title } : null
    const data: NewsArticleData = {
      ...listItem(article),
      video: article.video ?? null,
      html: article.html,
      products: productLinks(content, article.products),
      newer: neighbour(content.news[index - 1]),
      older: neighbour(content.news[index + 1]),
    }
    return { path: `/news/view/${article.slug}`, component: 'news-article', data }
  })
