// Sends the fuzz's requests one at a time and keeps what matters: any 5xx, any slow answer.
import { request as httpRequest, Agent } from 'node:http'
import { performance } from 'node:perf_hooks'
import fc from 'fast-check'
import { fuzzRequests, type FuzzRequest, type OpenApiDocument } from './requests.ts'

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
}

export interface FuzzFailure {
  request: FuzzRequest
  /** The status, or the error the request died of (a dropped connection). */
  status: number | string
  ms: number
}

export interface FuzzReport {
  seed: number
  sent: number
  byStatus: Record<string, number>
  /** Requests per operation (`GET /api/product/{slug}`) or kind of page path. */
  byOrigin: Record<string, number>
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
}: FuzzOptions): Promise<FuzzReport> {
  const requests = fc.sample(fuzzRequests(doc, { pages }), { seed, numRuns: runs })
  await warmUp(doc, send)
  const report: FuzzReport = { seed, sent: 0, byStatus: {}, byOrigin: {}, failures: [] }
  for (const request of requests) {
    const started = performance.now()
    let status: number | string
    try {
      status = await send(request)
    } catch (error) {
      status = (error as Error).message
    }
    const ms = performance.now() - started
    report.sent++
    report.byStatus[String(status)] = (report.byStatus[String(status)] ?? 0) + 1
    report.byOrigin[request.origin] = (report.byOrigin[request.origin] ?? 0) + 1
    if (!report.slowest || ms > report.slowest.ms) report.slowest = { request, ms }
    if (typeof status !== 'number' || status >= 500 || ms >= slowMs) {
      report.failures.push({ request, status, ms })
    }
  }
  return report
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
    if (item.get) await send({ method: 'GET', target, headers: {}, origin: 'warm-up' })
  }
  await send({ method: 'GET', target: '/', headers: {}, origin: 'warm-up' })
}

/** Calls an app's `fetch` in-process, the way the server's tests do. */
export function sendInProcess(app: {
  fetch: (request: Request) => Response | Promise<Response>
}): Send {
  return async ({ method, target, headers, body }) => {
    const response = await app.fetch(
      new Request(`http://localhost${target}`, { method, headers, body }),
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
  const agent = new Agent({ keepAlive: true, maxSockets: 1 })
  return ({ method, target, headers, body }) =>
    new Promise((resolve, reject) => {
      const path = target.replace(/[^\u0021-\u00ff]/gu, (char) =>
        [...Buffer.from(char)].map((byte) => `%${byte.toString(16).padStart(2, '0')}`).join(''),
      )
      // Node's client sends a DELETE or OPTIONS body neither chunked nor with a length, which
      // the server would read as the next request: give every body its length.
      const sized =
        body === undefined
          ? headers
          : { ...headers, 'content-length': String(Buffer.byteLength(body)) }
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
export function describeRequest({ method, target, body, origin }: FuzzRequest): string {
  const shown = target.length > 120 ? `${target.slice(0, 120)}… (${target.length} chars)` : target
  const sent = body === undefined ? '' : ` with a ${body.length}-character body`
  return `${method} ${JSON.stringify(shown)}${sent} [${origin}]`
}
