import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { loadEnv, loadTestEnv } from './env.ts'

describe('loadEnv', () => {
  it('has defaults for everything', () => {
    expect(loadEnv({})).toEqual({
      port: 8080,
      host: '0.0.0.0',
      dataDir: path.resolve('data'),
      databaseUrl: undefined,
      nodeEnv: 'production',
      logLevel: 'info',
      staticDir: path.resolve('dist'),
      corsOrigins: [],
      demoAccounts: false,
      testPayments: false,
      siteUrl: 'http://localhost:8080',
      smtpUrl: undefined,
      mailFrom: 'Glidecraft <shop@localhost>',
      devMail: false,
      devMailPage: false,
      trustProxy: undefined,
      apiProcesses: 1,
      databasePoolSize: 10,
      anonymousCartLimits: true,
      contactEmail: 'shop@localhost',
      recaptcha: { siteKey: undefined, secretKey: undefined },
      timeouts: { headersMs: 10_000, requestMs: 30_000, keepAliveMs: 5_000 },
    })
  })

  it('reads the mail settings, and refuses an SMTP_URL that is not smtp(s)://', () => {
    const env = loadEnv({
      SMTP_URL: 'smtps://shop:secret@mail.example:465',
      SITE_URL: 'https://shop.example/',
    })
    expect(env.smtpUrl).toBe('smtps://shop:secret@mail.example:465')
    expect(env.siteUrl).toBe('https://shop.example')
    expect(() => loadEnv({ SMTP_URL: 'http://mail.example' })).toThrow(/SMTP_URL/)
  })

  it('points mail links at the port it listens on when SITE_URL is unset', () => {
    expect(loadEnv({ PORT: '3000' }).siteUrl).toBe('http://localhost:3000')
    expect(loadEnv({ PORT: '3000', SITE_URL: '' }).siteUrl).toBe('http://localhost:3000')
    expect(loadEnv({ PORT: '3000', SITE_URL: 'https://shop.example' }).siteUrl).toBe(
      'https://shop.example',
    )
  })

  it('reads the server timeouts, and refuses a headers timeout longer than the request one', () => {
    const env = loadEnv({
      HEADERS_TIMEOUT_MS: '2000',
      REQUEST_TIMEOUT_MS: '4000',
      KEEP_ALIVE_TIMEOUT_MS: '1000',
    })
    expect(env.timeouts).toEqual({ headersMs: 2000, requestMs: 4000, keepAliveMs: 1000 })
    expect(() => loadEnv({ HEADERS_TIMEOUT_MS: '40000' })).toThrow(/HEADERS_TIMEOUT_MS/)
    expect(() => loadEnv({ REQUEST_TIMEOUT_MS: '0' })).toThrow(/REQUEST_TIMEOUT_MS/)
  })

  it('reads the PostgreSQL pool size, a whole number from 1 to 200', () => {
    expect(loadEnv({ DATABASE_POOL_SIZE: '4' }).databasePoolSize).toBe(4)
    for (const bad of ['0', '201', '2.5', 'four'])
      expect(() => loadEnv({ DATABASE_POOL_SIZE: bad }), bad).toThrow(/DATABASE_POOL_SIZE/)
  })

  it('runs more than one API process only on PostgreSQL', () => {
    const url = 'postgres://shop@db.example/shop'
    expect(loadEnv({ API_PROCESSES: '2', DATABASE_URL: url }).apiProcesses).toBe(2)
    expect(() => loadEnv({ API_PROCESSES: '2' })).toThrow(
      /API_PROCESSES: more than one API process/,
    )
    expect(loadEnv({ API_PROCESSES: '1' }).apiProcesses).toBe(1)
    expect(() => loadEnv({ API_PROCESSES: '0', DATABASE_URL: url })).toThrow(/API_PROCESSES/)
    expect(() => loadEnv({ API_PROCESSES: 'two', DATABASE_URL: url })).toThrow(/API_PROCESSES/)
  })

  it('shows the development mail page only with DEV_MAIL=true, and never in production', () => {
    expect(loadEnv({ NODE_ENV: 'development' }).devMailPage).toBe(false)
    expect(loadEnv({ NODE_ENV: 'test' }).devMailPage).toBe(false)
    expect(loadEnv({ NODE_ENV: 'development', DEV_MAIL: 'true' }).devMailPage).toBe(true)
    expect(loadEnv({ NODE_ENV: 'test', DEV_MAIL: 'true' }).devMailPage).toBe(true)
    expect(loadEnv({ NODE_ENV: 'development', DEV_MAIL: 'false' }).devMailPage).toBe(false)
    expect(loadEnv({ NODE_ENV: 'production', DEV_MAIL: 'true' }).devMailPage).toBe(false)
    expect(() => loadEnv({ DEV_MAIL: 'off' })).toThrow(/DEV_MAIL/)
  })

  it('trusts no proxy unless TRUST_PROXY names them or their number', () => {
    expect(loadEnv({}).trustProxy).toBeUndefined()
    expect(loadEnv({ TRUST_PROXY: 'false' }).trustProxy).toBeUndefined()
    expect(loadEnv({ TRUST_PROXY: '0' }).trustProxy).toBeUndefined()
    expect(loadEnv({ TRUST_PROXY: '2' }).trustProxy).toEqual({ hops: 2 })
    expect(loadEnv({ TRUST_PROXY: 'loopback, 10.0.0.0/8,fd00::1' }).trustProxy).toEqual({
      addresses: ['loopback', '10.0.0.0/8', 'fd00::1'],
    })
    // `true` would believe whatever the client writes first.
    expect(() => loadEnv({ TRUST_PROXY: 'true' })).toThrow(/TRUST_PROXY: name the proxies/)
    expect(() => loadEnv({ TRUST_PROXY: 'proxy.internal' })).toThrow(/TRUST_PROXY: invalid IP/)
    expect(() => loadEnv({ TRUST_PROXY: '10.0.0.0/33' })).toThrow(/TRUST_PROXY: invalid range/)
  })

  it('seeds demo accounts only when DEMO_ACCOUNTS is true', () => {
    expect(loadEnv({ DEMO_ACCOUNTS: 'true' }).demoAccounts).toBe(true)
    expect(() => loadEnv({ DEMO_ACCOUNTS: 'yes' })).toThrow(/DEMO_ACCOUNTS/)
    expect(loadEnv({ TEST_PAYMENTS: 'true' }).testPayments).toBe(true)
    expect(() => loadEnv({ TEST_PAYMENTS: 'on' })).toThrow(/TEST_PAYMENTS/)
  })

  it('parses the values it is given, treating empty as unset', () => {
    const env = loadEnv({
      PORT: '3000',
      DATABASE_URL: 'postgres://shop:secret@db:5432/shop',
      LOG_LEVEL: 'silent',
      CORS_ORIGINS: 'https://shop.example, https://www.shop.example',
      HOST: '',
    })
    expect(env.port).toBe(3000)
    expect(env.host).toBe('0.0.0.0')
    expect(env.databaseUrl).toBe('postgres://shop:secret@db:5432/shop')
    expect(env.logLevel).toBe('silent')
    expect(env.corsOrigins).toEqual(['https://shop.example', 'https://www.shop.example'])
  })

  it('names every invalid variable', () => {
    expect(() =>
      loadEnv({ PORT: 'eighty', NODE_ENV: 'staging', CORS_ORIGINS: 'https://shop.example/' }),
    ).toThrow(/PORT[\s\S]*NODE_ENV[\s\S]*CORS_ORIGINS/)
    expect(() => loadEnv({ DATABASE_URL: 'mysql://x' })).toThrow(/DATABASE_URL/)
  })

  it('reads the test database URL separately', () => {
    expect(loadTestEnv({}).testDatabaseUrl).toBeUndefined()
    expect(loadTestEnv({ TEST_DATABASE_URL: 'postgresql://localhost/test' }).testDatabaseUrl).toBe(
      'postgresql://localhost/test',
    )
  })
})
