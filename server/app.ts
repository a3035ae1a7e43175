import { OpenAPIHono } from '@hono/zod-openapi'
import { bodyLimit } from 'hono/body-limit'
import { compress } from 'hono/compress'
import { cors } from 'hono/cors'
import type { Database } from './db/index.ts'
import type { Env } from './env.ts'
import { apiErrorResponse, isApiPath, messages, validationHook } from './http/errors.ts'
import { requestLog } from './http/request-log.ts'
import { securityHeaders } from './http/security-headers.ts'
import { createLogger, redactPath, type Logger } from './log.ts'
import { archiveRoutes } from './routes/archive.ts'
import { registerOpenApiDocument } from './routes/openapi.ts'
import { productionTimeRoutes } from './routes/production-time.ts'
import { productRoutes } from './routes/product.ts'
import { userRoutes } from './routes/user.ts'
import { createCatalogCache } from './services/catalog-cache.ts'
import { createSite } from './site/pages.ts'

export interface AppOptions {
  db: Database
  env: Env
  logger?: Logger
  /** The built site to serve next to the API; without it the server is API only. */
  staticDir?: string
}

/** Request bodies are small JSON documents; anything bigger is refused before it is read. */
const maxBodyBytes = 1024 * 1024

/** The whole HTTP surface, built the same way for production and for in-process tests. */
export function createApp({ db, env, logger = createLogger(env), staticDir }: AppOptions) {
  const app = new OpenAPIHono({ strict: true, defaultHook: validationHook })
  // Product answers and product page statuses come from memory, rebuilt when the catalog changes.
  const catalog = createCatalogCache({ db })

  app.use(securityHeaders({ connectSources: env.corsOrigins }))
  // Text (HTML, JS, CSS, JSON, SVG) goes out gzipped to browsers that accept it: on a drop
  // zone's slow link the bytes are what the visitor waits for.
  app.use(compress())
  app.use(requestLog(logger))
  if (env.corsOrigins.length > 0) {
    // For a site hosted apart from the API: its pages call us with the session cookie/token.
    app.use(
      '/api/*',
      cors({
        origin: env.corsOrigins,
        credentials: true,
        allowHeaders: ['Authorization', 'Content-Type'],
        maxAge: 600,
      }),
    )
  }
  const limitBody = bodyLimit({
    maxSize: maxBodyBytes,
    onError: (c) => c.json({ message: messages.tooLarge }, 413),
  })
  // GET and HEAD carry no body; asking for one makes @hono/node-server build a full Request,
  // which cost about a sixth of a catalog read.
  app.use('/api/*', (c, next) =>
    c.req.method === 'GET' || c.req.method === 'HEAD' ? next() : limitBody(c, next),
  )

  // Fixed paths before parameterised ones: the first route that answers wins, and
  // `/product/{slug}` would take `archive-image` (or `/order/{id}` `production-time`) for a key.
  app.route('/api', archiveRoutes({ db }))
  app.route('/api', productionTimeRoutes({ db }))
  app.route('/api', productRoutes({ catalog }))
  app.route('/api', userRoutes({ db }))
  registerOpenApiDocument(app)

  const site = staticDir ? createSite({ staticDir, catalog }) : undefined
  if (site) app.get('*', site.handler)

  app.notFound((c) =>
    isApiPath(c.req.path)
      ? c.json({ message: messages.notFound }, 404)
      : c.text(messages.notFound, 404),
  )
  app.onError((error, c) => {
    if (isApiPath(c.req.path) || !site) return apiErrorResponse(error, c, logger)
    logger.error({ err: error, path: redactPath(c.req.path) }, 'page failed')
    return site.errorPage(c)
  })
  return app
}
