/*
 * Which cart lines are "the same" (an add of one sums into the other): the client's mirror of
 * the server's lineKeyOf (server/services/cart/pricing.ts). Same sku, same meta and same children (sku
 * and meta), in any order, quantities aside; the configurator's `total_price` meta is left out
 * (the server never keeps it). Pure, imports nothing: the page, the worker and the server may
 * all use it. The server hashes the same value; the client only compares, so it keeps the text.
 */

const TOTAL_PRICE_KEY = 'total_price'

interface Meta {
  key: string
  value: string
}

const byKey = (a: Meta, b: Meta) =>
  a.key < b.key ? -1 : a.key > b.key ? 1 : a.value < b.value ? -1 : a.value > b.value ? 1 : 0

function kept(meta: readonly Meta[]): Meta[] {
  return meta
    .filter((entry) => entry.key !== TOTAL_PRICE_KEY)
    .map(({ key, value }) => ({ key, value }))
    .sort(byKey)
}

/** A text equal for two lines exactly when the server would sum an add of one into the other. */
export function lineIdentity(
  sku: string,
  meta: readonly Meta[],
  child: readonly { sku: string; meta: readonly Meta[] }[],
): string {
  const children = child
    .map((entry) => JSON.stringify({ sku: entry.sku, meta: kept(entry.meta) }))
    .sort()
  return JSON.stringify({ sku, meta: kept(meta), child: children })
}
