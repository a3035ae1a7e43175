import type { Cart } from './cart.ts'

// Apart from cart.ts, whose schemas need zod: the device's cart model (the page's and the
// worker's) starts from an empty cart without loading zod, about 100 KB a product page need not
// evaluate (docs/architecture.md, "First paint of the private pages").

/** The cart of an owner who has none yet: what the server answers, and a device shows, for it. */
export function emptyCart(currency = 'USD'): Cart {
  return {
    id: null,
    status: 'open',
    currency,
    items: [],
    item_count: 0,
    subtotal: 0,
    discounts: [],
    discount_total: 0,
    total: 0,
    merge_notice: null,
    merged_into: null,
    is_mto: false,
    shipping_address: null,
    shipping: null,
    require_signature: false,
    signed: false,
    placed_for: null,
  }
}
