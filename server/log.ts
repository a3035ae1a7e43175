import { pino, type DestinationStream, type Logger } from 'pino'
import type { Env } from './env.ts'

export type { Logger }

/**
 * Secrets that must never reach a log line, wherever a caller puts them: request headers,
 * bodies, or an object logged as context.
 */
const redactPaths = [
  'authorization',
  'cookie',
  'password',
  'token',
  '*.authorization',
  '*.cookie',
  '*.password',
  '*.token',
  'headers["set-cookie"]',
  '*.headers.authorization',
  '*.headers.cookie',
  '*.headers["set-cookie"]',
]

/** JSON lines to stdout, or to `destination` (tests read what would have been logged). */
export function createLogger(
  env: Pick<Env, 'logLevel' | 'nodeEnv'>,
  destination?: DestinationStream,
): Logger {
  const options = {
    level: env.logLevel,
    base: { env: env.nodeEnv },
    redact: { paths: redactPaths, censor: '[redacted]' },
  }
  return destination ? pino(options, destination) : pino(options)
}

/**
 * Paths whose last segments are secrets (password-reset and admin-login links, SPEC §2 and §7);
 * request logs keep the prefix and drop the rest.
 */
const secretPathPrefixes = [
  '/api/password/verify-login/',
  '/api/password/usetoken/',
  '/passwordresets/newpassword/',
  '/loginfromadmin/',
]

export function redactPath(pathname: string): string {
  const lower = pathname.toLowerCase()
  const prefix = secretPathPrefixes.find((p) => lower.startsWith(p))
  return prefix ? `${pathname.slice(0, prefix.length)}[redacted]` : pathname
}
