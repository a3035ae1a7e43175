import { and, eq, isNull, sql } from 'drizzle-orm'
import type { Role } from '../../contract/user.ts'
import type { Database } from '../db/index.ts'
import { users } from '../db/schema.ts'
import { confirmAddressMail, loginLinkMail, passwordResetMail } from '../mail/templates.ts'
import { linkCustomer } from './dealers.ts'
import type { Mailer } from '../mail/mailer.ts'
import { queueMail } from '../mail/outbox.ts'
import { issueOneTimeToken, voidOneTimeTokens } from './one-time-tokens.ts'
import { hashToken, revokeUserSessions } from './sessions.ts'

/** What the account routes need besides the database. */
import type { RecaptchaVerifier } from './recaptcha.ts'

export interface AccountDeps {
  db: Database
  mailer: Mailer
  /** The store's public origin, for links in mail. */
  siteUrl: string
  /** reCAPTCHA for registration and guest sign-in (issue 17); absent: rate limits alone. */
  recaptcha?: RecaptchaVerifier | undefined
}

export async function findUserByEmail(db: Database, email: string) {
  const [row] = await db.select().from(users).where(eq(users.email, email))
  return row
}

/** The account made, or undefined when the address already has one (its account is unchanged). */
export async function createAccount(
  db: Database,
  account: {
    email: string
    passwordHash: string | null
    name: string | null
    role: Role
    /** Set only for an account the shop makes itself (the admin command line). */
    emailVerifiedAt?: Date | null
    /** A dealer's invitation, applied when the address is proven (proveAddress). */
    pendingDealerId?: string | null
  },
) {
  const [created] = await db
    .insert(users)
    .values(account)
    .onConflictDoNothing({ target: users.email })
    .returning()
  return created
}

/**
 * The account of an e-mail address, made as a guest account (no password) if there is none.
 * One statement either way, so known and unknown addresses take the same path.
 */
export async function findOrCreateGuest(db: Database, email: string) {
  const [row] = await db
    .insert(users)
    .values({ email, role: 'guest' })
    .onConflictDoUpdate({ target: users.email, set: { email: sql`excluded.email` } })
    .returning()
  if (!row) throw new Error('guest upsert returned no row')
  return row
}

/** A new password; a guest account (no password yet) becomes a customer's. */
export async function setPassword(db: Database, userId: string, passwordHash: string) {
  await db
    .update(users)
    .set({
      passwordHash,
      role: sql`case when ${users.role} = 'guest' then 'customer' else ${users.role} end`,
    })
    .where(eq(users.id, userId))
}

/**
 * Signs an account out everywhere: ends its sessions and voids every link still unused (reset,
 * sign-in and admin sign-in links), together. For a new password and for `revoke-sessions`: a
 * customer who fears someone else got in must not leave that person a mailed link to come back.
 * Returns how many sessions ended.
 */
export async function signOutEverywhere(db: Database, userId: string): Promise<number> {
  return db.transaction(async (tx) => {
    await voidOneTimeTokens(tx, userId)
    return revokeUserSessions(tx, userId)
  })
}

/**
 * Mails a password-reset link (`/PasswordResets/newpassword/{token}`, docs/accounts-and-guests.md):
 * the link and its mail are made in one transaction, so a link exists exactly when its mail is
 * queued. Resolves to the queued message's id.
 */
export async function sendResetLink(
  deps: AccountDeps,
  user: { id: string; email: string },
): Promise<string | undefined> {
  return deps.db.transaction(async (tx) => {
    const { token } = await issueOneTimeToken(tx, user.id, 'password-reset')
    const dedupeKey = `password-reset:${hashToken(token)}`
    return (await queueMail(tx, passwordResetMail(deps, { to: user.email, token, dedupeKey })))?.id
  })
}

/**
 * Mails a one-time sign-in link (the page at `/LoginFromAdmin/{token}` uses it); `welcome` for a
 * new account's first.
 */
