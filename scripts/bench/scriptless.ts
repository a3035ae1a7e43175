// The Lighthouse bench's yardstick: each audited page as the store serves it, with its
// JavaScript taken out, sent by bare node:http. The markup, styles and images are the store's
// bytes as they went on the wire; only the scripts (the entry, its preloads, early-taps.js) are
// gone, so no worker installs and nothing hydrates. Audited in the same run as the page, it is
// the score this machine gives that page's paint alone: the gap between the two is what the
// page's code costs, and a fall in both is the machine's.
import { createServer, type IncomingMessage, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { gzipSync } from 'node:zlib'
import { headersAsSent, rawRequest } from './bare.ts'

/** Headers the yardstick does not pass on: node:http writes them itself (the length included). */
const notPassedOn = new Set([
  'date',
  'connection',
  'keep-alive',
  'transfer-encoding',
  'content-length',
])

/**
 * The page without its scripts: every `<script>` that runs (not the JSON-LD data) and every
 * module preload is removed. What is left is what a visitor sees before the code arrives.
 */
export function withoutScripts(html: string): string {
  return html
    .replace(/<script\b(?![^>]*type="application\/ld\+json")[^>]*>[\s\S]*?<\/script>\s*/g, '')
    .replace(/<link rel="modulepreload"[^>]*>\s*/g, '')
}

interface Answer {
  status: number
  headers: Record<string, string>
  body: Buffer
}

export interface Scriptless {
  origin: string
  close: () => Promise<void>
}

/**
 * A bare node:http server on a free port that answers `pages` without their scripts (gzipped,
 * as the store sends a page) and any other path with the store's own answer for it, fetched once
 * with the browser's `Accept-Encoding` and then sent again byte for byte.
 */
export async function startScriptless(storeOrigin: string, pages: string[]): Promise<Scriptless> {
  const answers = new Map<string, Answer>()
  for (const path of pages) {
    const page = await rawRequest(`${storeOrigin}${path}`)
    if (page.status !== 200) throw new Error(`${path}: the store answered ${page.status}`)
    answers.set(path, {
      status: 200,
      headers: {
        'Content-Type': 'text/html; charset=utf-8',
        'Content-Encoding': 'gzip',
        'Cache-Control': 'no-cache',
      },
      body: gzipSync(withoutScripts(page.body.toString('utf8'))),
    })
  }

  async function answerFor(req: IncomingMessage): Promise<Answer> {
    const path = req.url ?? '/'
    const known = answers.get(path)
    if (known) return known
    const encoding = req.headers['accept-encoding']
    const { status, rawHeaders, body } = await rawRequest(`${storeOrigin}${path}`, {
      headers: typeof encoding === 'string' ? { 'accept-encoding': encoding } : {},
    })
    const answer = { status, headers: headersAsSent(rawHeaders, notPassedOn), body }
    if (status === 200) answers.set(path, answer)
    return answer
  }

  const server: Server = createServer((req, res) => {
    answerFor(req).then(
      ({ status, headers, body }) => {
        res.writeHead(status, { ...headers, 'Content-Length': String(body.length) })
        res.end(req.method === 'HEAD' ? undefined : body)
      },
      () => res.writeHead(502).end(),
    )
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as AddressInfo
  return {
    origin: `http://127.0.0.1:${port}`,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  }
}
