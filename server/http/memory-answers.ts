import type { IncomingMessage, ServerResponse } from 'node:http'
import type { TLSSocket } from 'node:tls'
import { acceptedCodings, type PlainAnswer } from './encoded-body.ts'
import type { AccessLog } from './request-log.ts'
import { listFor, viaHttps, type HeaderList, type SecurityHeaderLists } from './security-headers.ts'

/** A GET or HEAD as the answers kept in memory see it. */
export interface MemoryRequest {
  method: 'GET' | 'HEAD'
  /** The path as sent: no percent-escapes, dot-segments, empty segments or trailing slash. */
  path: string
  /** What follows `?`, or '' (letters, digits, `-._~=&` only). */
  query: string
  ifNoneMatch: string | undefined
  /** A request header by its lower-case name. */
  header(name: string): string | undefined
  /** The request's security headers (with HSTS over HTTPS). */
  security: HeaderList
}

/** The answer kept in memory for a request, or undefined when the Hono app has to give it. */
export type MemoryAnswerer = (request: MemoryRequest) => PlainAnswer | undefined

/**
 * Paths and queries the fast path takes as they are. Anything else (`%`, `//`, `/./`, `/a/`, a
 * hidden file) goes to the Hono app, which decodes, normalises, redirects or refuses it. Each
 * segment starts with its own `/`, so matching takes linear time.
 */
const plainPath = /^(?:\/[\w~-][\w.~-]*)+$|^\/$/
const plainQuery = /^[\w.~=&-]*$/
/** The hosts @hono/node-server takes as written (any other is parsed and maybe refused). */
const plainHost = /^[a-z0-9._-]+(?::(?:[1-5]\d{3,4}|[6-9]\d{3}))?$/

export interface MemoryListenerOptions {
  answer: MemoryAnswerer
  security: SecurityHeaderLists
  log: AccessLog
  /** Longer paths get 414 from the Hono app. */
  maxPathLength: number
  /**
   * What every answer depends on beyond the request (the catalog's version, the built files'
   * generation), as one string: an answer kept is given again only while it is the same.
   * Undefined (the catalog is being reloaded): nothing is given again now.
   */
  stamp?: () => string | undefined
}

/**
 * A 200 kept for the requests that ask for it alike: the same target (path and query), method,
 * scheme and Accept-Encoding.
 */
interface KeptAnswer {
  method: 'GET' | 'HEAD'
  /** The target's path, for its access-log line. */
  path: string
  https: boolean
  acceptEncoding: string | undefined
  answer: PlainAnswer
  stamp: string
  until: number
  /** Its access-log line's fixed part, made on first use (request-log.ts). */
  logged: string | undefined
}

/**
 * How long a kept answer is given again at most, whatever the stamp says: a page's built file
 * added where no watcher looks (a new folder) is served within this time.
 */
const keptAnswerMs = 1_000
/** Targets kept at most; a flood of different requests only refills the map. */
const maxKeptTargets = 512
/** Forms kept per target (method, scheme, Accept-Encoding); a flood of headers only cycles them. */
const maxFormsPerTarget = 8

/**
 * The request listener's fast path: a GET or HEAD whose answer is complete in memory (a built
 * file, a prerendered page, a catalog answer) is written straight to the socket, with the same
 * status, headers, body and access-log line the Hono app would give, without building a Request,
 * a Context and the middleware chain around an answer that needs none of them. Returns false,
 * having written nothing, for every other request.
 */
