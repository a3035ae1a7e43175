import { spawn } from 'node:child_process'
import { once } from 'node:events'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createApp } from './app.ts'
import type { Database, OpenDatabase } from './db/index.ts'
import { loadEnv } from './env.ts'
import { createLogger, joinedUpTo, loggableError, redactPath } from './log.ts'
import { createTempDir, openTestDatabase } from './testing/test-helpers.ts'

function capture() {
  const lines: string[] = []
  const logger = createLogger(
    { logLevel: 'info', nodeEnv: 'test' },
    { write: (line: string) => void lines.push(line) },
  )
  return { logger, lines }
}

describe('logger', () => {
  it('never writes passwords, tokens or auth headers', () => {
    const { logger, lines } = capture()
    logger.info(
      {
        password: 'hunter2',
        token: 'abc123',
        body: { password: 'hunter2', token: 'abc123' },
        req: { headers: { authorization: 'Bearer abc123', cookie: 'authToken=abc123' } },
      },
      'login',
    )
    expect(lines).toHaveLength(1)
    expect(lines[0]).not.toMatch(/hunter2|abc123/)
    expect(lines[0]).toContain('[redacted]')
  })
})

/** A process that logs through the real stdout sink: `body` runs with `logger` in scope. */
function loggingProcess(body: string) {
  const child = spawn(
    process.execPath,
    [
      '--import',
      'tsx',
      '--input-type=module',
      '-e',
      `const { createLogger } = await import(${JSON.stringify(new URL('./log.ts', import.meta.url).href)})
       const logger = createLogger({ logLevel: 'info', nodeEnv: 'test' })
       ${body}`,
    ],
    { stdio: ['ignore', 'pipe', 'pipe'] },
  )
  let out = ''
  child.stdout.setEncoding('utf8').on('data', (chunk: string) => (out += chunk))
  const messages = () =>
    out
      .split('\n')
      .filter(Boolean)
      .map((line) => (JSON.parse(line) as { msg: string }).msg)
  return { child, messages }
}

describe('stdout', () => {
  it('writes a line while the process runs on, without waiting for more', async () => {
    const { child, messages } = loggingProcess(`logger.info('alone'); setInterval(() => {}, 1000)`)
    try {
      await new Promise<void>((resolve) =>
        child.stdout.on('data', () => {
          if (messages().includes('alone')) resolve()
        }),
      )
      expect(messages()).toEqual(['alone'])
    } finally {
      child.kill()
    }
  })

  it('writes every line, in order, when the process crashes right after logging them', async () => {
    const { child, messages } = loggingProcess(
      `for (let i = 0; i < 100; i++) logger.info(String(i)); throw new Error('crash')`,
    )
    const [code] = (await once(child, 'close')) as [number]
    expect(code).not.toBe(0)
    expect(messages()).toEqual(Array.from({ length: 100 }, (_, i) => String(i)))
  })

  it('writes whole lines of at most 4096 bytes at a time when processes share it', () => {
    const accented = `${'é'.repeat(999)}\n` // 1,999 bytes in 1,000 characters
    const [b, c, d, e] = [2000, 200, 5000, 10].map((bytes) => `${'x'.repeat(bytes - 1)}\n`)
    const writes = joinedUpTo([accented, b!, c!, d!, e!], 4096)
    // Bytes are counted, not characters; only a line longer than the limit goes over it, alone.
    expect(writes).toEqual([accented + b, c, d, e])
  })
})

