/** The caches the worker keeps, in the shop's words, for the offline settings page. */
const cacheLabels: Record<string, string> = {
  pages: 'Pages you opened',
  'page-data': 'Page data (news, guides, manuals, dealers, coaches…)',
  images: 'Images',
  api: 'Product and production-time answers',
  'kept-offline': 'Manuals you chose to keep offline',
}

export function cacheLabel(name: string): string {
  return cacheLabels[name] ?? name
}

/** Bytes as a person reads them: "0 B", "12.3 KB", "4.5 MB" (decimal units, as devices show). */
export function formatBytes(bytes: number): string {
  if (bytes < 1000) return `${Math.round(bytes)} B`
  if (bytes < 1_000_000) return `${(bytes / 1000).toFixed(1)} KB`
  if (bytes < 1_000_000_000) return `${(bytes / 1_000_000).toFixed(1)} MB`
  return `${(bytes / 1_000_000_000).toFixed(1)} GB`
}
