import type { PaidAnswer } from './model.ts'

/*
 * Apple Pay through Braintree (braintree-web's apple-pay): Braintree validates the merchant and
 * turns the authorised payment into a nonce, which the shop's apple-pay-finalize charges. Loaded
 * only when the customer picks Apple Pay, in a browser that has ApplePaySession.
 */

interface ApplePayRequest {
  clientToken: string
  /** Minor units. */
  amount: number
  currency: string
  /** Sends the nonce to the shop (apple-pay-finalize) under the attempt's key. */
  finish(nonce: string): Promise<PaidAnswer>
}

type Session = {
  completeMerchantValidation(session: unknown): void
  completePayment(status: number): void
  abort(): void
  begin(): void
  onvalidatemerchant: (event: { validationURL: string }) => void
  onpaymentauthorized: (event: { payment: { token: unknown } }) => void
  oncancel: () => void
}
type SessionClass = {
  new (version: number, request: unknown): Session
  STATUS_SUCCESS: number
  STATUS_FAILURE: number
}

export async function payWithApplePay(request: ApplePayRequest): Promise<PaidAnswer> {
  const ApplePaySession = (globalThis as unknown as { ApplePaySession: SessionClass })
    .ApplePaySession
  const braintree = await import('braintree-web')
  const client = await braintree.client.create({ authorization: request.clientToken })
  const applePay = await braintree.applePay.create({ client })
  const total = (request.amount / 100).toFixed(2)
  const paymentRequest = applePay.createPaymentRequest({
    total: { label: 'Glidecraft', amount: total },
    currencyCode: request.currency,
  })
  const session = new ApplePaySession(3, paymentRequest)
  return new Promise<PaidAnswer>((resolve, reject) => {
    session.onvalidatemerchant = (event) => {
      applePay
        .performValidation({ validationURL: event.validationURL, displayName: 'Glidecraft' })
        .then((merchant) => session.completeMerchantValidation(merchant))
        .catch((error: unknown) => {
          session.abort()
          reject(error)
        })
    }
    session.onpaymentauthorized = (event) => {
      applePay
        .tokenize({ token: event.payment.token })
        .then((payload) => request.finish(payload.nonce))
        .then((answer) => {
          session.completePayment(ApplePaySession.STATUS_SUCCESS)
          resolve(answer)
        })
        .catch((error: unknown) => {
          session.completePayment(ApplePaySession.STATUS_FAILURE)
          reject(error)
        })
    }
    session.oncancel = () => reject(new DOMException('Apple Pay was cancelled.', 'AbortError'))
    session.begin()
  })
}
