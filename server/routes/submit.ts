import { createRoute, z } from '@hono/zod-openapi'
import type { Context } from 'hono'
import {
  emptyCartMessage,
  maxNotesLength,
  signInToSubmitMessage,
  SubmitAnswer,
  SubmitRequest,
} from '../../contract/submit.ts'
import {
  CreateSignatureRequest,
  maxSignerNameLength,
  Waiver,
  waiverChangedMessage,
} from '../../contract/waiver.ts'
import type { Database } from '../db/index.ts'
import { errorResponse } from '../http/errors.ts'
import { component } from '../http/openapi-schema.ts'
import { createRouter } from '../http/router.ts'
import { touchOpenCart } from '../services/cart/open-cart.ts'
import { cachedPalette } from '../services/cart/pricing.ts'
import { cartOf } from '../services/cart/view.ts'
import { fieldErrors } from '../services/field-errors.ts'
import type { CatalogCache } from '../services/catalog-cache.ts'
import { nothingToSignOnOrderMessage, signForOrder } from '../services/orders/amendments.ts'
import { paymentLinkNotFoundMessage, paymentLinkScope } from '../services/orders/lookup.ts'
import { runIdempotent } from '../services/idempotency.ts'
import { IDEMPOTENCY_KEY_HEADER, idempotencyKeyPattern } from '../../contract/cart.ts'
import { bearerToken, findSession } from '../services/sessions.ts'
import { currentShippingRates } from '../services/shipping.ts'
import { queueSubmittedMail, submitOrder } from '../services/submit.ts'
import { signUpForNewsletter } from '../services/newsletter.ts'
import {
  currentWaiver,
  noWaiverMessage,
  nothingToSignMessage,
  requiresSignature,
  signWaiver,
} from '../services/waiver.ts'
import {
  mutationHeaders,
  orderCalls,
  otherAccount,
  ownerRules,
  ownerSecurity,
} from './order-calls.ts'
import { CartSchema } from './cart.ts'
import { PaymentLinkOrderSchema } from './orders.ts'

/*
 * The waiver and submit (create-order-signature and submit, docs/checkout.md; GET /order/waiver is
 * ours): on the caller's open cart as the cart's calls find it (order-calls.ts), each change once
 * per Idempotency-Key. Both need a session, an account's or a guest's: an order needs someone to
 * write to, and the checkout starts with signing in (docs/checkout.md: stepLogin).
 */

const WaiverSchema = component(Waiver, 'Waiver').openapi({
  example: {
    version: 'v1',
    date: '2026-11-01',
    title: 'Release of liability, waiver of claims and assumption of risk',
    html: '<p>Wingsuit flying, tracking, skydiving and BASE jumping are dangerous.</p>\n',
    text: 'Wingsuit flying, tracking, skydiving and BASE jumping are dangerous.',
  },
})
const SignatureSchema = component(CreateSignatureRequest, 'CreateSignatureRequest').openapi({
  example: { checkbox: 'on', name: 'Dana Flyer', waiver_version: 'v1' },
})
const SubmitSchema = component(SubmitRequest, 'SubmitRequest').openapi({
  example: { notes: 'Please ship after the 20th.', optIn: false },
})
const SubmitAnswerSchema = component(SubmitAnswer, 'SubmitAnswer').openapi({
  example: {
    id: '0b6f5a38-5d0e-4d55-9c55-1f0c5bd2a6f1',
    status: 'submitted',
    currency: 'USD',
    total: 23_545,
    payment_due_today: true,
  },
})

const sessionNeeded = errorResponse(
  'No session: neither a live bearer session (an account’s or a guest’s) nor, for the cart, an ' +
    `\`X-Cart-Token\`; a device token alone is not enough: “${signInToSubmitMessage}”. Or the ` +
    'bearer token is unknown or expired, or `X-Cart-Account` was sent without a session',
)

