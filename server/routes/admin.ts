import { createRoute, z } from '@hono/zod-openapi'
import { Email } from '../../contract/auth.ts'
import { errorResponse, messages } from '../http/errors.ts'
import { createRouter } from '../http/router.ts'
import { requireRole, requireUser } from '../middleware/auth.ts'
import { makeAdminLoginLink, type AccountDeps } from '../services/accounts.ts'

const AdminLoginLinkRequest = z.object({ email: Email }).openapi('AdminLoginLinkRequest')
const AdminLoginLink = z
  .object({ url: z.string(), expires_at: z.string() })
  .openapi('AdminLoginLink')

export function adminRoutes(deps: AccountDeps) {
  const { db } = deps
  const loginLink = createRoute({
    method: 'post',
    path: '/admin/login-link',
    tags: ['admin'],
    summary: 'Make a one-time link that signs in as a customer',
    description:
      'For admins only: a link to `/LoginFromAdmin/{token}`, valid once for 15 minutes, whose ' +
      'page signs in as the account (`POST /api/password/verify-login/{token}`). Admin accounts ' +
      'cannot be the target.',
    security: [{ bearerAuth: [] }],
    middleware: [requireUser(db, { account: true }), requireRole('admin')] as const,
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
      403: errorResponse('Not an admin'),
      422: errorResponse('Invalid input, no such account, or an admin account'),
    },
  })

  return createRouter().openapi(loginLink, async (c) => {
    const { email } = c.req.valid('json')
    const link = await makeAdminLoginLink(deps, email)
    if ('refused' in link) {
      return c.json({ message: messages.invalid, errors: { email: [link.refused] } }, 422)
    }
    return c.json({ url: link.url, expires_at: link.expiresAt.toISOString() }, 200)
  })
}
