import { z } from 'zod'
import { ShippingAddress } from './address.ts'
import { IN_STOCK_SHIP_DAYS } from './availability.ts'
import { OrderMeta } from './configurator.ts'
import { OrderStatus } from './order-status.ts'
import { PlacedFor } from './placed-for.ts'
import { ShippingQuote } from './shipping.ts'

export {
  CART_ACCOUNT_HEADER,
  CART_TOKEN_HEADER,
  cartTokenPattern,
  IDEMPOTENCY_KEY_HEADER,
} from './cart-headers.ts'

/*
 * The cart (the open order) on the wire, shared by the server's routes, the app and the service
 * worker's sync queue. Request bodies carry exactly the API's field names; response keys are
 * snake_case (the app camelizes them). Money is in integer minor units of `currency`.
 */

/** The 409's message for a change made signed in to another account (CART_ACCOUNT_HEADER). */
export const madeForAnotherAccountMessage =
  'This change was made signed in to another account, so it was not added to this one.'

/**
 * Every cart mutation carries a key made on the device when the customer acts. The server keeps
 * the key at least 90 days (longer than the device's queue keeps a change) with its first
 * answer, and gives a repeat that same answer, byte for byte; the same key with another body
 * gets 422. A key is the owner's: another owner's use of it is theirs, and a signed-in change's
 * key is not replayed to the device's token alone after sign-out (422). update-qty takes the key
 * of the add that made a line in place of the line's id. 8–128 characters of [A-Za-z0-9_-].
 */
export const idempotencyKeyPattern = /^[A-Za-z0-9_-]{8,128}$/

/** POST /api/order/item/{id}/update-qty: 0 removes the line. */
export const UpdateQtyRequest = z.object({ qty: z.number().int().min(0).max(99) })
export type UpdateQtyRequest = z.infer<typeof UpdateQtyRequest>

/** The most codes one add-discount call takes (more: 422 on discount_codes). */
export const maxDiscountCodes = 10

/**
 * POST /api/order/{id}/add-discount: one code or several (`discount_codes`,
 * docs/cart-and-offline-sync.md).
 */
export const AddDiscountRequest = z.object({
  discount_codes: z.union([z.string(), z.array(z.string())]),
})
export type AddDiscountRequest = z.infer<typeof AddDiscountRequest>

const Money = z.number().int()

/** A line that belongs to another (a super custom design belongs to its suit). */
export const CartChildLine = z.object({
  id: z.string(),
  sku: z.string(),
  name: z.string(),
  qty: z.number().int(),
  unit_price: Money,
  line_price: Money,
  meta: z.array(OrderMeta),
})
export type CartChildLine = z.infer<typeof CartChildLine>

/**
 * When a line ships, in the product page's words for its variant (contract/availability.ts
 * `availabilityText`): in stock, or made to order in so many weeks. The weeks are the line's own,
 * timed as an order's line is (server/services/orders/production.ts): its family's current
 * production time plus what its upgrades add. The dates come with the submit day (the order's
 * page and mail), so a cart says weeks only.
 */
export const CartLineAvailability = z.object({
  in_stock: z
    .boolean()
    .describe(`The variant is in stock: it ships in ${IN_STOCK_SHIP_DAYS} working days.`),
  weeks_min: z
    .number()
    .int()
    .nullable()
    .describe('Made to order: the fewest weeks it takes; null in stock, or none published.'),
  weeks_max: z
    .number()
    .int()
    .nullable()
    .describe('Made to order: the most weeks it takes; null in stock, or none published.'),
})
export type CartLineAvailability = z.infer<typeof CartLineAvailability>

