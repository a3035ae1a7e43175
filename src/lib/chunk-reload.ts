/**
 * A chunk that fails to load (a new release replaced it, or the network dropped) becomes a full
 * navigation to the page, once per page and tab so that an offline failure cannot loop. The mark
 * is kept in sessionStorage: it must outlive the reload, and no longer than the tab.
 */
export function firstChunkReload(href: string): boolean {
  const key = `chunk-reload:${href}`
  if (sessionStorage.getItem(key)) return false
  sessionStorage.setItem(key, '1')
  return true
}
