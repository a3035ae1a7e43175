import path from 'node:path'
import { z } from 'zod'
import { trustProxySetting } from './http/client-address.ts'

/** Unset and empty mean the same: container platforms often pass `VAR=` for "not configured". */
function withoutEmpty(source: Record<string, string | undefined>): Record<string, string> {
  return Object.fromEntries(
    Object.entries(source).filter((entry): entry is [string, string] => Boolean(entry[1])),
  )
}

/** A comma list of origins such as `https://shop.example,https://www.shop.example`. */
const origins = z
  .string()
  .transform((value) =>
    value
      .split(',')
      .map((item) => item.trim())
      .filter(Boolean),
  )
  .pipe(
    z.array(
      z.url().refine((value) => new URL(value).origin === value, {
        message: 'must be an origin (scheme://host[:port]) without a path or trailing slash',
      }),
    ),
  )

/** libpq forms such as `postgresql:///shop?host=/run/postgresql` are valid, so no z.url(). */
const postgresUrl = z
  .string()
  .regex(/^postgres(ql)?:\/\//, 'must be a postgres:// or postgresql:// connection string')

/** A duration in whole milliseconds, at least 1 (0 would mean "no limit" to Node). */
const milliseconds = z.coerce.number().int().min(1).max(3_600_000)

const braintreeKeys = [
  'BRAINTREE_MERCHANT_ID',
  'BRAINTREE_PUBLIC_KEY',
  'BRAINTREE_PRIVATE_KEY',
  'BRAINTREE_ENVIRONMENT',
] as const

/** The address of a From header (`Glidecraft <shop@localhost>` → `shop@localhost`). */
function addressOf(from: string): string {
  return /<([^>]+)>/.exec(from)?.[1]?.trim() ?? from.trim()
}

const EnvSchema = z
  .object({
    PORT: z.coerce.number().int().min(0).max(65535).default(8080),
    HOST: z.string().default('0.0.0.0'),
    DATA_DIR: z.string().default('./data'),
    DATABASE_URL: postgresUrl.optional(),
    NODE_ENV: z.enum(['development', 'production', 'test']).default('production'),
    LOG_LEVEL: z
      .enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'])
      .default('info'),
    STATIC_DIR: z.string().default('./dist'),
    CORS_ORIGINS: origins.default([]),
    DEMO_ACCOUNTS: z.enum(['true', 'false']).default('false'),
    TEST_PAYMENTS: z.enum(['true', 'false']).default('false'),
    HEADERS_TIMEOUT_MS: milliseconds.default(10_000),
    REQUEST_TIMEOUT_MS: milliseconds.default(30_000),
    KEEP_ALIVE_TIMEOUT_MS: milliseconds.default(5_000),
    /** Unset, the server's own address on this machine: `http://localhost:${PORT}`. */
    SITE_URL: z
      .url()
      .transform((value) => value.replace(/\/+$/, ''))
      .optional(),
    SMTP_URL: z
      .string()
      .regex(/^smtps?:\/\//, 'must be an smtp:// or smtps:// URL')
      .optional(),
    MAIL_FROM: z.string().default('Glidecraft <shop@localhost>'),
    DEV_MAIL: z.enum(['true', 'false']).default('false'),
    TRUST_PROXY: trustProxySetting.optional(),
    API_PROCESSES: z.coerce.number().int().min(1).max(64).default(1),
    DATABASE_POOL_SIZE: z.coerce.number().int().min(1).max(200).default(10),
    /** `off` lifts the per-address limits of anonymous carts: for load benches only. */
    ANONYMOUS_CART_LIMITS: z.enum(['on', 'off']).default('on'),
    BRAINTREE_MERCHANT_ID: z.string().optional(),
    BRAINTREE_PUBLIC_KEY: z.string().optional(),
    BRAINTREE_PRIVATE_KEY: z.string().optional(),
    BRAINTREE_ENVIRONMENT: z.enum(['sandbox', 'production']).optional(),
    BRAINTREE_MERCHANT_ACCOUNT_ID: z.string().optional(),
    BITPAY_TOKEN: z.string().optional(),
    BITPAY_ENVIRONMENT: z.enum(['test', 'prod']).default('test'),
    CONTACT_EMAIL: z.email().optional(),
    RECAPTCHA_SITE_KEY: z.string().optional(),
    RECAPTCHA_SECRET_KEY: z.string().optional(),
  })
  // Node refuses to start a server whose request timeout is shorter than its headers timeout.
  .refine((env) => env.HEADERS_TIMEOUT_MS <= env.REQUEST_TIMEOUT_MS, {
    path: ['HEADERS_TIMEOUT_MS'],
    message: 'must not exceed REQUEST_TIMEOUT_MS',
  })
  // PGlite is one session inside one process: a second process could not open its files.
  .refine((env) => env.API_PROCESSES === 1 || env.DATABASE_URL !== undefined, {
    path: ['API_PROCESSES'],
    message: 'more than one API process needs DATABASE_URL (PGlite runs in one process)',
  })
  // Braintree is used with all four settings or not at all: half a configuration is a mistake,
  // not a reason to take test payments in production.
  .refine(
    (env) => {
      const set = braintreeKeys.filter((key) => env[key] !== undefined).length
      return set === 0 || set === braintreeKeys.length
    },
    {
      path: ['BRAINTREE_MERCHANT_ID'],
      message: `set all of ${braintreeKeys.join(', ')} to use Braintree, or none`,
    },
  )
  .transform((env) => ({
    port: env.PORT,
    host: env.HOST,
    dataDir: path.resolve(env.DATA_DIR),
    databaseUrl: env.DATABASE_URL,
    nodeEnv: env.NODE_ENV,
    logLevel: env.LOG_LEVEL,
    staticDir: path.resolve(env.STATIC_DIR),
    corsOrigins: env.CORS_ORIGINS,
    demoAccounts: env.DEMO_ACCOUNTS === 'true',
    /**
     * The built-in test gateways (test cards, the test BitPay's pages) take the place of every
     * payment provider: no real money moves, and every page says so. Only ever asked for.
     */
    testPayments: env.TEST_PAYMENTS === 'true',
    /** The store's public origin, for links in mail; unset, where this server listens locally. */
    siteUrl: env.SITE_URL ?? `http://localhost:${env.PORT}`,
    smtpUrl: env.SMTP_URL,
    mailFrom: env.MAIL_FROM,
    /** DEV_MAIL as set (the check command names it whatever NODE_ENV says). */
    devMail: env.DEV_MAIL === 'true',
    /** `/dev/mail` shows the outbox: only when DEV_MAIL=true, and never in production. */
    devMailPage: env.NODE_ENV !== 'production' && env.DEV_MAIL === 'true',
    /** Which proxies' `X-Forwarded-For` names the client (client-address.ts); unset, none. */
    trustProxy: env.TRUST_PROXY,
    /** How many processes serve the port (node:cluster); more than one only on PostgreSQL. */
    apiProcesses: env.API_PROCESSES,
    /** Connections each API process keeps to PostgreSQL at most (unused on PGlite). */
    databasePoolSize: env.DATABASE_POOL_SIZE,
    /**
     * Whether anonymous adds and new anonymous carts are limited per client address
     * (services/throttle.ts addressLimits). On unless ANONYMOUS_CART_LIMITS=off, which the add's
     * bench sets: it sends thousands of adds a second from one address.
     */
    anonymousCartLimits: env.ANONYMOUS_CART_LIMITS === 'on',
    /** Braintree's credentials; unset, no card payments (unless TEST_PAYMENTS). */
    braintree:
      env.BRAINTREE_MERCHANT_ID &&
      env.BRAINTREE_PUBLIC_KEY &&
      env.BRAINTREE_PRIVATE_KEY &&
      env.BRAINTREE_ENVIRONMENT
        ? {
            merchantId: env.BRAINTREE_MERCHANT_ID,
            publicKey: env.BRAINTREE_PUBLIC_KEY,
            privateKey: env.BRAINTREE_PRIVATE_KEY,
            environment: env.BRAINTREE_ENVIRONMENT,
            merchantAccountId: env.BRAINTREE_MERCHANT_ACCOUNT_ID,
          }
        : undefined,
    /** BitPay's API token; unset, no BitPay (unless TEST_PAYMENTS). */
    bitpay: env.BITPAY_TOKEN
      ? { token: env.BITPAY_TOKEN, environment: env.BITPAY_ENVIRONMENT }
      : undefined,
    /** Where the contact form (`POST /api/contact/`) is mailed; unset, MAIL_FROM's address. */
    contactEmail: env.CONTACT_EMAIL ?? addressOf(env.MAIL_FROM),
    /**
     * reCAPTCHA (services/recaptcha.ts): the secret verifies tokens; the site key opens Google's
     * origins in the Content-Security-Policy of the form pages, and the server hands it to the page
     * in each HTML page it sends (site/page-settings.ts).
     */
    recaptcha: {
      siteKey: env.RECAPTCHA_SITE_KEY,
      secretKey: env.RECAPTCHA_SECRET_KEY,
    },
    timeouts: {
      headersMs: env.HEADERS_TIMEOUT_MS,
      requestMs: env.REQUEST_TIMEOUT_MS,
      keepAliveMs: env.KEEP_ALIVE_TIMEOUT_MS,
    },
  }))

export type Env = z.infer<typeof EnvSchema>

/** Parses the server's configuration once; nothing else in server/ reads `process.env`. */
export function loadEnv(source: Record<string, string | undefined> = process.env): Env {
  const result = EnvSchema.safeParse(withoutEmpty(source))
  if (!result.success) {
    const problems = result.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`)
    throw new Error(`Invalid environment:\n  ${problems.join('\n  ')}`)
  }
  return result.data
}

const TestEnvSchema = z.object({
  TEST_DATABASE_URL: postgresUrl.optional(),
  TEST_PGLITE_TEMPLATE: z.string().optional(),
})

/**
 * The test suite's own settings: when TEST_DATABASE_URL names a PostgreSQL server the database
 * tests run there (one throwaway database per test file) instead of in-memory PGlite; the
 * in-memory ones start from the migrated, seeded database in the file TEST_PGLITE_TEMPLATE names
 * (written once per run by server/testing/test-template.ts; unset, each process makes its own).
 */
export function loadTestEnv(source: Record<string, string | undefined> = process.env) {
  const parsed = TestEnvSchema.parse(withoutEmpty(source))
  return {
    testDatabaseUrl: parsed.TEST_DATABASE_URL,
    pgliteTemplate: parsed.TEST_PGLITE_TEMPLATE,
  }
}
