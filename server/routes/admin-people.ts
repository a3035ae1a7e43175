import { createRouter } from '../http/router.ts'
import type { AdminDeps } from './admin.ts'

/* The back office's people calls (docs/back-office.md): to be written. */
export function adminPeopleRoutes(_deps: AdminDeps) {
  return createRouter()
}
