import type { OpenAPIHono } from '@hono/zod-openapi'
import { ApiError } from '../http/errors.ts'

/**
 * `GET /api/openapi.json`: the API description, generated from the same zod schemas that
 * validate requests, so it cannot drift from what the server does.
 */
export function registerOpenApiDocument(app: OpenAPIHono) {
  app.openAPIRegistry.registerComponent('securitySchemes', 'bearerAuth', {
    type: 'http',
    scheme: 'bearer',
    description: 'The session token from sign-in (the `authToken` cookie, SPEC §1).',
  })
  app.openAPIRegistry.register('ApiError', ApiError)
  app.doc31('/api/openapi.json', {
    openapi: '3.1.0',
    info: {
      title: 'Glidecraft store API',
      version: '1.0.0',
      description:
        'JSON with snake_case keys. Errors share one body: `message`, plus `errors` (field ' +
        'path → messages) on 422.',
    },
  })
}
