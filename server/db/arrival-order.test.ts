import { sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { ArrivalGate, inArrivalOrder } from './arrival-order.ts'
import { openDatabase, type OpenDatabase } from './index.ts'

/** A request: `trips` database trips one after another, each logged as it runs. */
async function request(
  run: (trip: () => Promise<void>) => Promise<void>,
  name: string,
  trips: number,
  log: string[],
) {
  for (let trip = 1; trip <= trips; trip += 1) {
    await run(async () => {
      log.push(`${name}.${trip}`)
    })
  }
}

describe('ArrivalGate', () => {
  it('grants the session to the earliest request first, whoever asked first', async () => {
    const gate = new ArrivalGate()
    const log: string[] = []
    // Three requests of three trips each, all in at once, the newest asking first. A request
    // asks for its next trip before the session is granted again, so each finishes before the
    // next begins.
    await Promise.all(
      ['c', 'b', 'a'].map((name) =>
        request((trip) => gate.run(trip, name.charCodeAt(0)), name, 3, log),
      ),
    )
    expect(log).toEqual(['a.1', 'a.2', 'a.3', 'b.1', 'b.2', 'b.3', 'c.1', 'c.2', 'c.3'])
  })

  it('gives the event loop a turn before each trip, so what arrives meanwhile is seen', async () => {
    const gate = new ArrivalGate()
    const log: string[] = []
    // Ten trips queued at once. Work the loop has to do (accepting a connection, reading a
    // request) is an immediate here: each gets its turn between two trips, not after all ten.
    const trips = Array.from({ length: 10 }, (_, n) =>
      gate.run(async () => {
        log.push(`trip ${n}`)
        setImmediate(() => log.push(`loop after ${n}`))
      }, n),
    )
    await Promise.all(trips)
    await new Promise((resolve) => setImmediate(resolve))
    expect(log.slice(0, 6)).toEqual([
      'trip 0',
      'loop after 0',
      'trip 1',
      'loop after 1',
      'trip 2',
      'loop after 2',
    ])
  })

  it('keeps the order of asking among trips of one request', async () => {
    const gate = new ArrivalGate()
    const log: string[] = []
    await Promise.all(
      [1, 2, 3].map((n) =>
        gate.run(async () => {
          log.push(`t${n}`)
        }, 7),
      ),
    )
    expect(log).toEqual(['t1', 't2', 't3'])
  })

  it('runs one trip at a time and goes on after a failed one', async () => {
    const gate = new ArrivalGate()
    let running = 0
    let most = 0
    const trip = async () => {
      running += 1
      most = Math.max(most, running)
      await Promise.resolve()
      running -= 1
    }
    const failing = gate.run(async () => {
      throw new Error('statement failed')
    }, 0)
    await expect(failing).rejects.toThrow('statement failed')
    await Promise.all(Array.from({ length: 10 }, (_, n) => gate.run(trip, n)))
    expect(most).toBe(1)
  })
})

describe('PGlite served in arrival order', () => {
  let open: OpenDatabase

  beforeAll(async () => {
    open = await openDatabase({ inMemory: true })
  })
  afterAll(async () => {
    await open.close()
  })

  it('finishes the first of 20 simultaneous requests before the last one makes its second trip', async () => {
    // Twice: the numbering is switched off while no request runs, and on again by the next.
    for (const round of ['first', 'second']) {
      const log: string[] = []
      const requests = Array.from({ length: 20 }, (_, n) =>
        inArrivalOrder(() =>
          request(
            async (trip) => {
              await open.db.execute(sql`select 1`)
              await trip()
            },
            `r${n}`,
            4,
            log,
          ),
        ),
      )
      await Promise.all(requests)
      expect(log, round).toHaveLength(80)
      // Without the order, PGlite's queue goes round the requests one trip at a time, and the
      // first request's last trip comes after every other request's third.
      expect(log.indexOf('r0.4'), round).toBeLessThan(log.indexOf('r19.2'))
      const finished = Array.from({ length: 20 }, (_, n) => log.indexOf(`r${n}.4`))
      expect(finished, round).toEqual([...finished].sort((a, b) => a - b))
    }
  })

  it('still runs transactions, whose statements do not wait behind the gate', async () => {
    const result = await inArrivalOrder(() =>
      open.db.transaction(async (tx) => {
        await tx.execute(sql`select 1`)
        const result = (await tx.execute(sql`select 2 as n`)) as unknown as {
          rows: { n: number }[]
        }
        return result.rows[0]?.n
      }),
    )
    expect(result).toBe(2)
  })
})
