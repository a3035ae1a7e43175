import { createHash } from 'node:crypto'
import { and, eq, inArray, lt, sql } from 'drizzle-orm'
import { inTwoTrips, type Database } from '../db/index.ts'
import { idempotencyKeys } from '../db/schema.ts'
import { statement, step, type Row, type Step } from '../db/two-trips.ts'

/*
 * Idempotent calls: every change a client may send twice (a lost answer, a second tab, a queue
 * replayed after days offline, a second API process) goes through runIdempotent, which applies
 * it at most once per key and gives every repeat the first answer, byte for byte. Cart changes
 * use it today; checkout submit, payment, payout and contact calls are meant to use it as they
 * are written: a call name, the caller's scopes, the body, and the work in one transaction.
 *
 * Scope rule: a key belongs to the owner that first used it. `scopes[0]` is the caller's own;
 * the others are other identities of the same caller (the device's cart token of a signed-in
 * request): a key the caller made under any of them is replayed, and a new key is kept under
 * all of them, owned by `scopes[0]`. A key found under one of the caller's scopes but made by
 * another identity (an account's key kept under the device's token, asked by the token alone
 * after sign-out) is refused like a reused key (422), so an account's answers never reach the
 * device's anonymous cart. A key found in no scope of the caller is theirs
 * to use: another owner's use of the same key is neither replayed to them nor refused, because
 * either would tell one owner something about another's requests.
 *
 * Concurrency rule: the key's row is inserted first, in the change's own transaction. A
 * concurrent duplicate (this process or another) waits on the primary key until the first
 * commits, then finds the row with its answer and replays it; if the first rolled back, the
 * duplicate does the work itself. The answer is written before the commit, so a key is never
 * seen without it.
 */

export type Transaction = Parameters<Parameters<Database['transaction']>[0]>[0]

/**
 * How long a key is kept: 90 days. The app's queue keeps a waiting change up to 60 days
 * (CART_QUEUE_RETENTION_MINUTES in sw/cart-queue.ts) and may replay it at any time until then;
 * a key pruned earlier would apply that change twice. The month beyond covers a clock that is
 * wrong on the device, and the time between prunes.
 */
export const idempotencyKeyRetentionMs = 90 * 24 * 3600 * 1000

/** What the work of a call answers: a status and its JSON body, and what it made, if anything. */
export interface WorkAnswer {
  status: number
  body: unknown
  /** An id later calls may name by this key (an add's cart line). */
  ref?: string
}

/** An answer as sent: the status and the JSON text exactly as it goes on the wire. */
export interface SentAnswer {
  status: number
  text: string
}

export interface IdempotentCall {
  /** The call, with its path parameters: `POST /order/item/{id}/update-qty` with the id. */
  call: string
  /** The caller's scopes, its own first (see the scope rule above). */
  scopes: readonly [string, ...string[]]
  /** The Idempotency-Key header, already checked against idempotencyKeyPattern. */
  key: string | undefined
  body: unknown
}

export const keyReusedMessage =
  'This Idempotency-Key was already used for another request. Make a new key for each change.'

/** The 422 of a key used again with another request. */
export function keyReusedAnswer(): WorkAnswer {
  return {
    status: 422,
    body: { message: keyReusedMessage, errors: { 'Idempotency-Key': [keyReusedMessage] } },
  }
}

