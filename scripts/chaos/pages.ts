import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { setTimeout as sleep } from 'node:timers/promises'
import { expect, type BrowserContext, type Locator, type Page } from '@playwright/test'
import type { CartWorkerReport } from '../../sw/messages.ts'

/*
 * What the chaos runs do in the page (scripts/chaos.ts, run.ts): open the store with its worker
 * in control, move between pages, add a bag or a designed suit, close the merge overlay, ask the
 * worker about its outbox, and keep evidence of a run that stopped.
 */

export const BAG_PATH = '/equipment/mission-bag'
export const BAG_FORM = 'Order the Mission bag'
export const SUIT = { path: '/wingsuits/corvid-2', name: 'Corvid 2', sku: 'CORVID2-M' }

/** Every "Added…" / "Not added…" message a product form shows, in order (test-side only). */
export async function watchAddResults(context: BrowserContext): Promise<void> {
  await context.addInitScript(() => {
    const results: string[] = []
    // Each add a tap started: the form's submit (seen before the page's own handler).
    const starts = { count: 0 }
    Object.assign(window, { __addResults: results, __addStarts: starts })
    document.addEventListener(
      'submit',
      (event) => {
        if (event.target instanceof Element && event.target.closest('.add-to-order'))
          starts.count += 1
      },
      true,
    )
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

export async function waitForController(page: Page): Promise<void> {
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready
    if (navigator.serviceWorker.controller) return
    await new Promise((resolve) =>
      navigator.serviceWorker.addEventListener('controllerchange', resolve, { once: true }),
    )
  })
}

/**
 * Opens the store with its worker in control, then every page the run may need offline, through
 * the worker (kept on the device, as for a visitor who opened them once online). With no worker
 * (`worker` false: a browser that has none), the pages are opened all the same.
 */
export async function openStore(page: Page, origin: string, worker = true): Promise<void> {
  await page.goto(`${origin}/cart`)
  if (worker) await waitForController(page)
  for (const path of ['/cart', SUIT.path, '/login', '/account', BAG_PATH]) {
    await page.goto(`${origin}${path}`)
    await page.getByRole('heading', { level: 1 }).first().waitFor({ timeout: 60_000 })
  }
  await page.getByRole('form', { name: BAG_FORM }).getByRole('button').waitFor({ timeout: 60_000 })
}

/**
 * The merge overlay opens when the cart's read comes back, which may be just after a look for it:
 * Playwright closes it whenever it stands in the way of an action.
 */
export async function watchOverlays(page: Page): Promise<Page> {
  const overlay = page.getByRole('dialog', { name: 'Your carts were merged' })
  await page.addLocatorHandler(overlay, closeIt)
  return page
}

/** Closes the overlay; one that another hand closed first is closed (a click that finds no button). */
async function closeIt(overlay: Locator): Promise<void> {
  await overlay
    .getByRole('button', { name: 'Close' })
    .click({ timeout: 5_000 })
    .catch(async (error: unknown) => {
      if (await overlay.isVisible()) throw error
    })
}

export async function closeOverlays(page: Page): Promise<void> {
  const overlay = page.getByRole('dialog', { name: 'Your carts were merged' })
  if (await overlay.isVisible()) await closeIt(overlay)
}

export async function goto(page: Page, origin: string, path: string): Promise<void> {
  await page.goto(`${origin}${path}`)
  await page.getByRole('heading', { level: 1 }).first().waitFor({ timeout: 60_000 })
  await closeOverlays(page)
}

interface AddWatch {
  __addResults: string[]
  __addStarts: { count: number }
}

/**
 * Taps "Add to order" until the tap starts an add (its form submitted). A tap can land on
 * something that moved under it at that moment (an overlay opening, a banner): the customer
 * would tap again, and so does the run, saying so in `note`. Three taps that start nothing stop
 * the run. The submit is dispatched within the click, so it is counted when the click returns.
 */
async function tapAdd(page: Page, button: Locator, note: (text: string) => void): Promise<void> {
  const starts = () => page.evaluate(() => (window as unknown as AddWatch).__addStarts.count)
  const before = await starts()
  for (let tap = 1; ; tap++) {
    await closeOverlays(page)
    await button.click()
    if ((await starts()) > before) return
    if (tap === 3) throw new Error('three taps on "Add to order" started no add')
    note(`(tap ${tap} on Add to order started no add: tapped again)`)
  }
}

/**
 * The bag's option list, once its page is live: the app has loaded the page's code and data and
 * taken over the prerendered page. Before, the form is disabled (what shows is what is added).
 */
export async function bagPageLive(page: Page): Promise<Locator> {
  const select = page.getByRole('form', { name: BAG_FORM }).getByLabel('Option')
  await expect(select).toBeEnabled({ timeout: 60_000 })
  return select
}

/** Adds one bag in the option chosen; resolves with the sku when the page said it was added. */
export async function addBag(
  page: Page,
  origin: string,
  option: number,
  note: (text: string) => void,
): Promise<string | undefined> {
  if (!page.url().endsWith(BAG_PATH)) await goto(page, origin, BAG_PATH)
  const form = page.getByRole('form', { name: BAG_FORM })
  const select = await bagPageLive(page)
  // A page rendering again (after a sign-in) may show the select a moment before its options.
  // The merge notice of a sign-in may open late (its answer slow under load, seed 18): a modal
  // dialog hides the page behind it from the role locators, so it is closed before each read.
  let skus: string[] = []
  await expect
    .poll(
      async () => {
        await closeOverlays(page)
        return (skus = await select
          .locator('option')
          .evaluateAll((options) => options.map((option) => (option as HTMLOptionElement).value)))
      },
      { timeout: 30_000 },
    )
    .not.toEqual([])
  const sku = skus[option % skus.length]!
  await select.selectOption(sku)
  const before = await page.evaluate(() => (window as unknown as AddWatch).__addResults.length)
  await tapAdd(page, form.getByRole('button', { name: 'Add to order' }), note)
  const handle = await page
    .waitForFunction(
      (count) => {
        const results = (window as unknown as AddWatch).__addResults
        return results.length > count ? results[count] : undefined
      },
      before,
      { timeout: 30_000 },
    )
    .catch((error: unknown) => {
      throw new Error(`an add started (its form submitted) but the page told no outcome: ${error}`)
    })
  const text = (await handle.jsonValue()) as string
  return text.startsWith('Added') ? sku : undefined
}

/** Designs a Corvid 2 (size M, booties) and adds it; true when the page said it was added. */
export async function addSuit(page: Page, origin: string): Promise<boolean> {
  await goto(page, origin, SUIT.path)
  await page.getByRole('link', { name: 'Design your own' }).click()
  const section = page.getByRole('region', { name: `Design your ${SUIT.name}` })
  // The design is the draft in IndexedDB: a choice shows once it is stored, which on a loaded
  // machine can come after Playwright's check() looks (seeds 167 and 172). Click, then wait.
  const size = section.getByLabel(/^Corvid 2, size M/)
  await size.click({ timeout: 60_000 })
  await expect(size).toBeChecked({ timeout: 30_000 })
  const booties = section.getByRole('checkbox', { name: /^Booties/ })
  if (!(await booties.isChecked())) await booties.click()
  await expect(booties).toBeChecked({ timeout: 30_000 })
  await section.getByRole('button', { name: 'Add to order' }).click()
  const answer = section.locator('.order-added[tabindex="-1"]')
  await expect(answer).toBeVisible({ timeout: 30_000 })
  return (await answer.getAttribute('role')) === 'status'
}

export async function workerReport(
  page: Page,
): Promise<Extract<CartWorkerReport, { type: 'CART_QUEUE' }>> {
  return page.evaluate(async () => {
    const registration = await navigator.serviceWorker.ready
    return new Promise((resolve) => {
      const channel = new MessageChannel()
      channel.port1.onmessage = (event) =>
        resolve(event.data as Extract<CartWorkerReport, { type: 'CART_QUEUE' }>)
      registration.active!.postMessage({ type: 'CART_REPLAY' }, [channel.port2])
    })
  })
}

type OutboxReport = Extract<CartWorkerReport, { type: 'CART_QUEUE' }>

/**
 * What waits in the outbox and why, read from the page's IndexedDB: a page no worker controls
 * sends it itself (src/lib/page-outbox.ts), so there is no worker to ask. The cart's changes only
 * (forms are not the cart's); `count` and `merged` are not read (the runs do not use them).
 */
export async function deviceReport(page: Page): Promise<OutboxReport> {
  return page.evaluate(
    () =>
      new Promise<OutboxReport>((resolve, reject) => {
        const opening = indexedDB.open('glidecraft')
        opening.onerror = () => reject(opening.error)
        opening.onsuccess = () => {
          const db = opening.result
          const read = db.transaction(['cartOutbox', 'meta', 'cartRefusals'], 'readonly')
          const entries = read.objectStore('cartOutbox').getAll()
          const status = read.objectStore('meta').get('cartOutboxStatus')
          const refused = read.objectStore('cartRefusals').count()
          read.oncomplete = () => {
            db.close()
            const outbox = entries.result as { key: string; kind: string }[]
            const state = (status.result as { value?: { state?: OutboxReport['state'] } })?.value
            resolve({
              type: 'CART_QUEUE',
              keys: outbox.filter((entry) => entry.kind !== 'form').map((entry) => entry.key),
              refused: refused.result,
              state: state?.state ?? 'ok',
              count: 0,
              merged: false,
            })
          }
          read.onerror = () => reject(read.error)
        }
      }),
  )
}

/** The outbox's report: from the worker, or from the page's IndexedDB where none runs. */
export function outboxReport(page: Page, worker: boolean): Promise<OutboxReport> {
  return worker ? workerReport(page) : deviceReport(page)
}

/**
 * What a run that stopped leaves to look at: the page it was acting on, as a picture, and what
 * the worker says of the outbox then (or that it said nothing within 5 s).
 */
export async function evidenceOf(page: Page, seed: number): Promise<string> {
  const found: string[] = []
  const file = join(tmpdir(), `chaos-seed-${seed}.png`)
  try {
    await page.screenshot({ path: file, fullPage: true, timeout: 10_000 })
    found.push(`picture ${file}`)
  } catch {
    found.push('no picture')
  }
  const report = await Promise.race([
    workerReport(page).catch(() => undefined),
    sleep(5_000).then(() => undefined),
  ])
  found.push(
    report
      ? `outbox ${report.state}, ${report.keys.length} waiting, ${report.refused} refused`
      : 'no outbox report in 5 s',
  )
  return ` [${found.join('; ')}]`
}
