import { notFound } from '@tanstack/react-router'
import type { MarketingPageData } from '../../../contract/page-data/pages.ts'
import { catchAllRoutes, matchPageRoute } from '../../../contract/routes.ts'
import { pageHead, type PageHead } from '../../lib/head.ts'
import { fetchPageData } from '../../lib/page-data.ts'
import { plannedPages, type PlannedPageContent } from './planned-pages.ts'

/** A marketing page's data file (its path is the page's own) and the page's head. */
async function loadMarketingPage(
  path: string,
): Promise<{ page: MarketingPageData; head: PageHead }> {
  const page = await fetchPageData<MarketingPageData>(path)
  return { page, head: pageHead({ title: page.title, summary: page.description }) }
}

/** What the catch-all route shows: a marketing page, or a screen still to come. */
export type SitePage =
  | { kind: 'marketing'; page: MarketingPageData; head: PageHead }
  | { kind: 'planned'; page: PlannedPageContent; head: PageHead }

/**
 * The page the catch-all route shows at `pathname` (contract/routes.ts catchAllRoutes): a
 * screen still to come, or else the marketing page whose data file the build wrote there. Any
 * other path is a 404, as the server answers it.
 */
export async function loadSitePage(pathname: string): Promise<SitePage> {
  const match = matchPageRoute(pathname)
  if (!match || !catchAllRoutes.has(match.route)) throw notFound()
  const planned = plannedPages[match.route]
  if (planned) return { kind: 'planned', page: planned, head: pageHead(planned) }
  // The route, not the address: a marketing route is a fixed path, in its own spelling.
  return { kind: 'marketing', ...(await loadMarketingPage(match.route)) }
}
