import { and, eq } from 'drizzle-orm'
import type { ContactCoachRequest, ContactRequest } from '../../contract/contact.ts'
import type { Database } from '../db/index.ts'
import { coaches } from '../db/schema.ts'
import { coachMessageMail, contactMessageMail } from '../mail/templates.ts'
import type { Transaction } from './idempotency.ts'
import { queueMail } from '../mail/outbox.ts'

/*
 * The forms that write to people (issue 17): the contact form to the shop's address
 * (CONTACT_EMAIL), a coach's form to the coach's address from content/coaches/ (seeded into
 * `coaches`). Each is one mail queued in the call's own transaction (the outbox delivers it),
 * with the visitor's address as Reply-To. Nothing else is kept: the message lives in the mail.
 */

export interface Coach {
  slug: string
  name: string
  email: string
}

/** The active coach with this slug, address included (for the mail only). */
export async function findCoach(db: Database, slug: string): Promise<Coach | undefined> {
  const [row] = await db
    .select({ slug: coaches.slug, name: coaches.name, email: coaches.email })
    .from(coaches)
    .where(and(eq(coaches.slug, slug), eq(coaches.active, true)))
  return row
}

type Parsed<T> = T & { email: string; name: string; message: string }

export async function queueContactMail(
  tx: Transaction,
  {
    siteUrl,
    to,
    form,
    dedupeKey,
  }: { siteUrl: string; to: string; form: Parsed<ContactRequest>; dedupeKey: string },
): Promise<void> {
  const { name, email, subject, message } = form
  await queueMail(
    tx,
    contactMessageMail(
      { siteUrl },
      { to, form: { name, email, subject: subject || undefined, message }, dedupeKey },
    ),
  )
}

export async function queueCoachMail(
  tx: Transaction,
  {
    siteUrl,
    coach,
    form,
    dedupeKey,
  }: { siteUrl: string; coach: Coach; form: Parsed<ContactCoachRequest>; dedupeKey: string },
): Promise<void> {
  const { name, email, message } = form
  await queueMail(
    tx,
    coachMessageMail(
      { siteUrl },
      {
        to: coach.email,
        coachName: coach.name,
        coachPage: `/coaches/${coach.slug}`,
        form: { name, email, message },
        dedupeKey,
      },
    ),
  )
}
