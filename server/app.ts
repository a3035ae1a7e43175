import { OpenAPIHono } from '@hono/zod-openapi'
import type { Context } from 'hono'
import { bodyLimit } from 'hono/body-limit'
import { cors } from 'hono/cors'
import { API_MARK_HEADER, API_MARK_VALUE } from '../contract/api-mark.ts'
import { CART_ACCOUNT_HEADER, CART_TOKEN_HEADER, IDEMPOTENCY_KEY_HEADER } from '../contract/cart.ts'
import type { Database } from './db/index.ts'
import type { Env } from './env.ts'
import { allowedMethods } from './http/allowed-methods.ts'
import { compressAnswers } from './http/compress.ts'
import { apiErrorResponse, isApiPath, logFailure, messages, validationHook } from './http/errors.ts'
import { apiCacheControl } from './http/json-answer.ts'
import { memoryListener, type MemoryAnswerer } from './http/memory-answers.ts'
import { accessLog, requestLog } from './http/request-log.ts'
import { isFinished, securityHeaderLists, securityHeaders } from './http/security-headers.ts'
import { createLogger, type Logger } from './log.ts'
import { adminRoutes } from './routes/admin.ts'
import { analyticsRoutes } from './routes/analytics.ts'
import { archiveRoutes } from './routes/archive.ts'
import { checkoutRoutes } from './routes/checkout.ts'
import { cartRoutes } from './routes/cart.ts'
import { ordersRoutes } from './routes/orders.ts'
import { authRoutes } from './routes/auth.ts'
import { dealerRoutes } from './routes/dealer.ts'
import { devMailRoutes } from './routes/dev-mail.ts'
import { registerOpenApiDocument } from './routes/openapi.ts'
import {
  apiReferencePath,
  apiReferenceRoutes,
  apiReferenceSources,
} from './routes/api-reference.ts'
import { productionTimeRoutes } from './routes/production-time.ts'
import { passwordRoutes } from './routes/password.ts'
import { paymentRoutes } from './routes/payment.ts'
import { testBitpayPage } from './routes/test-bitpay-page.ts'
import { productAnswerFromMemory, productRoutes } from './routes/product.ts'
import { submitRoutes } from './routes/submit.ts'
import { coachContactRoutes } from './routes/coach-contact.ts'
import { contactRoutes } from './routes/contact.ts'
import { newsletterRoutes } from './routes/newsletter.ts'
import { googleRecaptcha, type RecaptchaVerifier } from './services/recaptcha.ts'
import { recaptchaOrigins } from '../contract/contact.ts'
import { userRoutes } from './routes/user.ts'
import { createCatalogCache } from './services/catalog-cache.ts'
import { createMailer, type Mailer } from './mail/mailer.ts'
import type { PaymentProviders } from './services/payments/gateway.ts'
import { createPayments } from './services/payments/payments.ts'
import { paymentPageSources } from './services/payments/csp.ts'
import { paymentProviders } from './services/payments/providers.ts'
import { createSite } from './site/pages.ts'

export interface AppOptions {
  db: Database
  env: Env
  logger?: Logger
  /** The built site to serve next to the API; without it the server is API only. */
  staticDir?: string
  /**
   * The outbox's delivery worker and the accounts' deferred mail work; by default one that sends
   * over SMTP_URL's server, or keeps mail in the development mailbox. It delivers only once
   * started (server/main.ts), or when asked (`idle()`, in tests).
   */
  mailer?: Mailer
  /** Who takes payments; by default as the environment says (services/payments/providers.ts). */
  payments?: PaymentProviders
  /** Verifies reCAPTCHA tokens; by default Google's with RECAPTCHA_SECRET_KEY, else none. */
  recaptcha?: RecaptchaVerifier
}

/** Request bodies are small JSON documents; anything bigger is refused before it is read. */
const maxBodyBytes = 1024 * 1024

/**
 * The longest path answered (2 KiB; the longest real one is under 100 characters). Longer ones get
 * 414 before any handler: page matching, file lookups and parsing cost more the longer the path.
 */
export const maxPathLength = 2048

/** The server's development pages (`/dev/mail`, the test BitPay's `/dev/test-bitpay/…`). */
function isServerPagePath(pathname: string): boolean {
  return pathname === '/dev' || pathname.startsWith('/dev/')
}

/** The whole HTTP surface, built the same way for production and for in-process tests. */
export function createApp(options: AppOptions) {
  return createHttp(options).app
}

