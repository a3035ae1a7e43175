import { createRoute, z } from '@hono/zod-openapi'
import { Email } from '../../contract/auth.ts'
import { errorResponse, messages } from '../http/errors.ts'
import { createRouter } from '../http/router.ts'
import { audit } from '../services/admin/audit.ts'
import { findUserByEmail, makeAdminLoginLink, type AccountDeps } from '../services/accounts.ts'
import { actorOf, backOfficeAccess, requireBackOffice } from './admin-access.ts'
import { adminDashboardRoutes } from './admin-dashboard.ts'
import { adminDiscountsRoutes } from './admin-discounts.ts'
import { adminOrderRoutes, type AdminOrderDeps } from './admin-orders.ts'
import { adminPeopleRoutes } from './admin-people.ts'
import { adminQueueRoutes } from './admin-queue.ts'

/*
 * The back office's calls, /api/admin/… (docs/back-office.md): a sign-in link for a customer
 * here, the orders in admin-orders.ts, the dashboard in admin-dashboard.ts, the made-to-order
 * queue in admin-queue.ts. Who may call each: admin-access.ts.
 */

const AdminLoginLinkRequest = z.object({ email: Email }).openapi('AdminLoginLinkRequest')
const AdminLoginLink = z
  .object({ url: z.string(), expires_at: z.string() })
  .openapi('AdminLoginLink')

export type AdminDeps = AccountDeps & Omit<AdminOrderDeps, 'db'>

export function adminRoutes(deps: AdminDeps) {
  const { db } = deps
  const loginLink = createRoute({
    method: 'post',
    path: '/admin/login-link',
    tags: ['admin'],
    summary: 'Make a one-time link that signs in as a customer',
    description:
      `${backOfficeAccess.all} A link to \`/LoginFromAdmin/{token}\`, valid once for 15 ` +
      'minutes, whose page signs in as the account (`POST /api/password/verify-login/{token}`). ' +
      'Admin and staff accounts cannot be the target. Audited as `user.login_link` (the link ' +
      'itself is not kept in the log).',
    security: [{ bearerAuth: [] }],
    middleware: requireBackOffice(db),
    request: {
      body: {
        required: true,
        content: { 'application/json': { schema: AdminLoginLinkRequest } },
      },
    },
    responses: {
      200: {
        description: 'The link',
        content: { 'application/json': { schema: AdminLoginLink } },
      },
      401: errorResponse('Not signed in'),
      403: errorResponse('Not an admin or staff account session'),
      422: errorResponse('Invalid input, no such account, or an admin or staff account'),
    },
  })

  return createRouter()
    .openapi(loginLink, async (c) => {
      const { email } = c.req.valid('json')
      const actor = actorOf(c)
      // The link's token and its audit row are kept together, or neither.
      const link = await db.transaction(async (tx) => {
        const made = await makeAdminLoginLink({ db: tx, siteUrl: deps.siteUrl }, email)
        if ('refused' in made) return made
        const user = await findUserByEmail(tx, email)
        if (user)
          await audit(tx, actor, {
            action: 'user.login_link',
            targetKind: 'user',
            targetId: user.id,
            details: { expires_at: made.expiresAt.toISOString() },
          })
        return made
      })
      if ('refused' in link) {
        return c.json({ message: messages.invalid, errors: { email: [link.refused] } }, 422)
      }
      return c.json({ url: link.url, expires_at: link.expiresAt.toISOString() }, 200)
    })
    .route('/', adminOrderRoutes(deps))
    .route('/', adminDiscountsRoutes(deps))
    .route('/', adminPeopleRoutes(deps))
    .route('/', adminDashboardRoutes(deps))
    .route('/', adminQueueRoutes(deps))
}
