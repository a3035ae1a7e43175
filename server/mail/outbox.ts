import { and, asc, desc, eq, inArray, lt, sql } from 'drizzle-orm'
import type { Database } from '../db/index.ts'
import { outbox, type MailDelivery, type MailStatus } from '../db/schema.ts'

/*
 * The transactional outbox: the table of every mail the store sends, and the statements that
 * queue, claim and settle its messages. Callers queue in their own transaction (`queueMail`); the
 * worker in mailer.ts delivers. Several API processes may share one database: a message is claimed
 * by one worker at a time (FOR UPDATE SKIP LOCKED) under a lease, so a worker that dies mid-send
 * leaves it to be claimed again once the lease ends, and one whose lease ran out cannot mark it.
 */

/** A database or a transaction on it: what the caller holds when it queues mail. */
export type MailExecutor = Pick<Database, 'insert'>

/** One mail to send, as a template builder makes it (server/mail/templates.ts). */
export interface MailMessage {
  /** The template it was made from: `password-reset`, `order-submitted`, … */
  kind: string
  to: string
  subject: string
  text: string
  html: string
  replyTo?: string | undefined
  /**
   * Unique per mail meant: queuing a message whose key is already in the outbox queues nothing,
   * so a replayed request or a retried transaction mails once. The builders derive it from what
   * the mail is about (`order-submitted:{orderId}`).
   */
  dedupeKey: string
}

/**
 * Queues `message` in the caller's transaction (or straight on the database): it is sent once
 * the transaction commits, and never if it rolls back. The commit wakes every process's worker
 * (the `mail_queued` notification). Resolves to the new message's id, or undefined when a
 * message with the same `dedupeKey` was queued before (nothing is queued then).
 */
export async function queueMail(
  tx: MailExecutor,
  message: MailMessage,
): Promise<{ id: string } | undefined> {
  const [row] = await tx
    .insert(outbox)
    .values({
      kind: message.kind,
      dedupeKey: message.dedupeKey,
      to: message.to,
      replyTo: message.replyTo ?? null,
      subject: message.subject,
      text: message.text,
      html: message.html,
    })
    .onConflictDoNothing({ target: outbox.dedupeKey })
    .returning({ id: outbox.id })
  return row
}

/** A message a worker holds: it may send it until `leaseEnds`. */
export interface ClaimedMail {
  id: string
  kind: string
  to: string
  replyTo: string | null
  subject: string
  text: string
  html: string
  /** This attempt's number, from 1. */
  attempt: number
  claim: string
  leaseEnds: Date
}

/**
 * Takes the message due longest (queued and due, or `sending` under a lease that has ended) for
 * the worker `claim`: it becomes `sending` until `now + leaseMs`, its attempt counted. Rows
 * another worker is claiming at this moment are skipped, never waited for.
 */
export async function claimDueMail(
  db: Database,
  { claim, now, leaseMs }: { claim: string; now: Date; leaseMs: number },
): Promise<ClaimedMail | undefined> {
  const leaseEnds = new Date(now.getTime() + leaseMs)
  const due = db
    .select({ id: outbox.id })
    .from(outbox)
    // Before the next millisecond: the database keeps microseconds, `now` only milliseconds, so a
    // message queued within this very millisecond is due too (PostgreSQL on a fast machine).
    .where(
      and(
        inArray(outbox.status, ['queued', 'sending']),
        lt(outbox.dueAt, new Date(now.getTime() + 1)),
      ),
    )
    .orderBy(asc(outbox.dueAt))
    .limit(1)
    .for('update', { skipLocked: true })
  const [row] = await db
    .update(outbox)
    .set({
      status: 'sending',
      claim,
      dueAt: leaseEnds,
      attempts: sql`${outbox.attempts} + 1`,
    })
    // A scalar subquery (`id = (…)`), run once. Under `id IN (…)` PostgreSQL may run the LIMIT 1
    // subquery more than once in one statement and claim a second row, which a worker that returns
    // only the first then leaves 'sending' until its lease ends (seen in CI on PostgreSQL).
    // The row is checked again: under READ COMMITTED another worker may have settled it between
    // the subquery's snapshot and the lock.
    .where(and(eq(outbox.id, sql`(${due})`), inArray(outbox.status, ['queued', 'sending'])))
    .returning()
  if (!row) return undefined
  return {
    id: row.id,
    kind: row.kind,
    to: row.to,
    replyTo: row.replyTo,
    subject: row.subject,
    text: row.text ?? '',
    html: row.html ?? '',
    attempt: row.attempts,
    claim,
    leaseEnds,
  }
}

