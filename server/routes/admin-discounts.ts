import { createRouter } from '../http/router.ts'
import type { AdminDeps } from './admin.ts'

/* The back office's discounts calls (docs/back-office.md): to be written. */
export function adminDiscountsRoutes(_deps: AdminDeps) {
  return createRouter()
}
