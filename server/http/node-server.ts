import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'
import { getRequestListener } from '@hono/node-server'
import { inArrivalOrder } from '../db/arrival-order.ts'
import type { Env } from '../env.ts'
import { compileTrust, type ClientBindings } from './client-address.ts'

export interface ListenOptions {
  fetch: (request: Request, env?: ClientBindings) => Response | Promise<Response>
  /**
   * Answers a request before `fetch` would see it, if it can (memory-answers.ts); returns false,
   * having written nothing, for the requests `fetch` must answer.
   */
  answeredFromMemory?: (incoming: IncomingMessage, outgoing: ServerResponse) => boolean
  hostname: string
  port: number
  timeouts: Env['timeouts']
  /** TRUST_PROXY: whose `X-Forwarded-For` names the client (client-address.ts); unset, no one's. */
  trustProxy?: Env['trustProxy']
  /**
   * Number the requests as they arrive, for a database that serves them in that order (PGlite's
   * one session, db/arrival-order.ts). Off for PostgreSQL: the numbering rides on an
   * AsyncLocalStorage, which makes every promise of the process a little dearer.
   */
  arrivalOrder?: boolean
}

/**
 * Serves `fetch` over HTTP/1.1 with the configured timeouts. Node's own (60 s for headers, 300 s
 * for a whole request) let a client that trickles its request one byte at a time hold a
 * connection for minutes, and a few hundred such clients hold them all.
 */
export function listen(options: ListenOptions, onListening?: (info: AddressInfo) => void): Server {
  const { headersMs, requestMs, keepAliveMs } = options.timeouts
  const { answeredFromMemory } = options
  const trust = options.trustProxy && compileTrust(options.trustProxy)
  const { fetch } = options
  // The trust rides along with each request's bindings, where clientAddress(c) reads it.
  const fetchWithTrust = trust
    ? (request: Request, env: ClientBindings) => fetch(request, { ...env, trustProxy: trust })
    : fetch
  const fetchListener = getRequestListener(fetchWithTrust, { hostname: options.hostname })
  const server = createServer(
    {
      headersTimeout: headersMs,
      requestTimeout: requestMs,
      keepAliveTimeout: keepAliveMs,
      // Node enforces the two timeouts above only when it sweeps its connections (every 30 s
      // by default), so a 10 s limit could take 40; sweep often enough for the limit to hold.
      connectionsCheckingInterval: Math.min(1_000, headersMs),
    },
    // Each request that reaches the app takes an arrival number (when asked): PGlite serves the
    // database trips of earlier requests first (db/arrival-order.ts).
    options.arrivalOrder
      ? (incoming, outgoing) => {
          if (answeredFromMemory?.(incoming, outgoing)) return
          void inArrivalOrder(() => fetchListener(incoming, outgoing))
        }
      : (incoming, outgoing) => {
          if (answeredFromMemory?.(incoming, outgoing)) return
          void fetchListener(incoming, outgoing)
        },
  )
  server.listen(options.port, options.hostname, () => {
    onListening?.(server.address() as AddressInfo)
  })
  return server
}
