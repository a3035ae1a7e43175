import { loadQueryClient } from './data-layer.ts'
import { clearWorkerUserCaches } from './sw-registration.ts'

/**
 * Forgets what this device keeps for the signed-in customer: the service worker's user-bound
 * caches and the customer's queries (memory and localStorage). Sign-out calls it; the catalog
 * snapshot and order drafts are not the customer's account data and stay.
 */
export async function clearUserData(): Promise<void> {
  const [client, { forgetUserQueries }] = await Promise.all([
    loadQueryClient(),
    import('./query-client.ts'),
  ])
  await Promise.all([clearWorkerUserCaches(), forgetUserQueries(client)])
}
