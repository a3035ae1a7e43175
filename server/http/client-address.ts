import type { Context } from 'hono'

/**
 * The address the request came from, as the socket says (`@hono/node-server` puts the Node
 * request on the context's env). Forwarded-for headers are not read: anyone can write them.
 * Without a socket (in-process requests) it is `unknown`, one shared address.
 */
export function clientAddress(c: Context): string {
  const env = c.env as { incoming?: { socket?: { remoteAddress?: string } } } | undefined
  return env?.incoming?.socket?.remoteAddress ?? 'unknown'
}
