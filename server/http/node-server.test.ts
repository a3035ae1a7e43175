import { once } from 'node:events'
import type { Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { connect } from 'node:net'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { listen } from './node-server.ts'

let server: Server
let port: number

beforeAll(async () => {
  server = listen({
    // Reads the whole body before answering, as a JSON route does.
    fetch: async (request) => new Response(`ok${await request.text()}`),
    hostname: '127.0.0.1',
    port: 0,
    timeouts: { headersMs: 150, requestMs: 300, keepAliveMs: 100 },
  })
  await once(server, 'listening')
  port = (server.address() as AddressInfo).port
})
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())))

/** Opens a raw connection, writes `request` and collects what comes back until it closes. */
async function rawExchange(request: string): Promise<string> {
  const socket = connect(port, '127.0.0.1')
  await once(socket, 'connect')
  let received = ''
  socket.setEncoding('utf8')
  socket.on('data', (chunk: string) => (received += chunk))
  socket.write(request)
  // No sleep: the server's own timeout is what ends the exchange.
  await once(socket, 'close')
  return received
}

describe('server timeouts', () => {
  it('cuts off a client that never finishes its headers (slow loris)', async () => {
    const answer = await rawExchange('GET / HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Slow: a')
    expect(answer).toMatch(/^HTTP\/1\.1 408 /)
  })

  it('cuts off a client that sends its headers but never its body', async () => {
    const answer = await rawExchange(
      'POST / HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: text/plain\r\nContent-Length: 10\r\n\r\nabc',
    )
    expect(answer).toMatch(/^HTTP\/1\.1 408 /)
  })

  it('still answers a client that sends its request in time', async () => {
    const answer = await rawExchange(
      'GET / HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n',
    )
    expect(answer).toMatch(/^HTTP\/1\.1 200 /)
    expect(answer).toMatch(/\r\n\r\nok$/)
  })
})
