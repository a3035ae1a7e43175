/** The cart's query keys (the key factory of STYLE.md), apart so the badge's code stays small. */
export const cartKeys = { all: ['cart'] as const }
