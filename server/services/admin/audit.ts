import { and, asc, eq } from 'drizzle-orm'
import type { AuditEntry } from '../../../contract/admin.ts'
import type { Role } from '../../../contract/user.ts'
import { auditLog, users } from '../../db/schema.ts'
import { sha256 } from '../idempotency.ts'
import type { Executor } from '../orders/lookup.ts'
import { hashToken } from '../sessions.ts'

/*
 * The back office's audit log (audit_log, docs/back-office.md): every action of an admin or a
 * staff member is a row, written with the action in its transaction, and shown on what it acted on.
 */

/** Who acted: the account, the role it acted with, and its session's reference in the log. */
export interface Actor {
  id: string
  role: Role
  sessionRef: string
}

/**
 * A session's reference in the log: the SHA-256 of its stored token hash. It tells one session's
 * actions from another's and finds the session while it lives (hash its `token_hash`), but it is
 * neither the bearer token nor the sessions table's key, so the log signs no one in.
 */
export function sessionRef(bearerToken: string): string {
  return sha256(hashToken(bearerToken))
}

export interface AuditAction {
  action: string
  targetKind: string
  targetId: string
  /** Small and secret-free: never a token, a payment code, a link or a mail's body. */
  details?: Record<string, unknown>
}

/** Writes one audit row in the caller's transaction (so it commits with the action, or not at all). */
export async function audit(tx: Executor, actor: Actor, entry: AuditAction): Promise<void> {
  await tx.insert(auditLog).values({
    actorId: actor.id,
    actorRole: actor.role,
    sessionRef: actor.sessionRef,
    action: entry.action,
    targetKind: entry.targetKind,
    targetId: entry.targetId,
    details: entry.details ?? {},
  })
}

/** How much of a session's reference the back office shows: enough to tell sessions apart. */
const shownRefLength = 12

/** What the back office did to one thing, oldest first. */
export async function auditOf(
  db: Executor,
  targetKind: string,
  targetId: string,
): Promise<AuditEntry[]> {
  const rows = await db
    .select({ entry: auditLog, email: users.email })
    .from(auditLog)
    .leftJoin(users, eq(users.id, auditLog.actorId))
    .where(and(eq(auditLog.targetKind, targetKind), eq(auditLog.targetId, targetId)))
    .orderBy(asc(auditLog.at), asc(auditLog.id))
  return rows.map(({ entry, email }) => ({
    id: entry.id,
    at: entry.at.toISOString(),
    actor: { id: entry.actorId, role: entry.actorRole, email: email ?? null },
    session: entry.sessionRef.slice(0, shownRefLength),
    action: entry.action,
    target_kind: entry.targetKind,
    target_id: entry.targetId,
    details: entry.details,
  }))
}
