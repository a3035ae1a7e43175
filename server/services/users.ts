import { eq } from 'drizzle-orm'
import type { User } from '../../contract/user.ts'
import type { Database } from '../db/index.ts'
import { users } from '../db/schema.ts'

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

/** Sets the account's display name; returns the row as it is now. */
export async function renameUser(
  db: Database,
  userId: string,
  name: (typeof users.$inferInsert)['name'],
) {
  const [row] = await db.update(users).set({ name }).where(eq(users.id, userId)).returning()
  return row!
}
