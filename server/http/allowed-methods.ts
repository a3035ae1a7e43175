import type { Hono } from 'hono'

/** `/api/product/:slug` as segments; `:name` stands for any one segment, `*` for the rest. */
function matches(routePath: string, path: string): boolean {
  const pattern = routePath.split('/')
  const parts = path.split('/')
  for (let i = 0; i < pattern.length; i++) {
    const segment = pattern[i]!
    if (segment === '*') return true
    const part = parts[i]
    if (part === undefined) return false
    if (segment.startsWith(':') ? part === '' : segment !== part) return false
  }
  return parts.length === pattern.length
}

/**
 * The methods the app's routes answer on `path`, read from the routes it registered (middleware,
 * registered for every method, counts for none), so the list cannot drift from what the
 * routes do. Paths are matched exactly, as the app's strict router does. Empty for a path no
 * route knows; otherwise HEAD is added where GET is and OPTIONS always, as the server answers
 * both.
 */
export function allowedMethods(app: Hono, path: string, under: string): string[] {
  const methods = new Set<string>()
  for (const route of app.routes) {
    if (route.method !== 'ALL' && route.path.startsWith(under) && matches(route.path, path)) {
      methods.add(route.method)
    }
  }
  if (methods.size === 0) return []
  if (methods.has('GET')) methods.add('HEAD')
  methods.add('OPTIONS')
  return [...methods]
}
