// Server cold start on PGlite: spawn to the first 200 of the ready endpoint, on a brand-new data dir
// (creates, migrates and seeds the database) and again on the same dir (opens it).
import type { Measurement, Row } from './types.ts'
import { makeTempDir, removeTempDir, stopGroup } from './processes.ts'
import { readyPath, spawnServer, waitForStatus } from './server.ts'

export const coldStart: Measurement = {
  name: 'server cold start',
  async run(context) {
    const dataDir = makeTempDir('bench-cold-start')
    const rows: Row[] = []
    try {
      const runs = [
        {
          metric: 'server start to first 200, new PGlite data dir',
          note: 'creates + migrates + seeds',
        },
        { metric: 'server start to first 200, existing data dir', note: 'second start, same dir' },
      ]
      for (const run of runs) {
        const server = await spawnServer(context, dataDir)
        try {
          const ms = await waitForStatus(server, readyPath, { timeoutMs: 120_000 })
          rows.push({ metric: run.metric, value: Math.round(ms), unit: 'ms', note: run.note })
        } finally {
          await stopGroup(server)
        }
      }
      return rows
    } finally {
      removeTempDir(dataDir)
    }
  },
}
