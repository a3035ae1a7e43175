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

/** The eight 16-bit groups of an IPv6 address (`isIP` already said it is one), or undefined. */
function ipv6Groups(address: string): number[] | undefined {
  const bare = address.split('%')[0] ?? ''
  const [head = '', tail] = bare.split('::')
  const part = (text: string) => {
    if (text === '') return []
    const pieces = text.split(':')
    const last = pieces[pieces.length - 1] ?? ''
    // An IPv4 address written as the last 32 bits (`::ffff:192.0.2.1`): two groups.
    if (last.includes('.')) {
      const bytes = last.split('.').map(Number)
      pieces.splice(-1, 1, ((bytes[0]! << 8) | bytes[1]!).toString(16))
      pieces.push(((bytes[2]! << 8) | bytes[3]!).toString(16))
    }
    return pieces.map((piece) => parseInt(piece, 16))
  }
  const front = part(head)
  const back = tail === undefined ? [] : part(tail)
  const groups =
    tail === undefined
      ? front
      : [...front, ...Array(8 - front.length - back.length).fill(0), ...back]
  return groups.length === 8 && groups.every((group) => group >= 0 && group <= 0xffff)
    ? groups
    : undefined
}

/**
 * The address as the throttles count it. One IPv6 customer is given a whole /64 (a home, a phone),
 * and picks any address in it at will: an IPv6 client counts as its /64. An IPv4-mapped IPv6
 * address (`::ffff:192.0.2.1`, how a dual-stack socket reports an IPv4 client) counts as the IPv4
 * address. Anything else (IPv4, `unknown`) is taken as it is.
 */
export function throttleAddress(address: string): string {
  if (isIP(address) !== 6) return address
  const groups = ipv6Groups(address)
  if (!groups) return address
  const isMapped = groups.slice(0, 5).every((group) => group === 0) && groups[5] === 0xffff
  if (isMapped) {
    const [high = 0, low = 0] = groups.slice(6)
    return [high >> 8, high & 0xff, low >> 8, low & 0xff].join('.')
  }
  return `${groups
    .slice(0, 4)
    .map((group) => group.toString(16))
    .join(':')}::/64`
}

/**
 * The client the request came from (see above), as the throttles count it (throttleAddress: an
 * IPv6 client is its /64). Without a socket (in-process requests) it is `unknown`, one shared
 * address.
 */
export function clientAddress(c: Context): string {
  const env = c.env as ClientBindings | undefined
  return throttleAddress(resolveClientAddress(env?.incoming, env?.trustProxy))
}
