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
 * Concurrency rule: the key's row is written in the change's own transaction, with its answer,
 * so a key is never seen without it and a change never kept without its key. runIdempotent
 * inserts it first: a concurrent duplicate (this process or another) waits on the primary key
 * until the first commits, then finds the row with its answer and replays it; if the first
 * rolled back, the duplicate does the work itself. runIdempotentInTwoTrips (the hot add) looks
 * the key up after the change's lock and writes it last; a duplicate that shared no lock with
 * the first fails on the primary key instead, and is run again (see there).
 */

export type Transaction = Parameters<Parameters<Database['transaction']>[0]>[0]

/**
 * How long a key is kept: 90 days. The app's outbox (store-db/cart-queue.ts) resends a change
 * whose answer was lost, under the same key, at its next chance, which on a device left offline
 * can be weeks later; a key pruned before that would apply the change twice. The queue of earlier
 * releases kept a change 60 days (sw/cart-sync.ts); the month beyond covers a clock that is
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
  /**
   * Its first statements: they run whether or not the key is new, and are undone if not. When
   * they lock what the change changes (an add locks its cart), a repeat of the same key waits
   * there for the first, and then finds its key in the same trip.
   */
  first: Step[]
  /** From the rows of its first statements: the answer and the statements that make it true. */
  then: (results: Row[][]) => { answer: WorkAnswer; write: Step[] }
}

/** The key's rows in the caller's scopes (a text[] of them), as they are after the first's lock. */
const findKey = statement(
  'find_key',
  `select scope, request_hash, status, answer, ref, owner_scope from idempotency_keys
   where scope = any($1::text[]) and key = $2::text`,
)
/**
 * The key kept with its answer, in every scope of the caller (a text[] of them), owned by the
 * first. A row already there (a concurrent send of the same key that did not wait on the same
 * lock) makes it fail on the primary key after that send commits: the whole change is undone.
 */
const keepKey = statement(
  'keep_key',
  `insert into idempotency_keys (scope, key, request_hash, status, answer, ref, owner_scope)
   select scope, $2::text, $3::text, $4::integer, $5::text, $6::text, $7::text
   from unnest($1::text[]) as scope`,
)

/** A PostgreSQL text[] literal of `values`. */
function textArray(values: readonly string[]): string {
  return `{${values.map((value) => `"${value.replace(/[\\"]/g, (c) => `\\${c}`)}"`).join(',')}}`
}

/** The error of keepKey that found the key made meanwhile by a send that did not wait for ours. */
function isKeyTaken(error: unknown): boolean {
  const { code, constraint } = error as { code?: string; constraint?: string }
  return code === '23505' && constraint === 'idempotency_keys_scope_key_pk'
}

/** How often a change is run again after its key was taken meanwhile: then it finds the key. */
const keyTakenRetries = 3

/**
 * runIdempotent for the hot changes (an add to the cart), in two trips to the database
 * (db/two-trips.ts), under the same rules, with the key written once, with its answer:
 * - first trip: the change's first statements (an add's cart made or found, locked and read),
 *   then the key's rows in the caller's scopes, read after that lock;
 * - second trip: a new key's change written and the key kept with its answer, then the commit;
 *   a key found is replayed and the change rolled back.
 * Concurrency: a repeat of the key on the same cart waits for the first on the cart's lock, and
 * then reads its key. One that does not wait there (the same key sent with and without the
 * session, to two carts) meets the first's row on the primary key when it keeps its own: it
 * waits for the first to commit, fails, and is run again from the start, when it finds the key.
 * The key is never seen without its answer, and a change is never kept without its key.
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
  const first = [...change.first, step(findKey, textArray(scopes), key)]
  /** A new key's answer, or the key found, with the caller's scopes it is not kept in yet. */
  type Outcome = SentAnswer | { replay: KeyRow; missing: string[] }
  const once = () =>
    inTwoTrips<Outcome>(db, first, (results) => {
      const rows = (results[change.first.length] ?? []).map((row): KeyRow => ({
        scope: row.scope as string,
        requestHash: row.request_hash as string,
        status: row.status as number | null,
        answer: row.answer as string | null,
        ref: row.ref as string | null,
        ownerScope: row.owner_scope as string | null,
      }))
      // The caller's own scope first, then the others in their order.
      const found = scopes.map((scope) => rows.find((row) => row.scope === scope)).find(Boolean)
      if (found) {
        const missing = scopes.filter((scope) => !rows.some((row) => row.scope === scope))
        return { then: [], value: { replay: found, missing }, rollback: true }
      }
      const { answer, write } = change.then(results.slice(0, change.first.length))
      const text = JSON.stringify(answer.body)
      const keep = step(
        keepKey,
        textArray(scopes),
        key,
        hash,
        answer.status,
        text,
        answer.ref ?? null,
        scopes[0],
      )
      return { then: [...write, keep], value: { status: answer.status, text } }
    })
  for (let attempt = 0; ; attempt++) {
    let outcome: Outcome
    try {
      outcome = await once()
    } catch (error) {
      if (isKeyTaken(error) && attempt < keyTakenRetries) continue
      throw error
    }
    if (!('replay' in outcome)) return outcome
    const { replay, missing } = outcome
    // As in runIdempotent: the caller's other scopes keep the first answer, unless the key is
    // another identity's, which the caller gets no copy of.
    if (missing.length > 0 && scopes.includes(ownerOf(replay)))
      await db
        .insert(idempotencyKeys)
        .values(
          missing.map((scope) => ({
            scope,
            key,
            requestHash: replay.requestHash,
            status: replay.status,
            answer: replay.answer,
            ref: replay.ref,
            ownerScope: scopes[0],
          })),
        )
        .onConflictDoNothing()
    return replayOf(replay, hash, scopes)
  }
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
 * where that went (services/cart/changes.ts: a guest line summed away at a merge).
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
