import { z } from '@hono/zod-openapi'
import type { Context } from 'hono'
import type { ContentfulStatusCode } from 'hono/utils/http-status'
import {
  IDEMPOTENCY_KEY_HEADER,
  idempotencyKeyPattern,
  madeForAnotherAccountMessage,
} from '../../contract/cart.ts'
import type { Database } from '../db/index.ts'
import { errorResponse } from '../http/errors.ts'
import { declared } from '../http/declared-answer.ts'
import { finishedJson } from '../http/json-answer.ts'
import { guestCartHasLines, mergeGuestCart } from '../services/cart/merge.ts'
import { fieldErrors } from '../services/field-errors.ts'
import { noOwnerMessage, resolveOwner, scopesOf, type CartOwner } from '../services/cart-owner.ts'
import {
  idempotencyKeyRetentionMs,
  runIdempotent,
  type IdempotentCall,
  type SentAnswer,
  type Transaction,
  type WorkAnswer,
} from '../services/idempotency.ts'

/*
 * What every call on the caller's orders shares (the cart's in cart.ts, the checkout's in
 * checkout.ts): the owner and key headers as OpenAPI documents them, who the caller is
 * (services/cart-owner.ts), and a change run once per Idempotency-Key (services/idempotency.ts).
 */

const keyRetentionDays = idempotencyKeyRetentionMs / (24 * 3600 * 1000)

/** Whose cart a signed-in call reaches: said once for every route's description. */
export const ownerRules =
  ' The owner: an account session; a guest session (e-mail only) never reaches the cart of ' +
  'the account on its address: it uses the device’s cart (`X-Cart-Token`), or without one a ' +
  'cart of the session’s own, and nothing is merged into the account.'

/**
 * The owner and key headers, documented here and checked in the handlers (so a bad one is a
 * 422 under the header's own name).
 */
export const cartHeaders = z.object({
  'x-cart-token': z
    .string()
    .optional()
    .openapi({
      description:
        'The device’s anonymous cart token (43 base64url characters), for a cart without sign-in. ' +
        'With a bearer token too, the token’s cart is merged into the account’s.',
      example: 'q3Xv0mJ6v2y1bqzS8yq8dJ0bQ9m3Hn1cKk0fVQ2W5tE',
    }),
})
export const mutationHeaders = cartHeaders.extend({
  'x-cart-account': z
    .string()
    .optional()
    .openapi({
      description:
        'The e-mail address (percent-encoded) of the account a change was made in, sent by a ' +
        'device replaying changes made signed in. The change is applied only with a live session ' +
        'of that account: with no session it is a 401 (it waits on the device for the customer ' +
        'to sign in again), with another account’s session a 409.',
      example: 'pilot%40example.com',
    }),
  'idempotency-key': z
    .string()
    .optional()
    .openapi({
      description:
        'Made on the device when the customer acts (8–128 of [A-Za-z0-9_-]). A repeat gets the ' +
        'first answer again, byte for byte (status and JSON text), for at least ' +
        `${keyRetentionDays} days; the same key with another body is a 422. A key belongs to the ` +
        'owner that used it first: another owner’s use of the same key is theirs (neither ' +
        'replayed nor refused). After a guest cart was merged at sign-in, its keys replay for ' +
        'the account. A signed-in change is kept under the device’s cart token too (the same ' +
        'key sent with and without the session is applied once), but is not replayed to the ' +
        'token alone or to another account: they get the 422.',
      example: 'add-7c1f0f3e-1b1a-4f7e-9d7b-5d1a2f3e4b5c',
    }),
})

export const unauthenticated = errorResponse(
  'No owner: neither a live bearer session nor an X-Cart-Token, or the bearer token is unknown ' +
    'or expired, or `X-Cart-Account` was sent without a bearer session',
)
export const otherAccount = errorResponse(
  `\`X-Cart-Account\` names another account than the session’s: “${madeForAnotherAccountMessage}”`,
)

export const IdParam = (description: string) =>
  z.object({
    id: z
      .string()
      .regex(/^[A-Za-z0-9_-]{1,128}$/)
      .openapi({ param: { name: 'id', in: 'path' }, description }),
  })

/** Either owner will do: a bearer session, or the device's cart token. */
export const ownerSecurity: Record<string, string[]>[] = [{ bearerAuth: [] }, { cartToken: [] }]

function idempotencyKeyOf(c: Context): { key: string | undefined } | { answer: WorkAnswer } {
  const key = c.req.header(IDEMPOTENCY_KEY_HEADER)
  if (key === undefined) return { key: undefined }
  if (!idempotencyKeyPattern.test(key))
    return {
      answer: fieldErrors({
        [IDEMPOTENCY_KEY_HEADER]: ['The Idempotency-Key must be 8 to 128 of [A-Za-z0-9_-].'],
      }),
    }
  return { key }
}

/** Merges the device's cart into the account's, if it has lines. */
async function mergeDevice(db: Database, userId: string, tokenHash: string) {
  if (await guestCartHasLines(db, tokenHash)) await mergeGuestCart(db, userId, tokenHash)
}

export type Work = (owner: CartOwner) => (tx: Transaction) => Promise<WorkAnswer>
/** Runs a change once per key its own way (the add: in two trips, services/cart/changes.ts addToCart). */
export type Run = (owner: CartOwner, idempotent: IdempotentCall) => Promise<SentAnswer>
/** Runs before the change (and before its key is looked up): a refusal of its own, or none. */
export type Gate = (owner: CartOwner) => Promise<Response | undefined>

/** The owner, answers and idempotent changes of order calls on one database. */
export function orderCalls(db: Database) {
  /**
   * A JSON answer from its text, sent as is (a replay is the first answer, byte for byte), built
   * complete (http/json-answer.ts).
   */
  const sendText = (c: Context, answer: SentAnswer) => {
    const extra = answer.status === 401 ? { 'WWW-Authenticate': 'Bearer' } : undefined
    return declared(
      finishedJson(c, answer.status, answer.text, extra) ??
        c.body(answer.text, answer.status as ContentfulStatusCode, {
          'Content-Type': 'application/json',
          ...extra,
        }),
    )
  }
  const send = (c: Context, answer: { status: number; body: unknown }) =>
    sendText(c, { status: answer.status, text: JSON.stringify(answer.body) })
  const ownerOf = (c: Context) =>
    resolveOwner(db, c, (userId, tokenHash) => mergeDevice(db, userId, tokenHash))

  /** Owner and key checked, then the change run once per key by `run`. */
  async function mutateWith(c: Context, call: string, body: unknown, run: Run, gate?: Gate) {
    const resolved = await ownerOf(c)
    if ('answer' in resolved) return send(c, resolved.answer)
    const keyed = idempotencyKeyOf(c)
    if ('answer' in keyed) return send(c, keyed.answer)
    const { owner } = resolved
    if (!owner) return send(c, { status: 401, body: { message: noOwnerMessage } })
    const refused = await gate?.(owner)
    if (refused) return declared(refused)
    return sendText(c, await run(owner, { call, scopes: scopesOf(owner), key: keyed.key, body }))
  }

  /** Owner and key checked, then the change run once per key in runIdempotent's transaction. */
  const mutate = (c: Context, call: string, body: unknown, work: Work, gate?: Gate) =>
    mutateWith(
      c,
      call,
      body,
      (owner, idempotent) => runIdempotent(db, idempotent, work(owner)),
      gate,
    )

  return { send, sendText, ownerOf, mutate, mutateWith }
}
