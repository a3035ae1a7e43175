import { createServer, request as forward, type IncomingMessage, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'

/**
 * A small HTTP proxy in front of the store for the cart tests and `npm run chaos`: the page is opened through it, so
 * everything it and its service worker fetch passes here. It forwards as it is, except that it
 * can lose answers: the request reaches the server, the server answers, and the proxy destroys
 * the browser's connection before a byte of the answer arrives (what a dropped mobile
 * connection does after the upload).
 */
export interface LossyProxy {
  origin: string
  /** Loses the answers to the next `count` requests that `match` (every one by default). */
  loseAnswers(match: (request: IncomingMessage) => boolean, count?: number): void
  /** Forwards every answer again. */
  stopLosing(): void
  /** How many answers were lost so far. */
  lost(): number
  close(): Promise<void>
}

export async function startLossyProxy(target: string, port = 0): Promise<LossyProxy> {
  const upstream = new URL(target)
  let rule: { match: (request: IncomingMessage) => boolean; left: number } | undefined
  let lostCount = 0
  const server: Server = createServer((incoming, outgoing) => {
    const lose = rule && rule.left > 0 && rule.match(incoming)
    if (lose && rule) rule.left -= 1
    const proxied = forward(
      {
        host: upstream.hostname,
        port: upstream.port,
        method: incoming.method,
        path: incoming.url,
        headers: incoming.headers,
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
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections()
        server.close(() => resolve())
      }),
  }
}
