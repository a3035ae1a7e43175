import type { Readable } from 'node:stream'
import braintree from 'braintree'
import {
  ProviderUnavailable,
  type CardGateway,
  type ChargeOutcome,
  type ChargeRequest,
} from './gateway.ts'
import { toDecimal } from '../../../contract/money.ts'

/*
 * Braintree through its official server SDK (`braintree`), used when BRAINTREE_* is set. The
 * browser turns the card into a nonce with braintree-web's hosted fields (or Apple Pay); here the
 * nonce becomes a sale, submitted for settlement at once.
 *
 * Braintree takes no idempotency key. What stands in for one: each attempt's sale carries
 * `orderId` = "<order id>/<attempt key>", and the payments row (payments.ts) says whether a sale
 * was sent. A first attempt is sold; an attempt whose answer was lost is first searched for by
 * that orderId, and sold again only if Braintree has no transaction for it.
 */

/** The part of the SDK's gateway this adapter uses: tests hand in a fake of exactly this. */
export interface BraintreeSdk {
  clientToken: {
    generate(request: Record<string, never>): Promise<{ success: boolean; clientToken: string }>
  }
  transaction: {
    sale(
      request: braintree.TransactionRequest,
    ): Promise<braintree.ValidatedResponse<braintree.Transaction>>
    search(searchFn: braintree.TransactionSearchFn): Readable
    refund(id: string, amount?: string): Promise<braintree.ValidatedResponse<braintree.Transaction>>
    void(id: string): Promise<braintree.ValidatedResponse<braintree.Transaction>>
    find(id: string): Promise<braintree.Transaction>
  }
}

export interface BraintreeSettings {
  merchantId: string
  publicKey: string
  privateKey: string
  environment: 'sandbox' | 'production'
  /** The merchant account (its currency) to charge in, when not the default one. */
  merchantAccountId?: string | undefined
}

/** The SDK's gateway for the settings. */
export function braintreeSdk(settings: BraintreeSettings): BraintreeSdk {
  return new braintree.BraintreeGateway({
    environment:
      settings.environment === 'production'
        ? braintree.Environment.Production
        : braintree.Environment.Sandbox,
    merchantId: settings.merchantId,
    publicKey: settings.publicKey,
    privateKey: settings.privateKey,
  }) as unknown as BraintreeSdk
}

/** Braintree's orderId for an attempt: what a retry searches for. */
export const braintreeOrderId = (orderId: string, attemptKey: string) =>
  `${orderId}/${attemptKey}`.slice(0, 255)

/** Statuses of a sale that took (or will take) the money. */
const taken = new Set([
  'authorized',
  'authorizing',
  'submitted_for_settlement',
  'settling',
  'settled',
  'settlement_pending',
  'settlement_confirmed',
])

function outcomeOfTransaction(transaction: braintree.Transaction): ChargeOutcome {
  if (taken.has(transaction.status)) return { status: 'settled', providerRef: transaction.id }
  if (transaction.status === 'gateway_rejected')
    return {
      status: 'declined',
      providerRef: transaction.id,
      message: `Gateway Rejected: ${transaction.gatewayRejectionReason ?? 'unknown'}`,
    }
  if (transaction.status === 'processor_declined')
    return {
      status: 'declined',
      providerRef: transaction.id,
      message: transaction.processorResponseText || 'Declined by the card issuer.',
    }
  return {
    status: 'failed',
    providerRef: transaction.id,
    message:
      transaction.processorResponseText || `The payment ${transaction.status.replace(/_/g, ' ')}.`,
  }
}

/** A sale's answer: its transaction's outcome, or (no transaction) the validation message. */
export function outcomeOfSale(
  result: braintree.ValidatedResponse<braintree.Transaction>,
): ChargeOutcome {
  if (result.transaction) return outcomeOfTransaction(result.transaction)
  return { status: 'failed', providerRef: null, message: result.message || 'Payment refused.' }
}

/** Anything thrown by the SDK (a time-out, a 5xx, a dropped connection) leaves the outcome unknown. */
async function asked<T>(request: () => Promise<T>): Promise<T> {
  try {
    return await request()
  } catch (error) {
    throw new ProviderUnavailable('Braintree did not answer.', { cause: error })
  }
}

export function createBraintreeGateway(
  sdk: BraintreeSdk,
  settings: Pick<BraintreeSettings, 'merchantAccountId'> = {},
): CardGateway {
  async function search(orderId: string): Promise<braintree.Transaction[]> {
    const found: braintree.Transaction[] = []
    const stream = sdk.transaction.search((search) => search.orderId().is(orderId))
    for await (const transaction of stream) found.push(transaction as braintree.Transaction)
    return found
  }

  return {
    name: 'braintree',
    async clientToken() {
      const result = await asked(() => sdk.clientToken.generate({}))
      if (!result.success) throw new ProviderUnavailable('Braintree gave no client token.')
      return result.clientToken
    },
    async charge(request: ChargeRequest) {
      const result = await asked(() =>
        sdk.transaction.sale({
          amount: toDecimal(request.amount, request.currency),
          paymentMethodNonce: request.nonce,
          ...(request.deviceData ? { deviceData: request.deviceData } : {}),
          ...(settings.merchantAccountId ? { merchantAccountId: settings.merchantAccountId } : {}),
          orderId: braintreeOrderId(request.orderId, request.attemptKey),
          options: { submitForSettlement: true },
        }),
      )
      return outcomeOfSale(result)
    },
    async find({ orderId, attemptKey }) {
      const found = await asked(() => search(braintreeOrderId(orderId, attemptKey)))
      if (found.length === 0) return undefined
      // One sale per attempt is the rule; should there be more, the one that took money counts.
      const outcomes = found.map(outcomeOfTransaction)
      return outcomes.find((outcome) => outcome.status === 'settled') ?? outcomes[0]
    },
    async refund(providerRef, amount, currency) {
      const transaction = await asked(() => sdk.transaction.find(providerRef))
      const whole = toDecimal(amount, currency) === transaction.amount
      // Not settled yet: only the whole sale can be voided; settled: refunded in part or whole.
      const result =
        whole &&
        ['authorized', 'submitted_for_settlement', 'settlement_pending'].includes(
          transaction.status,
        )
          ? await asked(() => sdk.transaction.void(providerRef))
          : await asked(() => sdk.transaction.refund(providerRef, toDecimal(amount, currency)))
      return result.success ? { ok: true } : { ok: false, message: result.message || 'Refused.' }
    },
  }
}
