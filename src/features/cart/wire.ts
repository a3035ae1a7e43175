import humps from 'humps'
import type { Cart as WireCart } from '../../../contract/cart.ts'
import type { ShownCart as WireShownCart } from '../../../store-db/cart-outbox-model.ts'
import type { Cart, ShownCart } from './model.ts'

/*
 * Between the wire's casing (IndexedDB keeps the server's cart as it answered) and the app's. Apart
 * from model.ts so that the badge's code, which loads on every page, goes without humps.
 */

/** The wire's shown cart in the app's casing. */
export function camelizeShown(cart: WireShownCart): ShownCart {
  return humps.camelizeKeys(cart) as unknown as ShownCart
}

/** A cart answer back in the wire's casing, as IndexedDB keeps the server's last cart. */
export function wireCart(cart: Cart): WireCart {
  return humps.decamelizeKeys(cart) as unknown as WireCart
}
