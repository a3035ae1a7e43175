// Hostile requests for the fuzz: every operation of the OpenAPI document with its path, query,
// header and body inputs drawn from the parameter schemas (sometimes valid, often not), other
// methods on the same paths, and page paths from the route list with hostile parameters. Each
// request names the session it is sent in (none, a guest's, a customer's, an admin's): the
// runner adds that session's live token, so the fuzz reaches what lies behind sign-in too.
// Beside the random requests, a sweep tries every documented body field of every operation with
// hostile values while the rest of the body stays valid.
import fc from 'fast-check'
import { pageRoutes } from '../../contract/routes.ts'

/** The sessions a request may be sent in; the runner signs in for each and keeps it live. */
export const sessionKinds = ['none', 'guest', 'customer', 'dealer', 'admin'] as const
export type SessionKind = (typeof sessionKinds)[number]

export interface FuzzRequest {
  method: string
  /** Path and query, as they go on the request line (already encoded where they are meant to be). */
  target: string
  headers: Record<string, string>
  body?: string
  /** Which operation or page route the request was made for, for the report. */
  origin: string
  /** The session whose bearer token the runner adds (unless the headers carry one already). */
  session: SessionKind
  /** For the sweep: the body field made hostile (`POST /api/login email`, `… meta[].key`). */
  field?: string
}

/** The part of an OpenAPI 3.1 document the fuzz reads. */
export interface OpenApiDocument {
  paths: Record<string, Record<string, Operation | undefined>>
  components?: { schemas?: Record<string, JsonSchema> }
}

export interface Operation {
  parameters?: Parameter[]
  requestBody?: { content?: Record<string, { schema?: JsonSchema }> }
}

export interface Parameter {
  name: string
  in: 'path' | 'query' | 'header' | 'cookie'
  required?: boolean
  schema?: JsonSchema
}

export interface JsonSchema {
  $ref?: string
  type?: string | string[]
  enum?: unknown[]
  example?: unknown
  examples?: unknown[]
  properties?: Record<string, JsonSchema>
  items?: JsonSchema
  default?: unknown
  exclusiveMinimum?: number
  anyOf?: JsonSchema[]
  oneOf?: JsonSchema[]
  minimum?: number
  maximum?: number
}

const httpMethods = ['get', 'put', 'post', 'delete', 'patch'] as const

/** Strings written to break parsers, decoders, databases and file lookups. */
const hostileStrings = fc.oneof(
  {
    weight: 4,
    arbitrary: fc.constantFrom(
      '',
      '\0',
      'a\0b',
      '%00',
      'a%00b',
      '%',
      '%zz',
      '%C0%AF',
      '%E0%A4%A',
      '%2F',
      '%2e%2e',
      '..',
      '../..',
      '..%2F..%2Fetc%2Fpasswd',
      '.env',
      '\\..\\',
      '/',
      '//',
      'a/b',
      '__proto__',
      'constructor',
      'prototype',
      'NaN',
      'Infinity',
      '-1',
      '1e309',
      '99999999999999999999999999999',
      'null',
      'true',
      "'; drop table products; --",
      '<script>alert(1)</script>',
      '\u202e',
      'abc\u202edcba',
      '\u2066x\u2069',
      '\u200f',
      'a\u0007b',
      'a\u001b[2Jb',
      'a\u007fb',
      'a\u0085b',
      'line\nbreak',
      '\ud800',
      '🪂',
      'CORVID-2',
      'corvid-2 ',
      ' corvid-2',
      'corvid--2',
    ),
  },
  fc.string({ unit: 'binary', maxLength: 40 }),
  fc.string({ unit: 'grapheme', maxLength: 20 }),
  fc.integer({ min: 1, max: 4000 }).map((n) => '/'.repeat(n)),
  fc.integer({ min: 1, max: 4000 }).map((n) => '.'.repeat(n)),
  fc.integer({ min: 90, max: 3000 }).map((n) => 'a'.repeat(n)),
  fc.integer({ min: 10_000, max: 200_000 }).map((n) => 'a'.repeat(n)),
  fc.integer({ min: 1, max: 600 }).map((n) => '%00'.repeat(n)),
  fc.integer({ min: 1, max: 300 }).map((n) => 'a-'.repeat(n)),
)