/**
 * The app, and the request listener's fast path beside it: answers already complete in memory
 * (built files, prerendered pages, catalog reads), written as the app would write them
 * (memory-answers.ts). `answeredFromMemory` returns false for any request the app must answer.
 * `mailer` is the app's mail worker, for the process to start and stop.
 */
export function createHttp({
  db,
  env,
  logger = createLogger(env),
  staticDir,
  mailer = createMailer({ db, logger, smtpUrl: env.smtpUrl, from: env.mailFrom }),
  payments: providers = paymentProviders(db, env),
  recaptcha = env.recaptcha.secretKey ? googleRecaptcha(env.recaptcha.secretKey) : undefined,
}: AppOptions) {
  const app = new OpenAPIHono({ strict: true, defaultHook: validationHook })
  // Product answers and product page statuses come from memory, rebuilt when the catalog changes.
  const catalog = createCatalogCache({ db })

  const security = securityHeaderLists({
    connectSources: env.corsOrigins,
    paymentSources: paymentPageSources(env),
    recaptchaSources: env.recaptcha.siteKey ? recaptchaOrigins : undefined,
    apiReference: { path: apiReferencePath, inline: apiReferenceSources },
  })
  const log = accessLog(logger)
  // Outermost: every answer under /api (errors, 404s, 405s, 414s and 429s included) says it is
  // the store's API, which a Wi-Fi sign-in page or a proxy's error page never does; the queue
  // counts a change delivered only then (contract/api-mark.ts). Pages and assets do not carry it.
  // Answers finished in memory (the catalog's) carry it from where they are built.
  app.use(async (c, next) => {
    await next()
    if (isApiPath(c.req.path) && !isFinished(c.res))
      c.res.headers.set(API_MARK_HEADER, API_MARK_VALUE)
  })
  app.use(securityHeaders(security))
  // Text (HTML, JS, CSS, JSON, SVG) goes out gzipped to browsers that accept it: on a drop
  // zone's slow link the bytes are what the visitor waits for (http/compress.ts).
  app.use(compressAnswers())
  app.use(requestLog(log))
  app.use('/api/*', async (c, next) => {
    await next()
    // A route that knows its answer may be shared (the catalog) says so itself; every other API
    // answer, a signed-in user's above all, stays out of browser and proxy caches. A finished
    // answer always carries its own.
    if (isFinished(c.res) || c.res.headers.has('Cache-Control')) return
    c.res.headers.set('Cache-Control', apiCacheControl)
  })
  app.use(async (c, next) => {
    if (c.req.path.length <= maxPathLength) return next()
    return isApiPath(c.req.path)
      ? c.json({ message: messages.uriTooLong }, 414)
      : c.text(messages.uriTooLong, 414)
  })
  if (env.corsOrigins.length > 0) {
    // For a site hosted apart from the API: its pages call us with the session cookie/token.
    app.use(
      '/api/*',
      cors({
        origin: env.corsOrigins,
        credentials: true,
        allowHeaders: [
          'Authorization',
          'Content-Type',
          CART_TOKEN_HEADER,
          CART_ACCOUNT_HEADER,
          IDEMPOTENCY_KEY_HEADER,
        ],
        // The worker reads the mark on cross-origin answers to tell the API from a portal.
        exposeHeaders: [API_MARK_HEADER],
        maxAge: 600,
      }),
    )
  }
  const tooLarge = (c: Context) => c.json({ message: messages.tooLarge }, 413)
  const limitBody = bodyLimit({ maxSize: maxBodyBytes, onError: tooLarge })
  // GET and HEAD carry no body. A body of a declared length is judged by the header (Node's
  // parser holds the body to it): hono's bodyLimit asks for the body stream first, which makes
  // @hono/node-server build a full Request (about a sixth of a catalog read, and a fifth of the
  // CPU of a refused add). Only a chunked body is counted as it is read.
  app.use('/api/*', (c, next) => {
    if (c.req.method === 'GET' || c.req.method === 'HEAD') return next()
    const length = c.req.header('content-length')
    if (length === undefined || c.req.header('transfer-encoding') !== undefined)
      return limitBody(c, next)
    return Number(length) > maxBodyBytes ? Promise.resolve(tooLarge(c)) : next()
  })

  // Fixed paths before parameterised ones: the first route that answers wins, and
  // `/product/{slug}` would take `archive-image` (or `/order/{id}` `production-time`) for a key.
  app.route('/api', archiveRoutes({ db }))
  app.route('/api', productionTimeRoutes({ db }))
  app.route('/api', productRoutes({ catalog }))
  // Before the order's: `GET /order/{id}` would take `get-orders` or `shipping-options` for an id.
  app.route('/api', dealerRoutes({ db }))
  // The changes to a submitted order are mailed to its customer with the site's links.
  const mailSite = { siteUrl: env.siteUrl, testPayments: env.testPayments }
  app.route('/api', ordersRoutes({ db, catalog, site: mailSite }))
  app.route('/api', checkoutRoutes({ db, catalog, site: mailSite }))
  app.route(
    '/api',
    submitRoutes({ db, catalog, siteUrl: env.siteUrl, testPayments: env.testPayments }),
  )
  app.route('/api', cartRoutes({ db, catalog, anonymousCartLimits: env.anonymousCartLimits }))
  const accounts = { db, mailer, siteUrl: env.siteUrl, recaptcha, logger }
  app.route('/api', authRoutes(accounts))
  app.route('/api', userRoutes(accounts))
  app.route('/api', passwordRoutes(accounts))
  app.route('/api', analyticsRoutes({ db }))
  const payments = createPayments({ db, providers, siteUrl: env.siteUrl, logger })
  app.route('/api', paymentRoutes({ db, payments }))
  app.route('/api', adminRoutes({ ...accounts, catalog, payments, site: mailSite }))
  if (providers.testInvoices)
    app.route(
      '/',
      testBitpayPage({ db, payments, providers, testInvoices: providers.testInvoices }),
    )
  const forms = { db, siteUrl: env.siteUrl, recaptcha, logger }
  app.route('/api', contactRoutes({ ...forms, contactEmail: env.contactEmail }))
  app.route('/api', coachContactRoutes(forms))
  app.route('/api', newsletterRoutes(forms))
  registerOpenApiDocument(app)
  app.route('/', apiReferenceRoutes())
  if (env.devMailPage) app.route('/', devMailRoutes({ db, smtp: env.smtpUrl !== undefined }))

  const site = staticDir
    ? createSite({
        staticDir,
        catalog,
        testStoreNotice: env.testPayments,
        recaptchaSiteKey: env.recaptcha.siteKey,
      })
    : undefined
  if (site) app.get('*', site.handler)

  app.notFound((c) => {
    if (!isApiPath(c.req.path)) return c.text(messages.notFound, 404)
    // A path some route answers, asked with another method: 405 and the methods it takes.
    const allowed = allowedMethods(app, c.req.path, '/api/')
    const allow = allowed.join(', ')
    if (allowed.length > 0 && c.req.method === 'OPTIONS') return c.body(null, 204, { Allow: allow })
    if (allowed.length === 0 || allowed.includes(c.req.method)) {
      return c.json({ message: messages.notFound }, 404)
    }
    return c.json({ message: messages.methodNotAllowed }, 405, { Allow: allow })
  })
  app.onError((error, c) => {
    if (isApiPath(c.req.path) || !site) return apiErrorResponse(error, c, logger)
    logFailure(logger, error, c, 'page failed')
    return site.errorPage(c)
  })

  const products = productAnswerFromMemory({ catalog })
  // CORS answers depend on the request's Origin: with CORS on, the API goes through the app.
  const apiFromMemory = env.corsOrigins.length > 0 ? undefined : products
  // The server's own pages under /dev/ (the outbox, the test BitPay's invoices) are routes of the
  // app: the site's files, which would answer them with its 404 page, never do.
  const fromMemory: MemoryAnswerer = (request) =>
    isApiPath(request.path)
      ? apiFromMemory?.(request)
      : isServerPagePath(request.path)
        ? undefined
        : site?.answerFromMemory(request)
  // What the answers kept in memory depend on: the catalog's version and the built files. The
  // string is made again only when one of them changes: asked for on every request, it is then
  // compared by reference.
  let stamped = { version: Number.NaN, generation: 0, stamp: '' }
  const stamp = () => {
    const snapshot = catalog.current()
    if (snapshot instanceof Promise) return undefined
    const generation = site?.generation() ?? 0
    if (snapshot.version !== stamped.version || generation !== stamped.generation) {
      const { version } = snapshot
      stamped = { version, generation, stamp: `${version} ${generation}` }
    }
    return stamped.stamp
  }
  const answeredFromMemory = memoryListener({
    answer: fromMemory,
    security,
    log,
    maxPathLength,
    stamp,
  })
  return { app, answeredFromMemory, mailer }
}
