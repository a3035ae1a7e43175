import { OpenAPIHono } from '@hono/zod-openapi'
import { validationHook } from './errors.ts'

/**
 * A router for one resource. Paths match exactly as the API reference writes them (`strict`: a
 * trailing slash is part of the path), and every schema failure becomes the API's 422 body.
 */
export function createRouter() {
  return new OpenAPIHono({ strict: true, defaultHook: validationHook })
}
