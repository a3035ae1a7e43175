import type { PageRoute } from '../../../contract/routes.ts'

/**
 * Titles and summaries of the screens whose feature ships later: each says what will be there.
 * The catch-all route shows them (contract/routes.ts catchAllRoutes); the text loads with that
 * route's code, not with the app.
 */
export interface PlannedPageContent {
  title: string
  summary: string
  coming: string[]
}

export const plannedPages: Partial<Record<PageRoute, PlannedPageContent>> = {
  '/contact': {
    title: 'Contact us',
    summary: 'Questions about sizing, orders or repairs? We answer every message.',
    coming: [],
  },
}
