import { and, asc, desc, eq, ne } from 'drizzle-orm'
import type { ShippingAddress } from '../../contract/address.ts'
import type { Address } from '../../contract/auth.ts'
import { uuidPattern } from '../../contract/uuid.ts'
import type { Database } from '../db/index.ts'
import { addresses, users } from '../db/schema.ts'
import type { Transaction } from './idempotency.ts'

/*
 * An account's saved addresses (docs/accounts-and-guests.md, "Saved addresses"): read, added,
 * edited, deleted and made the default, by the account itself only. The addresses come here
 * checked and normalised (services/checkout.ts validAddress, the checkout's own check). Each
 * change runs in a transaction holding the account's row, so two changes at once (two tabs, a
 * double tap) never leave two defaults, or none while addresses remain. An account keeps each
 * address once, and at most one default; while it has any, one is the default.
 */

type Executor = Database | Transaction
type AddressRow = typeof addresses.$inferSelect

/** How many addresses an account keeps: a handful is usual; this keeps the list a list. */
export const maxSavedAddresses = 20

export const addressGoneMessage = 'This address is not among your saved addresses.'
export const tooManyAddressesMessage = `Your account keeps up to ${maxSavedAddresses} addresses: delete one you no longer use first.`
export const alreadySavedMessage = 'You have saved this address already.'

/** An address as the API answers it (GET /api/user/get-addresses/). */
export function toAddress(row: AddressRow): Address {
  return {
    id: row.id,
    name: row.name,
    line1: row.line1,
    line2: row.line2,
    city: row.city,
    region: row.region,
    postal_code: row.postalCode,
    country: row.country,
    phone: row.phone,
    is_default: row.isDefault,
  }
}

function columnsOf(address: ShippingAddress) {
  return {
    name: address.name,
    line1: address.line1,
    line2: address.line2,
    city: address.city,
    region: address.region,
    postalCode: address.postal_code,
    country: address.country,
    phone: address.phone,
  }
}

/** Both normalised (contract/address.ts checkAddress): the same parcel label, field for field. */
function sameAddress(address: ShippingAddress, row: AddressRow): boolean {
  const columns = columnsOf(address)
  return (Object.keys(columns) as (keyof typeof columns)[]).every(
    (key) => (columns[key] ?? null) === row[key],
  )
}

/** The account's saved addresses, the default first, then the newest. */
function savedRows(db: Executor, userId: string) {
  return db
    .select()
    .from(addresses)
    .where(eq(addresses.userId, userId))
    .orderBy(desc(addresses.isDefault), desc(addresses.createdAt), asc(addresses.id))
}

/** The account's saved addresses as the API answers them, the default first, then the newest. */
export async function savedAddresses(db: Database, userId: string): Promise<Address[]> {
  return (await savedRows(db, userId)).map(toAddress)
}

/** A change made: the list as it is after it. */
export interface Saved {
  addresses: Address[]
}
/** The id names none of the account's addresses. */
export interface Gone {
  refused: 'gone'
}
/** The change would break a rule of the list: messages per field, as a 422 gives them. */
export interface Invalid {
  refused: 'invalid'
  errors: Record<string, string[]>
}

/**
 * Runs `work` on the account's addresses as they are, holding the account's row, and answers the
 * list as it is after (or the refusal `work` returned, with nothing changed).
 */
function change<R extends Gone | Invalid>(
  db: Database,
  userId: string,
  work: (tx: Transaction, saved: AddressRow[]) => Promise<R | void>,
): Promise<Saved | R> {
  return db.transaction(async (tx) => {
    await tx.select({ id: users.id }).from(users).where(eq(users.id, userId)).for('update')
    const refusal = await work(tx, await savedRows(tx, userId))
    if (refusal) return refusal
    return { addresses: (await savedRows(tx, userId)).map(toAddress) }
  })
}

const gone: Gone = { refused: 'gone' }
const invalid = (field: string, message: string): Invalid => ({
  refused: 'invalid',
  errors: { [field]: [message] },
})

/** The saved address `id` names, if it is the account's (any other id, junk too, names none). */
function findSaved(saved: AddressRow[], id: string): AddressRow | undefined {
  return uuidPattern.test(id) ? saved.find((row) => row.id === id.toLowerCase()) : undefined
}

