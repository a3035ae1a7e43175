import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { pageRoutes } from '../../contract/routes.ts'
import { createApp } from '../app.ts'
import type { OpenDatabase } from '../db/index.ts'
import { loadEnv } from '../env.ts'
import { createLogger, redactPath } from '../log.ts'
import { testBitpayPage } from '../routes/test-bitpay-page.ts'
import { accessLog } from './request-log.ts'
import { openTestDatabase } from '../testing/test-helpers.ts'

let database: OpenDatabase

beforeAll(async () => {
  database = await openTestDatabase()
})
afterAll(() => database.close())

function appLogging(level: 'info' | 'warn') {
  const lines: string[] = []
  const env = loadEnv({ NODE_ENV: 'test', LOG_LEVEL: level })
  const logger = createLogger(env, { write: (line: string) => void lines.push(line) })
  return { app: createApp({ db: database.db, env, logger }), lines }
}

describe('access log', () => {
  it('writes one line per request with method, path, status and time', async () => {
    const { app, lines } = appLogging('info')
    await app.request('/api/product/corvid-2?active=1')
    await app.request('/api/product/no-such-suit')
    expect(lines.map((line) => JSON.parse(line))).toEqual([
      expect.objectContaining({
        msg: 'request',
        method: 'GET',
        path: '/api/product/corvid-2',
        status: 200,
        ms: expect.any(Number),
        env: 'test',
      }),
      expect.objectContaining({ path: '/api/product/no-such-suit', status: 404 }),
    ])
  })

  it('keeps the secret part of a token-bearing path out of the line', async () => {
    const { app, lines } = appLogging('info')
    await app.request('/api/password/usetoken/s3cret-token')
    expect(lines).toHaveLength(1)
    expect(lines[0]).not.toContain('s3cret-token')
    expect(JSON.parse(lines[0]!).path).toBe('/api/password/usetoken/[redacted]')
  })

  it('writes nothing when the level leaves info out', async () => {
    const { app, lines } = appLogging('warn')
    await app.request('/api/product/corvid-2')
    expect(lines).toEqual([])
  })

  it('writes the very line pino would, keys in the same order', () => {
    const lines: string[] = []
    const env = loadEnv({ NODE_ENV: 'test', LOG_LEVEL: 'info' })
    const logger = createLogger(env, { write: (line: string) => void lines.push(line) })
    accessLog(logger).write('GET', '/news/"quoted"\\path', 304, performance.now())
    logger.info({ method: 'GET', path: '/news/"quoted"\\path', status: 304, ms: 0 }, 'request')
    const [ours, pinos] = lines.map((line) => {
      expect(line.endsWith('}\n')).toBe(true)
      return Object.entries(JSON.parse(line) as Record<string, unknown>).filter(
        ([key]) => key !== 'time' && key !== 'ms',
      )
    })
    expect(ours).toEqual(pinos)
  })
})

/**
 * The routes whose parameters name nothing secret: a slug, or an id that is no use without the
 * owner's sign-in. Every other route with a parameter must keep it out of the log (log.ts
 * `secretRoutes`): a new route fails the test below until it is redacted or listed here.
 */
const publicParameterRoutes = new Set([
  '/api/product/production-time/category/:category',
  '/api/product/:slug',
  '/api/payment/commission-balance/:id',
  // A saved address's id: the signed-in owner's only (404 to anyone else).
  '/api/user/edit-address/:id',
  '/api/user/delete-address/:id',
  '/api/user/make-default-address/:id',
  '/api/order/get-submitted-order/:id',
  '/api/order/:id/save-shipping-address',
  '/api/order/:id/validate-address',
  '/api/order/:id/can-change-address',
  '/api/order/:id/shipping-options',
  '/api/order/:id/save-shipping-option',
  '/api/order/:id',
  '/api/order/item/:id/update-qty',
  '/api/order/:id/add-discount',
  // An order's id in the back office: no use without an admin or staff session.
  '/api/admin/orders/:id',
  '/api/admin/orders/:id/move',
  '/api/admin/orders/:id/refund',
  '/api/admin/orders/:id/resend-mail',
  '/api/admin/orders/:id/payment-link',
  // An account's, a dealer's or a payout's id in the back office: no use without an admin or
  // staff session.
  '/api/admin/customers/:id',
  '/api/admin/customers/:id/sign-out-everywhere',
  '/api/admin/dealers/:id',
  '/api/admin/dealers/:id/ledger.csv',
  '/api/admin/dealers/:id/tie',
  '/api/admin/dealers/:id/rate',
  '/api/admin/dealers/:id/customers',
  '/api/admin/dealers/:id/customers/:customerId/unlink',
  '/api/admin/payouts/:id/mark-paid',
  '/api/coach/contact-coaches/:coachSlug',
  '/orders/confirmation/$',
  '/orders/$orderId',
  '/update-shipping-address/$',
  '/apple-pay/$orderId',
  '/people/friends/$',
  '/people/$product/$',
  '/learnSearch/$',
  '/news/$',
  '/news/view/$slug',
  '/learn/$slug',
  '/manuals/$slug',
  '/landing/$slug',
  '/coaches/$slug',
  '/wingsuits/$model',
  '/trackingsuits/$model',
  '/parachutes/base-jumping/$model',
  '/parachutes/skydiving/$model',
  '/equipment/base-jumping/$item',
  '/equipment/skydiving/$item',
  '/equipment/accessories/$item',
  '/equipment/accessories/base-jumping/$item',
  '/equipment/accessories/skydiving/$item',
  '/equipment/$bag',
  '/products/$item',
])

