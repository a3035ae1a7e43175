import { createRoute, z } from '@hono/zod-openapi'
import type { Context } from 'hono'
import type { ContentfulStatusCode } from 'hono/utils/http-status'
import { IDEMPOTENCY_KEY_HEADER, idempotencyKeyPattern } from '../../contract/cart.ts'
import {
  CommissionBalanceRequest,
  DealerCommission,
  DealerCustomers,
  maxPayoutAmount,
} from '../../contract/dealer.ts'
import { PlacedFor } from '../../contract/placed-for.ts'
import type { Database } from '../db/index.ts'
import { declared, type DeclaredAnswer } from '../http/declared-answer.ts'
import { errorResponse, messages } from '../http/errors.ts'
import { component } from '../http/openapi-schema.ts'
import { createRouter } from '../http/router.ts'
import { requireRole, requireUser, type AuthEnv } from '../middleware/auth.ts'
import { bearerToken, findSession } from '../services/sessions.ts'
import { userScope } from '../services/cart-owner.ts'
import {
  changePayout,
  commissionMessages,
  commissionView,
  ledgerCsv,
  requestPayout,
} from '../services/commission.ts'
import { dealerCustomersView, findDealer, placeCartFor } from '../services/dealers.ts'
import { runIdempotent } from '../services/idempotency.ts'

/*
 * The dealer portal's calls (docs/dealers.md): its customers, its commission balance with the
 * ledger (and the ledger as CSV), and payout requests. Dealer accounts only (requireRole('dealer'),
 * a guest session on one refused too), each reading and changing its own alone; the list of its
 * orders is get-orders?dealer_orders=true (routes/orders.ts). The work is services/dealers.ts's and
 * services/commission.ts's.
 */

const dealerRules =
  ' For a dealer account session only: no session is a 401; a customer, an admin, a guest ' +
  'session (also on a dealer’s address) or a dealer account not yet tied to its directory entry ' +
  'is a 403. A dealer reads and changes its own alone.'

const examplePayout = {
  id: '2f1c7e4a-9b0d-4c5e-8f3a-6d2b1c0e9a87',
  amount: 10_000,
  currency: 'USD',
  notes: 'To the usual account, please.',
  status: 'requested' as const,
  created_at: '2027-03-02T10:15:00.000Z',
  updated_at: '2027-03-02T10:15:00.000Z',
  paid_at: null,
}

const DealerCommissionSchema = component(DealerCommission, 'DealerCommission').openapi({
  example: {
    currency: 'USD',
    rate_bp: 1000,
    balance: 12_800,
    ledger: [
      {
        id: '7a0e2d3c-1b4f-4e5a-9c8d-0f1e2d3c4b5a',
        kind: 'payout_request',
        amount: -10_000,
        balance_after: 12_800,
        order_id: null,
        payout_id: examplePayout.id,
        note: 'Payout requested: 100.00 USD.',
        at: '2027-03-02T10:15:00.000Z',
      },
      {
        id: '5c3b2a19-0f8e-4d7c-b6a5-9483726150fe',
        kind: 'accrual',
        amount: 22_800,
        balance_after: 22_800,
        order_id: '0b6f5a38-5d0e-4d55-9c55-1f0c5bd2a6f1',
        payout_id: null,
        note: 'Order 0B6F5A38 paid: 10 % of 2280.00 USD.',
        at: '2027-03-01T09:00:00.000Z',
      },
    ],
    payouts: [examplePayout],
  },
})

const DealerCustomersSchema = component(DealerCustomers, 'DealerCustomers').openapi({
  example: {
    dealer: {
      slug: 'fjordline-air-sports',
      name: 'Fjordline Air Sports',
      city: 'Voss',
      country: 'NO',
      rate_bp: 1000,
      currency: 'USD',
    },
    invitation_path: '/login?mode=register&dealer=Qm9vZ2llV29vZ2ll',
    customers: [
      {
        id: '9d8c7b6a-5f4e-4d3c-8b2a-1f0e9d8c7b6a',
        email: 'pilot@example.com',
        name: 'Pat Pilot',
        linked_by: 'invitation',
        linked_at: '2027-02-20T12:00:00.000Z',
        order_count: 2,
      },
    ],
  },
})

