/** How the mail and the order's history name a provider. */
export const providerLabel: Record<string, string> = {
  test: 'card (test gateway)',
  braintree: 'card',
  apple_pay: 'Apple Pay',
  bitpay: 'BitPay',
}
