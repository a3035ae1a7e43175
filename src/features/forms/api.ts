import { useLiveQuery } from 'dexie-react-hooks'
import { RECAPTCHA_TOKEN_HEADER } from '../../../contract/recaptcha-pages.ts'
import type { OutboxForm } from '../../../store-db/cart-outbox-model.ts'
import type { CartRefusalRecord, FormSentRecord } from '../../../store-db/store-db.ts'
import type { QueuedAnswer } from '../../../sw/messages.ts'
import { api, ApiError, NetworkError, ValidationError } from '../../lib/api-client.ts'
import { askCartReplay } from '../../lib/cart-replay.ts'
import { db } from '../../lib/db.ts'
import { replayPageOutbox, sendThroughPageOutbox } from '../../lib/page-outbox.ts'

/*
 * The forms' calls (POST /api/contact/, /api/coach/contact-coaches/{coachSlug},
 * /api/newsletter/sign-up; the newsletter's links) and their door to the outbox. A form goes into
 * the cart outbox first (store-db `cartOutbox`, an entry of kind `form` under its own
 * Idempotency-Key), then to the shop through the outbox's drainer: the service worker's when one
 * controls the page, else the page's own (lib/page-outbox.ts). The answer is the shop's, or 202
 * "queued" when the network did not take it, and the drainer sends it when the network returns.
 * So a form filled offline is never lost and never sent twice; the page reads its state back
 * from IndexedDB live (useFormOutbox).
 */

export type FormOutcome =
  { outcome: 'sent'; message: string; key: string } | { outcome: 'queued'; key: string }

function newKey(): string {
  return `c-${crypto.randomUUID()}`
}

function workerControlsPage(): boolean {
  return !!globalThis.navigator?.serviceWorker?.controller
}

function isQueued(answer: unknown): answer is QueuedAnswer {
  return typeof answer === 'object' && answer !== null && 'queued' in answer
}

/**
 * Keeps the form in the outbox and has the outbox's drainer send it (the worker's, or this
 * page's own when no worker controls it: lib/page-outbox.ts), with the reCAPTCHA token if the
 * page has one (it is not stored). A 422 throws the shop's ValidationError, the form's record gone.
 */
export async function sendForm(form: OutboxForm, recaptchaToken?: string): Promise<FormOutcome> {
  const key = newKey()
  await db.addCartIntent({ kind: 'form', ...form }, key)
  const headers: Record<string, string> = {}
  if (recaptchaToken) headers[RECAPTCHA_TOKEN_HEADER] = recaptchaToken
  try {
    const answer = await api.post<{ message: string } | QueuedAnswer>(form.path, form.body, {
      idempotencyKey: key,
      headers,
      ...(workerControlsPage() ? {} : { fetch: sendThroughPageOutbox }),
    })
    if (isQueued(answer)) return { outcome: 'queued', key }
    return { outcome: 'sent', message: answer.message, key }
  } catch (error) {
    // The drainer recorded the refusal for other pages; this one shows it in the form.
    if (error instanceof ApiError) await db.dismissCartRefusal(key)
    else if (error instanceof NetworkError) return { outcome: 'queued', key }
    throw error
  }
}

/** What waits, went or was refused of the forms sent to `path`, live from IndexedDB. */
export interface FormOutboxState {
  waiting: string[]
  refusals: CartRefusalRecord[]
  sent: FormSentRecord[]
}

export function useFormOutbox(path: string): FormOutboxState | undefined {
  return useLiveQuery(async () => {
    const [waiting, refusals, sent] = await Promise.all([
      db.waitingForms(),
      db.cartRefusals.filter((refusal) => refusal.form?.path === path).toArray(),
      db.formsSent(),
    ])
    return {
      waiting: waiting.filter((entry) => entry.path === path).map((entry) => entry.key),
      refusals,
      sent: sent.filter((record) => record.path === path),
    }
  }, [path])
}

/** A refusal was read into the form: the notice need not say it again. */
export async function dismissFormRefusal(key: string): Promise<void> {
  await db.dismissCartRefusal(key)
}

/** Has what waits sent (the page came back online): by the worker, or by this page. */
export function sendWaitingForms(): void {
  if (workerControlsPage()) askCartReplay()
  else void replayPageOutbox().catch(() => undefined)
}

/** A newsletter link opened on this page (`/newsletter#confirm=…`). */
export async function followNewsletterLink(
  action: 'confirm' | 'unsubscribe',
  token: string,
): Promise<{ state: string; message: string }> {
  return api.post(`/api/newsletter/${action}/${token}`, {})
}

export { ValidationError, ApiError, NetworkError }
