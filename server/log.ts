import cluster from 'node:cluster'
import { pino, type DestinationStream, type Logger } from 'pino'
import type { PageRoute } from '../contract/routes.ts'
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
  'headers["x-cart-token"]',
  '*.headers["x-cart-token"]',
  '*.headers.authorization',
  '*.headers.cookie',
  '*.headers["set-cookie"]',
]

let stdout: DestinationStream | undefined

/** Lines logged wait at most this long before they are written... */
const lineWaitMs = 100
/** ...or until this many wait. */
const linesPerWrite = 64
/**
 * With several API processes on one standard output (API_PROCESSES, server/main.ts), a write is
 * at most PIPE_BUF bytes (4096 on Linux): a pipe takes a write that size whole, so lines of two
 * processes never mix. Lines longer than that go alone.
 */
const sharedWriteBytes = 4096

/** `lines` joined into writes of at most `max` bytes (UTF-8), whole lines each. */
export function joinedUpTo(lines: readonly string[], max: number): string[] {
  const writes: string[] = []
  let current = ''
  let bytes = 0
  for (const line of lines) {
    const size = Buffer.byteLength(line)
    if (bytes > 0 && bytes + size > max) {
      writes.push(current)
      current = ''
      bytes = 0
    }
    current += line
    bytes += size
  }
  if (bytes > 0) writes.push(current)
  return writes
}

/**
 * Standard output, written in batches: the lines logged (an access-log line per request, a
 * thousand a second in a busy minute) are joined and handed to pino's stream 100 ms after the
 * first of them, or at once when 64 wait. Handed over one by one, each grew the stream's pending
 * string and had its length measured again (about 1.5 µs a line), and each turn of the event loop
 * cost a write to the descriptor of its own. One sink for the process, written in order; whatever
 * is still waiting is written synchronously when the process exits, a crash included.
 */
function stdoutInBatches(): DestinationStream {
  if (stdout) return stdout
  // Written synchronously, a batch at a time: an asynchronous write still under way when the
  // process exits lands after the lines written at exit, out of order (log.test.ts).
  const stream = pino.destination({ dest: 1, sync: true })
  let lines: string[] = []
  let timer: NodeJS.Timeout | undefined
  const writeLines = () => {
    if (timer) clearTimeout(timer)
    timer = undefined
    if (lines.length === 0) return
    const batch = lines
    lines = []
    if (!cluster.isWorker) stream.write(batch.join(''))
    else for (const write of joinedUpTo(batch, sharedWriteBytes)) stream.write(write)
  }
  process.on('exit', writeLines)
  stdout = {
    write(line: string) {
      lines.push(line)
      if (lines.length >= linesPerWrite) writeLines()
      else timer ??= setTimeout(writeLines, lineWaitMs).unref()
    },
  }
  return stdout
}

/** JSON lines to stdout, or to `destination` (tests read what would have been logged). */
export function createLogger(
  env: Pick<Env, 'logLevel' | 'nodeEnv'>,
  destination: DestinationStream = stdoutInBatches(),
): Logger {
  const options = {
    level: env.logLevel,
    // With several API processes (API_PROCESSES), a line says which one wrote it.
    base: cluster.isWorker ? { pid: process.pid, env: env.nodeEnv } : { env: env.nodeEnv },
    redact: { paths: redactPaths, censor: '[redacted]' },
  }
  return pino(options, destination)
}

/**
 * Routes whose parameters are secrets: password-reset and admin-login links
 * (docs/logging-and-refunds.md), the payment code that lets anyone add to or pay a submitted order
 * (the payment calls take it in place of the order's id, and the payment link is
 * `/checkout/{code}`), the newsletter's confirm and unsubscribe links, and the test BitPay's
 * invoice pages (whose id pays the invoice). A request log keeps the route's fixed part and drops
 * everything from the first parameter on. Every other route with a parameter is listed as public in
 * request-log.test.ts, which fails for a route that is neither.
 */
