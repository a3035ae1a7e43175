import type { Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { serve } from '@hono/node-server'
import type { Env } from '../env.ts'

export interface ListenOptions {
  fetch: (request: Request) => Response | Promise<Response>
  hostname: string
  port: number
  timeouts: Env['timeouts']
}

/**
 * Serves `fetch` over HTTP/1.1 with the configured timeouts. Node's own (60 s for headers, 300 s
 * for a whole request) let a client that trickles its request one byte at a time hold a
 * connection for minutes, and a few hundred such clients hold them all.
 */
export function listen(options: ListenOptions, onListening?: (info: AddressInfo) => void): Server {
  const { headersMs, requestMs, keepAliveMs } = options.timeouts
  const server = serve(
    {
      fetch: options.fetch,
      hostname: options.hostname,
      port: options.port,
      serverOptions: {
        headersTimeout: headersMs,
        requestTimeout: requestMs,
        keepAliveTimeout: keepAliveMs,
        // Node enforces the two timeouts above only when it sweeps its connections (every 30 s
        // by default), so a 10 s limit could take 40; sweep often enough for the limit to hold.
        connectionsCheckingInterval: Math.min(1_000, headersMs),
      },
    },
    onListening,
  )
  // `serve` builds a node:http server unless told to create another kind.
  return server as Server
}
