import { createRoute, z } from '@hono/zod-openapi'
import { IDEMPOTENCY_KEY_HEADER, idempotencyKeyPattern } from '../../contract/cart.ts'
import {
  maxOrdersPerPage,
  OrdersPage,
  OrdersQuery,
  OrderView,
  PaymentLinkOrder,
  paymentCodePattern,
} from '../../contract/orders.ts'
import { DealerOrdersPage } from '../../contract/dealer.ts'
import type { Database } from '../db/index.ts'
import type { MailSite } from '../mail/templates.ts'
import { errorResponse, messages } from '../http/errors.ts'
import { component } from '../http/openapi-schema.ts'
import { createRouter } from '../http/router.ts'
import { cachedPalette } from '../services/cart/pricing.ts'
import { fieldErrors } from '../services/field-errors.ts'
import type { CatalogCache } from '../services/catalog-cache.ts'
import { validAddress } from '../services/checkout.ts'
import { runIdempotent } from '../services/idempotency.ts'
import {
  addressLockedMessage,
  addToSubmittedOrder,
  changeShippingAddress,
  notAddableMessage,
} from '../services/orders/amendments.ts'
import {
  findByPaymentCode,
  findSubmittedOrder,
  orderNotFoundMessage,
  paymentLinkNotFoundMessage,
  paymentLinkScope,
} from '../services/orders/lookup.ts'
import { listOrders, orderView, paymentLinkView } from '../services/orders/views.ts'
import { listDealerOrders } from '../services/dealers.ts'
import { currentShippingRates } from '../services/shipping.ts'
import {
  cartHeaders,
  IdParam,
  mutationHeaders,
  orderCalls,
  otherAccount,
  ownerSecurity,
  unauthenticated,
} from './order-calls.ts'
import { AddressInputSchema } from './checkout.ts'
import { dealerOfRequest } from './dealer.ts'
import { AddSchema } from './cart.ts'

/*
 * Submitted orders (docs/orders.md): the caller's list and each order, the payment link's view and
 * the items it may add, and a submitted order's address until it ships. The work is
 * services/orders.ts's; owners are found as for the cart (order-calls.ts), but a submitted order is
 * either an account's or a token's, never both.
 */

const orderOwnerRules =
  ' The owner: an account session reads the account’s orders. A guest session (e-mail only) ' +
  'never reads the account on its address: it reads the orders placed under the device’s cart ' +
  'token (`X-Cart-Token`) or by the session itself, and those join the account at the first ' +
  'account sign-in after a mailed link proves the address. Anything not the caller’s is a 404, ' +
  'as an unknown id is.'

const example = {
  id: '0b6f5a38-5d0e-4d55-9c55-1f0c5bd2a6f1',
  status: 'partly_paid' as const,
  submitted_at: '2027-03-02T10:15:00.000Z',
  currency: 'USD',
}
const exampleLine = {
  id: '5f0c8a0e-2f0b-4d53-a0f6-3a4c1f7d2b10',
  sku: 'CORVID2-CUSTOM',
  name: 'Corvid 2',
  variant_name: 'Made to measure',
  product_path: '/wingsuits/corvid-2',
  image: '/images/products/corvid-2.svg',
  qty: 1,
  unit_amount: 228_000,
  line_amount: 228_000,
  meta: [{ key: 'color.body', value: 'n4D' }],
  children: [],
  summary: ['Made to measure', 'Colours: Torso Deep navy'],
  made_to_order: true,
  production_time: {
    weeks_min: 6,
    weeks_max: 8,
    note: 'Super custom designs add a week.',
    ready_from: '2027-04-13',
    ready_by: '2027-04-27',
  },
  added_after_submit: false,
}
const amounts = { total: 228_000, paid: 50_000, balance: 178_000, payment_due: true }

