import { once } from 'node:events'
import type { Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { loadEnv } from '../env.ts'
import { limits } from '../services/throttle.ts'
import { createTestApp, openTestDatabase, type TestDatabase } from '../testing/test-helpers.ts'
import {
  compileTrust,
  resolveClientAddress,
  throttleAddress,
  type TrustProxy,
} from './client-address.ts'
import { listen } from './node-server.ts'

/** A request as Node hands it over: the socket's address and the forwarded-for header. */
function incoming(socket: string, forwardedFor?: string) {
  return {
    socket: { remoteAddress: socket },
    headers: forwardedFor === undefined ? {} : { 'x-forwarded-for': forwardedFor },
  }
}

const trust = (value: string) => compileTrust(loadEnv({ TRUST_PROXY: value }).trustProxy!)

describe('resolveClientAddress', () => {
  it('is the socket’s address without TRUST_PROXY, whatever X-Forwarded-For says', () => {
    expect(resolveClientAddress(incoming('192.0.2.1', '203.0.113.9'), undefined)).toBe('192.0.2.1')
    expect(resolveClientAddress(incoming('127.0.0.1', '203.0.113.9'), undefined)).toBe('127.0.0.1')
    expect(resolveClientAddress(undefined, trust('loopback'))).toBe('unknown')
  })

  it('takes the rightmost address that is not a trusted proxy', () => {
    const proxies = trust('loopback, 10.0.0.0/8')
    expect(resolveClientAddress(incoming('127.0.0.1', '203.0.113.9'), proxies)).toBe('203.0.113.9')
    // Two proxies of ours, then the client; what the client wrote on the left is never reached.
    expect(
      resolveClientAddress(incoming('127.0.0.1', '198.51.100.1, 203.0.113.9, 10.1.2.3'), proxies),
    ).toBe('203.0.113.9')
    expect(resolveClientAddress(incoming('::ffff:127.0.0.1', '2001:db8::7'), proxies)).toBe(
      '2001:db8::7',
    )
    // No header: the proxy itself asked.
    expect(resolveClientAddress(incoming('127.0.0.1'), proxies)).toBe('127.0.0.1')
  })

  it('ignores the header of a socket that is not a trusted proxy', () => {
    expect(resolveClientAddress(incoming('192.0.2.1', '203.0.113.9'), trust('loopback'))).toBe(
      '192.0.2.1',
    )
  })

  it('counts hops with a number', () => {
    const twoHops = trust('2')
    expect(
      resolveClientAddress(incoming('192.0.2.1', '198.51.100.1, 203.0.113.9, 10.0.0.2'), twoHops),
    ).toBe('203.0.113.9')
    // Fewer entries than hops: the leftmost there is.
    expect(resolveClientAddress(incoming('192.0.2.1', '203.0.113.9'), twoHops)).toBe('203.0.113.9')
  })

  it('falls back to the socket for a malformed entry where the client should be', () => {
    const proxies = trust('loopback')
    for (const header of ['unknown', 'garbage', '203.0.113.9:4711', '[2001:db8::1]', '', ' , ']) {
      expect(resolveClientAddress(incoming('127.0.0.1', header), proxies), header).toBe('127.0.0.1')
    }
    expect(resolveClientAddress(incoming('127.0.0.1', 'garbage, 203.0.113.9'), proxies)).toBe(
      '203.0.113.9',
    )
  })
})

describe('throttleAddress', () => {
  it('counts an IPv6 client by its /64, however the address is written', () => {
    const net = '2001:db8:1:2::/64'
    for (const address of [
      '2001:db8:1:2::1',
      '2001:db8:1:2:ffff:ffff:ffff:ffff',
      '2001:0DB8:0001:0002:0:0:0:9',
      '2001:db8:1:2:a:b:192.0.2.1',
      '2001:db8:1:2::5%eth0',
    ]) {
      expect(throttleAddress(address), address).toBe(net)
    }
    expect(throttleAddress('2001:db8:1:3::1')).toBe('2001:db8:1:3::/64')
    expect(throttleAddress('::1')).toBe('0:0:0:0::/64')
  })

  it('counts an IPv4-mapped IPv6 address as the IPv4 address, and leaves the rest alone', () => {
    expect(throttleAddress('::ffff:192.0.2.1')).toBe('192.0.2.1')
    expect(throttleAddress('::FFFF:c000:201')).toBe('192.0.2.1')
    expect(throttleAddress('192.0.2.1')).toBe('192.0.2.1')
    expect(throttleAddress('unknown')).toBe('unknown')
  })
})

describe('login throttles behind a reverse proxy (over HTTP, the proxy on loopback)', () => {
  let database: TestDatabase
  let servers: Server[] = []

  beforeAll(async () => {
    database = await openTestDatabase()
  })
  afterAll(async () => {
    for (const server of servers) {
      server.closeAllConnections()
      server.close()
    }
    servers = []
    await database.close()
  })

  /** The store served on 127.0.0.1, as main.ts serves it, with this TRUST_PROXY. */
  async function serve(trustProxy: TrustProxy | undefined) {
    const app = createTestApp(database.db)
    const server = listen({
      fetch: app.fetch,
      hostname: '127.0.0.1',
      port: 0,
      timeouts: { headersMs: 10_000, requestMs: 30_000, keepAliveMs: 5_000 },
      trustProxy,
    })
    servers.push(server)
    await once(server, 'listening')
    const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
    /** A wrong password for `email`, as the proxy forwards it for a client. */
    return async (email: string, forwardedFor: string) => {
      const res = await fetch(`${origin}/api/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-forwarded-for': forwardedFor },
        body: JSON.stringify({ email, password: 'not-the-password' }),
      })
      await res.arrayBuffer()
      return res.status
    }
  }

  const { attempts } = limits.login.pair

  it('without TRUST_PROXY, a forged X-Forwarded-For changes nothing', async () => {
    const guess = await serve(undefined)
    for (let i = 0; i < attempts; i++) {
      expect(await guess('dealer@example.com', `203.0.113.${i + 1}`)).toBe(422)
    }
    // Every request came from the one socket address: the pair is spent, whatever the header says.
    expect(await guess('dealer@example.com', '198.51.100.99')).toBe(429)
  })

  it('with TRUST_PROXY, two clients behind the proxy have limits of their own, and none can forge past its own', async () => {
    const guess = await serve({ addresses: ['loopback'] })
    const alice = '203.0.113.10'
    const bob = '203.0.113.20'
    for (let i = 0; i < attempts; i++) {
      expect(await guess('customer@example.com', alice)).toBe(422)
    }
    expect(await guess('customer@example.com', alice)).toBe(429)
    // Bob, behind the same proxy, is not locked out by Alice.
    expect(await guess('customer@example.com', bob)).toBe(422)
    // Alice writes Bob's (or any) address into the header; the proxy appends hers.
    expect(await guess('customer@example.com', `${bob}, ${alice}`)).toBe(429)
    expect(await guess('customer@example.com', `198.51.100.5, ${alice}`)).toBe(429)
    // Malformed entries count against the proxy's own address: one counter, not a new one each.
    for (let i = 0; i < attempts; i++) {
      expect(await guess('customer@example.com', `garbage-${i}`)).toBe(422)
    }
    expect(await guess('customer@example.com', 'unknown')).toBe(429)
  })
})
