// The cart's promise under chaos (issue 11): seeded runs of a guest adding to the cart while the
// network comes and goes, answers are lost after the server applied them, pages reload, a second
// tab joins, and the server restarts. After each run the network returns and the worker's queue
// drains; the server's cart must then hold exactly what the customer was told was added.
//
//   npm run chaos [-- --runs N] [--seed S]
//
// Needs a build (`npm run build`). Prints per run the lines expected and found, and the lost and
// doubled counts; exits 1 unless both are 0 over every run. Same seed, same sequence of actions.
import { performance } from 'node:perf_hooks'
import { setTimeout as sleep } from 'node:timers/promises'
import { parseArgs } from 'node:util'
import { expect, type BrowserContext, type Page } from '@playwright/test'
import type { CartWorkerReport } from '../sw/messages.ts'
import { withChromium } from './bench/browser.ts'
import {
  freePort,
  installCleanup,
  makeTempDir,
  removeTempDir,
  stopGroup,
} from './bench/processes.ts'
import { readyPath, spawnServer, waitForStatus, type StartedServer } from './bench/server.ts'
import { startLossyProxy, type LossyProxy } from './lossy-proxy.ts'

const BAG_PATH = '/equipment/mission-bag'
const BAG_FORM = 'Order the Mission bag'
const STEPS = 10

/** mulberry32: a small seeded generator, so a failing run can be replayed by its seed. */
function generator(seed: number): () => number {
  let state = seed >>> 0
  return () => {
    state = (state + 0x6d2b79f5) >>> 0
    let t = state
    t = Math.imul(t ^ (t >>> 15), t | 1)
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61)
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296
  }
}

/** Every "Added…" / "Not added…" message the product form shows, in order (test-side only). */
async function watchAddResults(context: BrowserContext): Promise<void> {
  await context.addInitScript(() => {
    const results: string[] = []
    Object.assign(window, { __addResults: results })
    new MutationObserver((records) => {
      for (const record of records)
        for (const node of record.addedNodes)
          if (
            node instanceof HTMLElement &&
            node.closest('.add-to-order') &&
            (node.classList.contains('added-message') || node.classList.contains('field-error'))
          )
            results.push(node.textContent ?? '')
    }).observe(document, { childList: true, subtree: true })
  })
}

async function openBagPage(page: Page, origin: string): Promise<void> {
  await page.goto(`${origin}${BAG_PATH}`)
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready
    if (navigator.serviceWorker.controller) return
    await new Promise((resolve) =>
      navigator.serviceWorker.addEventListener('controllerchange', resolve, { once: true }),
    )
  })
  // The first view came before the worker: opened again through it, the page and its data are
  // kept on the device, as for a visitor who opened it once online. Without this a tab opened
  // offline early in a run would meet the honest "not saved on this device yet" page.
  await page.reload()
  await page.getByRole('form', { name: BAG_FORM }).getByRole('button').waitFor({ timeout: 60_000 })
}

/** Adds one bag in the option chosen; resolves with the sku when the page said it was added. */
async function addBag(page: Page, option: number): Promise<string | undefined> {
  const form = page.getByRole('form', { name: BAG_FORM })
  const select = form.getByLabel('Option')
  // Chosen once the page is live (before, the form is disabled: what shows is what is added).
  await expect(select).toBeEnabled({ timeout: 60_000 })
  const skus = await select
    .locator('option')
    .evaluateAll((options) => options.map((option) => (option as HTMLOptionElement).value))
  const sku = skus[option % skus.length]!
  await select.selectOption(sku)
  const before = await page.evaluate(
    () => (window as unknown as { __addResults: string[] }).__addResults.length,
  )
  await form.getByRole('button', { name: 'Add to order' }).click()
  const handle = await page.waitForFunction(
    (count) => {
      const results = (window as unknown as { __addResults: string[] }).__addResults
      return results.length > count ? results[count] : undefined
    },
    before,
    { timeout: 30_000 },
  )
  const text = (await handle.jsonValue()) as string
  return text.startsWith('Added') ? sku : undefined
}

function workerQueue(page: Page, type: 'CART_QUEUE' | 'CART_REPLAY'): Promise<string[]> {
  return page.evaluate(async (message) => {
    const registration = await navigator.serviceWorker.ready
    return new Promise<string[]>((resolve) => {
      const channel = new MessageChannel()
      channel.port1.onmessage = (event) =>
        resolve((event.data as Extract<CartWorkerReport, { type: 'CART_QUEUE' }>).keys)
      registration.active!.postMessage({ type: message }, [channel.port2])
    })
  }, type)
}

function count(map: Map<string, number>): string {
  return JSON.stringify(Object.fromEntries([...map].sort(([a], [b]) => a.localeCompare(b))))
}

interface RunResult {
  expected: Map<string, number>
  found: Map<string, number>
  lost: number
  doubled: number
  actions: string[]
}

class Store {
  server: StartedServer | undefined
  constructor(
    readonly dataDir: string,
    readonly port: number,
  ) {}

  async start(): Promise<void> {
    this.server = await spawnServer({ root: process.cwd(), distDir: 'dist' }, this.dataDir, {
      port: this.port,
      discardStdout: true,
    })
    await waitForStatus(this.server, readyPath, { timeoutMs: 120_000 })
  }

  async stop(): Promise<void> {
    if (this.server) await stopGroup(this.server)
    this.server = undefined
  }
}

