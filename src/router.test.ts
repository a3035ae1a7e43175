import { describe, expect, it } from 'vitest'
import { catchAllRoutes, matchPageRoute, pageRoutes, type PageRoute } from '../contract/routes.ts'
import { createAppRouter } from './router.tsx'

const router = createAppRouter({ loadQueryClient: () => Promise.reject(new Error('unused')) })

const withoutSlash = (path: string) => (path.length > 1 ? path.replace(/\/$/, '') : path)

/** Each path once: a layout route (`/admin`) and its index route (`/admin/`) serve one page. */
function registeredPaths(): string[] {
  const paths = Object.values(router.routesById)
    .filter((route) => !route.isRoot)
    .map((route) => withoutSlash(route.fullPath as string))
  return [...new Set(paths)]
}

/** The route the app renders `path` with. */
function appRoute(path: string): string | undefined {
  const match = router.matchRoutes(path).at(-1)
  return match && withoutSlash(match.routeId)
}

/** An address the route serves: each parameter filled in, the splat with two segments. */
function sampleUrl(route: PageRoute): string {
  return route.replace(/\/\$$/, '/some/path').replace(/\$\w+/g, 'sample')
}

describe('route registry', () => {
  it('has a route file for every page route of contract/routes.ts but the catch-all pages, and no other', () => {
    const ownFiles = pageRoutes.filter((route) => !catchAllRoutes.has(route))
    expect([...registeredPaths()].sort()).toEqual([...ownFiles, '/$'].sort())
  })

  it.each([...pageRoutes])('serves %s, as the server does', (route) => {
    const url = sampleUrl(route)
    expect(matchPageRoute(url)?.route).toBe(route)
    expect(appRoute(url)).toBe(catchAllRoutes.has(route) ? '/$' : route)
  })

  it.each([
    ['/about', '/about'],
    ['/wingsuits/corvid-2', '/wingsuits/$model'],
    ['/equipment/mission-bag', '/equipment/$bag'],
    ['/equipment/base-jumping/slider', '/equipment/base-jumping/$item'],
    ['/equipment/accessories/skydiving/hook-knife', '/equipment/accessories/skydiving/$item'],
    ['/news/view/world-cup-results', '/news/view/$slug'],
    ['/news/2', '/news/$'],
    ['/news', '/news'],
    ['/supercustom', '/supercustom'],
    ['/supercustom/archive', '/supercustom/archive'],
    ['/checkout', '/checkout/$'],
    ['/checkout/step/2', '/checkout/$'],
    ['/passwordresets/newpassword/abc', '/PasswordResets/newpassword/$'],
    ['/people/corvid-2/jane', '/people/$product/$'],
    ['/people/friends/jane', '/people/friends/$'],
    ['/landing/spring-wingsuit-sale', '/landing/$slug'],
    ['/admin', '/admin/$'],
    ['/admin/orders/78fc985b', '/admin/$'],
    ['/Admin/queue', '/admin/$'],
  ] as const)('the router and the server agree that %s is %s', (path, route) => {
    expect(matchPageRoute(path)?.route).toBe(route)
    expect(appRoute(path)).toBe(catchAllRoutes.has(route) ? '/$' : route)
  })

  it('leaves unknown paths to the 404 page', () => {
    expect(matchPageRoute('/no-such-page')).toBeNull()
    expect(matchPageRoute('/wingsuits/corvid-2/extra')).toBeNull()
  })

  it('links to a catch-all page by its own path', () => {
    expect(router.buildLocation({ to: '/$', params: { _splat: 'about' } }).href).toBe('/about')
  })
})
