import { z } from 'zod'
import { pageViewPath } from './page-view-paths.ts'
import { MAX_VIEWS_PER_BATCH } from './page-views.ts'

/** The wire shapes of `POST /api/analytics/page-views` (contract/page-views.ts says what a view is). */

export const PageView = z.object({
  id: z.uuid('A page view’s id is a UUID.'),
  path: z
    .string()
    .max(512, 'A path has at most 512 characters.')
    // As `location.pathname` gives it: percent-encoded, so printable ASCII only.
    .regex(/^\/[\x21-\x7e]*$/, 'A path as the address bar encodes it, starting with /.')
    .refine((path) => pageViewPath(path) === path, 'Not a page of this store, as it is recorded.'),
  at: z.iso.datetime({ offset: true, message: 'A time in ISO 8601, with its offset.' }),
})
export type PageView = z.infer<typeof PageView>

export const PageViewBatch = z.object({
  views: z
    .array(PageView)
    .min(1, 'At least one page view.')
    .max(MAX_VIEWS_PER_BATCH, `At most ${MAX_VIEWS_PER_BATCH} page views at once.`),
})
export type PageViewBatch = z.infer<typeof PageViewBatch>

export const PageViewsRecorded = z.object({
  /** Views newly recorded (a view already recorded, or refused by the browser's signal, is not). */
  recorded: z.number().int().min(0),
})
export type PageViewsRecorded = z.infer<typeof PageViewsRecorded>
