import { describe, expect, it } from 'vitest'
import { createLogger, redactPath } from './log.ts'

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

describe('redactPath', () => {
  it('drops the secret part of token-bearing paths', () => {
    expect(redactPath('/api/password/usetoken/s3cret')).toBe('/api/password/usetoken/[redacted]')
    expect(redactPath('/PasswordResets/newpassword/s3cret')).toBe(
      '/PasswordResets/newpassword/[redacted]',
    )
    expect(redactPath('/LoginFromAdmin/s3cret/x')).toBe('/LoginFromAdmin/[redacted]')
  })

  it('leaves other paths alone', () => {
    expect(redactPath('/api/product/corvid-2')).toBe('/api/product/corvid-2')
  })
})