const OrderViewSchema = component(OrderView, 'OrderView').openapi({
  example: {
    ...example,
    is_mto: true,
    lines: [exampleLine],
    subtotal: 228_000,
    discounts: [],
    shipping: { option: null, address: null },
    ...amounts,
    history: [
      { status: 'submitted', note: 'Submitted.', at: '2027-03-02T10:15:00.000Z' },
      {
        status: 'partly_paid',
        note: 'Paid 500.00 USD by card.',
        at: '2027-03-02T10:16:00.000Z',
      },
    ],
    can_change_address: true,
    can_add_to_order: true,
    payment_code: 'q3Xv0mJ6v2y1bqzS8yq8dJ0bQ9m3Hn1cKk0fVQ2W5tE',
    notes: null,
    placed_for: null,
  },
})
const OrdersPageSchema = component(OrdersPage, 'OrdersPage').openapi({
  example: {
    orders: [{ ...example, items: ['1 × Corvid 2'], item_count: 1, ...amounts }],
    page: 1,
    per_page: 20,
    total_count: 1,
    has_more: false,
  },
})
export const PaymentLinkOrderSchema = component(PaymentLinkOrder, 'PaymentLinkOrder').openapi({
  example: {
    ...example,
    lines: [
      {
        id: exampleLine.id,
        sku: exampleLine.sku,
        name: exampleLine.name,
        variant_name: exampleLine.variant_name,
        image: exampleLine.image,
        qty: 1,
        unit_amount: 228_000,
        line_amount: 228_000,
        summary: exampleLine.summary,
        made_to_order: true,
      },
    ],
    subtotal: 228_000,
    discounts: [],
    shipping_amount: 0,
    ...amounts,
    can_add_to_order: true,
    signature_needed: false,
  },
})

const CodeParam = (name: 'id' | 'paymentCode') =>
  z.object({
    [name]: z
      .string()
      .regex(/^[A-Za-z0-9_-]{1,128}$/)
      .openapi({
        param: { name, in: 'path' },
        description:
          'The order’s payment code (43 base64url characters), as in its payment link ' +
          '`/checkout/{code}`. It is the only credential: keep it like a password.',
      }),
  })

const notFound = errorResponse(
  `No such order, or not the caller’s (a cart is not an order either): “${orderNotFoundMessage}”`,
)
const linkNotFound = errorResponse(
  `No submitted order has this payment code: “${paymentLinkNotFoundMessage}”`,
)

const ChangeAddressBody = z.object({ address: AddressInputSchema })

/**
 * The order routes. `site` (SITE_URL, TEST_PAYMENTS) is what their mails need: items added and a
 * new address are mailed to the customer with it.
 */
