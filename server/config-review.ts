import type { Env } from './env.ts'
import { paymentsSummary } from './services/payments/providers.ts'

/*
 * What a start is configured to do, in words: the one summary line the server logs at start,
 * and the review `npm run admin -- check` gives before a production start. Neither needs the
 * database; both read only the parsed environment, and neither ever shows a credential.
 */

/** The host (and port) of an SMTP URL, without its user or password. */
function smtpHost(url: string): string {
  try {
    return new URL(url).host
  } catch {
    return 'unreadable SMTP_URL'
  }
}

function proxySummary(env: Pick<Env, 'trustProxy'>): string {
  const trust = env.trustProxy
  if (!trust) return 'none (X-Forwarded-For is ignored)'
  return JSON.stringify(trust)
}

/** The fields of the start summary: what is on, one field a subject. */
export function startSummary(env: Env) {
  return {
    payments: paymentsSummary(env),
    mail: env.smtpUrl
      ? `SMTP via ${smtpHost(env.smtpUrl)}`
      : 'development mailbox (kept in the outbox; nothing is sent)',
    devMailPage: env.devMailPage,
    demoAccounts: env.demoAccounts,
    trustProxy: proxySummary(env),
    siteUrl: env.siteUrl,
    database: env.databaseUrl ? 'postgresql' : `pglite (${env.dataDir})`,
    apiProcesses: env.apiProcesses,
    nodeEnv: env.nodeEnv,
  }
}

/** One unsafe or missing setting for a production start: its name and what to do. */
export interface ConfigProblem {
  setting: string
  problem: string
}

/** Every setting a production start needs and this environment lacks, in a fixed order. */
export function configProblems(env: Env): ConfigProblem[] {
  const problems: ConfigProblem[] = []
  const add = (setting: string, problem: string) => problems.push({ setting, problem })
  if (env.nodeEnv !== 'production')
    add('NODE_ENV', `is ${env.nodeEnv}: unset it (production is the default) for a real shop.`)
  if (!env.siteUrl.startsWith('https://'))
    add(
      'SITE_URL',
      `is ${env.siteUrl}, not https: serve the shop over TLS (a reverse proxy) and set SITE_URL to its https:// address; links in mail use it, and over plain HTTP the sign-in cookie is never Secure.`,
    )
  // Node serves plain HTTP: behind a TLS proxy the cookie is Secure only when the proxy says
  // `X-Forwarded-Proto: https` (http/auth-cookie.ts), and client addresses come from
  // X-Forwarded-For only when TRUST_PROXY names the proxy.
  if (env.siteUrl.startsWith('https://') && !env.trustProxy)
    add(
      'TRUST_PROXY',
      'is unset while SITE_URL is https (so a TLS proxy is in front): name the proxy (loopback, its address or a hop count), or every customer counts as the proxy’s one address for rate limits.',
    )
  if (!env.smtpUrl)
    add(
      'SMTP_URL',
      'is unset: mail (order confirmations, sign-in links, receipts) is only kept in the outbox. Set smtp(s)://user:password@host:port.',
    )
  if (env.testPayments)
    add(
      'TEST_PAYMENTS',
      'is on: test cards and the test BitPay pay orders and no real money moves. Unset it and configure BRAINTREE_* or BITPAY_TOKEN.',
    )
  else if (!env.braintree && !env.bitpay)
    add(
      'BRAINTREE_MERCHANT_ID',
      'and the other BRAINTREE_* settings, or BITPAY_TOKEN, are unset: no payment provider, so the checkout says paying online is off. Set at least one.',
    )
  if (env.demoAccounts)
    add(
      'DEMO_ACCOUNTS',
      'is on: anyone can sign in with the published demo passwords. Unset it, and make real accounts with `npm run admin -- create-user`.',
    )
  if (!env.testPayments && env.braintree?.environment === 'sandbox')
    add(
      'BRAINTREE_ENVIRONMENT',
      'is sandbox: Braintree takes no real money. Set production with production credentials.',
    )
  if (!env.testPayments && env.bitpay?.environment === 'test')
    add(
      'BITPAY_ENVIRONMENT',
      'is test (the default): BitPay invoices take no real money. Set prod with a production token.',
    )
  if (env.devMail)
    add(
      'DEV_MAIL',
      'is on: it asks for the /dev/mail outbox page, which shows every mail with its links. Unset it (the page never opens under NODE_ENV=production).',
    )
  return problems
}