/** `encodeURIComponent`, except that a lone surrogate (which it refuses) goes in raw. */
function encode(text: string): string {
  try {
    return encodeURIComponent(text)
  } catch {
    return text
  }
}

/**
 * A value the schema names, or one a little off it (a NUL, a %-escape, a slash added), or a
 * hostile one: mostly right, so that the other inputs of the request get past validation too.
 */
function validOrHostile(good: string[]): fc.Arbitrary<string> {
  const valid = fc.constantFrom(...good)
  const nearly = fc
    .tuple(valid, fc.constantFrom('\0', '%00', '%', '/', '%2F', '\u202e', '..'), fc.nat())
    .map(([text, extra, at]) => {
      const i = at % (text.length + 1)
      return `${text.slice(0, i)}${extra}${text.slice(i)}`
    })
  return fc.oneof({ arbitrary: valid, weight: 2 }, nearly, hostileStrings)
}

/** How a string goes into a URL: encoded as a client should, or raw as an attacker may. */
function inUrl(value: fc.Arbitrary<string>): fc.Arbitrary<string> {
  return fc.tuple(value, fc.boolean()).map(([text, encoded]) => (encoded ? encode(text) : text))
}

function resolve(schema: JsonSchema | undefined, doc: OpenApiDocument): JsonSchema {
  if (!schema?.$ref) return schema ?? {}
  const name = schema.$ref.slice(schema.$ref.lastIndexOf('/') + 1)
  return doc.components?.schemas?.[name] ?? {}
}

/** Values the schema says are right (an example, an enum member), where it names any. */
function knownGood(schema: JsonSchema): unknown[] {
  return [
    ...(schema.enum ?? []),
    ...(schema.example === undefined ? [] : [schema.example]),
    ...(schema.examples ?? []),
  ]
}

/** A JSON value shaped after `schema`, with a hostile value in place of any part of it. */
function jsonValue(schema: JsonSchema, doc: OpenApiDocument, depth = 0): fc.Arbitrary<unknown> {
  const resolved = resolve(schema, doc)
  const hostile = fc.oneof(
    hostileStrings,
    fc.constantFrom(null, true, 0, -1, 1.5, 1e308, -1e308, Number.MAX_SAFE_INTEGER + 2, [], {}),
    fc.jsonValue({ maxDepth: 3 }),
  )
  const good = knownGood(resolved)
  const shaped: fc.Arbitrary<unknown>[] = good.length > 0 ? [fc.constantFrom(...good)] : []
  const types = [resolved.type ?? []].flat()
  if (types.includes('string')) shaped.push(fc.string({ maxLength: 30 }))
  if (types.includes('integer') || types.includes('number')) {
    shaped.push(
      fc.integer({ min: (resolved.minimum ?? 0) - 2, max: (resolved.maximum ?? 100) + 2 }),
    )
  }
  if (types.includes('boolean')) shaped.push(fc.boolean())
  if (types.includes('array') && depth < 3) {
    shaped.push(fc.array(jsonValue(resolved.items ?? {}, doc, depth + 1), { maxLength: 4 }))
  }
  if ((types.includes('object') || resolved.properties) && depth < 3) {
    const properties = Object.entries(resolved.properties ?? {})
    shaped.push(
      fc.record(
        Object.fromEntries(
          properties.map(([key, property]) => [key, jsonValue(property, doc, depth + 1)]),
        ),
        { requiredKeys: [] },
      ),
    )
  }
  for (const option of [...(resolved.anyOf ?? []), ...(resolved.oneOf ?? [])]) {
    if (depth < 3) shaped.push(jsonValue(option, doc, depth + 1))
  }
  return shaped.length > 0
    ? fc.oneof({ arbitrary: fc.oneof(...shaped), weight: 3 }, hostile)
    : hostile
}

