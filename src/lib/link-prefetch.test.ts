import { afterEach, describe, expect, it, vi } from 'vitest'
import {
  BATCH_INTERVAL_MS,
  BATCH_SIZE,
  prefetchTarget,
  shouldPrefetch,
  startLinkPrefetch,
} from './link-prefetch.ts'

const chrome = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 Chrome/156.0 Safari/537.36'

describe('shouldPrefetch', () => {
  it('prefetches for people on ordinary connections', () => {
    expect(shouldPrefetch({ userAgent: chrome, connection: { effectiveType: '4g' } })).toBe(true)
    expect(shouldPrefetch({ userAgent: chrome })).toBe(true)
  })

  it('skips 2g and save-data connections', () => {
    expect(shouldPrefetch({ userAgent: chrome, connection: { effectiveType: '2g' } })).toBe(false)
    expect(shouldPrefetch({ userAgent: chrome, connection: { effectiveType: 'slow-2g' } })).toBe(
      false,
    )
    expect(shouldPrefetch({ userAgent: chrome, connection: { saveData: true } })).toBe(false)
  })

  it('skips bots', () => {
    expect(shouldPrefetch({ userAgent: 'Googlebot/2.1 (+http://www.google.com/bot.html)' })).toBe(
      false,
    )
  })
})

describe('prefetchTarget', () => {
  const link = (href: string, attrs: Record<string, string> = {}) => {
    const a = document.createElement('a')
    a.setAttribute('href', href)
    for (const [k, v] of Object.entries(attrs)) a.setAttribute(k, v)
    return a
  }
  const origin = window.location.origin

  it('takes same-origin page links', () => {
    expect(prefetchTarget(link('/wingsuits/a5'), origin)).toBe('/wingsuits/a5')
    expect(prefetchTarget(link('/news/2?x=1'), origin)).toBe('/news/2?x=1')
  })

  it('leaves files, the API, other sites and new windows alone', () => {
    expect(prefetchTarget(link('/sitemap.xml'), origin)).toBeNull()
    expect(prefetchTarget(link('/api/user'), origin)).toBeNull()
    expect(prefetchTarget(link('https://example.com/x'), origin)).toBeNull()
    expect(prefetchTarget(link('/about', { target: '_blank' }), origin)).toBeNull()
  })
})

/** Replaces IntersectionObserver; the returned function brings the given links into view. */
function stubIntersectionObserver(): (links: Element[]) => void {
  let callback: IntersectionObserverCallback = () => {}
  vi.stubGlobal(
    'IntersectionObserver',
    class {
      constructor(cb: IntersectionObserverCallback) {
        callback = cb
      }
      observe() {}
      unobserve() {}
      disconnect() {}
    },
  )
  return (links) =>
    callback(
      links.map((target) => ({
        isIntersecting: true,
        target,
      })) as unknown as IntersectionObserverEntry[],
      {} as IntersectionObserver,
    )
}

describe('startLinkPrefetch', () => {
  afterEach(() => {
    vi.useRealTimers()
    vi.unstubAllGlobals()
    document.body.innerHTML = ''
  })

  it('prefetches links that come into view, 4 every 3 seconds', async () => {
    vi.useFakeTimers()
    const seeLinks = stubIntersectionObserver()
    document.body.innerHTML = Array.from({ length: 6 }, (_, i) => `<a href="/p/${i}">p</a>`).join(
      '',
    )
    const preload = vi.fn(async (_href: string) => undefined)
    const prefetcher = startLinkPrefetch(preload)
    seeLinks([...document.querySelectorAll('a')])
    expect(preload).not.toHaveBeenCalled()
    vi.advanceTimersByTime(BATCH_INTERVAL_MS)
    expect(preload).toHaveBeenCalledTimes(BATCH_SIZE)
    vi.advanceTimersByTime(BATCH_INTERVAL_MS)
    expect(preload.mock.calls.map(([href]) => href)).toEqual([
      '/p/0',
      '/p/1',
      '/p/2',
      '/p/3',
      '/p/4',
      '/p/5',
    ])
    prefetcher.stop()
  })

  it('holds prefetches while the browser is offline', () => {
    vi.useFakeTimers()
    const seeLinks = stubIntersectionObserver()
    const online = vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false)
    document.body.innerHTML = '<a href="/p/0">p</a>'
    const preload = vi.fn(async (_href: string) => undefined)
    const prefetcher = startLinkPrefetch(preload)
    seeLinks([document.querySelector('a')!])
    vi.advanceTimersByTime(BATCH_INTERVAL_MS * 2)
    expect(preload).not.toHaveBeenCalled()
    online.mockReturnValue(true)
    vi.advanceTimersByTime(BATCH_INTERVAL_MS)
    expect(preload).toHaveBeenCalledWith('/p/0')
    prefetcher.stop()
    online.mockRestore()
  })
})
