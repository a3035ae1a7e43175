import { randomBytes } from 'node:crypto'
import { and, eq, inArray, isNull, lt, or, sql } from 'drizzle-orm'
import type { Cart } from '../../contract/cart.ts'
import {
  initialCheckoutFlags,
  readyToSubmit,
  refreshCheckoutFlags,
} from '../../contract/checkout-steps.ts'
import { canMove, paidStatus } from '../../contract/order-lifecycle.ts'
import { holdsFor, sameOption, type RatedOption } from '../../contract/shipping.ts'
import {
  codeNotStartedMessage,
  codeUsedUpMessage,
  emptyCartMessage,
  noAddressToSubmitMessage,
  noShippingToSubmitMessage,
  resignWaiverMessage,
  shippingGoneMessage,
  shippingRepricedMessage,
  unsignedWaiverMessage,
  type SubmitAnswer,
} from '../../contract/submit.ts'
import { discountCodes, orderDiscounts, orderEvents, orders } from '../db/schema.ts'
import { queueMail } from '../mail/outbox.ts'
import { orderSubmittedMail, type MailSite } from '../mail/templates.ts'
import { touchOpenCart, type CartRows } from './cart/open-cart.ts'
import type { Palette } from './cart/pricing.ts'
import { cartOf } from './cart/view.ts'
import { fieldErrors } from './field-errors.ts'
import type { CartOwner } from './cart-owner.ts'
import type { CatalogSnapshot } from './catalog-cache.ts'
import { creditedDealer } from './dealers.ts'
import { orderMailData } from './orders/mail-data.ts'
import type { Transaction, WorkAnswer } from './idempotency.ts'
import { parcelOf, parcelWeight, type ShippingRates } from './shipping.ts'
import { latestSignature } from './waiver.ts'

/*
 * Submit: the caller's open cart becomes an order, once. The route runs it through the one
 * idempotency module (a double click, a replay, two tabs: one order), and it locks the cart first,
 * so a second submit with a key of its own waits for the first and then finds no cart. The order
 * is checked with the checkout's own step machine (contract/checkout-steps.ts), its shipping
 * option against the rates as they are now, and its discount codes' uses are counted with one
 * conditional update, so two orders racing for a code's last use cannot both have it.
 */

export interface SubmitInput {
  notes: string | undefined
  optIn: boolean
  /** Where the order's mail goes: the submitting session's e-mail address. */
  email: string
  /** A guest session on an account with a password: that account (orders.guest_of). */
  guestOf?: string | undefined
}

/** What a submit made, for the confirmation mail sent after its commit. */
export interface SubmittedOrder {
  id: string
  email: string
  paymentCode: string
  cart: Cart
  total: number
  paymentDueToday: boolean
}

export interface SubmitResult {
  answer: WorkAnswer
  /** Set when this run submitted the order (not on a refusal). */
  submitted?: SubmittedOrder
}

const refuse = (errors: Record<string, string[]>): SubmitResult => ({ answer: fieldErrors(errors) })

/**
 * The chosen shipping option as the rates price it now, or why it cannot be used: no longer
 * offered for the address and weight, or offered at another price than the customer chose.
 */
async function recheckShipping(
  rows: CartRows,
  rates: ShippingRates,
  catalog: CatalogSnapshot,
): Promise<{ option: RatedOption } | { problem: string } | undefined> {
  const { shippingAddress: address, shippingOption: chosen } = rows.order
  if (!address || !chosen) return undefined
  const parcel = parcelOf(rows.lines, (slug) => catalog.productBySlug(slug))
  const offered = (await rates.optionsFor(address, parcel)).find((option) =>
    sameOption(option, chosen),
  )
  if (!offered) return { problem: shippingGoneMessage }
  if (offered.amount !== chosen.amount || !holdsFor(chosen, parcelWeight(parcel)))
    return { problem: shippingRepricedMessage }
  return { option: offered }
}

/**
 * Counts one use of each code, in one statement, only where a use is left and the code has not
 * expired. The codes that had none left are answered; if there are any, the uses just counted
 * are given back (their rows are still locked by this transaction: no one saw them).
 */