/** A request body: JSON of the schema's shape or of none, prototype keys, broken or huge text. */
function bodyText(schema: JsonSchema | undefined, doc: OpenApiDocument): fc.Arbitrary<string> {
  const json = jsonValue(schema ?? { type: 'object' }, doc).map(
    (value) => JSON.stringify(value) ?? 'null',
  )
  return fc.oneof(
    { arbitrary: json, weight: 3 },
    json.map(
      (text) =>
        `{"__proto__":{"admin":true},"constructor":{"prototype":{"admin":true}}${text.startsWith('{') && text.length > 2 ? `,${text.slice(1)}` : '}'}`,
    ),
    fc.tuple(json, fc.nat()).map(([text, cut]) => text.slice(0, cut % (text.length + 1))),
    fc.constantFrom(
      '',
      '{',
      '{"a":',
      'null',
      '[]',
      '1e999999',
      '-1e309',
      '"\\ud800"',
      '{"a":1,"a":2}',
    ),
    fc.integer({ min: 100, max: 20_000 }).map((n) => `${'['.repeat(n)}${']'.repeat(n)}`),
    fc.integer({ min: 1, max: 200_000 }).map((n) => JSON.stringify({ padding: 'x'.repeat(n) })),
  )
}

/**
 * A parameter's value as it goes into the URL: where this input is the one at fault, a value a
 * little off or hostile; elsewhere one the schema names, so the request gets as far as it can.
 */
function parameterValue(
  parameter: Parameter,
  doc: OpenApiDocument,
  faulty: boolean,
): fc.Arbitrary<string> {
  const good = knownGood(resolve(parameter.schema, doc)).map(String)
  if (good.length === 0) return inUrl(hostileStrings)
  return faulty ? inUrl(validOrHostile(good)) : fc.constantFrom(...good).map(encode)
}

/** A documented header's value: its example, or where the headers are at fault one a little off. */
function headerValue(
  parameter: Parameter,
  doc: OpenApiDocument,
  faulty: boolean,
): fc.Arbitrary<string> {
  const good = knownGood(resolve(parameter.schema, doc)).map(String)
  const values =
    good.length === 0 || faulty
      ? validOrHostile(good.length ? good : ['x'])
      : fc.constantFrom(...good)
  // Only characters a header may carry: the others cannot be sent at all, so they go %-encoded.
  return values.map((value) =>
    value.replace(/[^\t\x20-\x7e]/gu, (char) =>
      [...Buffer.from(char)].map((byte) => `%${byte.toString(16).padStart(2, '0')}`).join(''),
    ),
  )
}

/** Query strings: the documented parameters, and where the query is at fault repeats and strangers. */
function queryString(
  parameters: Parameter[],
  doc: OpenApiDocument,
  faulty: boolean,
): fc.Arbitrary<string> {
  const documented = parameters.map((parameter) =>
    fc.option(
      fc
        .array(parameterValue(parameter, doc, faulty), { minLength: 1, maxLength: faulty ? 3 : 1 })
        .map((values) => values.map((v) => `${encode(parameter.name)}=${v}`)),
      { nil: [] },
    ),
  )
  const strangers = fc.array(
    fc.tuple(inUrl(hostileStrings), inUrl(hostileStrings)).map(([key, value]) => `${key}=${value}`),
    { maxLength: faulty ? 2 : 0 },
  )
  return fc.tuple(fc.tuple(...documented), strangers, fc.boolean()).map(([lists, extra, bare]) => {
    const pairs = [...lists.flat(), ...extra]
    if (pairs.length === 0) return bare && faulty ? '?' : ''
    return `?${pairs.join('&')}`
  })
}

