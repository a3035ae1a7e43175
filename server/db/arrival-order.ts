import { AsyncLocalStorage } from 'node:async_hooks'
import { setImmediate as nextTurn } from 'node:timers'

/*
 * First come, first served for PGlite's one session.
 *
 * PGlite runs one statement at a time and queues the rest in the order they are asked for. A
 * request makes several trips (its session, then its transaction), and each later trip joins the
 * back of the queue behind the first trips of every request that arrived meanwhile: with 50
 * requests at once, an early request can wait behind hundreds of others' statements, and the
 * slowest answers take seconds (issue 15: p99 5.2 s for adds at 50 connections). Here each
 * request gets an arrival number when it comes in (`inArrivalOrder`, wrapped around the request
 * listener), every database trip it makes carries that number, and the trips wait in one queue
 * ordered by it: the oldest request's next trip goes first, so requests finish roughly in the
 * order they came. Work outside any request (start-up, the admin command line) takes a number
 * when it asks, which puts it behind the requests already in.
 *
 * One trip per turn of the event loop. PGlite runs a trip synchronously in WebAssembly and
 * resolves it with a promise, so a request whose trips never wait for anything else runs from
 * its first byte to its answer in one go, and so does the next one the gate releases: the event
 * loop does not get back to its sockets until every waiting request is answered. Node (libuv
 * since 1.45) accepts one new connection per turn of the loop, and reads the requests that came
 * in meanwhile only then, so under load a new connection's first request waited seconds, behind
 * every request that came later on a connection already open (issue 15: p99 2 s at ~300 adds/s,
 * where the queue alone makes 50/300 s ≈ 170 ms). Each grant therefore waits for the next turn
 * (setImmediate): between two trips the loop accepts, reads and numbers whatever has arrived, and
 * the oldest waiter at that moment goes next.
 *
 * PostgreSQL needs none of this: its pool hands each request a connection of its own, and its
 * trips are socket reads that give the loop its turns.
 */

const arrival = new AsyncLocalStorage<number>()
let nextArrival = 0
/** Requests whose handling has not finished yet. */
let running = 0

function finished() {
  // While an AsyncLocalStorage is on, every async resource and promise of the process, those
  // of the answers written from memory too, pays a hook that copies the number along: about a
  // twentieth of such an answer. It is turned off whenever no request is being handled, and
  // back on by the next one. Work a finished request left running takes a number when it asks.
  if (--running === 0) arrival.disable()
}

/** Runs `work` (a request's handling) with the next arrival number. */
export function inArrivalOrder<T>(work: () => Promise<T>): Promise<T> {
  running++
  let handled: Promise<T>
  try {
    handled = arrival.run(nextArrival++, work)
  } catch (error) {
    finished()
    throw error
  }
  void handled.then(finished, finished)
  return handled
}

/** The arrival number of the request being served, or a new one for work outside requests. */
function currentArrival(): number {
  return arrival.getStore() ?? nextArrival++
}

interface Waiter {
  order: number
  start: () => void
}

/**
 * One trip at a time (the session is one), granted to the waiter with the lowest arrival number.
 * Ties (two trips of one request at once) keep the order they were asked in. Each grant waits
 * for a turn of the event loop (see "One trip per turn" above), and goes to the oldest waiter
 * at that moment.
 */
export class ArrivalGate {
  private busy = false
  private readonly waiting: Waiter[] = []

  async run<T>(work: () => Promise<T>, order = currentArrival()): Promise<T> {
    await new Promise<void>((start) => {
      // After the last waiter whose number is not larger: FIFO among equals.
      let index = this.waiting.length
      while (index > 0 && this.waiting[index - 1]!.order > order) index -= 1
      this.waiting.splice(index, 0, { order, start })
      if (!this.busy) this.grantNext()
    })
    try {
      return await work()
    } finally {
      this.busy = false
      if (this.waiting.length > 0) this.grantNext()
    }
  }

  /** The session to the oldest waiter, once the event loop has had its turn. */
  private grantNext(): void {
    this.busy = true
    nextTurn(() => this.waiting.shift()!.start())
  }
}

/** The calls of a PGlite client that take its one session from outside a transaction. */
interface SessionCalls {
  query: (...args: never[]) => Promise<unknown>
  exec: (...args: never[]) => Promise<unknown>
  transaction: (...args: never[]) => Promise<unknown>
  /** What the others take the session with; two-trips.ts takes it so too. */
  _runExclusiveTransaction: (...args: never[]) => Promise<unknown>
}

/**
 * The client as drizzle (and two-trips.ts) uses it, with `query`, `exec`, `transaction` and
 * `_runExclusiveTransaction` served in arrival order. Statements inside a transaction go through
 * the transaction's own handle, which already holds the session, and never wait here; the
 * client's own calls to its methods are made on the client itself, not through this proxy.
 */
export function servedInArrivalOrder<C extends SessionCalls>(client: C): C {
  const gate = new ArrivalGate()
  const gated = new Set<PropertyKey>(['query', 'exec', 'transaction', '_runExclusiveTransaction'])
  return new Proxy(client, {
    get(target, property) {
      // The client's own methods use private fields: they run on the client, never the proxy.
      const value: unknown = Reflect.get(target, property)
      if (typeof value !== 'function') return value
      const method = value as (...args: unknown[]) => unknown
      if (!gated.has(property)) return method.bind(target)
      return (...args: unknown[]) => gate.run(async () => method.apply(target, args))
    },
  })
}
