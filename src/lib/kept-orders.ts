/**
 * Sign-out forgets the orders this device kept for offline reading (store-db `keptOrders`),
 * through lib so the account feature does not import the orders'. Resolves once done, at once
 * where IndexedDB is not available.
 */
export async function forgetKeptOrders(): Promise<void> {
  if (!globalThis.indexedDB) return
  const { db } = await import('./db.ts')
  await db.forgetOrders()
}