async function countCodeUses(
  tx: Transaction,
  codes: readonly { id: string; code: string }[],
): Promise<string[]> {
  if (codes.length === 0) return []
  const ids = codes.map((code) => code.id)
  const counted = await tx
    .update(discountCodes)
    .set({ usedCount: sql`${discountCodes.usedCount} + 1` })
    .where(
      and(
        inArray(discountCodes.id, ids),
        or(isNull(discountCodes.usageLimit), lt(discountCodes.usedCount, discountCodes.usageLimit)),
        or(isNull(discountCodes.expiresAt), sql`${discountCodes.expiresAt} > now()`),
        or(isNull(discountCodes.startsAt), sql`${discountCodes.startsAt} <= now()`),
      ),
    )
    .returning({ id: discountCodes.id })
  if (counted.length === ids.length) return []
  if (counted.length > 0)
    await tx
      .update(discountCodes)
      .set({ usedCount: sql`${discountCodes.usedCount} - 1` })
      .where(
        inArray(
          discountCodes.id,
          counted.map((row) => row.id),
        ),
      )
  return codes.filter((code) => !counted.some((row) => row.id === code.id)).map((code) => code.id)
}

/** The shop moved the code's start past now after it was added to the cart. */
const notStarted = (code: CartRows['codes'][number], now: Date) =>
  code.startsAt !== null && code.startsAt > now

/** Whether a code can still be used at all: started, not expired, a use left. */
const usable = (code: CartRows['codes'][number], now: Date) =>
  !notStarted(code, now) &&
  (!code.expiresAt || code.expiresAt > now) &&
  (code.usageLimit === null || code.usedCount < code.usageLimit)

