/**
 * docs/architecture.md: links in view are prefetched in batches of 4 every 3 seconds, except on 2g
 * or save-data connections and for bots. Prefetching loads the route's code and data, so the next
 * page opens at once (and is in the service worker's cache for offline use).
 */

export const BATCH_SIZE = 4
export const BATCH_INTERVAL_MS = 3000

interface ConnectionInfo {
  saveData?: boolean
  effectiveType?: string
}

const botPattern = /bot|crawl|spider|slurp|lighthouse|headless|bingpreview|facebookexternalhit/i

export function shouldPrefetch(nav: {
  userAgent: string
  connection?: ConnectionInfo
  webdriver?: boolean
}): boolean {
  if (botPattern.test(nav.userAgent)) return false
  const connection = nav.connection
  if (connection?.saveData) return false
  if (connection?.effectiveType && /(^|-)2g$/.test(connection.effectiveType)) return false
  return true
}

/** Same-origin page links only: no files, no API, no other sites, no in-page anchors. */
export function prefetchTarget(anchor: HTMLAnchorElement, origin: string): string | null {
  if (anchor.target && anchor.target !== '_self') return null
  if (anchor.hasAttribute('download')) return null
  let url: URL
  try {
    url = new URL(anchor.href, origin)
  } catch {
    return null
  }
  if (url.origin !== origin || url.pathname.startsWith('/api/')) return null
  if (/\.[a-z0-9]+$/i.test(url.pathname)) return null
  return url.pathname + url.search
}

export interface Prefetcher {
  /** Looks for links again (after a navigation rendered new ones). */
  scan(): void
  stop(): void
}

export function startLinkPrefetch(
  preload: (href: string) => Promise<unknown>,
  root: ParentNode = document,
): Prefetcher {
  const queued: string[] = []
  const done = new Set<string>([location.pathname + location.search])
  const observer = new IntersectionObserver((entries) => {
    for (const entry of entries) {
      if (!entry.isIntersecting) continue
      observer.unobserve(entry.target)
      const href = prefetchTarget(entry.target as HTMLAnchorElement, location.origin)
      if (href && !done.has(href) && !queued.includes(href)) queued.push(href)
    }
  })
  const timer = setInterval(() => {
    // Offline, a prefetch can only fail: the links wait in the queue for the network.
    if (!navigator.onLine) return
    for (const href of queued.splice(0, BATCH_SIZE)) {
      done.add(href)
      preload(href).catch(() => {
        // A failed prefetch costs nothing: the page loads when it is opened.
      })
    }
  }, BATCH_INTERVAL_MS)

  const scan = () => root.querySelectorAll('a[href]').forEach((a) => observer.observe(a))
  scan()
  return {
    scan,
    stop: () => {
      clearInterval(timer)
      observer.disconnect()
    },
  }
}
