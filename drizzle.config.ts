import { defineConfig } from 'drizzle-kit'

/** `npm run db:generate` writes a new migration after a change to the schema; commit it. */
export default defineConfig({
  dialect: 'postgresql',
  schema: './server/db/schema.ts',
  out: './server/db/migrations',
})