const secretRoutes = [
  '/api/password/verify-login/{token}',
  '/api/password/usetoken/{token}',
  '/api/order/add-to-submitted-order/{paymentCode}',
  '/api/payment/braintree/{orderId}',
  '/api/payment/bitpay/{orderId}',
  '/api/order/get-order-with-payment-link/{id}',
  '/api/newsletter/confirm/{token}',
  '/api/newsletter/unsubscribe/{token}',
  '/dev/test-bitpay/invoice/{id}',
  // A discount code is worth money: kept out of the log like a token.
  '/api/admin/discount-codes/{code}',
  ...([
    '/PasswordResets/newpassword/$',
    '/LoginFromAdmin/$',
    '/add-to-order/$paymentCode',
    '/checkout/$',
    // The back office's pages name customers, orders and discount codes: none in the log.
    '/admin/$',
  ] as const satisfies readonly PageRoute[]),
].map((route) => {
  const parts = route.split('/').filter(Boolean)
  const fixed = parts.slice(
    0,
    parts.findIndex((part) => part.startsWith('$') || part.startsWith('{')),
  )
  return { fixed, lower: fixed.map((part) => part.toLowerCase()) }
})

/**
 * A word each secret route's path holds as it is: its last fixed segment. A path without `%` or
 * `\\` reads as its own lower-cased text, so one that holds none of these words matches no secret
 * route, and the access log skips decoding and splitting it.
 */
const secretWords = secretRoutes.map(({ lower }) => lower.at(-1)!)

/**
 * The segments a router could read from a path, read generously: every `%XX` decoded (a `%2F`
 * too), `\` taken for `/`, empty segments dropped, lower case. The page router ignores empty
 * segments and case, so `//LoginFromAdmin/T` and `/passwordresets//NewPassword/T` are the routes
 * above; reading more into a path than a router does only ever redacts more.
 */
function routeSegments(pathname: string): string[] {
  const decoded = pathname.replace(/%([0-9a-f]{2})/gi, (_, hex: string) =>
    String.fromCharCode(Number.parseInt(hex, 16)),
  )
  return decoded.toLowerCase().split(/[/\\]/).filter(Boolean)
}

/** The path as a log may show it: a secret route's fixed part and `[redacted]` for the rest. */
export function redactPath(pathname: string): string {
  if (!pathname.includes('%') && !pathname.includes('\\')) {
    const lower = pathname.toLowerCase()
    if (!secretWords.some((word) => lower.includes(word))) return pathname
  }
  const segments = routeSegments(pathname)
  const secret = secretRoutes.find(
    ({ lower }) => segments.length > lower.length && lower.every((part, i) => segments[i] === part),
  )
  return secret ? `/${secret.fixed.join('/')}/[redacted]` : pathname
}

/** What a log may say about an error. */
export interface LoggedError {
  /** The class that was thrown (`DrizzleQueryError`, `TypeError`). */
  class: string
  /** A machine-readable code: SQLSTATE (`22021`) for database errors, `ERR_…` for Node's. */
  code?: string
  /** Where it was thrown: the stack frames, without the message. */
  stack?: string
  cause?: LoggedError
}

/**
 * An error as a log line may carry it: its class, code and stack frames, never its message.
 * Messages carry input: a database error spells out the query and its parameters, which may be
 * an email address, a token or a password hash, and pino's redaction cannot reach inside text.
 */
export function loggableError(error: unknown, depth = 0): LoggedError {
  if (!(error instanceof Error)) return { class: typeof error }
  const logged: LoggedError = { class: error.constructor.name || error.name }
  const code = (error as { code?: unknown }).code
  if ((typeof code === 'string' || typeof code === 'number') && /^\w{1,40}$/.test(String(code))) {
    logged.code = String(code)
  }
  // V8 starts a stack with `name: message`; a stack that does not (a message changed after the
  // throw) is left out rather than risk the message.
  const header = error.message ? `${error.name}: ${error.message}` : error.name
  if (error.stack?.startsWith(header)) {
    const frames = error.stack.slice(header.length).trim()
    if (frames) logged.stack = frames
  }
  if (error.cause !== undefined && depth < 3) logged.cause = loggableError(error.cause, depth + 1)
  return logged
}