export function memoryListener({
  answer,
  security,
  log,
  maxPathLength,
  stamp,
}: MemoryListenerOptions) {
  /**
   * The 200s given last, by target: a request asked as one kept here (same method, scheme and
   * Accept-Encoding) with the same stamp gets the same answer without its target being checked
   * or looked up again, which was a fifth of the time a page took. Conditional and Range requests
   * are answered afresh.
   */
  const kept = new Map<string, KeptAnswer[]>()

  function keep(target: string, entry: KeptAnswer) {
    const { status, headers } = entry.answer
    if (status !== 200) return
    // Kept only in the best form the client takes: a better one may still be being made.
    const coding = headers['Content-Encoding']
    if (headers.Vary !== undefined && coding !== acceptedCodings(entry.acceptEncoding)[0]) return
    let forms = kept.get(target)
    if (!forms) {
      if (kept.size >= maxKeptTargets) kept.clear()
      forms = []
      kept.set(target, forms)
    }
    const index = forms.findIndex((form) =>
      askedAlike(form, entry.method, entry.https, entry.acceptEncoding),
    )
    if (index >= 0) forms[index] = entry
    else if (forms.push(entry) > maxFormsPerTarget) forms.shift()
  }

  return function answeredFromMemory(incoming: IncomingMessage, outgoing: ServerResponse): boolean {
    const method = incoming.method
    if (method !== 'GET' && method !== 'HEAD') return false
    const headers = incoming.headers
    const host = headers.host
    if (host === undefined || !plainHost.test(host)) return false
    const started = performance.now()
    const target = incoming.url ?? ''
    const scheme = (incoming.socket as TLSSocket).encrypted ? 'https:' : 'http:'
    const https = viaHttps(stringOf(headers['x-forwarded-proto']), scheme)
    const acceptEncoding = stringOf(headers['accept-encoding'])
    const plain = headers['if-none-match'] === undefined && headers.range === undefined
    const now = plain ? stamp?.() : undefined
    // A target kept passed the checks below when it was kept.
    let entry =
      now === undefined
        ? undefined
        : keptFor(kept.get(target), method, https, acceptEncoding, now, started)
    if (!entry) {
      const mark = target.indexOf('?')
      const path = mark < 0 ? target : target.slice(0, mark)
      const query = mark < 0 ? '' : target.slice(mark + 1)
      if (path.length > maxPathLength || !plainPath.test(path) || !plainQuery.test(query)) {
        return false
      }
      let found: PlainAnswer | undefined
      try {
        found = answer({
          method,
          path,
          query,
          ifNoneMatch: stringOf(headers['if-none-match']),
          header: (name) => stringOf(headers[name]),
          security: listFor(security, path, https),
        })
      } catch {
        // The Hono app meets the same failure and answers it as it answers any error.
        return false
      }
      if (!found) return false
      entry = {
        method,
        path,
        https,
        acceptEncoding,
        answer: found,
        stamp: '',
        until: 0,
        logged: undefined,
      }
      if (now !== undefined) {
        entry.stamp = now
        entry.until = started + keptAnswerMs
        keep(target, entry)
      }
    }
    const { status, headers: answerHeaders, body } = entry.answer
    outgoing.writeHead(status, answerHeaders)
    if (body) outgoing.end(body)
    else outgoing.end()
    if (log.enabled()) {
      entry.logged ??= log.fixedPart(method, entry.path, status)
      log.writeFixed(entry.logged, started)
    }
    return true
  }
}

/** A header's value when it came once (Node joins most repeated ones; a few stay lists). */
function stringOf(value: string | string[] | undefined): string | undefined {
  return typeof value === 'string' ? value : undefined
}

/** Whether `form` was kept for a request asked this way (method, scheme, Accept-Encoding). */
function askedAlike(
  form: KeptAnswer,
  method: string,
  https: boolean,
  acceptEncoding: string | undefined,
): boolean {
  return form.method === method && form.https === https && form.acceptEncoding === acceptEncoding
}

/** The kept answer for this request, if one is kept under this stamp and not too long. */
function keptFor(
  forms: KeptAnswer[] | undefined,
  method: string,
  https: boolean,
  acceptEncoding: string | undefined,
  stamp: string,
  now: number,
): KeptAnswer | undefined {
  if (!forms) return undefined
  // A loop, not find(): this runs for every request the fast path answers.
  for (const form of forms) {
    if (askedAlike(form, method, https, acceptEncoding)) {
      return form.stamp === stamp && now < form.until ? form : undefined
    }
  }
  return undefined
}
