/**
 * An order's life (issue 16): `open` is a cart and `merged` a guest cart summed into an account's
 * at sign-in. Submit makes it `submitted`; payments move it to `partly_paid` or `paid`; the shop
 * moves it on to `in_production`, `shipped` and `delivered`, or ends it `cancelled` or `refunded`.
 */
export const OrderStatus = [
  'open',
  'merged',
  'submitted',
  'partly_paid',
  'paid',
  'in_production',
  'shipped',
  'delivered',
  'cancelled',
  'refunded',
] as const
export type OrderStatus = (typeof OrderStatus)[number]
