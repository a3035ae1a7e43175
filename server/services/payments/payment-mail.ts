import type { Message } from '../../services/mail.ts'
import { formatAmount } from './money.ts'

/** How the mail and the order's history name a provider. */
export const providerLabel: Record<string, string> = {
  test: 'card (test gateway)',
  braintree: 'card',
  apple_pay: 'Apple Pay',
  bitpay: 'BitPay',
}

export interface PaymentReceived {
  to: string
  orderId: string
  amount: number
  currency: string
  provider: string
  paid: number
  total: number
  siteUrl: string
}

/** The "payment received" mail, built in one place. */
export function paymentReceivedMail(payment: PaymentReceived): Message {
  const balance = payment.total - payment.paid
  const left =
    balance > 0
      ? `${formatAmount(balance, payment.currency)} is left to pay.`
      : 'The order is paid in full.'
  return {
    to: payment.to,
    subject: `Payment received for your Glidecraft order`,
    text:
      `We received ${formatAmount(payment.amount, payment.currency)} by ` +
      `${providerLabel[payment.provider] ?? payment.provider} for your order.\n\n` +
      `Paid so far: ${formatAmount(payment.paid, payment.currency)} of ` +
      `${formatAmount(payment.total, payment.currency)}. ${left}\n\n` +
      `Your order: ${payment.siteUrl}/orders/${payment.orderId}\n`,
  }
}