/** POST /api/order/submit, inside the idempotent run's transaction. */
export async function submitOrder(
  tx: Transaction,
  owner: CartOwner,
  input: SubmitInput,
  rates: ShippingRates,
  catalog: CatalogSnapshot,
  palette: Palette,
): Promise<SubmitResult> {
  // The cart, locked: a concurrent submit (or cart change) of this owner waits here, and one
  // that waited for a submit finds the cart gone (it is no longer open).
  const rows = await touchOpenCart(tx, owner)
  if (!rows || !rows.lines.some((line) => line.parentId === null))
    return refuse({ cart: [emptyCartMessage] })
  const cart = cartOf(rows, catalog, palette)
  const isMto = cart.is_mto === true

  // The same step machine as the checkout screen, with the shipping option re-checked now.
  const shipping = isMto ? undefined : await recheckShipping(rows, rates, catalog)
  const flags = refreshCheckoutFlags(initialCheckoutFlags, {
    isMto,
    shippingAddress: rows.order.shippingAddress,
    shipping: shipping && 'option' in shipping ? shipping.option : null,
    requireSignature: cart.require_signature === true,
    signed: cart.signed === true,
  })
  if (!readyToSubmit(flags)) {
    const errors: Record<string, string[]> = {}
    if (!flags.hasShippingAddress) errors.shipping_address = [noAddressToSubmitMessage]
    if (flags.requireShippingMethod && !flags.hasShippingMethod)
      errors.shipping = [
        shipping && 'problem' in shipping ? shipping.problem : noShippingToSubmitMessage,
      ]
    if (flags.requireSignedWaiver && !flags.hasSignedWaiver)
      errors.signature = [
        (await latestSignature(tx, rows.order.id)) ? resignWaiverMessage : unsignedWaiverMessage,
      ]
    return refuse(errors)
  }

  // Every code on the cart must still be usable: one that ran out (its last use taken by
  // another order, a moment ago or in a submit racing this one; expired; or its start moved
  // past today by the shop since it was added) refuses the submit
  // and is taken off the cart, so the customer sees the total without it and submits again.
  // Nothing else changes: the lines, address, shipping and signature stay as they were. Codes
  // that give this order nothing (no line they apply to) are not counted as used.
  const now = new Date()
  const dead = rows.codes.filter((code) => !usable(code, now)).map((code) => code.id)
  const giving = rows.codes.filter(
    (code, index) => !dead.includes(code.id) && (cart.discounts[index]?.amount ?? 0) > 0,
  )
  if (dead.length === 0) dead.push(...(await countCodeUses(tx, giving)))
  if (dead.length > 0) {
    await tx
      .delete(orderDiscounts)
      .where(
        and(
          eq(orderDiscounts.orderId, rows.order.id),
          inArray(orderDiscounts.discountCodeId, dead),
        ),
      )
    return refuse({
      discount_codes: rows.codes
        .filter((code) => dead.includes(code.id))
        .map((code) =>
          notStarted(code, now) ? codeNotStartedMessage(code.code) : codeUsedUpMessage(code.code),
        ),
    })
  }

  const option = shipping && 'option' in shipping ? shipping.option : null
  const total = cart.total + (option?.amount ?? 0)
  // A fully discounted order has nothing to pay: it is paid as it is submitted.
  const status = paidStatus(total, 0) === 'paid' ? 'paid' : 'submitted'
  if (!canMove('open', 'submitted') || (status === 'paid' && !canMove('submitted', 'paid')))
    throw new Error('the order lifecycle no longer allows submit')
  const paymentCode = randomBytes(32).toString('base64url')
  const notes = input.notes?.trim() || null
  // The dealer credited with the order, fixed now (services/dealers.ts).
  const dealerId = await creditedDealer(tx, rows.order)
  const [order] = await tx
    .update(orders)
    .set({
      status,
      submittedAt: sql`now()`,
      notes,
      optIn: input.optIn,
      totalAmount: total,
      paymentCode,
      email: input.email,
      guestOf: input.guestOf ?? null,
      dealerId,
      // Kept as priced now; a made-to-order suit's shipping is settled when it is made.
      shippingOption: option,
      updatedAt: sql`now()`,
    })
    .where(and(eq(orders.id, rows.order.id), eq(orders.status, 'open')))
    .returning()
  if (!order) throw new Error('the locked cart was not open')
  // Each code's amount as charged: the submitted order shows it whatever the code does later.
  for (const [index, code] of rows.codes.entries())
    await tx
      .update(orderDiscounts)
      .set({ amount: cart.discounts[index]?.amount ?? 0 })
      .where(and(eq(orderDiscounts.orderId, order.id), eq(orderDiscounts.discountCodeId, code.id)))
  const paymentDueToday = !isMto && status === 'submitted'
  await tx.insert(orderEvents).values([
    {
      orderId: order.id,
      status: 'submitted',
      note: isMto
        ? 'Submitted: made to order, no payment due today.'
        : paymentDueToday
          ? 'Submitted: payment due.'
          : 'Submitted.',
    },
    ...(status === 'paid'
      ? [{ orderId: order.id, status: 'paid' as const, note: 'Nothing to pay.' }]
      : []),
  ])
  const answer: SubmitAnswer = {
    id: order.id,
    status,
    currency: order.currency,
    total,
    payment_due_today: paymentDueToday,
  }
  return {
    answer: { status: 200, body: answer },
    submitted: {
      id: order.id,
      email: input.email,
      paymentCode,
      cart: { ...cart, status, shipping: option && { ...option } },
      total,
      paymentDueToday,
    },
  }
}

/**
 * The order's confirmation mail, queued in the submit's transaction (both commit, or neither):
 * the lines, the total and what happens next (pay now through the order's payment link; a
 * made-to-order suit: nothing due today, and the link to pay the balance early; nothing at all
 * for an order with nothing to pay).
 */
export async function queueSubmittedMail(
  tx: Transaction,
  submitted: SubmittedOrder,
  site: MailSite,
): Promise<void> {
  const [row] = await tx.select().from(orders).where(eq(orders.id, submitted.id))
  const data = row && (await orderMailData(tx, row))
  if (data)
    await queueMail(
      tx,
      orderSubmittedMail(site, {
        order: data,
        paymentDueToday: submitted.paymentDueToday,
        madeToOrder: submitted.cart.is_mto === true,
      }),
    )
}
