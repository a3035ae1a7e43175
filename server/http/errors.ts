import type { Context } from 'hono'
import { HTTPException } from 'hono/http-exception'
import type { ContentfulStatusCode } from 'hono/utils/http-status'
import { z } from '@hono/zod-openapi'
import type { ZodError } from 'zod'
import { ApiErrorBody } from '../../contract/errors.ts'
import { loggableError, redactPath, type Logger } from '../log.ts'
import { component } from './openapi-schema.ts'

/** The error body, registered once as a named OpenAPI component. */
export const ApiError = component(ApiErrorBody, 'ApiError')

export const messages = {
  invalid: 'The given data was invalid.',
  notFound: 'Not found.',
  unauthenticated: 'Unauthenticated.',
  forbidden: 'This action is unauthorized.',
  tooLarge: 'The request body is too large.',
  methodNotAllowed: 'This method is not allowed here.',
  uriTooLong: 'The address is too long.',
  server: 'Server error.',
} as const

/** An OpenAPI response entry whose body is the shared error schema. */
export function errorResponse(description: string) {
  return { description, content: { 'application/json': { schema: ApiError } } }
}

/** How long a wait of `seconds` is, in the customer's words (rounded up). */
export function waitInWords(seconds: number): string {
  if (seconds < 60) return seconds <= 1 ? '1 second' : `${Math.ceil(seconds)} seconds`
  const minutes = Math.ceil(seconds / 60)
  if (minutes < 120) return minutes === 1 ? '1 minute' : `${minutes} minutes`
  return `${Math.ceil(minutes / 60)} hours`
}

/** A throttled call's message: when to try again. */
export const tryAgainIn = (seconds: number) =>
  `Too many attempts. Please try again in ${waitInWords(seconds)}.`

/**
 * A throttled call's answer: 429 with how long to wait (services/throttle.ts decides), in
 * `Retry-After` (seconds) and in the message.
 */
export function tooManyAttempts(c: Context, retryAfterSeconds: number) {
  return c.json({ message: tryAgainIn(retryAfterSeconds) }, 429, {
    'Retry-After': String(retryAfterSeconds),
  })
}

export const throttledResponse = {
  description:
    'Too many attempts (see the call’s limits); `Retry-After` says how many seconds to wait, ' +
    'and the message says when to try again',
  headers: z.object({ 'Retry-After': z.string() }),
  content: errorResponse('').content,
}

export function isApiPath(pathname: string): boolean {
  return pathname === '/api' || pathname.startsWith('/api/')
}

function snakeCase(segment: string): string {
  return segment.replace(/([a-z0-9])([A-Z])/g, '$1_$2').toLowerCase()
}

/** Where a problem with no field path sits: the whole body, query string or path. */
const wholeTargetKey: Record<string, string> = { json: 'body', form: 'body', param: 'path' }

/**
 * The 422 body: each message under its snake_case field path joined with dots, the way clients
 * address the field they sent (`shipping_address.zip`, `items.0.qty`).
 */
function invalidDataBody(error: ZodError, target: string) {
  // No prototype: a field named `__proto__` or `constructor` is a key like any other.
  const errors: Record<string, string[]> = Object.create(null)
  for (const issue of error.issues) {
    const key =
      issue.path.map((part) => snakeCase(String(part))).join('.') ||
      (wholeTargetKey[target] ?? target)
    ;(errors[key] ??= []).push(issue.message)
  }
  return { message: messages.invalid, errors } satisfies ApiErrorBody
}

/**
 * The `defaultHook` of every router: a request that fails its schema gets a 422, except in its
 * path: a path parameter that is not even written as a key (`a%00b`) names nothing, a 404.
 */
export function validationHook(
  result: { target: string } & ({ success: true } | { success: false; error: ZodError }),
  c: Context,
): Response | undefined {
  if (result.success) return undefined
  if (result.target === 'param') return c.json({ message: messages.notFound }, 404)
  return c.json(invalidDataBody(result.error, result.target), 422)
}

/**
 * The JSON answer to an error thrown under /api. Hono's body parsers throw 400 for a body that
 * is not what its content type says (malformed JSON); this API reports all bad input as 422.
 * Anything that is not an HTTPException is a bug: logged without its message (which may hold the
 * input), answered without details.
 */
export function apiErrorResponse(error: unknown, c: Context, logger: Logger): Response {
  if (error instanceof HTTPException) {
    if (error.status === 400) {
      return c.json({ message: messages.invalid, errors: { body: [error.message] } }, 422)
    }
    if (error.status >= 500) logFailure(logger, error, c, 'failed')
    return c.json({ message: error.message }, error.status as ContentfulStatusCode)
  }
  logFailure(logger, error, c, 'unexpected error')
  return c.json({ message: messages.server }, 500)
}

/** An error as the log keeps it: class, code and stack, never its message (see loggableError). */
export function logFailure(logger: Logger, error: unknown, c: Context, message: string) {
  logger.error({ error: loggableError(error), path: redactPath(c.req.path) }, message)
}
