import type { IncomingMessage } from 'node:http'
import { isIP } from 'node:net'
import type { Context } from 'hono'
import proxyAddr from 'proxy-addr'
import { z } from 'zod'

/*
 * Who is asking, for the throttles (services/throttle.ts). By default the socket's address:
 * `X-Forwarded-For` is anyone's to write. Behind a reverse proxy every request comes from the
 * proxy, so TRUST_PROXY names the proxies (or how many there are) whose word is taken, as
 * Express's `trust proxy` and nginx's `set_real_ip_from` do. The client is then the nearest
 * address in the chain that is not a trusted proxy: the header is read from the right, from the
 * entry our own proxy appended, so whatever a client writes into it further left is never
 * reached. proxy-addr (Express's own) does the reading.
 */

/** The parsed TRUST_PROXY: the proxies' addresses and ranges, or the number of proxy hops. */
export type TrustProxy = { hops: number } | { addresses: string[] }

/** Whether the address `i` hops from us (0: the socket) is a proxy whose header is believed. */
export type TrustFunction = (address: string, hop: number) => boolean

/**
 * TRUST_PROXY as env.ts reads it: `false` (the default) trusts no one; a whole number N trusts
 * the N nearest hops (N proxies in front of the server); otherwise a comma list of addresses,
 * CIDR ranges and proxy-addr's names `loopback`, `linklocal` and `uniquelocal`. `true` (trust
 * every hop, so the client's own leftmost word) is refused: it would let anyone pick an address.
 */
export const trustProxySetting = z.string().transform((value, ctx): TrustProxy | undefined => {
  const text = value.trim()
  if (text === 'false' || text === '0') return undefined
  if (text === 'true') {
    ctx.addIssue({
      code: 'custom',
      message:
        'name the proxies (addresses, CIDR ranges, loopback, uniquelocal) or how many there are; ' +
        '`true` would believe any client',
    })
    return z.NEVER
  }
  if (/^\d+$/.test(text)) return { hops: Number(text) }
  const addresses = text
    .split(',')
    .map((item) => item.trim())
    .filter(Boolean)
  try {
    proxyAddr.compile(addresses)
  } catch (error) {
    ctx.addIssue({ code: 'custom', message: (error as Error).message })
    return z.NEVER
  }
  return { addresses }
})

/** The setting as the check made once at start-up, for every request to use. */
export function compileTrust(setting: TrustProxy): TrustFunction {
  if ('hops' in setting) {
    const { hops } = setting
    return (_address, hop) => hop < hops
  }
  return proxyAddr.compile(setting.addresses)
}

/** What `@hono/node-server` gives a request as `c.env`, and the trust the listener adds to it. */
export interface ClientBindings {
  incoming?: Pick<IncomingMessage, 'headers'> & { socket?: { remoteAddress?: string } }
  trustProxy?: TrustFunction
}

/**
 * The client of `incoming`: the socket's address, or with `trust` the nearest untrusted one in
 * `X-Forwarded-For`. A malformed entry where the client should be (`unknown`, a port, garbage)
 * falls back to the socket's address rather than letting free text through as a key.
 */
export function resolveClientAddress(
  incoming: ClientBindings['incoming'],
  trust: TrustFunction | undefined,
): string {
  const socketAddress = incoming?.socket?.remoteAddress
  if (!socketAddress) return 'unknown'
  if (!trust || !incoming.headers) return socketAddress
  const chain = proxyAddr.all(incoming as IncomingMessage, trust)
  const client = chain[chain.length - 1]
  return client !== undefined && isIP(client) !== 0 ? client : socketAddress
}

/**
 * The address the request came from (see above). Without a socket (in-process requests) it is
 * `unknown`, one shared address.
 */
export function clientAddress(c: Context): string {
  const env = c.env as ClientBindings | undefined
  return resolveClientAddress(env?.incoming, env?.trustProxy)
}
