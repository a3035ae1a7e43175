/*
 * The cart's headers and its token's form (cart.ts), apart from cart.ts's zod schemas: the app's
 * HTTP client (src/lib/api-client.ts) and the outbox's drainer (store-db/cart-queue.ts) need
 * these, the schemas they do not, and zod is a quarter of a first visit's JavaScript.
 */

/**
 * A guest's cart belongs to an anonymous cart token: 256 random bits, made on the device the
 * first time it is needed (offline too), kept in localStorage and sent with every cart call and
 * with login. The server keeps only its hash. After login the account's cart is used and the
 * guest cart is merged into it once.
 */
export const CART_TOKEN_HEADER = 'X-Cart-Token'
/** The token as the device makes it: 43 base64url characters (32 bytes). */
export const cartTokenPattern = /^[A-Za-z0-9_-]{43}$/

/**
 * Every cart mutation carries a key made on the device when the customer acts (cart.ts says what
 * the server does with it).
 */
export const IDEMPOTENCY_KEY_HEADER = 'Idempotency-Key'

/**
 * A cart change made while signed in carries the account's e-mail address (percent-encoded, as
 * the device knew it when the customer acted). The server applies it only with a live session of
 * that account: with none it answers 401 (the change waits on the device for the customer to sign
 * in again, never landing in the device's cart), with another account's session 409
 * (cart.ts `madeForAnotherAccountMessage`). Without the header a change goes to the caller as it
 * is.
 */
export const CART_ACCOUNT_HEADER = 'X-Cart-Account'
