import type { MailSite } from '../mail/templates.ts'
import { createRoute, z } from '@hono/zod-openapi'
import type { Context } from 'hono'
import { AddressInput, ShippingAddress } from '../../contract/address.ts'
import { ShippingOption, ShippingOptions } from '../../contract/shipping.ts'
import type { Database } from '../db/index.ts'
import { errorResponse, messages } from '../http/errors.ts'
import { component } from '../http/openapi-schema.ts'
import { createRouter } from '../http/router.ts'
import { bearerToken, findSession } from '../services/sessions.ts'
import { orderGoneMessage } from '../services/cart/changes.ts'
import { findOpenOrder } from '../services/cart/open-cart.ts'
import { cachedPalette } from '../services/cart/pricing.ts'
import { fieldErrors } from '../services/field-errors.ts'
import type { CatalogCache } from '../services/catalog-cache.ts'
import {
  addressLockedMessage,
  canChangeAddress,
  findCallerOrder,
  noAddressMessage,
  notOpenMessage,
  quoteOrder,
  saveShippingAddress,
  saveShippingOption,
  staleOptionMessage,
  validAddress,
} from '../services/checkout.ts'
import { currentShippingRates } from '../services/shipping.ts'
import {
  cartHeaders,
  IdParam,
  mutationHeaders,
  orderCalls,
  otherAccount,
  ownerRules,
  ownerSecurity,
  unauthenticated,
} from './order-calls.ts'
import { CartSchema } from './cart.ts'

/*
 * The checkout's address and shipping calls (docs/checkout.md), on the caller's orders as the
 * cart's calls find them (order-calls.ts). The work is services/checkout.ts's.
 */

const exampleAddress: ShippingAddress = {
  name: 'Dana Flyer',
  line1: '1200 Skydive Lane',
  line2: 'Hangar 3',
  city: 'Eloy',
  region: 'AZ',
  postal_code: '85131',
  country: 'US',
  phone: '+1 520 555 0100',
}

/** The address as typed, one registration for every route taking it. */
export const AddressInputSchema = component(AddressInput, 'AddressInput').openapi({
  example: { ...exampleAddress, region: 'az', postal_code: ' 85131 ', country: 'us' },
})
const ShippingAddressSchema = component(ShippingAddress, 'ShippingAddress').openapi({
  example: exampleAddress,
})
const ShippingOptionSchema = component(ShippingOption, 'ShippingOption').openapi({
  example: {
    carrier: 'ups',
    service_code: 'ups_ground',
    service_name: 'UPS Ground (1–5 business days)',
  },
})
const ShippingOptionsSchema = component(ShippingOptions, 'ShippingOptions').openapi({
  example: {
    order_id: '0b6f5a38-5d0e-4d55-9c55-1f0c5bd2a6f1',
    weight_grams: 3400,
    currency: 'USD',
    options: [
      {
        carrier: 'ups',
        service_code: 'ups_ground',
        service_name: 'UPS Ground (1–5 business days)',
        amount: 1795,
      },
    ],
  },
})

const AddressBody = z.object({ address: AddressInputSchema })
const SaveAddressBody = z.object({
  address: AddressInputSchema,
  order_id: z
    .string()
    .max(128)
    .optional()
    .openapi({
      description:
        'An order of the caller’s whose address may still change (see can-change-address); ' +
        'without it, the open cart (made if there is none).',
    }),
  save_to_account: z
    .boolean()
    .optional()
    .openapi({
      description:
        'Also keep the address among the account’s saved addresses (GET /api/user/get-addresses/), ' +
        'once. Only for an account session; ignored for a guest session and a device.',
    }),
})
const QuoteBody = z.object({ address: AddressInputSchema.optional() })

const addressErrors = errorResponse(
  'Per field under `address.`: a required field missing, too long, or holding control or ' +
    'text-direction characters; a country we do not ship to; no region where the country’s ' +
    'post needs one; a postal code not of the country’s format',
)
const notFound = errorResponse(
  `No such order, or it belongs to someone else: “${orderGoneMessage}”`,
)
const cartAnswer = (description: string) => ({
  description,
  content: { 'application/json': { schema: CartSchema } },
})
const optionsAnswer = {
  description: 'The options, cheapest first, each with its amount in minor units',
  content: { 'application/json': { schema: ShippingOptionsSchema } },
}