export function submitRoutes({
  db,
  catalog,
  siteUrl,
  testPayments = false,
}: {
  db: Database
  catalog: CatalogCache
  siteUrl: string
  /** TEST_PAYMENTS: the confirmation says no real payment is taken. */
  testPayments?: boolean
}) {
  const { send, sendText, mutate } = orderCalls(db)
  const snapshot = async () => {
    const current = catalog.current()
    return current instanceof Promise ? await current : current
  }

  /** The request's live session, account or guest. */
  async function sessionOf(c: Context) {
    const bearer = bearerToken(c.req.header('authorization') ?? '')
    return bearer ? await findSession(db, bearer) : undefined
  }
  /** Refuses a caller without a session (a device's cart token alone). */
  const needSession = (c: Context, session: unknown) => async () =>
    session ? undefined : send(c, { status: 401, body: { message: signInToSubmitMessage } })

  const getWaiver = createRoute({
    method: 'get',
    path: '/order/waiver',
    tags: ['checkout'],
    summary: 'The current waiver',
    description:
      'The waiver text a customer signs before buying gear that needs it (a cart’s ' +
      '`require_signature`): the current version (content/waivers/, the latest date), its ' +
      'date, title and body as HTML and as plain text. Send its `version` with ' +
      'create-order-signature. Public.',
    responses: {
      200: {
        description: 'The current version',
        content: { 'application/json': { schema: WaiverSchema } },
      },
      404: errorResponse(`No waiver exists: “${noWaiverMessage}”`),
    },
  })

  const sign = createRoute({
    method: 'post',
    path: '/order/create-order-signature',
    tags: ['checkout'],
    summary: 'Sign the waiver for the cart',
    description:
      'The customer agrees to the current waiver (`checkbox` is `on`, `name` as typed): the ' +
      'signer’s name, the time and the waiver’s version are kept with the ' +
      'open cart, whose `signed` becomes true. A signature counts for its version only: a newer ' +
      'version makes `signed` false until the customer signs again. `waiver_version` (optional) ' +
      'is the version the customer read; if it is no longer the current one the signature is ' +
      'refused. Only a cart with a line that needs the waiver is signed. With `payment_code` ' +
      '(no sign-in: the code is the credential) it signs that submitted order instead: an item ' +
      'added through its payment link needed the waiver, and the order is not paid and does not ' +
      'ship until this signature is made (its payment link view says `signature_needed`); the ' +
      'answer is then the order as its payment link shows it.' +
      ownerRules,
    security: ownerSecurity,
    request: {
      headers: mutationHeaders,
      body: { required: true, content: { 'application/json': { schema: SignatureSchema } } },
    },
    responses: {
      200: {
        description:
          'The cart, `signed` true; with `payment_code`, the order as its payment link shows it, ' +
          '`signature_needed` false',
        content: {
          'application/json': { schema: z.union([CartSchema, PaymentLinkOrderSchema]) },
        },
      },
      401: sessionNeeded,
      404: errorResponse(`\`payment_code\` names no order: “${paymentLinkNotFoundMessage}”`),
      409: otherAccount,
      422: errorResponse(
        '`checkbox`: not `on`; `name`: empty, over ' +
          `${maxSignerNameLength} characters or holding control characters; \`waiver_version\`: ` +
          `“${waiverChangedMessage}”; \`cart\`: no cart, or “${nothingToSignMessage}”; ` +
          `\`payment_code\`: “${nothingToSignOnOrderMessage}”; or a bad \`Idempotency-Key\``,
      ),
    },
  })

  const submit = createRoute({
    method: 'post',
    path: '/order/submit',
    tags: ['checkout'],
    summary: 'Submit the cart as an order',
    description:
      'The open cart becomes an order (`notes`; `optIn`, false unless sent, the customer’s wish ' +
      'for the newsletter, kept with the order). It is checked with the ' +
      'checkout’s own step machine: a shipping address; a shipping method, still offered at the ' +
      'price chosen for the address and weight, unless the order is made to order; the current ' +
      'waiver signed where a line needs it. Each discount code on the cart counts one use, only ' +
      'while a use is left: a code that can no longer be used refuses the submit and is taken ' +
      'off the cart (the lines, address, shipping and signature stay). The total (lines, less ' +
      'discounts, plus shipping) and each line’s price are fixed; the order gets its payment ' +
      'code and a confirmation mail. A made-to-order order is submitted without payment ' +
      '(`payment_due_today` false); others are paid next through the payment calls. ' +
      'Idempotent by `Idempotency-Key` (a double click, a replay, a second tab: one order); a ' +
      `new key after the order went through finds no cart: 422 “${emptyCartMessage}”.` +
      ownerRules,
    security: ownerSecurity,
    request: {
      headers: mutationHeaders,
      body: { required: false, content: { 'application/json': { schema: SubmitSchema } } },
    },
    responses: {
      200: {
        description: 'The order as submitted',
        content: { 'application/json': { schema: SubmitAnswerSchema } },
      },
      401: sessionNeeded,
      409: otherAccount,
      422: errorResponse(
        `\`notes\`: over ${maxNotesLength} characters or holding control characters; \`opt_in\`: ` +
          'not true or false; what is missing, each under its name: `cart` (empty), ' +
          '`shipping_address`, `shipping` (none, or no longer offered at its price), ' +
          '`signature` (not signed, or an older version), `discount_codes` (a code that can no ' +
          'longer be used); or a bad `Idempotency-Key`',
      ),
    },
  })

  return createRouter()
    .openapi(getWaiver, async (c) => {
      const waiver = await currentWaiver(db)
      if (!waiver) return c.json({ message: noWaiverMessage }, 404)
      return c.json(waiver, 200)
    })
    .openapi(sign, async (c) => {
      const body = c.req.valid('json')
      const catalogNow = await snapshot()
      const palette = await cachedPalette(db)
      const code = body.payment_code
      if (code !== undefined) {
        // A submitted order's new signature: the payment code is the credential, as for paying.
        const key = c.req.header(IDEMPOTENCY_KEY_HEADER)
        if (key !== undefined && !idempotencyKeyPattern.test(key))
          return send(
            c,
            fieldErrors({
              [IDEMPOTENCY_KEY_HEADER]: ['The Idempotency-Key must be 8 to 128 of [A-Za-z0-9_-].'],
            }),
          )
        const answer = await runIdempotent(
          db,
          {
            call: 'POST /order/create-order-signature',
            scopes: [paymentLinkScope(code)],
            key,
            body,
          },
          (tx) => signForOrder(tx, code, body.name, body.waiver_version, catalogNow, palette),
        )
        return sendText(c, answer)
      }
      const session = await sessionOf(c)
      return mutate(
        c,
        'POST /order/create-order-signature',
        body,
        (owner) => async (tx) => {
          const rows = await touchOpenCart(tx, owner)
          const needs =
            rows !== undefined &&
            requiresSignature(rows.lines, (slug) => catalogNow.productBySlug(slug))
          if (!rows || !needs) return fieldErrors({ cart: [nothingToSignMessage] })
          const refused = await signWaiver(tx, rows.order.id, body.name, body.waiver_version)
          if (refused) return refused
          return { status: 200, body: cartOf({ ...rows, signed: true }, catalogNow, palette) }
        },
        needSession(c, session),
      )
    })
    .openapi(submit, async (c) => {
      const body = c.req.valid('json') ?? { optIn: false }
      const request = { notes: body.notes, optIn: body.optIn }
      const catalogNow = await snapshot()
      const palette = await cachedPalette(db)
      const rates = await currentShippingRates(db)
      const session = await sessionOf(c)
      return mutate(
        c,
        'POST /order/submit',
        request,
        (owner) => async (tx) => {
          // needSession has refused a caller without one before this runs.
          const email = session!.user.email
          // A guest session places the order under its cart token, marked for the address's
          // account to join at a sign-in that has proven the address (services/orders.ts).
          const guestOf = session!.guest ? session!.user.id : undefined
          const result = await submitOrder(
            tx,
            owner,
            { ...request, email, guestOf },
            rates,
            catalogNow,
            palette,
          )
          if (result.submitted) {
            // The confirmation is queued with the order: both commit, or neither.
            await queueSubmittedMail(tx, result.submitted, { siteUrl, testPayments })
            // The newsletter wish goes the newsletter's one way: a confirmation link by mail.
            if (request.optIn) {
              await signUpForNewsletter(tx, {
                email,
                source: 'checkout',
                siteUrl,
                dedupeKey: `newsletter:order:${result.submitted.id}`,
              })
            }
          }
          return result.answer
        },
        needSession(c, session),
      )
    })
}
