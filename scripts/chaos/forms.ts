import 'fake-indexeddb/auto'
import { like } from 'drizzle-orm'
import { outbox } from '../../server/db/schema.ts'
import { createTestApp, openTestDatabase } from '../../server/testing/test-helpers.ts'
import type { CartIntent } from '../../store-db/cart-outbox-model.ts'
import { StoreDB } from '../../store-db/store-db.ts'
import { createCartQueue } from '../../store-db/cart-queue.ts'

/*
 * The forms' chaos (issue 17, `npm run chaos`): seeded runs of contact forms filled on a device
 * and sent by the real outbox drainer (store-db/cart-queue.ts, two of them, as during a deploy) to
 * the real API in-process, through a network that goes offline, drops requests and loses answers
 * after the server applied them. Then the network returns for good and the outbox drains. Every
 * form must be in the server's mail outbox exactly once: none lost, none sent twice.
 */

function mulberry32(seed: number): () => number {
  let a = seed >>> 0
  return () => {
    a = (a + 0x6d2b79f5) >>> 0
    let t = a
    t = Math.imul(t ^ (t >>> 15), t | 1)
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61)
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296
  }
}

export interface FormsChaosResult {
  seed: number
  forms: number
  lost: number
  doubled: number
}

const coaches = ['elin-vardal', 'kenji-morimoto', 'hana-kovarova']

export async function formsChaos(seed: number, forms = 12): Promise<FormsChaosResult> {
  const random = mulberry32(seed)
  const database = await openTestDatabase()
  const app = createTestApp(database.db)
  const db = new StoreDB(`forms-chaos-${seed}-${Date.now()}`)
  let offline = false
  let calm = false
  let address = 0
  const send = async (url: string, init: RequestInit): Promise<Response> => {
    if (offline) throw new TypeError('Failed to fetch')
    const roll = calm ? 1 : random()
    if (roll < 0.15) throw new TypeError('Failed to fetch')
    address += 1
    const response = await app.request(new URL(url).pathname, init, {
      incoming: {
        socket: { remoteAddress: `10.60.${Math.floor(address / 250) % 250}.${address % 250}` },
      },
    })
    // Applied by the server, and the answer lost on the way back.
    if (roll < 0.35) throw new TypeError('Failed to fetch')
    return response
  }
  let tail = Promise.resolve()
  const withLock = <T>(drain: () => Promise<T>): Promise<T> => {
    const run = tail.then(drain)
    tail = run.then(
      () => undefined,
      () => undefined,
    )
    return run
  }
  const drainer = () =>
    createCartQueue({
      db,
      send,
      credentials: async () => ({ fromCookie: true }),
      withLock,
      broadcast: async () => {},
      apiOrigin: 'http://shop.test',
      online: () => !offline,
      timeoutMs: 5000,
    })
  const drainers = [drainer(), drainer()]
  const markers: string[] = []
  try {
    for (let index = 0; index < forms; index += 1) {
      const marker = `chaos-${seed}-${index}`
      markers.push(marker)
      const coach = random() < 0.5 ? coaches[Math.floor(random() * coaches.length)] : undefined
      const intent: CartIntent = {
        kind: 'form',
        form: coach ? 'contact-coach' : 'contact',
        path: coach ? `/api/coach/contact-coaches/${coach}` : '/api/contact/',
        body: { name: 'Chaos Pilot', email: `pilot-${seed}-${index}@example.com`, message: marker },
        name: 'Your message',
      }
      await db.addCartIntent(intent, `c-chaos-${seed}-${index}`)
      if (random() < 0.3) offline = !offline
      // One drain, or two at once (the installing and the active worker).
      const sending = drainers.filter(() => random() < 0.6)
      await Promise.all(sending.map((queue) => queue.replay()))
    }
    offline = false
    calm = true
    for (let round = 0; round < 10 && (await db.cartOutboxEntries()).length > 0; round += 1) {
      await drainers[round % 2]!.replay()
    }
    const rows = await database.db
      .select({ text: outbox.text })
      .from(outbox)
      .where(like(outbox.text, `%chaos-${seed}-%`))
    const count = (marker: string) =>
      rows.filter((row) => new RegExp(`${marker}(?!\\d)`).test(row.text ?? '')).length
    return {
      seed,
      forms,
      lost: markers.filter((marker) => count(marker) === 0).length,
      doubled: markers.reduce((sum, marker) => sum + Math.max(0, count(marker) - 1), 0),
    }
  } finally {
    db.close()
    await db.delete()
    await database.close()
  }
}