export function checkoutRoutes({
  db,
  catalog,
  site,
}: {
  db: Database
  catalog: CatalogCache
  /** The links the mail of a moved submitted order carries. */
  site: MailSite
}) {
  const { send, ownerOf, mutate } = orderCalls(db)
  const snapshot = async () => {
    const current = catalog.current()
    return current instanceof Promise ? await current : current
  }

  /** The account a save may keep the address in: an account (not guest) session's user. */
  async function accountSessionUser(c: Context): Promise<string | undefined> {
    const bearer = bearerToken(c.req.header('authorization') ?? '')
    const session = bearer ? await findSession(db, bearer) : undefined
    return session && !session.guest ? session.user.id : undefined
  }

  const validate = createRoute({
    method: 'post',
    path: '/order/{id}/validate-address',
    tags: ['checkout'],
    summary: 'Check a shipping address',
    description:
      'Checks an address for an order of the caller’s, without keeping it: the fields, that we ' +
      'ship to the country (the rate table’s countries), the region where the country’s post ' +
      'needs one, and the postal code’s format for the country. Answers the address normalised: ' +
      'trimmed, empty optional fields null, country and postal code upper-cased, GB, CA, NL and ' +
      'IE postal codes spaced as their post prints them, US, CA and AU region codes upper-cased.' +
      ownerRules,
    security: ownerSecurity,
    request: {
      params: IdParam('The order’s id (uuid)'),
      headers: cartHeaders,
      body: { required: true, content: { 'application/json': { schema: AddressBody } } },
    },
    responses: {
      200: {
        description: 'The address, normalised',
        content: {
          'application/json': { schema: z.object({ address: ShippingAddressSchema }) },
        },
      },
      401: unauthenticated,
      404: notFound,
      422: addressErrors,
    },
  })

  const saveAddress = createRoute({
    method: 'post',
    path: '/order/save-shipping-address',
    tags: ['checkout'],
    summary: 'Keep the shipping address on the order',
    description:
      'Checks the address as validate-address does and keeps it, normalised, on the open cart ' +
      '(or on `order_id`). A chosen shipping option stays when the new address is offered it ' +
      '(at its price there), else it is cleared. An order past open (`order_id` of a submitted ' +
      'order) follows the one rule of `POST /api/order/{id}/save-shipping-address`: its shipping ' +
      'was charged, so it moves only where its option goes at the same price (else 422 under ' +
      '`address.country`, naming both prices), and each change is a line of its history.' +
      ownerRules,
    security: ownerSecurity,
    request: {
      headers: mutationHeaders,
      body: { required: true, content: { 'application/json': { schema: SaveAddressBody } } },
    },
    responses: {
      200: cartAnswer('The order with its `shipping_address` (and `shipping`)'),
      401: unauthenticated,
      404: notFound,
      409: otherAccount,
      422: errorResponse(
        'As validate-address, per field under `address.` (and `address.country` when a ' +
          'submitted order’s option does not go there at its price); `order_id`: ' +
          `“${addressLockedMessage}”; or a bad \`Idempotency-Key\``,
      ),
    },
  })

  const canChange = createRoute({
    method: 'post',
    path: '/order/{id}/can-change-address',
    tags: ['checkout'],
    summary: 'Whether the order’s address may still change',
    description:
      'True until the order ships: open, submitted, partly paid, paid or in production; false ' +
      'from shipped on, and for a cancelled or refunded order. A guest ' +
      'cart merged at sign-in answers for the cart its lines went to.' +
      ownerRules,
    security: ownerSecurity,
    request: { params: IdParam('The order’s id (uuid)'), headers: cartHeaders },
    responses: {
      200: {
        description: 'Whether it may change',
        content: {
          'application/json': { schema: z.object({ can_change_address: z.boolean() }) },
        },
      },
      401: unauthenticated,
      404: notFound,
    },
  })

  const optionsByAddress = createRoute({
    method: 'post',
    path: '/order/shipping-options-by-address',
    tags: ['checkout'],
    summary: 'Shipping options for an address',
    description:
      'The options for sending the caller’s open cart (its weight; an empty parcel without ' +
      'one) to an address, which is checked as validate-address does and not kept.' +
      ownerRules,
    security: ownerSecurity,
    request: {
      headers: cartHeaders,
      body: { required: true, content: { 'application/json': { schema: AddressBody } } },
    },
    responses: { 200: optionsAnswer, 401: unauthenticated, 422: addressErrors },
  })

  const cartOptions = createRoute({
    method: 'get',
    path: '/order/shipping-options',
    tags: ['checkout'],
    summary: 'Shipping options for the cart',
    description: 'The options for the open cart’s weight and kept shipping address.' + ownerRules,
    security: ownerSecurity,
    request: { headers: cartHeaders },
    responses: {
      200: optionsAnswer,
      401: unauthenticated,
      422: errorResponse(
        `\`shipping_address\`: no cart, or no address on it: “${noAddressMessage}”`,
      ),
    },
  })

  const orderOptions = createRoute({
    method: 'post',
    path: '/order/{id}/shipping-options',
    tags: ['checkout'],
    summary: 'Shipping options for an order',
    description:
      'The options for an order of the caller’s: to `address` when the body has one (checked, ' +
      'not kept), else to the order’s kept address.' +
      ownerRules,
    security: ownerSecurity,
    request: {
      params: IdParam('The order’s id (uuid)'),
      headers: cartHeaders,
      body: { required: false, content: { 'application/json': { schema: QuoteBody } } },
    },
    responses: {
      200: optionsAnswer,
      401: unauthenticated,
      404: notFound,
      422: errorResponse(
        `As validate-address under \`address.\`; \`shipping_address\`: “${noAddressMessage}”`,
      ),
    },
  })

  const optionErrors = errorResponse(
    `\`service_code\`: “${staleOptionMessage}”; \`shipping_address\`: “${noAddressMessage}”; ` +
      `\`order_id\`: “${notOpenMessage}”; a missing or over-long field; or a bad \`Idempotency-Key\``,
  )
  const saveOption = createRoute({
    method: 'post',
    path: '/order/save-shipping-option',
    tags: ['checkout'],
    summary: 'Choose the cart’s shipping option',
    description:
      'One of the options the rates offer now for the open cart’s address and weight, named by ' +
      'carrier, service_code and service_name exactly as quoted; the amount is the ' +
      'server’s. An option no longer offered (the cart grew, the address moved) is a 422.' +
      ownerRules,
    security: ownerSecurity,
    request: {
      headers: mutationHeaders,
      body: { required: true, content: { 'application/json': { schema: ShippingOptionSchema } } },
    },
    responses: {
      200: cartAnswer('The cart with its `shipping`'),
      401: unauthenticated,
      404: notFound,
      409: otherAccount,
      422: optionErrors,
    },
  })

  const saveOrderOption = createRoute({
    method: 'post',
    path: '/order/{id}/save-shipping-option',
    tags: ['checkout'],
    summary: 'Choose an order’s shipping option',
    description: 'As save-shipping-option, for an open order of the caller’s by id.' + ownerRules,
    security: ownerSecurity,
    request: {
      params: IdParam('The order’s id (uuid)'),
      headers: mutationHeaders,
      body: { required: true, content: { 'application/json': { schema: ShippingOptionSchema } } },
    },
    responses: {
      200: cartAnswer('The order with its `shipping`'),
      401: unauthenticated,
      404: notFound,
      409: otherAccount,
      422: optionErrors,
    },
  })

  const noOwner = { status: 401, body: { message: messages.unauthenticated } }

  return createRouter()
    .openapi(validate, async (c) => {
      const { id } = c.req.valid('param')
      const { address } = c.req.valid('json')
      const resolved = await ownerOf(c)
      if ('answer' in resolved) return send(c, resolved.answer)
      if (!resolved.owner) return send(c, noOwner)
      const order = await findCallerOrder(db, resolved.owner, id)
      if (!order) return c.json({ message: orderGoneMessage }, 404)
      const checked = validAddress(address, await currentShippingRates(db))
      if (!checked.ok) return send(c, fieldErrors(checked.errors))
      return c.json({ address: checked.address }, 200)
    })
    .openapi(saveAddress, async (c) => {
      const body = c.req.valid('json')
      const rates = await currentShippingRates(db)
      const catalogNow = await snapshot()
      const palette = await cachedPalette(db)
      const checked = validAddress(body.address, rates)
      const accountUserId = body.save_to_account ? await accountSessionUser(c) : undefined
      return mutate(c, 'POST /order/save-shipping-address', body, (owner) => async (tx) => {
        if (!checked.ok) return fieldErrors(checked.errors)
        return saveShippingAddress(
          tx,
          owner,
          {
            address: checked.address,
            orderId: body.order_id,
            // Only the account the change reaches: a session's own cart is never its account's.
            accountUserId: owner.kind === 'user' ? accountUserId : undefined,
          },
          rates,
          catalogNow,
          palette,
          site,
        )
      })
    })
    .openapi(canChange, async (c) => {
      const { id } = c.req.valid('param')
      const resolved = await ownerOf(c)
      if ('answer' in resolved) return send(c, resolved.answer)
      if (!resolved.owner) return send(c, noOwner)
      const order = await findCallerOrder(db, resolved.owner, id)
      if (!order) return c.json({ message: orderGoneMessage }, 404)
      return c.json({ can_change_address: canChangeAddress(order) }, 200)
    })
    .openapi(optionsByAddress, async (c) => {
      const { address } = c.req.valid('json')
      const resolved = await ownerOf(c)
      if ('answer' in resolved) return send(c, resolved.answer)
      const rates = await currentShippingRates(db)
      const checked = validAddress(address, rates)
      if (!checked.ok) return send(c, fieldErrors(checked.errors))
      const order = resolved.owner ? await findOpenOrder(db, resolved.owner) : undefined
      return c.json(await quoteOrder(db, order, checked.address, rates, await snapshot()), 200)
    })
    .openapi(cartOptions, async (c) => {
      const resolved = await ownerOf(c)
      if ('answer' in resolved) return send(c, resolved.answer)
      const order = resolved.owner ? await findOpenOrder(db, resolved.owner) : undefined
      if (!order?.shippingAddress)
        return send(c, fieldErrors({ shipping_address: [noAddressMessage] }))
      const rates = await currentShippingRates(db)
      return c.json(
        await quoteOrder(db, order, order.shippingAddress, rates, await snapshot()),
        200,
      )
    })
    .openapi(orderOptions, async (c) => {
      const { id } = c.req.valid('param')
      const body = c.req.valid('json')
      const resolved = await ownerOf(c)
      if ('answer' in resolved) return send(c, resolved.answer)
      if (!resolved.owner) return send(c, noOwner)
      const order = await findCallerOrder(db, resolved.owner, id)
      if (!order) return c.json({ message: orderGoneMessage }, 404)
      const rates = await currentShippingRates(db)
      let address = order.shippingAddress
      if (body?.address) {
        const checked = validAddress(body.address, rates)
        if (!checked.ok) return send(c, fieldErrors(checked.errors))
        address = checked.address
      }
      if (!address) return send(c, fieldErrors({ shipping_address: [noAddressMessage] }))
      return c.json(await quoteOrder(db, order, address, rates, await snapshot()), 200)
    })
    .openapi(saveOption, async (c) => {
      const body = c.req.valid('json')
      const rates = await currentShippingRates(db)
      const catalogNow = await snapshot()
      const palette = await cachedPalette(db)
      return mutate(
        c,
        'POST /order/save-shipping-option',
        body,
        (owner) => (tx) =>
          saveShippingOption(tx, owner, undefined, body, rates, catalogNow, palette),
      )
    })
    .openapi(saveOrderOption, async (c) => {
      const { id } = c.req.valid('param')
      const body = c.req.valid('json')
      const rates = await currentShippingRates(db)
      const catalogNow = await snapshot()
      const palette = await cachedPalette(db)
      return mutate(
        c,
        `POST /order/${id}/save-shipping-option`,
        body,
        (owner) => (tx) => saveShippingOption(tx, owner, id, body, rates, catalogNow, palette),
      )
    })
}
