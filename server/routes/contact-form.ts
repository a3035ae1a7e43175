import { randomUUID } from 'node:crypto'
import { z } from '@hono/zod-openapi'
import type { Context } from 'hono'
import type { ContentfulStatusCode } from 'hono/utils/http-status'
import { IDEMPOTENCY_KEY_HEADER, idempotencyKeyPattern } from '../../contract/cart.ts'
import { recaptchaFailedMessage } from '../../contract/contact.ts'
import { RECAPTCHA_TOKEN_HEADER } from '../../contract/recaptcha-pages.ts'
import type { Database } from '../db/index.ts'
import { declared, type DeclaredAnswer } from '../http/declared-answer.ts'
import { clientAddress } from '../http/client-address.ts'
import { tooManyAttempts } from '../http/errors.ts'
import type { Logger } from '../log.ts'
import { fieldErrors } from '../services/field-errors.ts'
import { runIdempotent, type Transaction, type WorkAnswer } from '../services/idempotency.ts'
import { checkHuman, type RecaptchaVerifier } from '../services/recaptcha.ts'
import { attempt } from '../services/throttle.ts'

/*
 * What every form anyone may send goes through (contact, contact a coach, newsletter sign-up):
 * the Idempotency-Key (a form queued offline in the cart outbox is sent again until the shop
 * answers: one mail whatever the number of sends), the rate limits, reCAPTCHA when configured,
 * and the honeypot. In that order: a refused form costs no transaction.
 */

export interface FormDeps {
  db: Database
  siteUrl: string
  /** Verifies reCAPTCHA tokens; absent (no RECAPTCHA_SECRET_KEY): rate limits and honeypot. */
  recaptcha?: RecaptchaVerifier | undefined
  logger?: Logger | undefined
}

/** One scope for every anonymous form: keys are random UUIDs made on the device. */
const formScope = 'forms'

export const formHeaders = z.object({
  'idempotency-key': z
    .string()
    .optional()
    .openapi({
      description:
        'Made on the device when the visitor sends the form (8–128 of [A-Za-z0-9_-]): a form ' +
        'filled offline waits on the device and may be sent again; every send with the key ' +
        'gets the first answer and one mail. The same key with another body is a 422.',
      example: 'c-7c1f0f3e-1b1a-4f7e-9d7b-5d1a2f3e4b5c',
    }),
  'x-recaptcha-token': z
    .string()
    .optional()
    .openapi({
      description:
        'The invisible reCAPTCHA’s token, when the page has one. With RECAPTCHA_SECRET_KEY set it ' +
        'is verified (refused: 422 under `recaptcha`). A form without one (queued offline, or a ' +
        'page whose script did not load) is taken under tighter rate limits and the honeypot.',
    }),
})

export const formRefusals =
  'Invalid input, each message under its field; `recaptcha` when the token was refused; or a ' +
  'bad or reused `Idempotency-Key`'

/**
 * reCAPTCHA for a call that is not a form of ours (registration, guest sign-in): a refused token
 * is a 422 under `recaptcha`, a call without one is counted under the tighter limit (with a
 * verifier configured). Undefined: go on.
 */
export async function humanGate(
  c: Context,
  deps: Pick<FormDeps, 'recaptcha' | 'logger'> & { db: Database },
  form: string,
): Promise<DeclaredAnswer | undefined> {
  if (!deps.recaptcha) return undefined
  const address = clientAddress(c)
  const token = c.req.header(RECAPTCHA_TOKEN_HEADER) || undefined
  const human = await checkHuman(deps.recaptcha, token, address, () =>
    deps.logger?.warn({ form }, 'reCAPTCHA could not be verified: taken under the rate limits'),
  )
  if (human === 'refused') {
    return sendAnswer(c, fieldErrors({ recaptcha: [recaptchaFailedMessage] }))
  }
  if (human === 'unverified') {
    const wait = await attempt(deps.db, 'unverified', form, address)
    if (wait > 0) return declared(tooManyAttempts(c, wait))
  }
  return undefined
}

/** The reCAPTCHA header alone, for the sign-in and registration calls. */
export const recaptchaHeader = formHeaders.pick({ 'x-recaptcha-token': true })

/** A JSON answer from its text, sent as is: a replay is the first answer, byte for byte. */
function sendText(c: Context, status: number, text: string) {
  return declared(
    c.body(text, status as ContentfulStatusCode, { 'Content-Type': 'application/json' }),
  )
}

function sendAnswer(c: Context, answer: WorkAnswer) {
  return sendText(c, answer.status, JSON.stringify(answer.body))
}

/**
 * Runs a form: `sender` is the e-mail address it is counted under, `honeypot` what the hidden
 * field held, `work` the mail it queues (in the transaction that keeps the key's answer), given
 * a dedupe key for the mail that is the same at every send of the form.
 */
export async function receiveForm(
  c: Context,
  deps: FormDeps,
  {
    call,
    form,
    body,
    sender,
    honeypot,
    answer,
    work,
    scope = 'contact',
    captcha = true,
  }: {
    call: string
    /** The form's name, for the tighter count of forms sent without a token. */
    form: string
    body: unknown
    sender: string
    honeypot: string | undefined
    answer: WorkAnswer
    work: (tx: Transaction, dedupeKey: string) => Promise<WorkAnswer | void>
    scope?: 'contact' | 'mail'
    /** Whether the form is one reCAPTCHA guards (contact, contact a coach). */
    captcha?: boolean
  },
): Promise<DeclaredAnswer> {
  const key = c.req.header(IDEMPOTENCY_KEY_HEADER)
  if (key !== undefined && !idempotencyKeyPattern.test(key)) {
    return sendAnswer(
      c,
      fieldErrors({
        [IDEMPOTENCY_KEY_HEADER]: ['The Idempotency-Key must be 8 to 128 of [A-Za-z0-9_-].'],
      }),
    )
  }
  const address = clientAddress(c)
  const wait = await attempt(deps.db, scope, sender, address)
  if (wait > 0) return declared(tooManyAttempts(c, wait))
  const token = c.req.header(RECAPTCHA_TOKEN_HEADER) || undefined
  const verifier = captcha ? deps.recaptcha : undefined
  const human = await checkHuman(verifier, token, address, () =>
    deps.logger?.warn({ call }, 'reCAPTCHA could not be verified: taken under the rate limits'),
  )
  if (human === 'refused') {
    return sendAnswer(c, fieldErrors({ recaptcha: [recaptchaFailedMessage] }))
  }
  if (human === 'unverified' && verifier) {
    const unverifiedWait = await attempt(deps.db, 'unverified', form, address)
    if (unverifiedWait > 0) return declared(tooManyAttempts(c, unverifiedWait))
  }
  const sent = await runIdempotent(
    deps.db,
    { call, scopes: [formScope], key, body },
    async (tx) => {
      // A robot filled the field no person sees: it is answered as anyone, and nothing is sent.
      if (honeypot) return answer
      return (await work(tx, `${form}:${key ?? randomUUID()}`)) ?? answer
    },
  )
  return sendText(c, sent.status, sent.text)
}
