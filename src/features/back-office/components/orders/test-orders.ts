import humps from 'humps'
import { vi } from 'vitest'
import type {
  AdminOrderDetail as WireOrderDetail,
  AdminOrderRow as WireOrderRow,
  AdminOrdersPage as WireOrdersPage,
} from '../../../../../contract/admin.ts'
import type { AdminOrderDetail, AdminOrdersPage } from '../../api/orders.ts'

/*
 * Orders for the back office's screen tests, as the API sends them (snake_case, for a stubbed
 * fetch) and as the app reads them (camelCased, to seed a QueryClient), and a stand-in for the
 * shop's API that answers each call in turn and records what was sent.
 */

export const suitOrderId = '78fc985b-5d0e-4d55-9c55-1f0c5bd2a6f1'
export const bagOrderId = '0b6f5a38-1111-4d55-9c55-1f0c5bd2a6f2'
export const dealerId = '5e1f0a2b-3c4d-4e5f-8a9b-0c1d2e3f4a5b'

export function wireRow(overrides: Partial<WireOrderRow> = {}): WireOrderRow {
  return {
    id: suitOrderId,
    number: '78FC985B',
    status: 'in_production',
    submitted_at: '2026-11-02T09:00:00.000Z',
    email: 'kari@example.com',
    name: 'Kari Nordmann',
    currency: 'USD',
    total: 235_500,
    paid: 100_000,
    refunded: 0,
    balance: 135_500,
    payment: 'part_paid',
    made_to_order: true,
    dealer: { id: dealerId, name: 'Fjordline Air Sports' },
    ship_by: '2026-12-28',
    ...overrides,
  }
}

export function wirePage(overrides: Partial<WireOrdersPage> = {}): WireOrdersPage {
  return {
    orders: [
      wireRow(),
      wireRow({
        id: bagOrderId,
        number: '0B6F5A38',
        status: 'paid',
        email: 'dana@example.com',
        name: 'Dana Flyer',
        total: 23_395,
        paid: 23_395,
        balance: 0,
        payment: 'paid',
        made_to_order: false,
        dealer: null,
        ship_by: null,
      }),
    ],
    page: 1,
    per_page: 20,
    total_count: 2,
    has_more: false,
    ...overrides,
  }
}

