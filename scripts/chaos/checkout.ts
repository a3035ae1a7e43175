// The checkout at the end of a chaos run (issue 16): the device's cart, as the server holds it once
// the outbox drained, is submitted and paid with the test gateway's approved nonce through the
// lossy proxy, as the device's identity (its session, else a guest session started for it).
// Seeded like the rest of the run: a submit is sent once, twice at once (a double click), with
// its answer lost and sent again under the same key, or followed by a submit with a new key; a
// payment once, with its answer lost and sent again, or replayed with the same Idempotency-Key
// after its answer came; sometimes through the payment link. What was sent and what came back
// is checked by checkout-model.ts; the database, once the API processes stop, by `readLedger`.
import { randomUUID } from 'node:crypto'
import { setTimeout as sleep } from 'node:timers/promises'
import { inArray } from 'drizzle-orm'
import { openDatabase } from '../../server/db/index.ts'
import { outbox, payments, testGatewayCharges } from '../../server/db/schema.ts'
import type { LossyProxy } from '../lossy-proxy.ts'
import { orderOf, type CheckoutSeen, type Ledger, type PaymentSeen } from './checkout-model.ts'
import type { Line } from './model.ts'

export interface WireLine {
  sku: string
  qty: number
  meta: unknown[]
  child: { sku: string; qty: number; meta: unknown[] }[]
}

/** A server line's identity as the model writes it: sku, and its meta and children as JSON. */
export function lineOf(line: WireLine): Line {
  const child = line.child.map(({ sku, qty, meta }) => ({ sku, qty, meta }))
  const meta = line.meta.length || child.length ? JSON.stringify({ meta: line.meta, child }) : ''
  return { sku: line.sku, meta, qty: line.qty }
}

interface WireCart {
  id: string | null
  items: WireLine[]
  is_mto?: boolean
  require_signature?: boolean
  signed?: boolean
}

interface Answer {
  status: number
  text: string
}

const address = {
  name: 'Chaos Pilot',
  line1: '1200 Skydive Lane',
  city: 'Eloy',
  region: 'AZ',
  postal_code: '85131',
  country: 'US',
}

export interface CheckoutOptions {
  /** The lossy proxy's origin: every call passes through it. */
  proxy: LossyProxy
  seed: number
  random: () => number
  /** The page's live session, if it has one; else a guest session is started for the device. */
  bearer: string | undefined
  /** The device's cart token. */
  token: string | undefined
}

/**
 * Submits and pays the device's cart. Undefined `seen` when nothing could be submitted (no
 * shipping service takes a parcel that heavy): the actions say why.
 */
