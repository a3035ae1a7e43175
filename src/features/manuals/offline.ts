import { pageDataUrl } from '../../../contract/page-data.ts'
import type { ManualData } from '../../../contract/page-data/manuals.ts'

/**
 * What "Keep offline" keeps of a manual: its page, its data file and every file its text links
 * or shows from this site (images, documents), so it opens at a drop zone with no signal.
 */
export function manualOfflineUrls(manual: Pick<ManualData, 'slug' | 'html'>): string[] {
  const pagePath = `/manuals/${manual.slug}`
  const files = [...manual.html.matchAll(/\s(?:src|href)="(\/[^"#]*\.[a-z0-9]+)"/gi)]
    .map((match) => match[1]!)
    .filter((url) => !url.startsWith('//'))
  return [...new Set([pagePath, pageDataUrl(pagePath), ...files])]
}
