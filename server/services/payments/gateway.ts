import type { CardGatewayName } from '../../../contract/payment.ts'

/*
 * One interface for every way the shop takes money, so the payment flow
 * (services/payments/payments.ts) is written once: card gateways (the built-in test gateway,
 * Braintree; Apple Pay is a card nonce through the same gateway) and invoice providers (BitPay).
 *
 * Every charge names its attempt: the client's Idempotency-Key for that attempt. A gateway charges
 * at most once per attempt key, and `find` tells what became of an attempt whose answer was lost
 * (a time-out), so a retry resolves it instead of charging again. A gateway throws
 * ProviderUnavailable when it cannot say what happened; any other answer is final.
 */

export interface ChargeRequest {
  /** The shop's order id. */
  orderId: string
  /** The client's Idempotency-Key for this attempt. */
  attemptKey: string
  /** Minor units of `currency`. */
  amount: number
  currency: string
  /** A one-time payment method nonce from the browser (braintree-web, Apple Pay, a test card). */
  nonce: string
  /** Braintree's device data, for its fraud tools. */
  deviceData?: string | undefined
}

/** What became of a charge: settled (money taken), or declined/failed with the provider's words. */
export type ChargeOutcome =
  | { status: 'settled'; providerRef: string }
  | { status: 'declined' | 'failed'; providerRef: string | null; message: string }

export type RefundOutcome = { ok: true } | { ok: false; message: string }

export interface CardGateway {
  readonly name: CardGatewayName
  /** A client token for braintree-web; null for the test gateway, which needs none. */
  clientToken(): Promise<string | null>
  /** Charges once per attempt key: a repeat of the same attempt answers the first charge. */
  charge(request: ChargeRequest): Promise<ChargeOutcome>
  /** The charge made for an attempt, if the provider has one. */
  find(attempt: { orderId: string; attemptKey: string }): Promise<ChargeOutcome | undefined>
  /** Gives back `amount` (minor units) of a settled charge. */
  refund(providerRef: string, amount: number, currency: string): Promise<RefundOutcome>
}

/** BitPay's invoice states. */
export type InvoiceStatus = 'new' | 'paid' | 'confirmed' | 'complete' | 'expired' | 'invalid'

export interface Invoice {
  id: string
  /** Where the customer pays it. */
  url: string
  status: InvoiceStatus
  /** The merchant's guid: the attempt key that made it. */
  guid: string
  /** Minor units. */
  amount: number
  currency: string
  orderId: string
}

export interface InvoiceRequest {
  orderId: string
  attemptKey: string
  amount: number
  currency: string
  /** Where BitPay posts its notifications (our webhook). */
  notificationUrl: string
  /** Where the customer goes after paying. */
  redirectUrl: string
}

export interface InvoiceProvider {
  /** `test`: the built-in test invoice page (TEST_PAYMENTS). */
  readonly mode: 'live' | 'test'
  createInvoice(request: InvoiceRequest): Promise<Invoice>
  /** The invoice made for an attempt (by its guid), if any. */
  findInvoice(attempt: { orderId: string; attemptKey: string }): Promise<Invoice | undefined>
  /** The invoice as the provider has it now: a notification is never believed on its own word. */
  readInvoice(id: string): Promise<Invoice | undefined>
  refund(invoiceId: string, amount: number, currency: string): Promise<RefundOutcome>
  /**
   * Stops an unpaid invoice from being paid, where the provider lets this shop do so: true if it
   * did. The shop treats a voided invoice as void whatever this answers (payments.ts).
   */
  voidInvoice(invoiceId: string): Promise<boolean>
}

/**
 * The provider did not answer, or answered something that does not say whether money moved: the
 * attempt stays pending, and a retry with the same key asks again (`find`) before charging.
 */
export class ProviderUnavailable extends Error {
  constructor(message = 'The payment provider did not answer in time.', options?: ErrorOptions) {
    super(message, options)
    this.name = 'ProviderUnavailable'
  }
}

/** The providers the shop uses, decided once from the environment (providers.ts). */
export interface PaymentProviders {
  /** null: no card gateway is configured, and no card (or Apple Pay) payment is taken. */
  cards: CardGateway | null
  /** null: BitPay is not configured, and no invoice is made. */
  invoices: InvoiceProvider | null
  /** Apple Pay through Braintree, or the test gateway's Apple Pay nonces. */
  applePay: boolean
  /** The built-in test BitPay's invoice page buttons (TEST_PAYMENTS only). */
  testInvoices?: {
    pay(id: string): Promise<Invoice | undefined>
    expire(id: string): Promise<Invoice | undefined>
  }
}
