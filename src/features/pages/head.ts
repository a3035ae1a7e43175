import type { MarketingPageData } from '../../../contract/page-data/pages.ts'
import { pageHead } from '../../lib/head.ts'

/**
 * Title and description of a marketing page. Kept apart from the data loader: a route's head()
 * stays in the app's entry chunk, and must not pull the data-fetching code in with it.
 */
export function marketingPageHead(page: MarketingPageData | undefined) {
  return pageHead(page && { title: page.title, summary: page.description })
}
