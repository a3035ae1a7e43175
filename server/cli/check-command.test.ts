import { readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import { loadEnv } from '../env.ts'
import { runAdmin } from './admin-commands.ts'
import type { AdminDeps, AdminIo } from './command.ts'

/*
 * `npm run admin -- check`: the configuration reviewed for a production start, from the
 * environment alone (never the database), one line per missing or unsafe setting.
 */

const noDatabase = async (): Promise<AdminDeps> => {
  throw new Error('check must not open the database')
}

async function check(settings: Record<string, string>) {
  const out: string[] = []
  const err: string[] = []
  const io: AdminIo = {
    out: (line) => out.push(line),
    err: (line) => err.push(line),
    interactive: false,
    readStdin: async () => '',
    askSecret: async () => '',
  }
  const code = await runAdmin(['check'], noDatabase, io, () => loadEnv(settings))
  return { code, out, err: err.join('\n') }
}

/** The lines naming a setting (each problem starts with the setting's name). */
const problemsOf = (out: string[]) =>
  out.filter((line) => /^[A-Z_]+ /.test(line)).map((line) => line.split(' ')[0])

const production = {
  SITE_URL: 'https://shop.example',
  TRUST_PROXY: 'loopback',
  SMTP_URL: 'smtps://mailer:s3cret-pass@smtp.example:465',
  BRAINTREE_MERCHANT_ID: 'merchant',
  BRAINTREE_PUBLIC_KEY: 'public',
  BRAINTREE_PRIVATE_KEY: 'private-key-value',
  BRAINTREE_ENVIRONMENT: 'production',
}

describe('admin check', () => {
  it('names each unsafe setting of a demo start, one line each, and exits 1', async () => {
    const { code, out, err } = await check({
      TEST_PAYMENTS: 'true',
      DEMO_ACCOUNTS: 'true',
      DEV_MAIL: 'true',
    })
    expect(code).toBe(1)
    expect(problemsOf(out)).toEqual([
      'SITE_URL',
      'SMTP_URL',
      'TEST_PAYMENTS',
      'DEMO_ACCOUNTS',
      'DEV_MAIL',
    ])
    expect(out.find((line) => line.startsWith('SITE_URL'))).toMatch(/not https.*Secure/)
    expect(out.find((line) => line.startsWith('TEST_PAYMENTS'))).toMatch(/no real money moves/)
    expect(err).toBe('5 settings to fix before a production start.')
  })

  it('names what `npm start` turns on for the demo (test payments, the mail page) as unsafe', async () => {
    const scripts = JSON.parse(readFileSync('package.json', 'utf8')).scripts as Record<
      string,
      string
    >
    const startEnv = Object.fromEntries(
      [...scripts.start!.matchAll(/\b([A-Z_]+)=(\S+)/g)].map((match) => [match[1], match[2]]),
    )
    expect(startEnv).toMatchObject({ TEST_PAYMENTS: 'true', DEV_MAIL: 'true' })
    const { code, out } = await check(startEnv)
    expect(code).toBe(1)
    expect(problemsOf(out)).toEqual(expect.arrayContaining(['TEST_PAYMENTS', 'DEV_MAIL']))
    if (startEnv.NODE_ENV) expect(problemsOf(out)).toContain('NODE_ENV')
  })

  it('names the missing payment provider, and a TLS proxy not named in TRUST_PROXY', async () => {
    const { code, out } = await check({
      SITE_URL: 'https://shop.example',
      SMTP_URL: 'smtp://smtp.example:587',
    })
    expect(code).toBe(1)
    expect(problemsOf(out)).toEqual(['TRUST_PROXY', 'BRAINTREE_MERCHANT_ID'])
    expect(out.find((line) => line.startsWith('BRAINTREE_MERCHANT_ID'))).toMatch(/BITPAY_TOKEN/)
  })

  it('finds nothing in a production configuration, exits 0, and never prints a credential', async () => {
    const { code, out, err } = await check(production)
    expect(err).toBe('')
    expect(code).toBe(0)
    expect(out).toContain('No problem found for a production start.')
    expect(out).toContain('payments: Braintree (production)')
    expect(out).toContain('mail: SMTP via smtp.example:465')
    expect(out.join('\n')).not.toMatch(/s3cret-pass|private-key-value|mailer/)
  })

  it('names a sandbox Braintree and a test BitPay as taking no real money', async () => {
    const { code, out } = await check({
      ...production,
      BRAINTREE_ENVIRONMENT: 'sandbox',
      BITPAY_TOKEN: 'token',
    })
    expect(code).toBe(1)
    expect(problemsOf(out)).toEqual(['BRAINTREE_ENVIRONMENT', 'BITPAY_ENVIRONMENT'])
  })
})
