import type { MarketingPageData } from '../../../contract/page-data/pages.ts'
import { fetchPageData } from '../../lib/page-data.ts'

/** A marketing page's data file; its path is the page's own. */
export function loadMarketingPage(path: string): Promise<MarketingPageData> {
  return fetchPageData<MarketingPageData>(path)
}