export const CartLine = z.object({
  /** Server id (uuid). Also addressable in update-qty by the Idempotency-Key of its add. */
  id: z.string(),
  sku: z.string(),
  product_slug: z.string(),
  /** The product's page path, e.g. /wingsuits/corvid-2. */
  product_path: z.string(),
  name: z.string(),
  /** The variant's name (size), when the product has variants. */
  variant_name: z.string().nullable(),
  image: z.string().nullable(),
  qty: z.number().int(),
  /** One item with every addition of its configuration, children included. */
  unit_price: Money,
  line_price: Money,
  meta: z.array(OrderMeta),
  child: z.array(CartChildLine),
  /** Human lines describing the configuration ("Colours: …", "Super custom design"). */
  summary: z.array(z.string()),
  /**
   * When it ships (CartLineAvailability); null for a product no longer in the catalog. Always
   * sent by the cart's routes; optional so that carts kept on a device before it existed, and
   * lines added offline (not answered yet), still parse.
   */
  availability: CartLineAvailability.nullable()
    .optional()
    .describe(
      'When the line ships, as the product page says it of its variant: in stock (ships in ' +
        `${IN_STOCK_SHIP_DAYS} working days), or made to order in ` +
        '`weeks_min`–`weeks_max` weeks: its family’s ' +
        'current production time (`GET /api/order/production-time`) plus what its upgrades ' +
        'add, as an order’s line is timed. The dates come with the submit day (the order’s ' +
        'page). Null for a product no longer in the catalog.',
    ),
})
export type CartLine = z.infer<typeof CartLine>

export const CartDiscount = z.object({
  code: z.string(),
  description: z.string(),
  amount: Money,
})
export type CartDiscount = z.infer<typeof CartDiscount>

/** GET /api/order, GET /api/order/{id}, and the answer of every cart mutation. */
export const Cart = z.object({
  /** uuid; null while the device's cart has never had a line on the server. */
  id: z.string().nullable(),
  /** `merged`: a guest cart whose lines went into an account's cart at sign-in (GET /api/order/{id}). */
  status: z.enum(OrderStatus),
  currency: z.string(),
  items: z.array(CartLine),
  /** Sum of the lines' quantities: the header's badge. */
  item_count: z.number().int(),
  subtotal: Money,
  discounts: z.array(CartDiscount),
  discount_total: Money,
  total: Money,
  /**
   * Set after a guest cart was merged into the account's cart at login, until
   * POST /api/order/set-merged-notified: what the merge did, for the cart merge overlay.
   */
  merge_notice: z
    .object({ lines_added: z.number().int(), lines_summed: z.number().int() })
    .nullable(),
  /** The account cart a merged guest cart's lines went to; null otherwise (always sent). */
  merged_into: z.string().nullable().optional(),
  /*
   * What the checkout reads (docs/checkout.md; contract/checkout-steps.ts
   * turns them into its flags). Always sent; optional here only so that carts kept on a device
   * before they existed still parse.
   */
  /**
   * Made to order: every line is a configurable product in a variant that is not in stock (a
   * custom suit, sewn after the order), so no shipping method and no payment are due today.
   */
  is_mto: z.boolean().optional(),
  /** Where the order goes (POST /api/order/save-shipping-address); null until then. */
  shipping_address: ShippingAddress.nullable().optional(),
  /**
   * The chosen shipping option with its price (POST /api/order/save-shipping-option); null until
   * one is chosen, and again when the address or the cart's weight leaves what its price was
   * quoted for. `total` does not include it.
   */
  shipping: ShippingQuote.nullable().optional(),
  /**
   * Whether the order needs a signed waiver (a line's product says `requires_waiver` in the
   * content), and whether it holds a signature of the current waiver version
   * (POST /api/order/create-order-signature; GET /api/order/waiver is the text). A new version
   * makes `signed` false again until the customer signs it.
   */
  require_signature: z.boolean().optional(),
  signed: z.boolean().optional(),
  /**
   * A dealer's cart only: the customer it orders for (POST /api/order/place-for); null for the
   * dealer itself, and on every other cart. Always sent.
   */
  placed_for: PlacedFor.nullable().optional(),
})
export type Cart = z.infer<typeof Cart>

export { emptyCart } from './empty-cart.ts'
