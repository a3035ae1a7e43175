import type { ZodType } from 'zod'
import '@hono/zod-openapi'

/**
 * A contract schema under its OpenAPI component name. contract/ uses plain zod, and zod 4 gives
 * each schema its methods when the schema is created, so a contract schema built before
 * @hono/zod-openapi loaded has no `.openapi()`; a copy made here always has.
 */
export function component<T extends ZodType>(schema: T, name: string): T {
  return schema.clone().openapi(name)
}