async function run(
  seed: number,
  store: Store,
  proxy: LossyProxy,
  context: BrowserContext,
): Promise<RunResult> {
  const random = generator(seed)
  const pick = <T>(items: T[]): T => items[Math.floor(random() * items.length)]!
  const expected = new Map<string, number>()
  const actions: string[] = []
  await watchAddResults(context)
  const pages = [await context.newPage()]
  await openBagPage(pages[0]!, proxy.origin)
  let offline = false
  let restarted = false

  for (let step = 0; step < STEPS; step += 1) {
    try {
      await act(random(), pick(pages))
    } catch (error) {
      throw new Error(`${(error as Error).message} (after: ${actions.join(', ') || 'nothing'})`)
    }
  }

  async function act(roll: number, page: Page): Promise<void> {
    if (roll < 0.45) {
      const sku = await addBag(page, Math.floor(random() * 4))
      actions.push(`add ${sku ?? 'not added'}`)
      if (sku) expected.set(sku, (expected.get(sku) ?? 0) + 1)
    } else if (roll < 0.6) {
      offline = !offline
      await context.setOffline(offline)
      actions.push(offline ? 'offline' : 'online')
    } else if (roll < 0.7) {
      const lose = 1 + Math.floor(random() * 2)
      proxy.loseAnswers(
        (request) => request.method === 'POST' && (request.url ?? '').startsWith('/api/order/'),
        lose,
      )
      actions.push(`lose ${lose}`)
    } else if (roll < 0.8) {
      await page.reload()
      await page
        .getByRole('form', { name: BAG_FORM })
        .getByRole('button')
        .waitFor({ timeout: 60_000 })
      actions.push('reload')
    } else if (roll < 0.9) {
      if (pages.length < 2) {
        const tab = await context.newPage()
        await tab.goto(`${proxy.origin}${BAG_PATH}`)
        await tab
          .getByRole('form', { name: BAG_FORM })
          .getByRole('button')
          .waitFor({ timeout: 60_000 })
        pages.push(tab)
        actions.push('second tab')
      } else {
        await pages.pop()!.close()
        actions.push('close tab')
      }
    } else if (!restarted) {
      restarted = true
      await store.stop()
      // A change made while the server is down waits in the queue like one made offline.
      const sku = await addBag(page, Math.floor(random() * 4))
      actions.push(`restart (add ${sku ?? 'not added'} while down)`)
      if (sku) expected.set(sku, (expected.get(sku) ?? 0) + 1)
      await store.start()
    }
  }

  // The network returns for good; the worker sends what waits.
  proxy.stopLosing()
  await context.setOffline(false)
  const page = pages[0]!
  const started = performance.now()
  while ((await workerQueue(page, 'CART_REPLAY')).length > 0) {
    if (performance.now() - started > 60_000) throw new Error('the queue did not drain in 60 s')
    await sleep(250)
  }
  const token = await page.evaluate(() => localStorage.getItem('cart-token'))
  const response = await fetch(`${store.server!.origin}/api/order`, {
    headers: { 'X-Cart-Token': token ?? '' },
  })
  const cart = (await response.json()) as { items: { sku: string; qty: number }[] }
  const found = new Map<string, number>()
  for (const line of cart.items) found.set(line.sku, (found.get(line.sku) ?? 0) + line.qty)
  let lost = 0
  let doubled = 0
  for (const sku of new Set([...expected.keys(), ...found.keys()])) {
    const difference = (found.get(sku) ?? 0) - (expected.get(sku) ?? 0)
    if (difference < 0) lost -= difference
    else doubled += difference
  }
  return { expected, found, lost, doubled, actions }
}

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: {
      runs: { type: 'string', default: '200' },
      seed: { type: 'string', default: '1' },
      port: { type: 'string' },
      'proxy-port': { type: 'string' },
    },
  })
  const runs = Number(values.runs)
  const firstSeed = Number(values.seed)
  installCleanup()
  const dataDir = makeTempDir('chaos')
  const port = values.port ? Number(values.port) : await freePort()
  const store = new Store(dataDir, port)
  await store.start()
  const proxy = await startLossyProxy(
    `http://127.0.0.1:${port}`,
    values['proxy-port'] ? Number(values['proxy-port']) : 0,
  )
  let lost = 0
  let doubled = 0
  let failed = 0
  try {
    await withChromium(async (browser) => {
      for (let index = 0; index < runs; index += 1) {
        const seed = firstSeed + index
        const context = await browser.newContext()
        try {
          const result = await run(seed, store, proxy, context)
          lost += result.lost
          doubled += result.doubled
          console.log(
            `run ${index + 1}/${runs} seed ${seed}: expected ${count(result.expected)} found ${count(result.found)} lost ${result.lost} doubled ${result.doubled} — ${result.actions.join(', ')}`,
          )
        } catch (error) {
          failed += 1
          console.log(`run ${index + 1}/${runs} seed ${seed}: failed: ${(error as Error).message}`)
        } finally {
          await context.close()
          if (!store.server) await store.start()
        }
      }
    })
  } finally {
    await proxy.close()
    await store.stop()
    removeTempDir(dataDir)
  }
  console.log(`chaos: ${runs} runs, lost ${lost}, doubled ${doubled}, failed runs ${failed}`)
  if (lost > 0 || doubled > 0 || failed > 0) process.exitCode = 1
}

await main()
