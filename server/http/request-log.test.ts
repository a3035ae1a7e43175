import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createApp } from '../app.ts'
import type { OpenDatabase } from '../db/index.ts'
import { loadEnv } from '../env.ts'
import { createLogger } from '../log.ts'
import { accessLog } from './request-log.ts'
import { openTestDatabase } from '../test-helpers.ts'

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