/**
 * Marks a claimed message sent. Over SMTP its bodies are dropped (they may hold live sign-in
 * links; the recipient's mailbox has them now); the development mailbox keeps them, for
 * /dev/mail. False when the claim was lost (its lease ended and another worker took it).
 */
export async function markMailSent(
  db: Database,
  mail: Pick<ClaimedMail, 'id' | 'claim'>,
  { via, now }: { via: MailDelivery; now: Date },
): Promise<boolean> {
  const bodies = via === 'smtp' ? { text: null, html: null } : {}
  const rows = await db
    .update(outbox)
    .set({ status: 'sent', sentAt: now, sentVia: via, claim: null, lastError: null, ...bodies })
    .where(and(eq(outbox.id, mail.id), eq(outbox.claim, mail.claim)))
    .returning({ id: outbox.id })
  return rows.length > 0
}

/**
 * Records a failed attempt: the message is due again at `retryAt`, or, with `retryAt` undefined
 * (the attempts are used up), `failed` for good. False when the claim was lost.
 */
export async function markMailAttemptFailed(
  db: Database,
  mail: Pick<ClaimedMail, 'id' | 'claim'>,
  { error, retryAt }: { error: string; retryAt: Date | undefined },
): Promise<boolean> {
  const rows = await db
    .update(outbox)
    .set({
      status: retryAt ? 'queued' : 'failed',
      ...(retryAt ? { dueAt: retryAt } : {}),
      claim: null,
      lastError: error,
    })
    .where(and(eq(outbox.id, mail.id), eq(outbox.claim, mail.claim)))
    .returning({ id: outbox.id })
  return rows.length > 0
}

/** A message of the outbox as the admin and /dev/mail see it. */
export interface KeptMessage {
  id: string
  kind: string
  to: string
  subject: string
  /** Null once sent over SMTP. */
  text: string | null
  status: MailStatus
  attempts: number
  lastError: string | null
  dueAt: Date
  sentAt: Date | null
  sentVia: MailDelivery | null
  createdAt: Date
}

/** The newest `limit` messages of the outbox, newest first (the /dev/mail page, `npm run admin`). */
export async function listOutbox(db: Database, limit: number): Promise<KeptMessage[]> {
  return db
    .select({
      id: outbox.id,
      kind: outbox.kind,
      to: outbox.to,
      subject: outbox.subject,
      text: outbox.text,
      status: outbox.status,
      attempts: outbox.attempts,
      lastError: outbox.lastError,
      dueAt: outbox.dueAt,
      sentAt: outbox.sentAt,
      sentVia: outbox.sentVia,
      createdAt: outbox.createdAt,
    })
    .from(outbox)
    .orderBy(desc(outbox.createdAt), desc(outbox.id))
    .limit(limit)
}

/** Where one message stands: undefined when it is not (or no longer) in the outbox. */
export async function mailStatus(
  db: Database,
  id: string,
): Promise<{ status: MailStatus; lastError: string | null } | undefined> {
  const [row] = await db
    .select({ status: outbox.status, lastError: outbox.lastError })
    .from(outbox)
    .where(eq(outbox.id, id))
  return row
}

/**
 * Queues a message of the outbox again, as a new message with the same content (for an admin's
 * "resend"): its own key, due now. Only a message whose bodies are kept can be sent again (one
 * not yet sent, failed, or kept in the development mailbox); undefined otherwise or when unknown.
 */
export async function resendMail(db: Database, id: string): Promise<{ id: string } | undefined> {
  const [row] = await db.select().from(outbox).where(eq(outbox.id, id))
  if (!row || row.text === null || row.html === null) return undefined
  return queueMail(db, {
    kind: row.kind,
    to: row.to,
    replyTo: row.replyTo ?? undefined,
    subject: row.subject,
    text: row.text,
    html: row.html,
    dedupeKey: `resend:${crypto.randomUUID()}:${row.dedupeKey}`,
  })
}

/** How long a sent or failed message stays in the outbox: long enough for an admin to look. */
export const keptMailDays = 30

/** Drops messages sent or given up more than `keptMailDays` ago (run hourly by server/main.ts). */
export async function pruneOutbox(db: Database, now = new Date()): Promise<void> {
  const before = new Date(now.getTime() - keptMailDays * 86_400_000)
  await db
    .delete(outbox)
    .where(and(inArray(outbox.status, ['sent', 'failed']), lt(outbox.createdAt, before)))
}
