// Sends the fuzz's requests one at a time and keeps what matters: any 5xx, any slow answer.
// Requests made for a session carry its live bearer token: the runner signs in as a guest, the
// demo customer and the demo admin when a request first needs one, and again after a logout or
// a 401 ended it (a fuzzed logout ends the session the later calls use).
import { request as httpRequest, Agent } from 'node:http'
import { performance } from 'node:perf_hooks'
import fc from 'fast-check'
import { demoPassword } from '../../server/services/seed.ts'
import {
  fieldSweep,
  fuzzRequests,
  type FuzzRequest,
  type OpenApiDocument,
  type SessionKind,
} from './requests.ts'

/** Sends one request and resolves to its status once the whole answer has arrived. */
export type Send = (request: FuzzRequest) => Promise<number>

export interface FuzzOptions {
  doc: OpenApiDocument
  send: Send
  seed: number
  runs: number
  /** Also fuzz page paths (the server has a site to serve). */
  pages: boolean
  /** An answer that takes this long or longer counts as a failure. */
  slowMs?: number
  /** Opens a real session of a kind, from a client address of its own; returns its token. */
  signIn: SignIn
}

export type SignedInKind = Exclude<SessionKind, 'none'>
export type SignIn = (kind: SignedInKind, address: string) => Promise<string>

export interface FuzzFailure {
  request: FuzzRequest
  /** The status, or the error the request died of (a dropped connection). */
  status: number | string
  ms: number
  /** The request sent just before, for an error: a connection it left broken may be the cause. */
  previous?: FuzzRequest
}

export interface FuzzReport {
  seed: number
  sent: number
  byStatus: Record<string, number>
  /** Requests per operation (`GET /api/product/{slug}`) or kind of page path. */
  byOrigin: Record<string, number>
  /** Requests per session they were sent in. */
  bySession: Record<string, number>
  /** Sweep requests per body field made hostile (`POST /api/login email`). */
  byField: Record<string, number>
  /** How many sessions the runner opened (the first of each kind, and after each ending). */
  signIns: number
  slowest?: { request: FuzzRequest; ms: number }
  failures: FuzzFailure[]
}

export async function runFuzz({
  doc,
  send,
  seed,
  runs,
  pages,
  slowMs = 1_000,
  signIn,
}: FuzzOptions): Promise<FuzzReport> {
  const requests = plan(doc, { seed, runs, pages })
  await warmUp(doc, send)
  const report: FuzzReport = {
    seed,
    sent: 0,
    byStatus: {},
    byOrigin: {},
    bySession: {},
    byField: {},
    signIns: 0,
    failures: [],
  }
  const tokens = new Map<SignedInKind, string>()
  const tokenOf = async (kind: SignedInKind) => {
    let token = tokens.get(kind)
    if (token === undefined) {
      // Each sign-in from an address of its own: the fuzz's own guesses never throttle it.
      const n = report.signIns++
      token = await signIn(kind, `198.18.${Math.floor(n / 250) % 250}.${(n % 250) + 1}`)
      tokens.set(kind, token)
    }
    return token
  }
  const count = (tally: Record<string, number>, key: string) => (tally[key] = (tally[key] ?? 0) + 1)
  let previous: FuzzRequest | undefined
  for (const planned of requests) {
    const { session } = planned
    const hasAuthorization = Object.keys(planned.headers).some(
      (name) => name.toLowerCase() === 'authorization',
    )
    // A hostile Authorization header of the request's own wins over the session's.
    const request =
      session === 'none' || hasAuthorization
        ? planned
        : {
            ...planned,
            headers: { ...planned.headers, authorization: `Bearer ${await tokenOf(session)}` },
          }
    const started = performance.now()
    let status: number | string
    try {
      status = await send(request)
    } catch (error) {
      status = (error as Error).message
    }
    const ms = performance.now() - started
    if (session !== 'none' && (status === 401 || request.target.startsWith('/api/user/logout'))) {
      tokens.delete(session)
    }
    report.sent++
    count(report.byStatus, String(status))
    count(report.byOrigin, request.origin)
    count(report.bySession, session)
    if (request.field !== undefined) count(report.byField, request.field)
    if (!report.slowest || ms > report.slowest.ms) report.slowest = { request, ms }
    if (typeof status !== 'number' || status >= 500 || ms >= slowMs) {
      report.failures.push({
        request,
        status,
        ms,
        ...(typeof status === 'string' && previous ? { previous } : {}),
      })
    }
    previous = request
  }
  return report
}

/**
 * The requests of a run: the sweep of every body field, and random ones (from `seed`) for the
 * rest of `runs`, taking turns so that sessions ended by one are used again by the next.
 */
function plan(
  doc: OpenApiDocument,
  { seed, runs, pages }: { seed: number; runs: number; pages: boolean },
): FuzzRequest[] {
  const sweep = fieldSweep(doc).slice(0, runs)
  const random =
    runs > sweep.length
      ? fc.sample(fuzzRequests(doc, { pages }), { seed, numRuns: runs - sweep.length })
      : []
  const requests: FuzzRequest[] = []
  for (let i = 0; i < Math.max(sweep.length, random.length); i++) {
    if (i < random.length) requests.push(random[i]!)
    if (i < sweep.length) requests.push(sweep[i]!)
  }
  return requests
}

/**
 * One plain GET of every operation (parameters from their examples) and of the home page before
 * the clock starts: the first query of each kind pays for the database's cold caches.
 */