/** Headers a client may send: tokens, validators, encodings and content types, well-formed or not. */
const headerSets = fc
  .record(
    {
      authorization: fc.oneof(
        fc.constantFrom(
          'Bearer',
          'Bearer ',
          'Basic YTpi',
          'Bearer a b',
          `Bearer ${'x'.repeat(600)}`,
        ),
        fc.string({ unit: 'binary-ascii', maxLength: 40 }).map((token) => `Bearer ${token}`),
      ),
      'if-none-match': fc.constantFrom('*', '"x"', 'W/"1-2"', '', '"'.repeat(50)),
      'accept-encoding': fc.constantFrom('gzip', 'br', 'gzip;q=0, br;q=0', 'identity', '*', 'x'),
      cookie: fc.constantFrom('authToken=%E0%A4%A', 'authToken=', 'a=b; authToken="'),
      // Read only behind TRUST_PROXY (the fuzz's --http server trusts loopback).
      'x-forwarded-for': fc.constantFrom(
        '203.0.113.9',
        'unknown',
        '203.0.113.9, 10.0.0.1',
        '::1',
        '',
        ',,,',
        '[2001:db8::1]:80',
        `${'1.2.3.4, '.repeat(500)}5.6.7.8`,
      ),
      'x-forwarded-proto': fc.constantFrom('https', 'http', 'HTTPS, http', 'ftp', ''),
    },
    { requiredKeys: [] },
  )
  .map((headers) =>
    // Only characters a header may carry: the others cannot be sent at all.
    Object.fromEntries(
      Object.entries(headers).filter(([, value]) => /^[\t\x20-\x7e]*$/.test(value)),
    ),
  )

const bodyContentTypes = fc.constantFrom(
  'application/json',
  'application/json; charset=utf-8',
  'text/plain',
  'application/x-www-form-urlencoded',
  'multipart/form-data; boundary=x',
)

/**
 * Which input of a request is hostile. One at a time gets past validation of the others and
 * reaches code that only well-formed requests reach; `everything` tries them all together.
 */
const faults = ['path', 'query', 'method', 'headers', 'body', 'everything'] as const
type Fault = (typeof faults)[number]

/** Requests for one documented operation, and for its path with the methods it does not take. */
function operationRequests(
  doc: OpenApiDocument,
  path: string,
  method: string,
  operation: Operation,
): fc.Arbitrary<FuzzRequest> {
  const parameters = operation.parameters ?? []
  const pathParameters = parameters.filter((p) => p.in === 'path')
  const queryParameters = parameters.filter((p) => p.in === 'query')
  const headerParameters = parameters.filter((p) => p.in === 'header')
  const bodySchema = operation.requestBody?.content?.['application/json']?.schema
  const takesBody = operation.requestBody !== undefined
  const documented = method.toUpperCase()
  const possible = faults.filter((fault) => fault !== 'path' || pathParameters.length > 0)
  const request = (fault: Fault) => {
    const at = (input: Fault) => fault === input || fault === 'everything'
    return fc.record({
      values: fc.tuple(...pathParameters.map((p) => parameterValue(p, doc, at('path')))),
      query: queryString(queryParameters, doc, at('query')),
      headers: at('headers') ? headerSets : fc.constant({}),
      // Documented headers (the cart token, an idempotency key): mostly as documented, so the
      // request gets past them; where the headers are at fault, a little off or hostile.
      documentedHeaders: fc.tuple(
        ...headerParameters.map((parameter) =>
          fc.option(headerValue(parameter, doc, at('headers')), { nil: undefined, freq: 4 }),
        ),
      ),
      session: fc.constantFrom(...sessionKinds),
      method: at('method')
        ? fc.constantFrom('GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS')
        : fc.constant(documented),
      body: bodyText(bodySchema, doc),
      contentType: at('body') ? bodyContentTypes : fc.constant('application/json'),
      // A body also where none belongs, when the body or the method is at fault.
      sendBody: fc.constant(takesBody || at('body') || at('method')),
    })
  }
  return fc
    .constantFrom(...possible)
    .chain(request)
    .map((drawn) => {
      const { values, query, method: sent, body, contentType, sendBody, session } = drawn
      let target = path
      pathParameters.forEach((parameter, i) => {
        target = target.replace(`{${parameter.name}}`, () => values[i] ?? '')
      })
      const headers: Record<string, string> = { ...drawn.headers }
      headerParameters.forEach((parameter, i) => {
        const value = drawn.documentedHeaders[i]
        if (value !== undefined) headers[parameter.name] = value
      })
      const request: FuzzRequest = {
        method: sent,
        target: `${target}${query}`,
        headers,
        origin: `${documented} ${path}`,
        session,
      }
      // Fetch refuses a body on GET and HEAD, as HTTP clients generally do.
      if (sendBody && sent !== 'GET' && sent !== 'HEAD') {
        request.body = body
        request.headers = { ...headers, 'content-type': contentType }
      }
      return request
    })
}