const BalanceRequestSchema = component(
  CommissionBalanceRequest,
  'CommissionBalanceRequest',
).openapi({ example: { amount: 10_000, notes: 'To the usual account, please.' } })

const PlaceForSchema = z
  .object({
    customer_id: z
      .string({ error: 'customer_id is a customer’s id, or null.' })
      .regex(/^[0-9a-f-]{36}$/i, 'customer_id is a customer’s id, or null.')
      .nullable(),
  })
  .openapi('PlaceForRequest', { example: { customer_id: '9d8c7b6a-5f4e-4d3c-8b2a-1f0e9d8c7b6a' } })
const PlacedForSchema = z
  .object({
    placed_for: PlacedFor.nullable(),
  })
  .openapi('PlacedFor')

const keyHeaders = z.object({
  // Checked in the handler, so a missing or bad key is a 422 under the header's own name.
  'idempotency-key': z
    .string()
    .optional()
    .openapi({
      description:
        'Required: made on the device for this request (8–128 of [A-Za-z0-9_-]). The same key ' +
        'sent again (a lost answer, a double click) gets the first answer, byte for byte, and ' +
        'changes nothing more; the same key with another body is a 422.',
      example: 'payout-7c1f0f3e-1b1a-4f7e-9d7b-5d1a2f3e4b5c',
    }),
})

const PayoutParam = z.object({
  id: z
    .string()
    .regex(/^[A-Za-z0-9_-]{1,128}$/)
    .openapi({ param: { name: 'id', in: 'path' }, description: 'The payout request’s id (uuid)' }),
})

const unauthenticated = errorResponse('No session, or an unknown or expired bearer token')
const forbidden = errorResponse(
  `Not a dealer account session, or “${commissionMessages.notDealer}”`,
)
const payoutRefused = errorResponse(
  `Per field: \`amount\` (a whole number of minor units from 1 to ${maxPayoutAmount}; ` +
    `“${commissionMessages.overBalance(12_800, 'USD')}”), \`notes\` (at most 500 characters, no ` +
    'control or text-direction characters), `Idempotency-Key` (missing, malformed, or used for ' +
    'another request)',
)

const keyRequired = 'Send an Idempotency-Key made for this request.'

