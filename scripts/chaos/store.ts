// The API processes of a chaos run: one on PGlite (a data dir), or two on one private PostgreSQL
// (`--postgres`), started, stopped and killed (SIGKILL of the process group) on the same data.
import { eq } from 'drizzle-orm'
import pg from 'pg'
import { openDatabase } from '../../server/db/index.ts'
import { sessions } from '../../server/db/schema.ts'
import { hashToken } from '../../server/services/sessions.ts'
import { freePort, stopGroup } from '../bench/processes.ts'
import { readyPath, spawnServer, waitForStatus, type StartedServer } from '../bench/server.ts'

export class Store {
  readonly servers: (StartedServer | undefined)[]
  readonly ports: number[]

  constructor(
    readonly dataDir: string,
    ports: number[],
    readonly databaseUrl?: string,
  ) {
    this.ports = ports
    this.servers = ports.map(() => undefined)
  }

  static async create(
    dataDir: string,
    port: number | undefined,
    count: number,
    databaseUrl?: string,
  ) {
    const ports: number[] = []
    for (let index = 0; index < count; index += 1) {
      ports.push(port !== undefined ? port + index : await freePort())
    }
    return new Store(dataDir, ports, databaseUrl)
  }

  get origins(): string[] {
    return this.ports.map((port) => `http://127.0.0.1:${port}`)
  }

  /** An API process that is up, for the test side's reads. */
  get origin(): string {
    const up = this.servers.find((server) => server)
    if (!up) throw new Error('no API process is up')
    return up.origin
  }

  async start(index?: number): Promise<void> {
    const which = index === undefined ? this.ports.map((_, i) => i) : [index]
    // One after the other: two processes migrating one database at once would race.
    for (const i of which) {
      if (this.servers[i]) continue
      const server = await spawnServer({ root: process.cwd(), distDir: 'dist' }, this.dataDir, {
        port: this.ports[i],
        databaseUrl: this.databaseUrl,
        discardStdout: true,
      })
      try {
        await waitForStatus(server, readyPath, { timeoutMs: 120_000 })
      } catch (error) {
        // A server that never came up is stopped, or the run would never exit.
        await stopGroup(server, 0)
        throw error
      }
      this.servers[i] = server
    }
  }

  /** kill -9 of the process group: no shutdown hooks, whatever was in flight is cut. */
  async kill(index: number): Promise<void> {
    const server = this.servers[index]
    if (!server?.child.pid) return
    try {
      process.kill(-server.child.pid, 'SIGKILL')
    } catch {
      // already gone
    }
    await stopGroup(server, 0)
    this.servers[index] = undefined
  }

  /**
   * A session's time runs out: its expiry is moved just into the past in the database, as the
   * server's clock reaching it would leave it. On PostgreSQL while the APIs run; PGlite's data dir
   * is one process's, so the API stops (gracefully), the row is changed, and it starts again.
   */
  async expireSession(bearer: string): Promise<void> {
    const tokenHash = hashToken(bearer)
    if (this.databaseUrl) {
      const client = new pg.Client({ connectionString: this.databaseUrl })
      await client.connect()
      try {
        await client.query(
          `update sessions set expires_at = now() - interval '1 second' where token_hash = $1`,
          [tokenHash],
        )
      } finally {
        await client.end()
      }
      return
    }
    await this.stop()
    const database = await openDatabase({ dataDir: this.dataDir })
    try {
      await database.db
        .update(sessions)
        .set({ expiresAt: new Date(Date.now() - 1000) })
        .where(eq(sessions.tokenHash, tokenHash))
    } finally {
      await database.close()
    }
    await this.start()
  }

  async stop(): Promise<void> {
    for (let index = 0; index < this.servers.length; index += 1) {
      const server = this.servers[index]
      if (server) await stopGroup(server)
      this.servers[index] = undefined
    }
  }
}