async function setDefault(tx: Transaction, userId: string, id: string) {
  await tx
    .update(addresses)
    .set({ isDefault: false })
    .where(and(eq(addresses.userId, userId), ne(addresses.id, id), eq(addresses.isDefault, true)))
  await tx.update(addresses).set({ isDefault: true }).where(eq(addresses.id, id))
}

/**
 * Keeps an address among the account's, once, inside the caller's transaction: the checkout's
 * "save to my account" (services/checkout.ts). The account's row is held, as every change here
 * holds it. At the limit nothing is kept: the order has its address, and the account's list is
 * managed from the account. Answers the address's row, or undefined when none was kept.
 */
export async function keepAddress(
  tx: Transaction,
  userId: string,
  address: ShippingAddress,
): Promise<AddressRow | undefined> {
  await tx.select({ id: users.id }).from(users).where(eq(users.id, userId)).for('update')
  const saved = await savedRows(tx, userId)
  const same = saved.find((row) => sameAddress(address, row))
  if (same || saved.length >= maxSavedAddresses) return same
  const [row] = await tx
    .insert(addresses)
    .values({ userId, ...columnsOf(address), isDefault: saved.length === 0 })
    .returning()
  return row
}

/**
 * Keeps a new address. One the account has already is not kept twice: the answer is the list as
 * it is (a repeated add after a lost answer changes nothing), made the default if asked. The
 * account's first address is its default.
 */
export function addSavedAddress(
  db: Database,
  userId: string,
  address: ShippingAddress,
  makeDefault: boolean,
): Promise<Saved | Invalid> {
  return change<Invalid>(db, userId, async (tx, saved) => {
    const same = saved.find((row) => sameAddress(address, row))
    if (same) {
      if (makeDefault && !same.isDefault) await setDefault(tx, userId, same.id)
      return
    }
    if (saved.length >= maxSavedAddresses) return invalid('address', tooManyAddressesMessage)
    const [row] = await tx
      .insert(addresses)
      .values({ userId, ...columnsOf(address), isDefault: saved.length === 0 })
      .returning({ id: addresses.id })
    if (makeDefault && saved.length > 0) await setDefault(tx, userId, row!.id)
  })
}

/**
 * Changes a saved address in place (its place in the list and its default mark stay), made the
 * default if asked. Made the same as another saved address, it is refused: the account would
 * keep that address twice.
 */
export function editSavedAddress(
  db: Database,
  userId: string,
  id: string,
  address: ShippingAddress,
  makeDefault: boolean,
): Promise<Saved | Gone | Invalid> {
  return change<Gone | Invalid>(db, userId, async (tx, saved) => {
    const row = findSaved(saved, id)
    if (!row) return gone
    if (saved.some((other) => other.id !== row.id && sameAddress(address, other)))
      return invalid('address', alreadySavedMessage)
    await tx.update(addresses).set(columnsOf(address)).where(eq(addresses.id, row.id))
    if (makeDefault && !row.isDefault) await setDefault(tx, userId, row.id)
  })
}

/** Deletes a saved address; when it was the default, the newest of the rest becomes the default. */
export function deleteSavedAddress(
  db: Database,
  userId: string,
  id: string,
): Promise<Saved | Gone> {
  return change<Gone>(db, userId, async (tx, saved) => {
    const row = findSaved(saved, id)
    if (!row) return gone
    await tx.delete(addresses).where(eq(addresses.id, row.id))
    // The rest are listed newest first (the default, this one, stood before them).
    const next = saved.find((other) => other.id !== row.id)
    if (row.isDefault && next) await setDefault(tx, userId, next.id)
  })
}

/** Makes a saved address the account's default (the one the checkout offers first). */
export function makeDefaultAddress(
  db: Database,
  userId: string,
  id: string,
): Promise<Saved | Gone> {
  return change<Gone>(db, userId, async (tx, saved) => {
    const row = findSaved(saved, id)
    if (!row) return gone
    if (!row.isDefault) await setDefault(tx, userId, row.id)
  })
}
