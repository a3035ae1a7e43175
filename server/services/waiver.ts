import { desc, eq, sql } from 'drizzle-orm'
import type { Product } from '../../contract/catalog.ts'
import { waiverChangedMessage, type Waiver } from '../../contract/waiver.ts'
import type { Database } from '../db/index.ts'
import { orderSignatures, waivers } from '../db/schema.ts'
import type { Transaction, WorkAnswer } from './idempotency.ts'

/*
 * The waiver (content/waivers/, seeded into `waivers`): which version is current, whether an
 * order needs a signature, and the signature itself. A signature counts for the version it was
 * made on only: once a newer version is seeded, `signed` is false again until the customer signs
 * that one.
 */

type Executor = Database | Transaction

/**
 * The current version as a sub-select: the active version with the latest date. Written into
 * the statements that read a cart, so `signed` costs no round trip of its own and every API
 * process sees a new version as soon as it is seeded.
 */
const currentWaiverVersion = `(select w.version from waivers w
  where w.active order by w.date desc, w.version desc limit 1)`

/**
 * Whether the order (`"orders"."id"` of the statement it is written into) signed the current
 * version, as SQL text: the add's prepared statements (services/cart/open-cart.ts) are text, not drizzle's.
 */
export const signedCurrentWaiverText = `exists(select 1 from order_signatures s
  where s.order_id = "orders"."id" and s.waiver_version = ${currentWaiverVersion})`

/** signedCurrentWaiverText for drizzle's statements. */
export const signedCurrentWaiver = sql<boolean>`${sql.raw(signedCurrentWaiverText)}`

/** The current waiver, or undefined when the store has none (it sells nothing that needs one). */
export async function currentWaiver(db: Executor): Promise<Waiver | undefined> {
  const [row] = await db
    .select({
      version: waivers.version,
      date: waivers.date,
      title: waivers.title,
      html: waivers.html,
      text: waivers.text,
    })
    .from(waivers)
    .where(eq(waivers.active, true))
    .orderBy(desc(waivers.date), desc(waivers.version))
    .limit(1)
  return row
}

interface LineLike {
  parentId: string | null
  productSlug: string
}

/**
 * Whether an order needs a signed waiver (docs/checkout.md: `requireSignature`): any of its lines
 * is a product whose content says `requires_waiver`. Children carry their parent's product.
 */
export function requiresSignature(
  lines: readonly LineLike[],
  productBySlug: (slug: string) => Product | undefined,
): boolean {
  return lines.some(
    (line) => line.parentId === null && productBySlug(line.productSlug)?.requires_waiver === true,
  )
}

export const nothingToSignMessage =
  'Nothing in your cart needs the waiver, so there is nothing to sign.'
export const noWaiverMessage = 'There is no waiver to sign at the moment.'

/**
 * Keeps a signature of the current version on an order (create-order-signature): the signer's
 * name as typed, the time and the version. `readVersion`, when the client sent the version it
 * showed, must still be the current one.
 */
export async function signWaiver(
  tx: Transaction,
  orderId: string,
  name: string,
  readVersion: string | undefined,
): Promise<WorkAnswer | undefined> {
  const waiver = await currentWaiver(tx)
  const refuse = (message: string) => ({
    status: 422,
    body: { message, errors: { waiver_version: [message] } },
  })
  if (!waiver) return refuse(noWaiverMessage)
  if (readVersion !== undefined && readVersion !== waiver.version)
    return refuse(waiverChangedMessage)
  await tx.insert(orderSignatures).values({ orderId, name, waiverVersion: waiver.version })
  return undefined
}

/** The latest signature of an order, whichever version (for the submit check's message). */
export async function latestSignature(db: Executor, orderId: string) {
  const [row] = await db
    .select()
    .from(orderSignatures)
    .where(eq(orderSignatures.orderId, orderId))
    .orderBy(desc(orderSignatures.signedAt))
    .limit(1)
  return row
}