/** Page paths from the route list with hostile parameters, and paths no route knows. */
function pageRequests(): fc.Arbitrary<FuzzRequest> {
  const routed = fc
    .tuple(
      fc.constantFrom(...pageRoutes),
      fc.array(inUrl(hostileStrings), { minLength: 3, maxLength: 3 }),
    )
    .map(([route, values]) => {
      let i = 0
      const path = route
        .split('/')
        .map((segment) => (segment.startsWith('$') ? (values[i++ % values.length] ?? '') : segment))
        .join('/')
      return { path: path || '/', origin: `page ${route}` }
    })
  const stray = fc
    .array(inUrl(hostileStrings), { minLength: 1, maxLength: 4 })
    .map((parts) => ({ path: `/${parts.join('/')}`, origin: 'page (no route)' }))
  const files = inUrl(hostileStrings).map((name) => ({
    path: `/assets/${name}`,
    origin: 'static file',
  }))
  return fc
    .record({
      page: fc.oneof({ arbitrary: routed, weight: 3 }, stray, files),
      trailing: fc.constantFrom('', '', '/', '//', `?${'q'.repeat(10)}=1`),
      headers: headerSets,
      method: fc.constantFrom('GET', 'GET', 'GET', 'HEAD', 'POST', 'OPTIONS'),
    })
    .map(({ page, trailing, headers, method }) => ({
      method,
      target: `${page.path}${trailing}`,
      headers,
      origin: page.origin,
      session: 'none' as const,
    }))
}

/** Every request the fuzz may send, API operations and (with a site) pages. */
export function fuzzRequests(
  doc: OpenApiDocument,
  options: { pages: boolean },
): fc.Arbitrary<FuzzRequest> {
  const operations: fc.Arbitrary<FuzzRequest>[] = []
  for (const [path, item] of Object.entries(doc.paths)) {
    for (const method of httpMethods) {
      const operation = item[method]
      if (operation) operations.push(operationRequests(doc, path, method, operation))
    }
  }
  if (operations.length === 0) throw new Error('the OpenAPI document lists no operations')
  const api = fc.oneof(...operations)
  return options.pages ? fc.oneof({ arbitrary: api, weight: 2 }, pageRequests()) : api
}

/**
 * Values the fuzz knows to be right for fields the schemas give no example of: the demo
 * customer's address and password (DEMO_ACCOUNTS), so a body with one hostile field and these
 * around it gets as far as a real one.
 */
const goodByName: Record<string, unknown> = {
  email: 'customer@example.com',
  password: 'flyfast-demo',
  confirmPassword: 'flyfast-demo',
  name: 'Fuzz Pilot',
}

