import type { User } from '../../contract/user.ts'
import type { users } from '../db/schema.ts'

/** A user row as the API shows it: never the password hash. */
export function toUser(row: typeof users.$inferSelect): User {
  return {
    id: row.id,
    email: row.email,
    name: row.name,
    role: row.role,
    created_at: row.createdAt.toISOString(),
  }
}
