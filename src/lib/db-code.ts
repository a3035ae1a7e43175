import { nextTask } from './next-task.ts'

/**
 * Loads the code behind the store's database (lib/db.ts) in two tasks rather than one: Dexie, the
 * largest module a page loads after its first view, is evaluated on its own, then the schema and
 * its handle. A page that shows IndexedDB's data once it is up (the cart, the checkout) loads this
 * before its own code, whose evaluation then finds both done.
 */
export async function loadDatabaseCode(): Promise<void> {
  await import('dexie')
  await nextTask()
  await import('./db.ts')
}