export function ordersRoutes({
  db,
  catalog,
  site,
}: {
  db: Database
  catalog: CatalogCache
  site: MailSite
}) {
  const { send, sendText, ownerOf, mutate } = orderCalls(db)
  const snapshot = async () => {
    const current = catalog.current()
    return current instanceof Promise ? await current : current
  }
  const noOwner = { status: 401, body: { message: messages.unauthenticated } }

  const list = createRoute({
    method: 'get',
    path: '/order/get-orders',
    tags: ['orders'],
    summary: 'The caller’s orders',
    description:
      'The caller’s submitted orders, newest first (carts are not listed), a page at a time: ' +
      `\`page\` from 1, \`per_page\` 1–${maxOrdersPerPage} (20 unless given). Each with its ` +
      'status, items, total, paid and balance. No payment codes on the list.' +
      orderOwnerRules +
      ' With `dealer_orders=true`, a dealer account session (only: anyone else 401 or ' +
      '403) reads instead the orders credited to it: its customers’ own and those it placed for ' +
      'them, each with its customer, whether the dealer placed it, and its commission (pending, ' +
      'accrued or reversed).',
    security: ownerSecurity,
    request: { headers: cartHeaders, query: OrdersQuery },
    responses: {
      200: {
        description:
          'One page of orders; with `dealer_orders=true`, one page of the dealer’s orders ' +
          '(DealerOrdersPage)',
        content: {
          'application/json': {
            schema: z.union([OrdersPageSchema, component(DealerOrdersPage, 'DealerOrdersPage')]),
          },
        },
      },
      401: unauthenticated,
      403: errorResponse(
        'With `dealer_orders=true`: not a dealer account session (a customer, an admin, a guest ' +
          'session), or a dealer account not yet tied to its directory entry',
      ),
      422: errorResponse(
        '`page`, `per_page` or `dealer_orders` out of range, or a malformed `X-Cart-Token`',
      ),
    },
  })

  const one = createRoute({
    method: 'get',
    path: '/order/get-submitted-order/{id}',
    tags: ['orders'],
    summary: 'One of the caller’s orders',
    description:
      'A submitted order of the caller’s: its state and history, each line at the price charged ' +
      'with its own production time, discounts, shipping option and address, total, paid and ' +
      'balance, whether its address may still change, and its payment code.' +
      orderOwnerRules,
    security: ownerSecurity,
    request: { params: IdParam('The order’s id (uuid)'), headers: cartHeaders },
    responses: {
      200: {
        description: 'The order',
        content: { 'application/json': { schema: OrderViewSchema } },
      },
      401: unauthenticated,
      404: notFound,
      422: errorResponse('A malformed `X-Cart-Token`'),
    },
  })

  const byLink = createRoute({
    method: 'get',
    path: '/order/get-order-with-payment-link/{id}',
    tags: ['orders'],
    summary: 'An order by its payment link',
    description:
      'What paying an order’s balance needs, for whoever holds its payment link (no sign-in): ' +
      'the lines, subtotal, discounts, shipping amount, total, paid, balance and currency. No ' +
      'address, e-mail address, notes or history. The access log writes the code as ' +
      '`[redacted]`.',
    request: { params: CodeParam('id') },
    responses: {
      200: {
        description: 'The order as the payment link shows it',
        content: { 'application/json': { schema: PaymentLinkOrderSchema } },
      },
      404: linkNotFound,
    },
  })

  const addTo = createRoute({
    method: 'post',
    path: '/order/add-to-submitted-order/{paymentCode}',
    tags: ['orders'],
    summary: 'Add items to a submitted order',
    description:
      'The add-to-order payload (sku, qty, meta list, child list), priced by the ' +
      'server exactly as a cart add is, added as a line of its own to the order the payment ' +
      'code names, while it is submitted or partly paid (not once paid or in production). Only ' +
      'what the add-to-order screen offers: an item of the bags, accessories or apparel that ' +
      'needs no configuring, in stock (a suit or canopy someone designs is ordered from its ' +
      'page). Quantities have the cart’s limits: at most 99 of one item on the order, at most ' +
      '100 lines. The parcel is weighed again and the order’s shipping option priced again for ' +
      'the new weight; an addition no rate takes (too heavy) is refused. The order’s total ' +
      'rises by the line and the shipping’s difference, so a balance becomes due through the ' +
      'payment link. An item that needs the waiver makes the order wait for a new signature ' +
      '(`signature_needed`): it is not paid and does not ship until the waiver is signed ' +
      'through create-order-signature with `payment_code`. The history records the addition. ' +
      'No sign-in: the code is the credential. With an `Idempotency-Key` a repeat gets the ' +
      'first answer and adds nothing.',
    request: {
      params: CodeParam('paymentCode'),
      headers: z.object({ 'idempotency-key': mutationHeaders.shape['idempotency-key'] }),
      body: {
        required: true,
        content: {
          'application/json': { schema: AddSchema },
        },
      },
    },
    responses: {
      200: {
        description: 'The order as the payment link shows it, with the new line',
        content: { 'application/json': { schema: PaymentLinkOrderSchema } },
      },
      404: linkNotFound,
      422: errorResponse(
        'Per field as a cart add (`sku`, `qty`, `meta`, `child`); `sku`: not offered here ' +
          '(configurable, out of stock, another family) or the order’s 100 lines reached; ' +
          '`qty`: over 99 of one item, or a parcel no shipping rate takes; `payment_code`: ' +
          `“${notAddableMessage('paid')}” (or another state); or a bad \`Idempotency-Key\``,
      ),
    },
  })

  const changeAddress = createRoute({
    method: 'post',
    path: '/order/{id}/save-shipping-address',
    tags: ['orders'],
    summary: 'Change a submitted order’s shipping address',
    description:
      'Until the order ships (submitted, partly paid, paid or in production), its owner may ' +
      'send it elsewhere. The address is checked as validate-address checks it; the order’s ' +
      'shipping was charged, so its option must go to the new address at the same price for ' +
      'its weight: an address where it costs more or less is refused (422 under ' +
      '`address.country`, naming both prices; the customer contacts the shop). An order made ' +
      'to order, without an option yet, moves to any address we ship to. Each change is a line ' +
      'of the order’s history. `POST /api/order/save-shipping-address` with `order_id` follows ' +
      'the same rule.' +
      orderOwnerRules,
    security: ownerSecurity,
    request: {
      params: IdParam('The order’s id (uuid)'),
      headers: mutationHeaders,
      body: { required: true, content: { 'application/json': { schema: ChangeAddressBody } } },
    },
    responses: {
      200: {
        description: 'The order with its new address',
        content: { 'application/json': { schema: OrderViewSchema } },
      },
      401: unauthenticated,
      404: notFound,
      409: otherAccount,
      422: errorResponse(
        'As validate-address, per field under `address.` (and `address.country` when the ' +
          `order’s shipping option does not go there); \`order_id\`: “${addressLockedMessage}”; ` +
          'or a bad `Idempotency-Key`',
      ),
    },
  })

  return createRouter()
    .openapi(list, async (c) => {
      const { page, per_page, dealer_orders } = c.req.valid('query')
      if (dealer_orders === 'true') {
        const found = await dealerOfRequest(db, c)
        if ('status' in found) return c.json(found.body, found.status)
        return c.json(
          await listDealerOrders(db, found.dealer, { page, perPage: per_page }, await snapshot()),
          200,
        )
      }
      const resolved = await ownerOf(c)
      if ('answer' in resolved) return send(c, resolved.answer)
      if (!resolved.owner) return send(c, noOwner)
      return c.json(
        await listOrders(db, resolved.owner, { page, perPage: per_page }, await snapshot()),
        200,
      )
    })
    .openapi(one, async (c) => {
      const { id } = c.req.valid('param')
      const resolved = await ownerOf(c)
      if ('answer' in resolved) return send(c, resolved.answer)
      if (!resolved.owner) return send(c, noOwner)
      const order = await findSubmittedOrder(db, resolved.owner, id)
      if (!order) return c.json({ message: orderNotFoundMessage }, 404)
      return c.json(await orderView(db, order, await snapshot(), await cachedPalette(db)), 200)
    })
    .openapi(byLink, async (c) => {
      const { id } = c.req.valid('param')
      const order = paymentCodePattern.test(id) ? await findByPaymentCode(db, id) : undefined
      if (!order) return c.json({ message: paymentLinkNotFoundMessage }, 404)
      return c.json(
        await paymentLinkView(db, order, await snapshot(), await cachedPalette(db)),
        200,
      )
    })
    .openapi(addTo, async (c) => {
      const { paymentCode } = c.req.valid('param')
      const request = c.req.valid('json')
      const key = c.req.header(IDEMPOTENCY_KEY_HEADER)
      if (key !== undefined && !idempotencyKeyPattern.test(key))
        return send(
          c,
          fieldErrors({
            [IDEMPOTENCY_KEY_HEADER]: ['The Idempotency-Key must be 8 to 128 of [A-Za-z0-9_-].'],
          }),
        )
      if (!paymentCodePattern.test(paymentCode))
        return c.json({ message: paymentLinkNotFoundMessage }, 404)
      const catalogNow = await snapshot()
      const palette = await cachedPalette(db)
      const rates = await currentShippingRates(db)
      const answer = await runIdempotent(
        db,
        {
          call: 'POST /order/add-to-submitted-order',
          scopes: [paymentLinkScope(paymentCode)],
          key,
          body: request,
        },
        (tx) => addToSubmittedOrder(tx, paymentCode, request, rates, catalogNow, palette, site),
      )
      return sendText(c, answer)
    })
    .openapi(changeAddress, async (c) => {
      const { id } = c.req.valid('param')
      const body = c.req.valid('json')
      const rates = await currentShippingRates(db)
      const catalogNow = await snapshot()
      const palette = await cachedPalette(db)
      const checked = validAddress(body.address, rates)
      return mutate(c, `POST /order/${id}/save-shipping-address`, body, (owner) => async (tx) => {
        if (!checked.ok) return fieldErrors(checked.errors)
        return changeShippingAddress(
          tx,
          owner,
          id,
          checked.address,
          rates,
          catalogNow,
          palette,
          site,
        )
      })
    })
}
