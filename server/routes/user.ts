import { createRoute } from '@hono/zod-openapi'
import { User } from '../../contract/user.ts'
import type { Database } from '../db/index.ts'
import { errorResponse } from '../http/errors.ts'
import { component } from '../http/openapi-schema.ts'
import { createRouter } from '../http/router.ts'
import { requireUser } from '../middleware/auth.ts'

const UserSchema = component(User, 'User')

export function userRoutes({ db }: { db: Database }) {
  const getUser = createRoute({
    method: 'get',
    path: '/user',
    tags: ['user'],
    summary: 'The signed-in user',
    security: [{ bearerAuth: [] }],
    middleware: [requireUser(db)] as const,
    responses: {
      200: { description: 'The user', content: { 'application/json': { schema: UserSchema } } },
      401: errorResponse('No bearer token, or its session is unknown or expired'),
    },
  })
  return createRouter().openapi(getUser, (c) => c.json(c.get('user'), 200))
}
