import { createServer, request as forward, type IncomingMessage, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'

/**
 * A small HTTP proxy in front of the store for the cart tests and `npm run chaos`: the page is opened through it, so
 * everything it and its service worker fetch passes here. It forwards as it is, except that it
 * can lose answers: the request reaches the server, the server answers, and the proxy destroys
 * the browser's connection before a byte of the answer arrives (what a dropped mobile
 * connection does after the upload).
 *
 * For the chaos model check it can also: answer like a captive portal (a `200 text/html` sign-in
 * page, the request never forwarded); alternate between several API processes, request by
 * request; name the client in `X-Forwarded-For` (the server trusts loopback proxies there, so
 * each chaos run has throttles of its own); and serve a new build of the service worker (`/sw.js`
 * with a build comment appended, its validators dropped so the browser sees new bytes).
 */
export interface LossyProxy {
  origin: string
  /** Loses the answers to the next `count` requests that `match` (every one by default). */
  loseAnswers(match: (request: IncomingMessage) => boolean, count?: number): void
  /** Forwards every answer again. */
  stopLosing(): void
  /** How many answers were lost so far. */
  lost(): number
  /** Answers the next `count` requests that `match` with a Wi-Fi sign-in page, not forwarded. */
  portal(match: (request: IncomingMessage) => boolean, count: number): void
  stopPortal(): void
  /** How many requests the portal answered so far. */
  portalAnswers(): number
  /** The client address sent upstream in `X-Forwarded-For` (none: the browser's own headers). */
  forwardedFor(address: string | undefined): void
  /** Serves `/sw.js` as build `build` (0: the bytes on disk, as they are). */
  serviceWorkerBuild(build: number): void
  close(): Promise<void>
}

const PORTAL_PAGE =
  '<!doctype html><title>Sign in to DZ Wi-Fi</title><form method="post">Accept the terms <button>Connect</button></form>'

export async function startLossyProxy(target: string | string[], port = 0): Promise<LossyProxy> {
  const upstreams = (Array.isArray(target) ? target : [target]).map((url) => new URL(url))
  let turn = 0
  let rule: { match: (request: IncomingMessage) => boolean; left: number } | undefined
  let portalRule: { match: (request: IncomingMessage) => boolean; left: number } | undefined
  let lostCount = 0
  let portalCount = 0
  let client: string | undefined
  let build = 0
  const server: Server = createServer((incoming, outgoing) => {
    if (portalRule && portalRule.left > 0 && portalRule.match(incoming)) {
      portalRule.left -= 1
      portalCount += 1
      incoming.resume()
      outgoing.writeHead(200, { 'Content-Type': 'text/html; charset=utf-8' })
      outgoing.end(PORTAL_PAGE)
      return
    }
    const lose = rule && rule.left > 0 && rule.match(incoming)
    if (lose && rule) rule.left -= 1
    const upstream = upstreams[turn++ % upstreams.length]!
    const headers = { ...incoming.headers }
    if (client) headers['x-forwarded-for'] = client
    const worker = build > 0 && (incoming.url ?? '').split('?')[0] === '/sw.js'
    if (worker) {
      delete headers['if-none-match']
      delete headers['if-modified-since']
      delete headers['accept-encoding']
    }
    const proxied = forward(
      {
        host: upstream.hostname,
        port: upstream.port,
        method: incoming.method,
        path: incoming.url,
        headers,
      },
      (answer) => {
        if (lose) {
          // The server has answered in full: only now is the browser's connection cut.
          answer.resume()
          answer.on('end', () => {
            lostCount += 1
            incoming.socket.destroy()
          })
          return
        }
        if (worker && answer.statusCode === 200) {
          const chunks: Buffer[] = []
          answer.on('data', (chunk: Buffer) => chunks.push(chunk))
          answer.on('end', () => {
            const body = Buffer.concat([...chunks, Buffer.from(`\n// chaos build ${build}\n`)])
            const kept = { ...answer.headers }
            for (const name of ['etag', 'last-modified', 'transfer-encoding', 'content-encoding'])
              delete kept[name]
            outgoing.writeHead(200, { ...kept, 'content-length': String(body.length) })
            outgoing.end(body)
          })
          return
        }
        outgoing.writeHead(answer.statusCode ?? 502, answer.headers)
        answer.pipe(outgoing)
      },
    )
    proxied.on('error', () => outgoing.destroy())
    incoming.pipe(proxied)
  })
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve))
  const { port: bound } = server.address() as AddressInfo
  return {
    origin: `http://127.0.0.1:${bound}`,
    loseAnswers(match, count = Infinity) {
      rule = { match, left: count }
    },
    stopLosing() {
      rule = undefined
    },
    lost: () => lostCount,
    portal(match, count) {
      portalRule = { match, left: count }
    },
    stopPortal() {
      portalRule = undefined
    },
    portalAnswers: () => portalCount,
    forwardedFor(address) {
      client = address
    },
    serviceWorkerBuild(next) {
      build = next
    },
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections()
        server.close(() => resolve())
      }),
  }
}
