import { queryOptions } from '@tanstack/react-query'
import type {
  BitpayPaymentRequest,
  CardPaymentRequest,
  PaymentConfig,
} from '../../../contract/payment.ts'
import { api, type Camelized } from '../../lib/api-client.ts'
import { paymentKeys } from './keys.ts'
import type { PaidAnswer } from './model.ts'

/*
 * The payment calls (docs/payments.md), one typed function each. `payable` is the order's id (its
 * owner pays, with the session or the device's cart token) or its payment code (the payment link).
 * Each carries the attempt's Idempotency-Key.
 */

export type Payable = { orderId: string } | { paymentCode: string }

const idOf = (payable: Payable) => ('orderId' in payable ? payable.orderId : payable.paymentCode)
const owner = { auth: true, cart: true } as const

export type PaymentSetup = Camelized<PaymentConfig>

export const getPaymentConfig = (signal?: AbortSignal) =>
  api.get<PaymentSetup>('/api/payment/config', { signal })

/** What the payment step offers; not kept offline (a client token is for now). */
export const paymentConfigQuery = (get: typeof getPaymentConfig = getPaymentConfig) =>
  queryOptions({
    queryKey: paymentKeys.config(),
    queryFn: ({ signal }) => get(signal),
    staleTime: 0,
    gcTime: 5 * 60_000,
  })

export const payByCard = (payable: Payable, body: CardPaymentRequest, idempotencyKey: string) =>
  api.post<PaidAnswer>(`/api/payment/braintree/${encodeURIComponent(idOf(payable))}`, body, {
    ...owner,
    idempotencyKey,
  })

export const payByBitpay = (payable: Payable, body: BitpayPaymentRequest, idempotencyKey: string) =>
  api.post<PaidAnswer>(`/api/payment/bitpay/${encodeURIComponent(idOf(payable))}`, body, {
    ...owner,
    idempotencyKey,
  })

export const finishApplePay = (
  payable: Payable,
  data: { nonce: string; device_data?: string; amount?: number },
  idempotencyKey: string,
) =>
  api.post<PaidAnswer>(
    '/api/payment/apple-pay-finalize',
    { data: { order_id: idOf(payable), ...data } },
    { ...owner, idempotencyKey },
  )

/** The calls, as the payment step takes them (tests hand in their own). */
export const paymentCalls = { getPaymentConfig, payByCard, payByBitpay, finishApplePay }
export type PaymentCalls = typeof paymentCalls