/** A made-to-measure Corvid 2, part-paid by card, in production, with its history and mail. */
export function wireDetail(overrides: Partial<WireOrderDetail> = {}): WireOrderDetail {
  return {
    id: suitOrderId,
    number: '78FC985B',
    status: 'in_production',
    submitted_at: '2026-11-02T09:00:00.000Z',
    next_statuses: ['shipped', 'cancelled', 'refunded'],
    customer: {
      email: 'kari@example.com',
      name: 'Kari Nordmann',
      account_id: 'acc-1',
      placed_for: null,
    },
    dealer: { id: dealerId, name: 'Fjordline Air Sports' },
    made_to_order: true,
    ship_by: '2026-12-28',
    lines: [
      {
        id: 'line-1',
        sku: 'CORVID2-CUSTOM',
        name: 'Corvid 2',
        variant_name: 'Made to measure',
        product_path: '/wingsuits/corvid-2',
        image: null,
        qty: 1,
        unit_amount: 225_500,
        line_amount: 225_500,
        meta: [
          { key: 'color.body', value: 'n4D' },
          { key: 'measurement.units', value: 'metric' },
          { key: 'measurement.height', value: '182' },
          { key: 'measurement.armSpan', value: '185' },
        ],
        children: [],
        summary: ['Made to measure', 'Colours: Body Deep navy', 'Options: Reflective accents'],
        made_to_order: true,
        in_stock: false,
        production_time: {
          weeks_min: 6,
          weeks_max: 8,
          note: null,
          ready_from: '2026-12-14',
          ready_by: '2026-12-28',
        },
        added_after_submit: false,
      },
    ],
    subtotal: 225_500,
    discounts: [{ code: 'WELCOME', description: 'Welcome discount', amount: 5_000 }],
    shipping: {
      option: {
        carrier: 'ups',
        service_code: 'ups_ground',
        service_name: 'UPS Ground',
        amount: 15_000,
      },
      address: {
        name: 'Kari Nordmann',
        line1: 'Stasjonsvegen 14',
        line2: null,
        city: 'Voss',
        region: null,
        postal_code: '5700',
        country: 'NO',
        phone: null,
      },
    },
    notes: 'Please add a spare zipper pull.',
    currency: 'USD',
    total: 235_500,
    paid: 100_000,
    refunded: 0,
    balance: 135_500,
    payment: 'part_paid',
    refundable: 100_000,
    signature_needed: false,
    payments: [
      {
        id: 'pay-1',
        provider: 'braintree',
        amount: 100_000,
        refunded: 0,
        status: 'settled',
        message: null,
        created_at: '2026-11-03T10:00:00.000Z',
      },
    ],
    history: [
      { status: 'submitted', note: '', at: '2026-11-02T09:00:00.000Z' },
      { status: 'partly_paid', note: 'Deposit by card', at: '2026-11-03T10:00:00.000Z' },
      { status: 'in_production', note: 'Cutting the panels', at: '2026-11-10T08:00:00.000Z' },
    ],
    mail: [
      {
        id: 'mail-1',
        kind: 'order-submitted',
        to: 'kari@example.com',
        subject: 'Your Glidecraft order 78FC985B',
        status: 'sent',
        attempts: 1,
        last_error: null,
        created_at: '2026-11-02T09:00:01.000Z',
        sent_at: '2026-11-02T09:00:05.000Z',
      },
      {
        id: 'mail-2',
        kind: 'order-in-production',
        to: 'kari@example.com',
        subject: 'Your order is in production',
        status: 'failed',
        attempts: 5,
        last_error: '550 mailbox unavailable',
        created_at: '2026-11-10T08:00:01.000Z',
        sent_at: null,
      },
    ],
    audit: [
      {
        id: 'audit-1',
        at: '2026-11-10T08:00:00.000Z',
        actor: { id: 'admin-1', role: 'staff', email: 'workshop@glidecraft.example' },
        session: '3f9a1c0d2b7e',
        action: 'order.move',
        target_kind: 'order',
        target_id: suitOrderId,
        details: { from: 'partly_paid', to: 'in_production', note: 'Cutting the panels' },
      },
    ],
    ...overrides,
  }
}

export const camel = <T>(wire: unknown) => humps.camelizeKeys(wire as object) as T
export const detailOf = (wire: WireOrderDetail) => camel<AdminOrderDetail>(wire)
export const pageOf = (wire: WireOrdersPage) => camel<AdminOrdersPage>(wire)

/** An answer of the stand-in API: a body (200), a refusal, or no answer at all. */
export type Answer =
  | { status?: number; body: unknown }
  | 'no answer'
  | ((request: Request) => { status?: number; body: unknown } | 'no answer')

export interface Sent {
  method: string
  path: string
  query: Record<string, string>
  body: unknown
  key: string | null
}

/**
 * The shop's API as the screens meet it (fetch, under the app's one HTTP client): each call is
 * answered by the first route whose path matches, from its answers in turn (the last one again
 * when they run out), and recorded.
 */
export function serve(routes: Record<string, Answer[]>) {
  const sent: Sent[] = []
  const counts = new Map<string, number>()
  const fetch = vi.fn(async (request: Request) => {
    const url = new URL(request.url)
    const text = request.method === 'GET' ? '' : await request.text()
    sent.push({
      method: request.method,
      path: url.pathname,
      query: Object.fromEntries(url.searchParams),
      body: text ? (JSON.parse(text) as unknown) : undefined,
      key: request.headers.get('Idempotency-Key'),
    })
    const route = Object.keys(routes).find((path) => `${request.method} ${url.pathname}` === path)
    if (!route) return new Response(JSON.stringify({ message: 'Not found' }), { status: 404 })
    const answers = routes[route]!
    const count = (counts.get(route) ?? 0) + 1
    counts.set(route, count)
    let answer = answers[Math.min(count, answers.length) - 1]!
    if (typeof answer === 'function') answer = answer(request)
    if (answer === 'no answer') throw new TypeError('fetch failed')
    return new Response(JSON.stringify(answer.body), { status: answer.status ?? 200 })
  })
  vi.stubGlobal('fetch', fetch)
  return sent
}
