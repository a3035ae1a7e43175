// What the throughput benches stand beside: an answer of the store captured as it went on the
// wire, and bare node:http (bare-server.ts) sending those bytes again in the same run.
import { request as httpRequest } from 'node:http'
import { setTimeout as sleep } from 'node:timers/promises'
import type { BareAnswer } from './bare-server.ts'
import { spawnGroup, stopGroup, type Spawned } from './processes.ts'

/** An answer as it came over the wire: the body not decoded, the headers as sent, in order. */
export interface RawAnswer {
  status: number
  headers: Record<string, string>
  /** Names (as sent) and values, in the order they came. */
  rawHeaders: string[]
  body: Buffer
}

/** One request as autocannon sends it; the answer as it came. */
export function rawRequest(
  url: string,
  options: { method?: string; headers?: Record<string, string>; body?: string } = {},
): Promise<RawAnswer> {
  return new Promise((resolvePromise, reject) => {
    const { method = 'GET', headers = {}, body } = options
    const req = httpRequest(url, { method, headers }, (res) => {
      const chunks: Buffer[] = []
      res.on('data', (chunk: Buffer) => chunks.push(chunk))
      res.on('end', () => {
        const flat: Record<string, string> = {}
        for (const [name, value] of Object.entries(res.headers)) {
          if (typeof value === 'string') flat[name] = value
        }
        resolvePromise({
          status: res.statusCode ?? 0,
          headers: flat,
          rawHeaders: res.rawHeaders,
          body: Buffer.concat(chunks),
        })
      })
      res.on('error', reject)
    })
    req.setTimeout(10_000, () => req.destroy(new Error(`${url}: no answer`)))
    req.on('error', reject)
    req.end(body)
  })
}

/** Headers node:http writes itself, the bare server's as the store's. */
const writtenByNode = new Set(['date', 'connection', 'keep-alive'])

/**
 * An answer's headers to send again: names as written, in the same order, without those named
 * (lower case) in `leaveOut`.
 */
export function headersAsSent(
  rawHeaders: string[],
  leaveOut: ReadonlySet<string>,
): Record<string, string> {
  const headers: Record<string, string> = {}
  for (let i = 0; i < rawHeaders.length; i += 2) {
    const name = rawHeaders[i]!
    if (!leaveOut.has(name.toLowerCase())) headers[name] = rawHeaders[i + 1]!
  }
  return headers
}

/**
 * An answer of the store to be sent again byte for byte by the bare server: every header and the
 * body. Only `Date`, `Connection` and `Keep-Alive` are left for node:http to write, as it does
 * for the store.
 */
export function bareAnswerOf({ rawHeaders, body }: RawAnswer): BareAnswer {
  return { headers: headersAsSent(rawHeaders, writtenByNode), body: body.toString('base64') }
}

/** bare-server.ts on `port` with the answers of `answersFile`, once it answers `probePath`. */
export async function startBare(
  root: string,
  port: number,
  answersFile: string,
  probePath: string,
): Promise<Spawned> {
  const bare = spawnGroup(
    process.execPath,
    ['--import', 'tsx', 'scripts/bench/bare-server.ts', String(port), answersFile],
    { cwd: root },
  )
  const deadline = Date.now() + 30_000
  for (;;) {
    try {
      if ((await rawRequest(`http://127.0.0.1:${port}${probePath}`)).status === 200) return bare
    } catch (error) {
      if (Date.now() > deadline) {
        await stopGroup(bare)
        throw new Error(
          `the bare server did not start: ${(error as Error).message}\n${bare.output()}`,
        )
      }
    }
    await sleep(100)
  }
}
