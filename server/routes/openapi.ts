import type { OpenAPIHono } from '@hono/zod-openapi'
import { ApiError } from '../http/errors.ts'

/** Answers any operation can give, whatever it does: added to each when the document is built. */
const commonResponses = {
  414: {
    description: 'The path is over 2,048 characters',
    content: { 'application/json': { schema: { $ref: '#/components/schemas/ApiError' } } },
  },
}

/**
 * `GET /api/openapi.json`: the API description, generated from the same zod schemas that
 * validate requests, so it cannot drift from what the server does.
 */
export function registerOpenApiDocument(app: OpenAPIHono) {
  app.openAPIRegistry.registerComponent('securitySchemes', 'bearerAuth', {
    type: 'http',
    scheme: 'bearer',
    description:
      'The session token from sign-in, also set as the `authToken` cookie: 256 random bits, ' +
      'stored by the server as a SHA-256 only. A session lasts 30 days with `remember`, 1 day ' +
      'without; `POST /api/user/logout` ends it (docs/accounts-and-guests.md).',
  })
  app.openAPIRegistry.registerComponent('securitySchemes', 'cartToken', {
    type: 'apiKey',
    in: 'header',
    name: 'X-Cart-Token',
    description:
      'The device’s anonymous cart token (contract/cart.ts): a guest’s cart without sign-in.',
  })
  app.openAPIRegistry.register('ApiError', ApiError)
  app.get('/api/openapi.json', (c) => {
    const document = app.getOpenAPI31Document({
      openapi: '3.1.0',
      info: {
        title: 'Glidecraft store API',
        version: '1.0.0',
        description:
          'JSON with snake_case keys. Errors share one body: `message`, plus `errors` (field ' +
          'path → messages) on 422. A path parameter that is not written as a key is a 404. A ' +
          'method a path does not take answers 405 with an `Allow` header listing those it ' +
          'does; OPTIONS answers 204 with the same header. Answers that do not say otherwise ' +
          'carry `Cache-Control: no-store, private`. Every answer under `/api` (errors ' +
          'included) carries `X-Glidecraft-Api: 1`: a queued change counts as delivered only ' +
          'for an answer with it. Every text field refuses control characters (C0, DEL, C1) and ' +
          'the text-direction overrides, isolates and marks with a 422 on the field. A change ' +
          'that takes an `Idempotency-Key` is applied once per key and replays its first ' +
          'answer byte for byte. Cross-cutting rules: docs/api.md; the browsable reference: ' +
          '`/api/reference`.',
      },
    })
    for (const operations of Object.values(document.paths ?? {})) {
      for (const method of ['get', 'put', 'post', 'delete', 'patch'] as const) {
        const operation = operations[method]
        if (operation) operation.responses = { ...operation.responses, ...commonResponses }
      }
    }
    return c.json(document)
  })
}