export function dealerRoutes({ db }: { db: Database }) {
  const signedIn = requireUser(db, { account: true })
  const dealerOnly = requireRole('dealer')
  const security = [{ bearerAuth: [] }]

  /** The caller's dealer account, or the 403 of an account not tied to its entry yet. */
  async function dealerOf(c: Context<AuthEnv>) {
    const found = await findDealer(db, c.get('user').id)
    return found ?? declared(c.json({ message: commissionMessages.notDealer }, 403))
  }

  function keyOf(c: Context): string | DeclaredAnswer {
    const key = c.req.header(IDEMPOTENCY_KEY_HEADER)
    if (key !== undefined && idempotencyKeyPattern.test(key)) return key
    const message =
      key === undefined ? keyRequired : 'The Idempotency-Key must be 8 to 128 of [A-Za-z0-9_-].'
    return declared(c.json({ message, errors: { [IDEMPOTENCY_KEY_HEADER]: [message] } }, 422))
  }

  const sendText = (c: Context, answer: { status: number; text: string }) =>
    declared(
      c.body(answer.text, answer.status as ContentfulStatusCode, {
        'Content-Type': 'application/json',
      }),
    )

  const customers = createRoute({
    method: 'get',
    path: '/order/get-dealer-customers',
    tags: ['dealer'],
    summary: 'The dealer’s customers',
    description:
      'The dealer’s directory entry and rate, the path of its invitation link (a customer who ' +
      'registers through it becomes its customer), and its customers, newest first, each with ' +
      'how it was linked and how many of its orders are credited to the dealer.' +
      dealerRules,
    security,
    middleware: [signedIn, dealerOnly] as const,
    responses: {
      200: {
        description: 'The customers',
        content: { 'application/json': { schema: DealerCustomersSchema } },
      },
      401: unauthenticated,
      403: forbidden,
    },
  })

  const commission = createRoute({
    method: 'get',
    path: '/order/dealer-comission',
    tags: ['dealer'],
    summary: 'The dealer’s commission balance and ledger',
    description:
      'The balance (the sum of the ledger: what may be asked for now), the rate, the ledger ' +
      'newest first (accruals when a customer’s order is paid, reversals when it is cancelled or ' +
      'refunded, payout requests and their changes), each entry with the balance it left, and ' +
      'the payout requests with their state. Spelled so on the wire.' +
      dealerRules,
    security,
    middleware: [signedIn, dealerOnly] as const,
    responses: {
      200: {
        description: 'Balance, ledger and payouts',
        content: { 'application/json': { schema: DealerCommissionSchema } },
      },
      401: unauthenticated,
      403: forbidden,
    },
  })

  const csv = createRoute({
    method: 'get',
    path: '/order/dealer-comission/csv',
    tags: ['dealer'],
    summary: 'The dealer’s ledger as CSV',
    description:
      'Every ledger entry, oldest first: date, kind, amount, balance, currency, order, payout, ' +
      'note (amounts as decimals of the currency; a note starting with =, +, - or @ is written ' +
      'with a leading apostrophe so a spreadsheet never runs it).' +
      dealerRules,
    security,
    middleware: [signedIn, dealerOnly] as const,
    responses: {
      200: {
        description: 'The ledger (text/csv, as an attachment)',
        content: { 'text/csv': { schema: z.string() } },
      },
      401: unauthenticated,
      403: forbidden,
    },
  })

  const request = createRoute({
    method: 'post',
    path: '/payment/commission-balance',
    tags: ['dealer'],
    summary: 'Ask for a payout of commission',
    description:
      '`amount` in minor units of the dealer’s ' +
      'currency, at most the balance; `notes` for the shop (optional). The amount leaves the ' +
      'balance at once (a ledger entry) and the request waits for the shop to pay it. Two ' +
      'requests at once, or a request racing a refund, never take more than the balance.' +
      dealerRules,
    security,
    middleware: [signedIn, dealerOnly] as const,
    request: {
      headers: keyHeaders,
      body: { required: true, content: { 'application/json': { schema: BalanceRequestSchema } } },
    },
    responses: {
      200: {
        description: 'The balance, ledger and payouts after the request',
        content: { 'application/json': { schema: DealerCommissionSchema } },
      },
      401: unauthenticated,
      403: forbidden,
      422: payoutRefused,
    },
  })

  const change = createRoute({
    method: 'post',
    path: '/payment/commission-balance/{id}',
    tags: ['dealer'],
    summary: 'Change a payout request not yet paid',
    description:
      'A new amount and notes for one of the dealer’s payout requests while it is `requested`: ' +
      'the difference leaves or returns to the balance (a ledger entry); more than the balance ' +
      'allows is refused. A paid or cancelled request is a 422 on `id`.' +
      dealerRules,
    security,
    middleware: [signedIn, dealerOnly] as const,
    request: {
      params: PayoutParam,
      headers: keyHeaders,
      body: { required: true, content: { 'application/json': { schema: BalanceRequestSchema } } },
    },
    responses: {
      200: {
        description: 'The balance, ledger and payouts after the change',
        content: { 'application/json': { schema: DealerCommissionSchema } },
      },
      401: unauthenticated,
      403: forbidden,
      404: errorResponse(
        `No such payout request of the dealer’s: “${commissionMessages.payoutGone}”`,
      ),
      422: errorResponse(
        `As the request’s, and \`id\`: “${commissionMessages.payoutFinal('paid')}”`,
      ),
    },
  })

  const placeFor = createRoute({
    method: 'post',
    path: '/order/place-for',
    tags: ['dealer'],
    summary: 'Place the dealer’s cart for one of its customers',
    description:
      'A dealer orders for its customers through the same cart and checkout: this names the ' +
      'customer the dealer’s open cart is for (`customer_id` null: for the dealer itself). At ' +
      'submit the order records that customer (`placed_for`) and is credited to the dealer, so ' +
      'its commission accrues when it is paid.' +
      dealerRules,
    security,
    middleware: [signedIn, dealerOnly] as const,
    request: {
      body: { required: true, content: { 'application/json': { schema: PlaceForSchema } } },
    },
    responses: {
      200: {
        description: 'Whom the cart is for now',
        content: { 'application/json': { schema: PlacedForSchema } },
      },
      401: unauthenticated,
      403: forbidden,
      422: errorResponse(
        `\`customer_id\`: “${commissionMessages.notYourCustomer}”; \`cart\`: “${commissionMessages.noCart}”`,
      ),
    },
  })

  return createRouter()
    .openapi(placeFor, async (c) => {
      const { customer_id: customerId } = c.req.valid('json')
      const found = await dealerOf(c)
      if (!('dealer' in found)) return found
      const answer = await placeCartFor(db, found.dealer.userId, customerId)
      return sendText(c, { status: answer.status, text: JSON.stringify(answer.body) })
    })
    .openapi(customers, async (c) => {
      const found = await dealerOf(c)
      if (!('dealer' in found)) return found
      return c.json(await dealerCustomersView(db, found), 200)
    })
    .openapi(commission, async (c) => {
      const found = await dealerOf(c)
      if (!('dealer' in found)) return found
      return c.json(await commissionView(db, found.dealer.userId), 200)
    })
    .openapi(csv, async (c) => {
      const found = await dealerOf(c)
      if (!('dealer' in found)) return found
      const text = await ledgerCsv(db, found.dealer.userId)
      return c.body(text, 200, {
        'Content-Type': 'text/csv; charset=utf-8',
        'Content-Disposition': `attachment; filename="commission-${found.entry.slug}.csv"`,
      })
    })
    .openapi(request, async (c) => {
      const body = c.req.valid('json')
      const found = await dealerOf(c)
      if (!('dealer' in found)) return found
      const key = keyOf(c)
      if (key instanceof Response) return key
      const dealerId = found.dealer.userId
      const answer = await runIdempotent(
        db,
        { call: 'POST /payment/commission-balance', scopes: [userScope(dealerId)], key, body },
        (tx) => requestPayout(tx, dealerId, body),
      )
      return sendText(c, answer)
    })
    .openapi(change, async (c) => {
      const { id } = c.req.valid('param')
      const body = c.req.valid('json')
      const found = await dealerOf(c)
      if (!('dealer' in found)) return found
      const key = keyOf(c)
      if (key instanceof Response) return key
      const dealerId = found.dealer.userId
      const answer = await runIdempotent(
        db,
        {
          call: `POST /payment/commission-balance/${id}`,
          scopes: [userScope(dealerId)],
          key,
          body,
        },
        (tx) => changePayout(tx, dealerId, id, body),
      )
      return sendText(c, answer)
    })
}

/**
 * For get-orders?dealer_orders=true, which shares its path with the customer's list: the caller's
 * dealer account, or the answer refusing it, by the same rules as requireUser and requireRole.
 */
export async function dealerOfRequest(db: Database, c: Context) {
  const token = bearerToken(c.req.header('authorization'))
  const session = token ? await findSession(db, token) : undefined
  if (!session) {
    c.header('WWW-Authenticate', 'Bearer')
    return { status: 401 as const, body: { message: messages.unauthenticated } }
  }
  if (session.guest || session.user.role !== 'dealer')
    return { status: 403 as const, body: { message: messages.forbidden } }
  const found = await findDealer(db, session.user.id)
  return found ?? { status: 403 as const, body: { message: commissionMessages.notDealer } }
}
