import { createRoute, z } from '@hono/zod-openapi'
import { PageViewBatch, PageViewsRecorded } from '../../contract/analytics.ts'
import { MAX_VIEWS_PER_BATCH, PAGE_VIEWS_PATH } from '../../contract/page-views.ts'
import type { Database } from '../db/index.ts'
import { clientAddress } from '../http/client-address.ts'
import { errorResponse, messages, tooManyAttempts } from '../http/errors.ts'
import { component } from '../http/openapi-schema.ts'
import { createRouter } from '../http/router.ts'
import { requireRole, requireUser } from '../middleware/auth.ts'
import { lastDays, recordPageViews, viewsPerPathPerDay, viewTime } from '../services/analytics.ts'
import { attemptFromAddress } from '../services/throttle.ts'

const PageViewBatchSchema = component(PageViewBatch, 'PageViewBatch').openapi({
  example: {
    views: [
      {
        id: '0b7f3c9e-2f4d-4a8e-9c1b-5d6e7f8a9b0c',
        path: '/wingsuits/corvid-2',
        at: '2026-11-24T12:00:00.000Z',
      },
    ],
  },
})
const PageViewsRecordedSchema = component(PageViewsRecorded, 'PageViewsRecorded')

const PathDayViews = z
  .object({
    days: z.array(z.object({ day: z.string(), path: z.string(), views: z.number().int() })),
  })
  .openapi('PageViewsPerDay')

/** `Sec-GPC: 1` (Global Privacy Control) or `DNT: 1` (Do-Not-Track) on the request itself. */
function refusesTracking(header: (name: string) => string | undefined): boolean {
  return header('dnt')?.trim() === '1' || header('sec-gpc')?.trim() === '1'
}

const postPageViews = createRoute({
  method: 'post',
  path: PAGE_VIEWS_PATH.slice('/api'.length),
  tags: ['analytics'],
  summary: 'Record page views (first-party analytics)',
  description:
    `Up to ${MAX_VIEWS_PER_BATCH} views, each a random \`id\` (a view sent twice, by a beacon ` +
    'and a retry, counts once), the page’s `path` as recorded (the page’s own path for public ' +
    'pages; the route, e.g. `/checkout/$`, for a customer’s own screens: never an order, code or ' +
    'token) and when the device saw it (`at`: not ahead of the server’s clock by more than 5 ' +
    'minutes, not older than 30 days). A view is recorded at the time it arrives, whatever ' +
    '`at` says: a view sent from an offline queue counts on the day it reaches the shop. Raw ' +
    'views are kept 13 months. No cookie is read or set and nothing about the visitor is kept. ' +
    'A request carrying `DNT: 1` or `Sec-GPC: 1` records nothing (the app sends none then). ' +
    'Counted per client address (an IPv6 client by its /64), each view an attempt: 2,000 views ' +
    'per 15 minutes, then 429 with `Retry-After` (the app keeps the views for later).',
  request: {
    body: {
      required: true,
      content: { 'application/json': { schema: PageViewBatchSchema } },
    },
  },
  responses: {
    200: {
      description: 'How many of the views were new (recorded now)',
      content: { 'application/json': { schema: PageViewsRecordedSchema } },
    },
    422: errorResponse('Invalid input: each message under `views.{n}.{field}`'),
    429: {
      description: 'Too many requests from this client address; `Retry-After` says how long',
      headers: z.object({ 'Retry-After': z.string() }),
      content: errorResponse('').content,
    },
  },
})

export function analyticsRoutes({ db }: { db: Database }) {
  const getPageViews = createRoute({
    method: 'get',
    path: PAGE_VIEWS_PATH.slice('/api'.length),
    tags: ['analytics'],
    summary: 'Page views per path per day (admins)',
    description:
      'The last `days` UTC days (today included; 7 unless asked), newest day first, most viewed ' +
      'first within a day; `path` narrows it to paths starting with it. `npm run admin -- ' +
      'page-views` prints the same.',
    security: [{ bearerAuth: [] }],
    middleware: [requireUser(db, { account: true }), requireRole('admin')] as const,
    request: {
      query: z.object({
        days: z.coerce
          .number()
          .int('A whole number of days.')
          .min(1, 'At least 1 day.')
          .max(366, 'At most 366 days.')
          .optional()
          .openapi({ example: 7 }),
        path: z
          .string()
          .max(512, 'At most 512 characters.')
          .regex(/^\/[\x21-\x7e]*$/, 'A path, starting with /.')
          .optional()
          .openapi({ example: '/wingsuits' }),
      }),
    },
    responses: {
      200: {
        description: 'Views per path per day',
        content: { 'application/json': { schema: PathDayViews } },
      },
      401: errorResponse('Not signed in'),
      403: errorResponse('Not an admin'),
      422: errorResponse('Invalid query'),
    },
  })

  return createRouter()
    .openapi(postPageViews, async (c) => {
      const { views } = c.req.valid('json')
      if (refusesTracking((name) => c.req.header(name))) return c.json({ recorded: 0 }, 200)
      // Each view counts: a batch of 50 is 50 attempts.
      const wait = await attemptFromAddress(db, 'pageViews', clientAddress(c), views.length)
      if (wait > 0) return tooManyAttempts(c, wait)
      const now = new Date()
      const errors: Record<string, string[]> = Object.create(null)
      views.forEach((view, index) => {
        const time = viewTime(view.at, now)
        if (!time.ok) errors[`views.${index}.at`] = [time.message]
      })
      if (Object.keys(errors).length > 0) return c.json({ message: messages.invalid, errors }, 422)
      return c.json({ recorded: await recordPageViews(db, views, now) }, 200)
    })
    .openapi(getPageViews, async (c) => {
      const { days, path } = c.req.valid('query')
      const rows = await viewsPerPathPerDay(db, lastDays(days ?? 7), { pathPrefix: path })
      return c.json({ days: rows }, 200)
    })
}
