import { describe, expect, it } from 'vitest'
import { matchPageRoute, pageRoutes } from '../contract/routes.ts'
import { createAppRouter } from './router.tsx'

const router = createAppRouter({ loadQueryClient: () => Promise.reject(new Error('unused')) })

function registeredPaths(): string[] {
  return Object.values(router.routesById)
    .filter((route) => !route.isRoot)
    .map((route) => route.fullPath as string)
    .map((path) => (path.length > 1 ? path.replace(/\/$/, '') : path))
}

describe('route registry', () => {
  it('registers every page route of SPEC §2 that the server knows, and no other', () => {
    expect([...registeredPaths()].sort()).toEqual([...pageRoutes].sort())
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
    ['/checkout', '/checkout/$'],
    ['/checkout/step/2', '/checkout/$'],
    ['/passwordresets/newpassword/abc', '/PasswordResets/newpassword/$'],
    ['/people/corvid-2/jane', '/people/$product/$'],
    ['/people/friends/jane', '/people/friends/$'],
  ])('the router and the server agree that %s is %s', (path, route) => {
    expect(matchPageRoute(path)?.route).toBe(route)
    const match = router.matchRoutes(path).at(-1)
    expect(match?.routeId.replace(/\/$/, '') || '/').toBe(route)
  })

  it('leaves unknown paths to the 404 page', () => {
    expect(matchPageRoute('/no-such-page')).toBeNull()
    expect(matchPageRoute('/wingsuits/corvid-2/extra')).toBeNull()
  })
})
