import type { LandingPageData } from '../../../contract/page-data/landing.ts'
import { fetchPageData } from '../../lib/page-data.ts'

/** A landing page's data file; an unknown slug has none, so the page is a 404. */
export function loadLandingPage(slug: string): Promise<LandingPageData> {
  return fetchPageData<LandingPageData>(`/landing/${slug}`)
}