export async function checkOut({
  proxy,
  seed,
  random,
  bearer: pageBearer,
  token,
}: CheckoutOptions): Promise<{ seen?: CheckoutSeen; actions: string[] }> {
  const actions: string[] = []
  let bearer = pageBearer
  const send = async (
    method: 'GET' | 'POST',
    path: string,
    body?: unknown,
    key?: string,
  ): Promise<Answer | 'lost'> => {
    try {
      const response = await fetch(`${proxy.origin}/api${path}`, {
        method,
        headers: {
          'content-type': 'application/json',
          ...(token ? { 'x-cart-token': token } : {}),
          ...(bearer ? { authorization: `Bearer ${bearer}` } : {}),
          ...(key ? { 'idempotency-key': key } : {}),
        },
        body: body === undefined ? undefined : JSON.stringify(body),
      })
      return { status: response.status, text: await response.text() }
    } catch {
      // The proxy cut the connection after the server answered: the answer is lost.
      return 'lost'
    }
  }
  /** A keyed call until it is answered: a lost answer is sent again under the same key. */
  const keyed = async (path: string, body: unknown, key: string): Promise<Answer> => {
    for (let tries = 0; tries < 8; tries += 1) {
      const answer = await send('POST', path, body, key)
      if (answer === 'lost') continue
      // Another API process is asking the provider about this attempt, or it did not answer.
      if (answer.status === 409 || answer.status === 503) {
        await sleep(250 * (tries + 1))
        continue
      }
      return answer
    }
    throw new Error(`POST ${path}: no answer after 8 tries`)
  }
  const ok = async (method: 'GET' | 'POST', path: string, body?: unknown): Promise<string> => {
    const answer =
      method === 'GET'
        ? await send('GET', path)
        : await keyed(path, body, `chaos-${seed}-${randomUUID()}`)
    if (answer === 'lost' || answer.status !== 200)
      throw new Error(
        `checkout: ${method} ${path}: ${answer === 'lost' ? 'lost' : `${answer.status} ${answer.text}`}`,
      )
    return answer.text
  }
  const cart = async () => JSON.parse(await ok('GET', '/order')) as WireCart
  const lose = (path: string) =>
    proxy.loseAnswers((request) => request.method === 'POST' && request.url === `/api${path}`, 1)

  if (!bearer) {
    const answer = await send('POST', '/login-guest', {
      email: `chaos-${seed}-checkout@example.com`,
      remember: false,
    })
    if (answer === 'lost' || answer.status !== 200)
      throw new Error(`checkout: guest sign-in: ${answer === 'lost' ? 'lost' : answer.status}`)
    bearer = (JSON.parse(answer.text) as { token: string }).token
    actions.push('checkout as a guest')
  }
  let current = await cart()
  if (current.items.length === 0) {
    await ok('POST', '/order/add', { sku: 'MISSION-BAG-BLACK', qty: 1, meta: [], child: [] })
    current = await cart()
    actions.push('checkout: add a bag (the cart was empty)')
  }
  if (current.require_signature && !current.signed)
    await ok('POST', '/order/create-order-signature', { checkbox: 'on', name: address.name })
  await ok('POST', '/order/save-shipping-address', { address })
  if (!current.is_mto) {
    const { options, weight_grams: grams } = JSON.parse(
      await ok('GET', '/order/shipping-options'),
    ) as {
      options: { carrier: string; service_code: string; service_name: string }[]
      weight_grams: number
    }
    const option = options[0]
    if (!option) {
      actions.push(`checkout: no shipping service takes ${grams} g`)
      return { actions }
    }
    await ok('POST', '/order/save-shipping-option', {
      carrier: option.carrier,
      service_code: option.service_code,
      service_name: option.service_name,
    })
  }
  const lines = (await cart()).items.map(lineOf)

  // The submit, as the network and the customer's clicks make it.
  const submitKey = `chaos-submit-${seed}-${randomUUID()}`
  const submit = () => keyed('/order/submit', { notes: `chaos ${seed}` }, submitKey)
  const roll = random()
  const answers: Answer[] = []
  let submitAgain: number | undefined
  if (roll < 0.3) {
    lose('/order/submit')
    answers.push(await submit())
    actions.push('submit (answer lost, sent again)')
  } else if (roll < 0.5) {
    answers.push(...(await Promise.all([submit(), submit()])))
    actions.push('submit twice at once')
  } else if (roll < 0.7) {
    answers.push(await submit())
    const again = await keyed('/order/submit', {}, `chaos-submit-${seed}-${randomUUID()}`)
    submitAgain = again.status
    actions.push(`submit, then again with a new key (${again.status})`)
  } else {
    answers.push(await submit())
    actions.push('submit')
  }
  const submitAnswers = answers.filter((a) => a.status === 200).map((a) => a.text)
  if (submitAnswers.length === 0)
    throw new Error(`checkout: submit answered ${answers.map((a) => `${a.status} ${a.text}`)}`)
  const seen: CheckoutSeen = {
    seed,
    cart: lines,
    submitAnswers,
    submitAgain,
    order: [],
    cartAfter: [],
  }
  const order = orderOf(seen)
  seen.order = (JSON.parse(await ok('GET', `/order/${order.id}`)) as WireCart).items.map(lineOf)
  seen.cartAfter = (await cart()).items.map(lineOf)

  // The payment: due today unless made to order; a made-to-order order is paid by link at times.
  if (!order.payment_due_today && random() < 0.5) {
    actions.push('no payment (made to order)')
    return { seen, actions }
  }
  const byLink = !order.payment_due_today || random() < 0.3
  const target = byLink
    ? (
        JSON.parse(await ok('GET', `/order/get-submitted-order/${order.id}`)) as {
          payment_code: string
        }
      ).payment_code
    : order.id
  const path = `/payment/braintree/${target}`
  const payKey = `chaos-pay-${seed}-${randomUUID()}`
  const payment: PaymentSeen = { key: payKey, answers: [], byLink }
  const pay = async () => {
    const answer = await keyed(path, { nonce: 'fake-valid-nonce' }, payKey)
    if (answer.status !== 200) throw new Error(`checkout: payment: ${answer.status} ${answer.text}`)
    payment.answers.push(answer.text)
  }
  const how = random()
  if (how < 0.35) {
    lose(path)
    await pay()
    actions.push(`pay${byLink ? ' by link' : ''} (answer lost, sent again)`)
  } else if (how < 0.7) {
    await pay()
    await pay()
    actions.push(`pay${byLink ? ' by link' : ''}, replayed with its key`)
  } else {
    await pay()
    actions.push(`pay${byLink ? ' by link' : ''}`)
  }
  proxy.stopLosing()
  seen.payment = payment
  return { seen, actions }
}

/**
 * The test gateway's charges, the payments and the outbox's mail of these orders, read from the
 * database once its API processes are stopped (PGlite's directory is one process's).
 */
export async function readLedger(
  where: { dataDir: string; databaseUrl?: string | undefined },
  orderIds: string[],
): Promise<Ledger> {
  const database = await openDatabase(where)
  try {
    const { db } = database
    if (orderIds.length === 0) return { charges: [], payments: [], mail: [] }
    const charges = await db
      .select()
      .from(testGatewayCharges)
      .where(inArray(testGatewayCharges.orderId, orderIds))
    const rows = await db.select().from(payments).where(inArray(payments.orderId, orderIds))
    const mail = await db
      .select({ dedupeKey: outbox.dedupeKey })
      .from(outbox)
      .where(inArray(outbox.kind, ['order-submitted', 'payment-received']))
    return {
      charges: charges.map(({ orderId, attemptKey, status, amount }) => ({
        orderId,
        attemptKey,
        status,
        amount,
      })),
      payments: rows.map(({ orderId, attemptKey, status, id }) => ({
        orderId,
        attemptKey,
        status,
        id,
      })),
      mail: mail.map((row) => row.dedupeKey),
    }
  } finally {
    await database.close()
  }
}