/** A valid value for `schema`: its example, else one made from its type (or the field's name). */
function goodValue(
  schema: JsonSchema | undefined,
  doc: OpenApiDocument,
  name?: string,
  depth = 0,
): unknown {
  const resolved = resolve(schema, doc)
  const known = knownGood(resolved)
  if (known.length > 0) return structuredClone(known[0])
  if (name !== undefined && name in goodByName) return goodByName[name]
  if (resolved.default !== undefined) return resolved.default
  const option = resolved.anyOf?.[0] ?? resolved.oneOf?.[0]
  if (option) return goodValue(option, doc, name, depth + 1)
  const types = [resolved.type ?? []].flat()
  if (depth > 5) return null
  if (types.includes('object') || resolved.properties) {
    return Object.fromEntries(
      Object.entries(resolved.properties ?? {}).map(([key, property]) => [
        key,
        goodValue(property, doc, key, depth + 1),
      ]),
    )
  }
  if (types.includes('array')) return [goodValue(resolved.items, doc, undefined, depth + 1)]
  if (types.includes('integer') || types.includes('number')) {
    return resolved.minimum ?? (resolved.exclusiveMinimum ?? 0) + 1
  }
  if (types.includes('boolean')) return false
  return 'x'
}

/** A field of a body: its path (an array's items as index 0) and its name for the report. */
interface BodyField {
  path: (string | number)[]
  label: string
}

/** Every field a body schema documents, nested ones and array items included. */
function bodyFields(schema: JsonSchema | undefined, doc: OpenApiDocument): BodyField[] {
  const fields: BodyField[] = []
  const walk = (node: JsonSchema | undefined, path: (string | number)[], label: string) => {
    const resolved = resolve(node, doc)
    if (path.length > 6) return
    for (const [key, property] of Object.entries(resolved.properties ?? {})) {
      const at = [...path, key]
      const name = label ? `${label}.${key}` : key
      fields.push({ path: at, label: name })
      walk(property, at, name)
    }
    const items =
      resolved.items ??
      [...(resolved.anyOf ?? []), ...(resolved.oneOf ?? [])]
        .map((option) => resolve(option, doc).items)
        .find(Boolean)
    if (items) {
      const at = [...path, 0]
      fields.push({ path: at, label: `${label}[]` })
      walk(items, at, `${label}[]`)
    }
  }
  walk(schema, [], '')
  return fields.filter((field) => field.label !== '[]')
}

/** `value` at `path` in a copy of `body`, making the containers on the way what the path needs. */
function withValueAt(body: unknown, path: (string | number)[], value: unknown): unknown {
  const [head, ...rest] = path
  if (head === undefined) return value
  if (typeof head === 'number') {
    const list = Array.isArray(body) ? [...(body as unknown[])] : []
    list[head] = withValueAt(list[head], rest, value)
    return list
  }
  const object =
    body !== null && typeof body === 'object' && !Array.isArray(body)
      ? { ...(body as Record<string, unknown>) }
      : {}
  object[head] = withValueAt(object[head], rest, value)
  return object
}

/** Stands for raw JSON text that JSON.stringify could not write (nesting deeper than its stack). */
const rawMarker = '\u0000fuzz-raw\u0000'
const deepArrays = `${'['.repeat(5_000)}${']'.repeat(5_000)}`
const deepObjects = `${'{"a":'.repeat(5_000)}1${'}'.repeat(5_000)}`

/**
 * The hostile values of the sweep, by kind: each field gets the first five (a NUL, a control
 * character, a text-direction override, a huge string, a wrong type) and two of the others.
 */
const sweepValues: { kind: string; value: unknown; raw?: string }[] = [
  { kind: 'nul', value: 'a\u0000b' },
  { kind: 'control', value: 'a\u001b[2Jb\u0007' },
  { kind: 'bidi', value: 'abc\u202edcba' },
  { kind: 'huge', value: 'x'.repeat(200_000) },
  { kind: 'wrong type', value: { toString: 1 } },
  { kind: 'deep arrays', value: rawMarker, raw: deepArrays },
  {
    kind: 'prototype keys',
    value: rawMarker,
    raw: '{"__proto__":{"admin":true},"constructor":{"prototype":{"admin":true}}}',
  },
  { kind: 'C1 and DEL', value: 'a\u0085\u007fb' },
  { kind: 'isolate', value: '\u2066x\u2069\u200e' },
  { kind: 'deep objects', value: rawMarker, raw: deepObjects },
  { kind: 'lone surrogate', value: '\ud800' },
  { kind: 'wrong types', value: [null, true, 1e308, -1, 1.5, [], {}] },
  { kind: 'empty', value: '' },
  { kind: 'number', value: Number.MAX_SAFE_INTEGER + 2 },
]
const coreSweepValues = 5

