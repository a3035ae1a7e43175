// The back office's benches at scale share this: a database of `scripts/seed-scale.ts`'s year
// (PGlite in a temporary data directory, or a private PostgreSQL cluster), measured as the server
// leaves PGlite (never vacuumed nor analysed), then after VACUUM ANALYZE (PostgreSQL only then, as
// autovacuum leaves a year-old database).
import { join } from 'node:path'
import { sql } from 'drizzle-orm'
import { openDatabase, type Database } from '../../server/db/index.ts'
import { seedScale } from '../seed-scale.ts'
import { startPostgres } from './postgres.ts'
import { freePort, makeTempDir, removeTempDir } from './processes.ts'

export interface AtScale<T> {
  /** `PGlite, no statistics`, `PGlite, after VACUUM ANALYZE` or `PostgreSQL`. */
  database: string
  result: T
  /** The queries ran in this process (PGlite): its CPU time is theirs. */
  inProcess: boolean
}

/** Today's UTC midnight: the seeded year ends there. */
export function startOfToday(): Date {
  const now = new Date()
  return new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate()))
}

/** Seeds a year on `database` (`PGlite` or `PostgreSQL`) and runs `measure` as said above. */
export async function measureAtScale<T>(
  name: string,
  database: string,
  measure: (db: Database, end: Date) => Promise<T>,
): Promise<AtScale<T>[]> {
  const dir = makeTempDir(name)
  const postgres = database === 'PostgreSQL' ? startPostgres(await freePort()) : undefined
  const opened = await openDatabase(
    postgres ? { databaseUrl: postgres.url } : { dataDir: join(dir, 'data') },
  )
  try {
    const end = startOfToday()
    const report = await seedScale(opened.db, { end, log: () => {}, vacuum: false })
    console.error(
      `  ${database}: seeded ${report.orders} orders, ${report.lines} lines, ` +
        `${report.views} page views in ${report.seconds.toFixed(1)} s`,
    )
    const runs: AtScale<T>[] = []
    if (!postgres) {
      console.error(`  ${database}, never vacuumed nor analysed`)
      runs.push({
        database: `${database}, no statistics`,
        result: await measure(opened.db, end),
        inProcess: true,
      })
    }
    await opened.db.execute(sql`vacuum analyze`)
    console.error(`  ${database}, after VACUUM ANALYZE`)
    runs.push({
      database: postgres ? database : `${database}, after VACUUM ANALYZE`,
      result: await measure(opened.db, end),
      inProcess: !postgres,
    })
    return runs
  } finally {
    await opened.close()
    postgres?.stop()
    removeTempDir(dir)
  }
}
