/** The payment step's query keys (the key factory of STYLE.md). */
export const paymentKeys = {
  all: ['payment'] as const,
  config: () => [...paymentKeys.all, 'config'] as const,
}