describe('redactPath', () => {
  it('drops the secret part of token-bearing paths', () => {
    expect(redactPath('/api/password/usetoken/s3cret')).toBe('/api/password/usetoken/[redacted]')
    expect(redactPath('/PasswordResets/newpassword/s3cret')).toBe(
      '/PasswordResets/newpassword/[redacted]',
    )
    expect(redactPath('/LoginFromAdmin/s3cret/x')).toBe('/LoginFromAdmin/[redacted]')
    expect(redactPath('/api/order/add-to-submitted-order/s3cret')).toBe(
      '/api/order/add-to-submitted-order/[redacted]',
    )
    expect(redactPath('/add-to-order/s3cret')).toBe('/add-to-order/[redacted]')
  })

  it('matches the route as a router would: empty segments, any case, any encoding', () => {
    for (const path of [
      '//LoginFromAdmin/s3cret',
      '/LoginFromAdmin//s3cret',
      '/PasswordResets//newpassword/s3cret',
      '///passwordresets/NEWPASSWORD///s3cret/',
      '/%50asswordResets/newpassword/s3cret',
      '/PasswordResets%2Fnewpassword%2Fs3cret',
      '/PasswordResets\\newpassword\\s3cret',
      '/api//password/verify-login/s3cret',
      '/API/Password/UseToken/s3cret',
    ]) {
      expect(redactPath(path), path).not.toContain('s3cret')
    }
  })

  it('leaves other paths alone', () => {
    expect(redactPath('/api/product/corvid-2')).toBe('/api/product/corvid-2')
    expect(redactPath('/LoginFromAdmin')).toBe('/LoginFromAdmin')
    expect(redactPath('/news/login-from-admin/x')).toBe('/news/login-from-admin/x')
  })
})

/** A database error as drizzle throws it: the query and its parameters in the message. */
class DrizzleQueryError extends Error {
  constructor(params: string[], cause: Error) {
    super(`Failed query: select * from users where email = $1\nparams: ${params.join(',')}`)
    this.cause = cause
  }
}

describe('loggableError', () => {
  it('keeps the class, the code and the stack frames, never the message', () => {
    const cause = Object.assign(new Error('invalid input syntax for type uuid: "pilot@x.com"'), {
      code: '22P02',
    })
    const logged = loggableError(new DrizzleQueryError(['pilot@x.com'], cause))
    expect(logged).toMatchObject({
      class: 'DrizzleQueryError',
      stack: expect.stringMatching(/^at /),
      cause: { class: 'Error', code: '22P02' },
    })
    expect(JSON.stringify(logged)).not.toContain('pilot@x.com')
  })
})

describe('request and error logs', () => {
  let database: OpenDatabase
  let site: Awaited<ReturnType<typeof createTempDir>>
  const env = loadEnv({ NODE_ENV: 'test', LOG_LEVEL: 'info' })
  const token = 'Tk9-s3cret-7f3a'

  beforeAll(async () => {
    database = await openTestDatabase()
    site = await createTempDir({ 'index.html': '<!doctype html><title>Store</title>' })
  })
  afterAll(async () => {
    await database.close()
    await site.cleanup()
  })

  it('never carry a token from a path, however the path is written', async () => {
    const { logger, lines } = capture()
    const app = createApp({ db: database.db, env, logger, staticDir: site.dir })
    const paths = [
      `/LoginFromAdmin/${token}`,
      `//LoginFromAdmin/${token}`,
      `/PasswordResets//newpassword/${token}`,
      `/passwordresets/NewPassword/${token}/`,
      `/%4CoginFromAdmin/${token}`,
      `/PasswordResets/newpassword%2F${token}`,
      `/add-to-order/${token}`,
      `/api/password/verify-login/${token}`,
      `/api//password/usetoken/${token}`,
      `/api/order/add-to-submitted-order/${token}`,
    ]
    for (const path of paths) {
      for (const method of ['GET', 'POST']) await app.request(path, { method })
    }
    expect(lines.length).toBeGreaterThanOrEqual(paths.length * 2)
    for (const line of lines) expect(line).not.toContain(token)
  })

  it('log a failing query by class and code, without the parameters in its message', async () => {
    const { logger, lines } = capture()
    const failing = new Proxy({} as Database, {
      get() {
        const cause = Object.assign(new Error(`value too long: ${token}`), { code: '22001' })
        throw new DrizzleQueryError([token], cause)
      },
    })
    const app = createApp({ db: failing, env, logger, staticDir: site.dir })
    expect((await app.request('/api/product/corvid-2')).status).toBe(500)
    expect((await app.request('/wingsuits/corvid-2')).status).toBe(500)
    const failures = lines.map((line) => JSON.parse(line)).filter((entry) => entry.level >= 50)
    expect(failures).toHaveLength(2)
    for (const entry of failures) {
      expect(entry.error).toMatchObject({ class: 'DrizzleQueryError', cause: { code: '22001' } })
    }
    for (const line of lines) expect(line).not.toContain(token)
  })
})
