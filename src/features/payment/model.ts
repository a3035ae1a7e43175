import type { PaymentAnswer } from '../../../contract/payment.ts'
import { ApiError, NetworkError, ValidationError, type Camelized } from '../../lib/api-client.ts'

/*
 * What one payment attempt's answer means for the payment step, as plain functions. An attempt
 * carries its own Idempotency-Key: the key is kept while the outcome is unknown (no answer, the
 * provider did not answer, another request is still on it), so trying again asks about the same
 * attempt and can never charge twice; it is dropped once the attempt is settled, declined or
 * refused, so the next try is a new attempt.
 */

export type PaidAnswer = Camelized<PaymentAnswer>

export type AttemptOutcome =
  | { kind: 'paid'; answer: PaidAnswer }
  /** BitPay: the invoice is made; the customer pays it on its page. */
  | { kind: 'invoice'; url: string }
  /** The provider declined or failed the card: its message; a new attempt may follow. */
  | { kind: 'declined'; message: string }
  /** Bad input, or an order that cannot be paid now: the message, and per field. */
  | { kind: 'refused'; message: string; errors: Record<string, string[]> }
  /** Unknown: no answer, or the provider did not answer. Try again with the same key. */
  | { kind: 'unknown'; message: string; retryAfterSeconds: number | undefined }

/** Whether the next try must reuse the attempt's key (its outcome is not known yet). */
export function keepsKey(outcome: AttemptOutcome): boolean {
  return outcome.kind === 'unknown'
}

export function newAttemptKey(): string {
  return `pay-${crypto.randomUUID()}`
}

export const offlineMessage =
  'No answer reached us: you may be offline. Try again when you are back online; this payment will be checked, never charged twice.'

/** The outcome of an answer (a payment call's data) or of the error it threw. */
export function outcomeOf(result: { answer: PaidAnswer } | { error: unknown }): AttemptOutcome {
  if ('answer' in result) {
    const { answer } = result
    if (answer.payment.provider === 'bitpay' && answer.payment.status === 'pending')
      return answer.payment.invoiceUrl
        ? { kind: 'invoice', url: answer.payment.invoiceUrl }
        : { kind: 'unknown', message: offlineMessage, retryAfterSeconds: undefined }
    return { kind: 'paid', answer }
  }
  const { error } = result
  if (error instanceof ValidationError) {
    const payment = error.errors.payment?.[0]
    if (payment) return { kind: 'declined', message: payment }
    return { kind: 'refused', message: error.message, errors: error.errors }
  }
  if (error instanceof NetworkError)
    return { kind: 'unknown', message: offlineMessage, retryAfterSeconds: undefined }
  if (
    error instanceof ApiError &&
    (error.status === 503 || error.status === 409 || error.status >= 500)
  )
    return {
      kind: 'unknown',
      message: error.status >= 500 && error.status !== 503 ? offlineMessage : error.message,
      retryAfterSeconds: error.retryAfterSeconds,
    }
  if (error instanceof ApiError) return { kind: 'refused', message: error.message, errors: {} }
  // The customer closed the Apple Pay sheet: nothing was sent.
  if (error instanceof DOMException && error.name === 'AbortError')
    return { kind: 'refused', message: error.message, errors: {} }
  return { kind: 'unknown', message: offlineMessage, retryAfterSeconds: undefined }
}

/** Whether this browser can show Apple Pay (Safari with a card in Wallet). */
export function applePayAvailable(scope: unknown = globalThis): boolean {
  const session = (scope as { ApplePaySession?: { canMakePayments?: () => boolean } })
    .ApplePaySession
  try {
    return typeof session?.canMakePayments === 'function' && session.canMakePayments() === true
  } catch {
    return false
  }
}

/**
 * Whether this document was loaded on a payment page, so its Content-Security-Policy lets
 * Braintree's fields in (the policy is the first page's for the whole visit; a checkout reached
 * by a link inside the app keeps the policy of the page it started on).
 */
export function documentLoadedOn(test: (path: string) => boolean): boolean {
  const [entry] = globalThis.performance?.getEntriesByType?.('navigation') ?? []
  const url = entry?.name ?? globalThis.location?.href
  if (!url) return false
  try {
    return test(new URL(url).pathname)
  } catch {
    return false
  }
}
