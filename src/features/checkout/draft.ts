import { useLiveQuery } from 'dexie-react-hooks'
import type { SubmitDisplay } from '../../../store-db/cart-outbox-model.ts'
import type { OrderSubmittedRecord } from '../../../store-db/store-db.ts'
import { db } from '../../lib/db.ts'
import { reviveCheckoutDraft, type CheckoutDraft } from './model.ts'

/*
 * The checkout's door to the store's IndexedDB database (store-db): what the customer typed
 * (meta `checkoutDraft`, written as they type, so an address typed offline survives a reload),
 * the submit waiting in the outbox, and the answer to the last submit the outbox sent (meta
 * `orderSubmitted`), read live.
 */

/** The kept draft; undefined until IndexedDB has answered. */
export function useCheckoutDraft(): CheckoutDraft | undefined {
  return useLiveQuery(async () => reviveCheckoutDraft((await db.checkoutDraft())?.data))
}

export async function keepCheckoutDraft(draft: CheckoutDraft): Promise<void> {
  await db.keepCheckoutDraft({ ...draft })
}

/** A submit waiting in the outbox (made offline): what the customer submitted. */
export interface WaitingSubmit {
  key: string
  order: SubmitDisplay
  at: number
}

/** The submit waiting to be sent, if any; undefined until IndexedDB has answered, then null. */
export function useWaitingSubmit(): WaitingSubmit | null | undefined {
  return useLiveQuery(async () => {
    const entry = await db.cartOutbox.filter((candidate) => candidate.kind === 'submit').first()
    return entry?.kind === 'submit' ? { key: entry.key, order: entry.order, at: entry.at } : null
  })
}

/** The shop's answer to the last submit the outbox sent; null when there is none. */
export function useSubmittedOrder(): OrderSubmittedRecord | null | undefined {
  return useLiveQuery(async () => (await db.submittedOrder()) ?? null)
}

export async function forgetSubmittedOrder(key: string): Promise<void> {
  await db.forgetSubmittedOrder(key)
}
