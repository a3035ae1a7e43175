import { describe, expect, it } from 'vitest'
import { pageViewPath, privateRoutes } from '../../contract/page-view-paths.ts'
import { pageRoutes } from '../../contract/routes.ts'
import { recordedPagePath } from './page-view-path.ts'

/*
 * The page works out a view's recorded path without the route list (page-view-path.ts); the
 * server holds every view to contract/page-views.ts pageViewPath. These pin the two together.
 */

/** Paths of a route: parameters and the rest filled in a few ways, in a few spellings. */
function samplesOf(route: string): string[] {
  const rests = ['', 'Zm9vYmFy', 'a/b', 'my%20question']
  const filled = rests.map((rest) =>
    route
      .split('/')
      .map((segment) => (segment === '$' ? rest : segment.startsWith('$') ? 'Corvid-2' : segment))
      .join('/'),
  )
  return [...new Set(filled)].flatMap((path) => [
    path || '/',
    `${path}/`,
    path.toUpperCase() || '/',
    path.toLowerCase() || '/',
  ])
}

describe('the recorded path of a page view, in the page', () => {
  it('takes every private route for a page of the store', () => {
    expect(privateRoutes.size).toBeGreaterThan(0)
    for (const route of privateRoutes) expect(pageRoutes).toContain(route)
  })

  it('is the server’s for every page of the route list', () => {
    let compared = 0
    for (const route of pageRoutes) {
      for (const path of samplesOf(route)) {
        const expected = pageViewPath(path)
        if (expected === null) continue
        expect({ path, recorded: recordedPagePath(path) }).toEqual({ path, recorded: expected })
        compared++
      }
    }
    expect(compared).toBeGreaterThan(pageRoutes.length * 2)
  })

  it('records an order, a payment code, a token or a search under its route only', () => {
    expect(recordedPagePath('/orders/GC-1234')).toBe('/orders/$orderId')
    expect(recordedPagePath('/orders/confirmation/GC-1234')).toBe('/orders/confirmation/$')
    expect(recordedPagePath('/Checkout/Zm9vYmFy/')).toBe('/checkout/$')
    expect(recordedPagePath('/LoginFromAdmin/secret-token')).toBe('/LoginFromAdmin/$')
    expect(recordedPagePath('/learnSearch/my%20question')).toBe('/learnSearch/$')
    expect(recordedPagePath('/wingsuits/corvid-2/')).toBe('/wingsuits/corvid-2')
  })

  it('records no view of the back office, in the page or on the server', () => {
    for (const path of [
      '/admin',
      '/admin/',
      '/ADMIN/orders',
      '/admin/orders/78FC985B',
      '/admin/queue',
    ]) {
      expect({ path, page: recordedPagePath(path), server: pageViewPath(path) }).toEqual({
        path,
        page: null,
        server: null,
      })
    }
    // A page whose path only starts with the letters is the store's.
    expect(recordedPagePath('/administrator')).toBe('/administrator')
  })

  it('records nothing for what is no path', () => {
    expect(recordedPagePath('/news with spaces')).toBeNull()
    expect(recordedPagePath(`/${'a'.repeat(600)}`)).toBeNull()
  })
})