async function warmUp(doc: OpenApiDocument, send: Send) {
  for (const [path, item] of Object.entries(doc.paths)) {
    const examples = new Map(
      (item.get?.parameters ?? []).map((p) => [p.name, String(p.schema?.example ?? 'x')]),
    )
    const target = path.replace(/\{([^}]+)\}/g, (_, name: string) => examples.get(name) ?? 'x')
    if (item.get) {
      await send({ method: 'GET', target, headers: {}, origin: 'warm-up', session: 'none' })
    }
  }
  await send({ method: 'GET', target: '/', headers: {}, origin: 'warm-up', session: 'none' })
}

/** Who the runner signs in as for each kind of session (the demo accounts of DEMO_ACCOUNTS). */
const credentials: Record<SignedInKind, { path: string; body: unknown }> = {
  guest: { path: '/api/login-guest', body: { email: 'fuzz-guest@example.com', remember: true } },
  customer: {
    path: '/api/login',
    body: { email: 'customer@example.com', password: demoPassword, remember: true },
  },
  dealer: {
    path: '/api/login',
    body: { email: 'dealer@example.com', password: demoPassword, remember: true },
  },
  admin: {
    path: '/api/login',
    body: { email: 'admin@example.com', password: demoPassword, remember: true },
  },
}

async function tokenFrom(kind: SignedInKind, response: Response): Promise<string> {
  const body = (await response.json().catch(() => undefined)) as { token?: unknown } | undefined
  if (response.status !== 200 || typeof body?.token !== 'string') {
    throw new Error(`could not sign in for the ${kind} session: ${response.status}`)
  }
  return body.token
}

/** Signs in through an app in-process, from `address` as the socket's. */
export function signInInProcess(app: {
  fetch: (request: Request, env?: object) => Response | Promise<Response>
}): SignIn {
  return async (kind, address) => {
    const { path, body } = credentials[kind]
    const request = new Request(`http://localhost${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
    })
    const env = { incoming: { socket: { remoteAddress: address }, headers: {} } }
    return tokenFrom(kind, await app.fetch(request, env))
  }
}

/**
 * Signs in over HTTP to a server that trusts loopback as its proxy (TRUST_PROXY), from
 * `address` as X-Forwarded-For names it.
 */
export function signInOverHttp(origin: string): SignIn {
  return async (kind, address) => {
    const { path, body } = credentials[kind]
    const response = await fetch(`${origin}${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-forwarded-for': address },
      body: JSON.stringify(body),
    })
    return tokenFrom(kind, response)
  }
}

/**
 * The fuzz's requests come from a few client addresses by turns: enough for the throttles to
 * stay out of the way of most requests (a 429 hides the code behind it), few enough to meet them.
 */
function clientAddressOf(n: number): string {
  return `203.0.113.${(n % 8) + 1}`
}

/** Calls an app's `fetch` in-process, the way the server's tests do, from a client address. */
export function sendInProcess(app: {
  fetch: (request: Request, env?: object) => Response | Promise<Response>
}): Send {
  let sent = 0
  return async ({ method, target, headers, body }) => {
    const env = { incoming: { socket: { remoteAddress: clientAddressOf(sent++) }, headers: {} } }
    const response = await app.fetch(
      new Request(`http://localhost${target}`, { method, headers, body }),
      env,
    )
    await response.arrayBuffer()
    return response.status
  }
}

/**
 * Sends over HTTP to a running server, the request line as raw as Node's client allows: dot
 * segments, backslashes and bad %-escapes go as they are; only characters Node refuses to put
 * on the wire (controls, spaces, beyond U+00FF) are %-encoded.
 */
export function sendOverHttp(origin: string): Send {
  const { hostname, port } = new URL(origin)
  let sent = 0
  const agent = new Agent({ keepAlive: true, maxSockets: 1 })
  return ({ method, target, headers, body }) =>
    new Promise((resolve, reject) => {
      const path = target.replace(/[^\u0021-\u00ff]/gu, (char) =>
        [...Buffer.from(char)].map((byte) => `%${byte.toString(16).padStart(2, '0')}`).join(''),
      )
      // Node's client sends a DELETE or OPTIONS body neither chunked nor with a length, which
      // the server would read as the next request: give every body its length.
      // The server trusts loopback as its proxy: a request names its client like the others.
      const proxied = Object.keys(headers).some((name) => name.toLowerCase() === 'x-forwarded-for')
        ? headers
        : { ...headers, 'x-forwarded-for': clientAddressOf(sent++) }
      const sized =
        body === undefined
          ? proxied
          : { ...proxied, 'content-length': String(Buffer.byteLength(body)) }
      const req = httpRequest(
        { hostname, port, method, path, headers: sized, agent, timeout: 10_000 },
        (res) => {
          res.on('data', () => {})
          res.on('end', () => resolve(res.statusCode ?? 0))
          res.on('error', reject)
        },
      )
      req.on('timeout', () => req.destroy(new Error('no answer within 10 s')))
      req.on('error', reject)
      req.end(body)
    })
}

/** A short account of a request for a report line. */
export function describeRequest({
  method,
  target,
  body,
  origin,
  session,
  field,
}: FuzzRequest): string {
  const shown = target.length > 120 ? `${target.slice(0, 120)}… (${target.length} chars)` : target
  const sent =
    body === undefined
      ? ''
      : body.length > 1000
        ? ` with a ${body.length}-character body`
        : ` with body ${JSON.stringify(body)}`
  const at = field === undefined ? '' : `, field ${field.slice(field.lastIndexOf(' ') + 1)}`
  return `${method} ${JSON.stringify(shown)}${sent} [${origin}, session ${session}${at}]`
}