/** Sorted keys, so the same document always hashes the same. */
export function stableJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(stableJson).join(',')}]`
  if (value && typeof value === 'object')
    return `{${Object.keys(value)
      .sort()
      .map((key) => `${JSON.stringify(key)}:${stableJson((value as Record<string, unknown>)[key])}`)
      .join(',')}}`
  return JSON.stringify(value)
}

export function sha256(text: string): string {
  return createHash('sha256').update(text).digest('hex')
}

/** What makes two requests "the same" for an idempotency key: the call and its body. */
export function requestHash(call: string, body: unknown): string {
  return sha256(`${call}\n${stableJson(body)}`)
}

type KeyRow = Pick<
  typeof idempotencyKeys.$inferSelect,
  'scope' | 'requestHash' | 'status' | 'answer' | 'ref' | 'ownerScope'
>

function sent(answer: WorkAnswer): SentAnswer {
  return { status: answer.status, text: JSON.stringify(answer.body) }
}

/** The scope of the caller that made a key. */
const ownerOf = (row: KeyRow) => row.ownerScope ?? row.scope

function replayOf(row: KeyRow, hash: string, scopes: readonly string[]): SentAnswer {
  // Another identity's key (an account's, kept under this device's token) is not replayed to
  // the token alone: its answer is the account's cart.
  if (row.requestHash !== hash || !scopes.includes(ownerOf(row))) return sent(keyReusedAnswer())
  // A row is only visible once its transaction committed, and it commits with its answer.
  return { status: row.status ?? 500, text: row.answer ?? 'null' }
}

/**
 * Runs `work` once per (scope, key) and answers as the first run answered. Without a key the
 * work simply runs in a transaction of its own.
 */
export async function runIdempotent(
  db: Database,
  { call, scopes, key, body }: IdempotentCall,
  work: (tx: Transaction) => Promise<WorkAnswer>,
): Promise<SentAnswer> {
  if (!key) return sent(await db.transaction(work))
  const hash = requestHash(call, body)
  const forKey = (among: readonly string[]) =>
    and(inArray(idempotencyKeys.scope, [...among]), eq(idempotencyKeys.key, key))
  return db.transaction(async (tx) => {
    // The key goes into every scope of the caller, its own first: a send of the same key under
    // another of them (a tab still without the session, at sign-in) waits here for the first
    // to commit, instead of missing its uncommitted row and applying the change again.
    // One statement for all scopes (one round trip); rows already there are skipped.
    const inserted = await tx
      .insert(idempotencyKeys)
      .values(scopes.map((scope) => ({ scope, key, requestHash: hash, ownerScope: scopes[0] })))
      .onConflictDoNothing()
      .returning({ scope: idempotencyKeys.scope })
    const made = scopes.filter((scope) => inserted.some((row) => row.scope === scope))
    const taken = scopes.filter((scope) => !made.includes(scope))
    if (taken.length > 0) {
      const rows = await tx.select().from(idempotencyKeys).where(forKey(taken))
      // The caller's own scope first, then the others in their order.
      const first = taken.map((scope) => rows.find((row) => row.scope === scope)).find(Boolean)
      if (first) {
        // The caller's other scopes keep the first answer too, so every later send finds it;
        // unless the key is another identity's, which the caller gets no copy of.
        if (made.length > 0 && scopes.includes(ownerOf(first)))
          await tx
            .update(idempotencyKeys)
            .set({
              requestHash: first.requestHash,
              status: first.status,
              answer: first.answer,
              ref: first.ref,
              // The caller's now, as an adopted key is: it was entitled to this answer.
              ownerScope: scopes[0],
            })
            .where(forKey(made))
        else if (made.length > 0) await tx.delete(idempotencyKeys).where(forKey(made))
        return replayOf(first, hash, scopes)
      }
    }
    const answer = await work(tx)
    const text = JSON.stringify(answer.body)
    await tx
      .update(idempotencyKeys)
      .set({ status: answer.status, answer: text, ref: answer.ref ?? null })
      .where(forKey(made))
    return { status: answer.status, text }
  })
}

/** What the change of runIdempotentInTwoTrips does in each trip. */
export interface TwoTripChange {
  /** Its first statements: they run whether or not the key is new, and are undone if not. */
  first: Step[]
  /** From the rows of its first statements: the answer and the statements that make it true. */
  then: (results: Row[][]) => { answer: WorkAnswer; write: Step[] }
}

/**
 * A key's row in a scope: made here (status null: a row being answered is seen only by the
 * transaction that made it) or the one already there, locked until this transaction ends. A
 * concurrent duplicate's row is waited for, as by runIdempotent's insert.
 */
const claimKey = statement(
  'claim_key',
  `insert into idempotency_keys (scope, key, request_hash, owner_scope)
   values ($1::text, $2::text, $3::text, $4::text)
   on conflict (scope, key) do update set scope = excluded.scope
   returning scope, request_hash, status, answer, ref, owner_scope`,
)
const answerKey = statement(
  'answer_key',
  `update idempotency_keys set status = $3::integer, answer = $4::text, ref = $5::text
   where scope = $1::text and key = $2::text`,
)
/** A key made in another of the caller's scopes than the one that answered: the first answer. */
const copyKey = statement(
  'copy_key',
  `update idempotency_keys set request_hash = $3::text, status = $4::integer, answer = $5::text,
     ref = $6::text, owner_scope = $7::text
   where scope = $1::text and key = $2::text`,
)
/** A key made in a scope of the caller's, where another identity already holds the key. */
const dropKey = statement(
  'drop_key',
  'delete from idempotency_keys where scope = $1::text and key = $2::text',
)
const savepoint = step(statement('savepoint', 'savepoint change'))
const undoChange = step(statement('undo_change', 'rollback to savepoint change'))

/**
 * runIdempotent for the hot changes (an add to the cart), in two trips to the database
 * (db/two-trips.ts), under the same rules: the key's rows are inserted first in the change's
 * own transaction, a concurrent duplicate waits for them, and the answer is kept before the
 * commit. The first trip claims the key in every scope and runs the change's first statements
 * (after a savepoint); the second writes the change and its answer, or, when the key was there,
 * undoes them and replays.
 */
export async function runIdempotentInTwoTrips(
  db: Database,
  { call, scopes, key, body }: IdempotentCall,
  change: TwoTripChange,
): Promise<SentAnswer> {
  if (!key)
    return inTwoTrips(db, change.first, (results) => {
      const { answer, write } = change.then(results)
      return { then: write, value: sent(answer) }
    })
  const hash = requestHash(call, body)
  const first = [
    // Every scope of the caller, its own first.
    ...scopes.map((scope) => step(claimKey, scope, key, hash, scopes[0]!)),
    savepoint,
    ...change.first,
  ]
  return inTwoTrips(db, first, (results) => {
    const rows = results.slice(0, scopes.length).map(([row]): KeyRow => ({
      scope: row!.scope as string,
      requestHash: row!.request_hash as string,
      status: row!.status as number | null,
      answer: row!.answer as string | null,
      ref: row!.ref as string | null,
      ownerScope: row!.owner_scope as string | null,
    }))
    const made = rows.filter((row) => row.status === null).map((row) => row.scope)
    // The caller's own scope first, then the others in their order.
    const first = rows.find((row) => row.status !== null)
    if (first) {
      const value = replayOf(first, hash, scopes)
      if (made.length === 0) return { then: [], value, rollback: true }
      // As in runIdempotent: the caller's other scopes keep the first answer, unless the key is
      // another identity's, which the caller gets no copy of.
      const keep = scopes.includes(ownerOf(first))
        ? made.map((scope) =>
            step(
              copyKey,
              scope,
              key,
              first.requestHash,
              first.status,
              first.answer,
              first.ref,
              scopes[0]!,
            ),
          )
        : made.map((scope) => step(dropKey, scope, key))
      return { then: [undoChange, ...keep], value }
    }
    const { answer, write } = change.then(results.slice(scopes.length + 1))
    const text = JSON.stringify(answer.body)
    return {
      then: [
        ...write,
        ...made.map((scope) =>
          step(answerKey, scope, key, answer.status, text, answer.ref ?? null),
        ),
      ],
      value: { status: answer.status, text },
    }
  })
}

/** What a key of the caller's made (its `ref`), if the caller used that key. */
export async function refOfKey(
  tx: Transaction,
  scopes: readonly string[],
  key: string,
): Promise<string | undefined> {
  const rows = await tx
    .select()
    .from(idempotencyKeys)
    .where(and(inArray(idempotencyKeys.scope, [...scopes]), eq(idempotencyKeys.key, key)))
  // The caller's own scope first, as runIdempotent searches them; only keys the caller made.
  for (const scope of scopes) {
    const row = rows.find((candidate) => candidate.scope === scope)
    if (row?.ref && scopes.includes(ownerOf(row))) return row.ref
  }
  return undefined
}

/**
 * An owner's keys become another's (a guest cart merged into an account at sign-in): copied, and
 * owned by the new owner, so a change sent before the merge and replayed after it gets its first
 * answer, not a second run. What a key made (`ref`) stays as it was: the caller's own rules say
 * where that went (services/cart.ts: a guest line summed away at a merge).
 */
export async function adoptKeys(tx: Transaction, from: string, to: string): Promise<void> {
  await tx.execute(sql`
    insert into ${idempotencyKeys}
      (scope, key, request_hash, status, answer, ref, owner_scope, created_at)
    select ${to}, key, request_hash, status, answer, ref, ${to}, created_at
    from ${idempotencyKeys} where scope = ${from}
    on conflict do nothing`)
}

/** Drops the keys older than idempotencyKeyRetentionMs; the number dropped. */
export async function pruneIdempotencyKeys(db: Database, now = new Date()): Promise<number> {
  const removed = await db
    .delete(idempotencyKeys)
    .where(lt(idempotencyKeys.createdAt, new Date(now.getTime() - idempotencyKeyRetentionMs)))
    .returning({ key: idempotencyKeys.key })
  return removed.length
}