function jsonWith(body: unknown, raw?: string): string {
  const text = JSON.stringify(body) ?? 'null'
  return raw === undefined ? text : text.replace(JSON.stringify(rawMarker), raw)
}

/**
 * The sweep: for every operation with a JSON body, every documented field in turn made hostile
 * (the rest of the body valid), and the body as a whole with prototype keys and deep nesting.
 * The sessions take turns, so each field is tried signed out, as a guest, a customer and an admin.
 */
export function fieldSweep(doc: OpenApiDocument): FuzzRequest[] {
  const requests: FuzzRequest[] = []
  let turn = 0
  // The five core values go in the sessions that reach furthest (an account's: the customer's,
  // the dealer's or the admin's), so that they get past sign-in and role checks to the code
  // behind; the others go in every kind of session by turns.
  const deep = ['customer', 'dealer', 'admin'] as const
  const session = (core: boolean): SessionKind =>
    core ? deep[turn++ % deep.length]! : sessionKinds[turn++ % sessionKinds.length]!
  for (const [path, item] of Object.entries(doc.paths)) {
    for (const method of httpMethods) {
      const operation = item[method]
      const schema = operation?.requestBody?.content?.['application/json']?.schema
      if (!operation || !schema) continue
      const origin = `${method.toUpperCase()} ${path}`
      const parameters = operation.parameters ?? []
      const headers: Record<string, string> = { 'content-type': 'application/json' }
      for (const parameter of parameters.filter((p) => p.in === 'header')) {
        const [good] = knownGood(resolve(parameter.schema, doc))
        if (good !== undefined) headers[parameter.name] = String(good)
      }
      const target = path.replace(/\{([^}]+)\}/g, (_, name: string) => {
        const parameter = parameters.find((p) => p.name === name)
        const [good] = knownGood(resolve(parameter?.schema, doc))
        return encode(String(good ?? 'x'))
      })
      const good = goodValue(schema, doc)
      const send = (body: string, core: boolean, field?: string): FuzzRequest => ({
        method: method.toUpperCase(),
        target,
        headers: { ...headers },
        body,
        origin,
        session: session(core),
        ...(field === undefined ? {} : { field: `${origin} ${field}` }),
      })
      bodyFields(schema, doc).forEach((field, index) => {
        const extras = sweepValues.length - coreSweepValues
        const chosen = [
          ...sweepValues.slice(0, coreSweepValues),
          sweepValues[coreSweepValues + ((2 * index) % extras)]!,
          sweepValues[coreSweepValues + ((2 * index + 1) % extras)]!,
        ]
        chosen.forEach(({ value, raw }, at) => {
          const body = jsonWith(withValueAt(good, field.path, value), raw)
          requests.push(send(body, at < coreSweepValues, field.label))
        })
      })
      const rest = jsonWith(good).slice(1)
      requests.push(
        send(
          `{"__proto__":{"role":"admin"},"constructor":{"prototype":{"role":"admin"}}${rest === '}' ? '' : ','}${rest}`,
          true,
        ),
        send(deepArrays, false),
        send(deepObjects, false),
      )
    }
  }
  return requests
}

/** Every body field the sweep tries, as it names them (`POST /api/login email`). */
export function documentedBodyFields(doc: OpenApiDocument): string[] {
  return Object.entries(doc.paths).flatMap(([path, item]) =>
    httpMethods.flatMap((method) => {
      const schema = item[method]?.requestBody?.content?.['application/json']?.schema
      return schema
        ? bodyFields(schema, doc).map((field) => `${method.toUpperCase()} ${path} ${field.label}`)
        : []
    }),
  )
}