export async function sendLoginLink(
  deps: AccountDeps,
  user: { id: string; email: string },
  { welcome = false }: { welcome?: boolean } = {},
) {
  await deps.db.transaction(async (tx) => {
    const { token } = await issueOneTimeToken(tx, user.id, 'login-link')
    const dedupeKey = `login-link:${hashToken(token)}`
    await queueMail(tx, loginLinkMail(deps, { to: user.email, token, dedupeKey, welcome }))
  })
}

/**
 * Mails the confirmation of a new account's address: a one-time link to `/LoginFromAdmin/{token}`
 * that signs in and proves the address (proveAddress), keeping the password chosen at
 * registration. The mail says that someone registered, and to ignore it if that was not them.
 */
export async function sendConfirmLink(deps: AccountDeps, user: { id: string; email: string }) {
  await deps.db.transaction(async (tx) => {
    const { token } = await issueOneTimeToken(tx, user.id, 'confirm-email')
    const dedupeKey = `confirm-email:${hashToken(token)}`
    await queueMail(tx, confirmAddressMail(deps, { to: user.email, token, dedupeKey }))
  })
}

/** Whether the account's address has been proven by a mailed link. */
export async function isProvenAccount(db: Database, userId: string): Promise<boolean> {
  const [row] = await db
    .select({ at: users.emailVerifiedAt })
    .from(users)
    .where(eq(users.id, userId))
  return row?.at != null
}

/**
 * A mailed link was used: the address is the account's, proven. The first time, what waits for
 * proof is handed over (a dealer's invitation becomes the tie; guest orders join at the sign-in
 * that follows, routes/cart.ts mergeCartAtSignIn).
 *
 * A password chosen before the proof, at registration, proves nothing about who chose it. The
 * registration's own confirmation link keeps it (the mail asks its reader to ignore it if they
 * did not register); a sign-in link does not (`keepPassword` false): the password is dropped and
 * every session opened with it ends, so a stranger who registered the address first gets nothing
 * the owner then proves. The owner sets a password of their own through the reset link.
 */
export async function proveAddress(
  db: Database,
  userId: string,
  { keepPassword }: { keepPassword: boolean },
): Promise<void> {
  await db.transaction(async (tx) => {
    const [row] = await tx
      .update(users)
      .set({ emailVerifiedAt: new Date() })
      .where(and(eq(users.id, userId), isNull(users.emailVerifiedAt)))
      .returning()
    // Proven before: nothing waits.
    if (!row) return
    if (!keepPassword && row.passwordHash !== null) {
      await tx.update(users).set({ passwordHash: null }).where(eq(users.id, userId))
      await revokeUserSessions(tx, userId)
    }
    if (row.pendingDealerId !== null) {
      await linkCustomer(tx, {
        customerId: userId,
        dealerId: row.pendingDealerId,
        linkedBy: 'invitation',
      })
      await tx.update(users).set({ pendingDealerId: null }).where(eq(users.id, userId))
    }
  })
}

export const noAccountForEmail = 'No account uses this address.'
export const adminAccountRefused = 'An admin link cannot sign in as another admin.'

/**
 * A one-time link to `/LoginFromAdmin/{token}` that signs in as a customer or dealer, for an admin
 * (`POST /api/admin/login-link` and `npm run admin -- login-link`). Another admin's account is
 * refused: the link must not hand over an admin's powers.
 */
export async function makeAdminLoginLink(
  deps: Pick<AccountDeps, 'db' | 'siteUrl'>,
  email: string,
): Promise<{ url: string; expiresAt: Date } | { refused: string }> {
  const user = await findUserByEmail(deps.db, email)
  if (!user) return { refused: noAccountForEmail }
  // Nor a staff account: the link must not hand over the back office either.
  if (user.role === 'admin' || user.role === 'staff') return { refused: adminAccountRefused }
  const { token, expiresAt } = await issueOneTimeToken(deps.db, user.id, 'admin-login')
  return { url: `${deps.siteUrl}/LoginFromAdmin/${token}`, expiresAt }
}