/** Parameter names that always say a secret: never in the public list above. */
const secretName = /token|code|secret|key|password|invoice/i

/** Every route with a parameter: the API's and the test pages' (Hono syntax), and the pages'. */
function routesWithParameters(app: ReturnType<typeof createApp>): string[] {
  const none = {} as never
  const testPages = testBitpayPage({
    db: none,
    payments: none,
    providers: none,
    testInvoices: none,
  })
  const server = [...app.routes, ...testPages.routes]
    .map((route) => route.path)
    .filter((path) => path.includes('/:'))
  const pages = pageRoutes.filter((route) => route.includes('$'))
  return [...new Set([...server, ...pages])]
}

/** A path of `route` with each parameter a distinct secret-looking value. */
function pathOf(route: string, secret: string): string {
  let n = 0
  return route
    .split('/')
    .map((part) =>
      part.startsWith(':') || part.startsWith('$')
        ? `${secret}${n++}${part.replace(/\W/g, '')}`
        : part,
    )
    .join('/')
}

describe('paths that carry a secret', () => {
  it('every route with a parameter is redacted in the log, or names only public things', () => {
    const { app } = appLogging('warn')
    const routes = routesWithParameters(app)
    // The list is the app's own: the secret routes of each kind are in it.
    expect(routes).toEqual(
      expect.arrayContaining([
        '/api/newsletter/confirm/:token',
        '/api/newsletter/unsubscribe/:token',
        '/dev/test-bitpay/invoice/:id',
        '/api/password/usetoken/:token',
        '/api/order/add-to-submitted-order/:paymentCode',
        '/checkout/$',
        '/LoginFromAdmin/$',
        '/PasswordResets/newpassword/$',
      ]),
    )
    const unredacted = routes.filter(
      (route) =>
        !publicParameterRoutes.has(route) && redactPath(pathOf(route, 'Zq9')).includes('Zq9'),
    )
    expect(unredacted).toEqual([])
    const secretButPublic = [...publicParameterRoutes].filter((route) =>
      route.split('/').some((part) => /^[:$]/.test(part) && secretName.test(part)),
    )
    expect(secretButPublic).toEqual([])
  })

  it('the access log writes no secret of a request, in its path or its query', async () => {
    const { app, lines } = appLogging('info')
    const secretRoutes = routesWithParameters(app).filter(
      (route) => !publicParameterRoutes.has(route),
    )
    for (const route of secretRoutes) {
      await app.request(`${pathOf(route, 'Zq9')}?token=Qx7&code=Qx7`)
      await app.request(pathOf(route, 'Zq9'), { method: 'POST' })
    }
    await app.request('/newsletter?confirm=Qx7&unsubscribe=Qx7')
    expect(lines.length).toBe(secretRoutes.length * 2 + 1)
    expect(lines.filter((line) => line.includes('Zq9') || line.includes('Qx7'))).toEqual([])
    expect(lines.map((line) => (JSON.parse(line) as { path: string }).path)).toContain(
      '/api/newsletter/unsubscribe/[redacted]',
    )
  })

  it('an answer given from memory is logged with its path redacted too', () => {
    const lines: string[] = []
    const env = loadEnv({ NODE_ENV: 'test', LOG_LEVEL: 'info' })
    const log = accessLog(createLogger(env, { write: (line: string) => void lines.push(line) }))
    // memory-answers.ts writes each line from this fixed part.
    log.writeFixed(log.fixedPart('GET', '/checkout/Zq9-code', 200), performance.now())
    log.writeFixed(log.fixedPart('GET', '/dev/test-bitpay/invoice/tbp_Zq9', 200), performance.now())
    expect(lines.map((line) => (JSON.parse(line) as { path: string }).path)).toEqual([
      '/checkout/[redacted]',
      '/dev/test-bitpay/invoice/[redacted]',
    ])
  })
})
