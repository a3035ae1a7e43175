import { createMiddleware } from 'hono/factory'
import { redactPath, type Logger } from '../log.ts'

/** One line per request: what was asked, the answer's status and how long it took. */
export function requestLog(logger: Logger) {
  return createMiddleware(async (c, next) => {
    const started = performance.now()
    await next()
    logger.info(
      {
        method: c.req.method,
        path: redactPath(c.req.path),
        status: c.res.status,
        ms: Math.round(performance.now() - started),
      },
      'request',
    )
  })
}
