import type { PageHead } from './head.ts'

/**
 * Every route's `head()`: the head its loader built (head.ts `withHead`). The router does not
 * code-split head(), so whatever a head() imports (titles, JSON-LD builders, head.ts itself)
 * would load with the app on every first visit; a loader loads with its own page. Hence this
 * module, on its own.
 */
export function loaderHead({ loaderData }: { loaderData?: { head: PageHead } }): PageHead {
  return loaderData?.head ?? {}
}
