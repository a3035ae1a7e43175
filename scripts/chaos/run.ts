import { createHash } from 'node:crypto'
import { performance } from 'node:perf_hooks'
import { setTimeout as sleep } from 'node:timers/promises'
import { expect, type Browser, type BrowserContext, type Page } from '@playwright/test'
import { keepOfflineAcrossNavigations } from '../offline-emulation.ts'
import type { LossyProxy } from '../lossy-proxy.ts'
import { ACCOUNT, Api, CUSTOMER } from './api.ts'
import { checkoutProblems, type CheckoutSeen } from './checkout-model.ts'
import { checkOut } from './checkout.ts'
import {
  add,
  applyCode,
  cartOf,
  compare,
  expire,
  forgetEnded,
  identityOf,
  initialModel,
  setQty,
  signIn,
  signInAgain,
  signOut,
  type Line,
  type Model,
  type Owner,
} from './model.ts'
import {
  BAG_PATH,
  SUIT,
  addBag,
  addSuit,
  bagPageLive,
  closeOverlays,
  evidenceOf,
  goto,
  openStore,
  outboxReport,
  watchAddResults,
  watchOverlays,
} from './pages.ts'
import type { Store } from './store.ts'

/*
 * One seeded chaos run (scripts/chaos.ts runs them): a customer in a fresh browser context takes
 * STEPS actions chosen by the seed while the network, the server and the builds misbehave
 * (`Customer`); then the network returns for good and the outbox drains (`drainOutbox`), the
 * server's carts are read back against the model's (`readBack`), and the cart is submitted and
 * paid through the lossy proxy (`checkOut`). Same seed, same sequence of actions: every call of
 * `random` stays in the order the actions make it.
 */

const STEPS = 10

/**
 * The customer signed in again to an ended session's account. Going online for it may have let
 * the page meet the ended session first and show it signed out (the model forgot it meanwhile):
 * then this is a sign-in like any other, merging the device's cart.
 */
function afterSignInAgain(model: Model): Model {
  if (model.session?.expired) return signInAgain(model)
  if (!model.session && model.ended) return signIn(model, model.ended.kind, model.ended.email)
  throw new Error('signed in again, but no session had ended')
}

/** mulberry32: a small seeded generator, so a failing run can be replayed by its seed. */
export function generator(seed: number): () => number {
  let state = seed >>> 0
  return () => {
    state = (state + 0x6d2b79f5) >>> 0
    let t = state
    t = Math.imul(t ^ (t >>> 15), t | 1)
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61)
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296
  }
}

/** A designed line's meta is long: the report names it by a short hash of it. */
export function short(text: string): string {
  return text.replace(
    /\{"meta".*\}(?=×|:|$)/,
    (meta) => `design#${createHash('sha1').update(meta).digest('hex').slice(0, 6)}`,
  )
}

export interface RunResult {
  expected: Record<Owner, readonly Line[]>
  found: Record<Owner, readonly Line[]>
  codes: string
  lost: number
  doubled: number
  moved: number
  differences: string[]
  refusals: string[]
  actions: string[]
  /** The checkout at the run's end, if it submitted, and what its answers show to be wrong. */
  checkout: CheckoutSeen | undefined
  checkoutProblems: string[]
  /** How long the checkout took (what it adds to a run). */
  checkoutMs: number
}

interface RunSetting {
  seed: number
  store: Store
  proxy: LossyProxy
  context: BrowserContext
  /** The designed suit's identity as the server keeps it. */
  suitMeta: string
  /**
   * Whether the browser runs the store's service worker. Without one (service workers blocked,
   * as in a browser that has none), the page sends its changes itself (src/lib/page-outbox.ts),
   * and no page opens offline: the customer finds the signal before opening one.
   */
  worker: boolean
}

/**
 * The customer of one run: the device (a browser context with its pages), what the model says
 * every owner's cart holds, and the actions the seed picks. Each action keeps the model in step
 * with what the page showed.
 */
class Customer {
  readonly random: () => number
  readonly api: Api
  readonly origin: string
  readonly actions: string[] = []
  readonly tokens: Record<Owner, string> = {}
  /** Uncaught errors in the pages, told with a failure (a form that never hydrates, say). */
  readonly pageErrors: string[] = []
  pages: Page[] = []
  model: Model
  offline = false
  killed = false
  builds = 0
  guests = 0

  private constructor(
    readonly setting: RunSetting,
    model: Model,
    random: () => number,
    api: Api,
  ) {
    this.model = model
    this.random = random
    this.api = api
    this.origin = setting.proxy.origin
  }

  static async open(setting: RunSetting): Promise<Customer> {
    const { seed, proxy, context } = setting
    const random = generator(seed)
    const api = new Api(setting.store, seed)
    // Throttles (sign-in, guest, discount) count per client address: each run is a client of
    // its own.
    proxy.forwardedFor(`10.${(seed >> 16) & 127}.${(seed >> 8) & 255}.${seed & 255}`)
    await watchAddResults(context)
    // Runs share the server: the demo customer's cart starts as the server holds it.
    const model = initialModel({ [ACCOUNT]: (await api.cartOfOwner(ACCOUNT, {})).lines })
    const customer = new Customer(setting, model, random, api)
    context.on('page', (opened) =>
      opened.on('pageerror', (error) => customer.pageErrors.push(error.message.split('\n')[0]!)),
    )
    customer.pages = [await watchOverlays(await context.newPage())]
    await openStore(customer.pages[0]!, customer.origin, setting.worker)
    return customer
  }

  private get context(): BrowserContext {
    return this.setting.context
  }

  readonly note = (text: string) => {
    this.actions.push(text)
  }

  /** With no worker nothing opens a page offline: the customer finds the signal first. */
  private async reachable(): Promise<void> {
    if (this.setting.worker || !this.offline) return
    this.actions.push('(to open a page, with no worker:)')
    await this.setOffline(false)
  }

  private report(page: Page): ReturnType<typeof outboxReport> {
    return outboxReport(page, this.setting.worker)
  }

  private pick<T>(items: T[]): T {
    return items[Math.floor(this.random() * items.length)]!
  }

  /** The STEPS actions of the run; a step that fails stops it, saying what came before. */
  async takeSteps(): Promise<void> {
    for (let step = 0; step < STEPS; step += 1) {
      // In this order (the roll, then the page): the same seed makes the same run.
      let acting: Page | undefined
      try {
        await this.noticeEnded()
        const roll = this.random()
        acting = this.pick(this.pages)
        await this.act(roll, acting)
      } catch (error) {
        throw new Error(
          `${(error as Error).message
            .split('\n')
            .filter((line) => line.trim() && !line.includes('Call log'))
            .slice(0, 3)
            .join(' / ')} (after: ${this.actions.join(', ') || 'nothing'})` +
            (this.pageErrors.length
              ? ` [page errors: ${[...new Set(this.pageErrors)].join(' | ')}]`
              : '') +
            (acting ? await evidenceOf(acting, this.setting.seed) : ''),
        )
      }
    }
  }

  /** One action, by the roll: its share of the rolls is how often it comes. */
  private act(roll: number, page: Page): Promise<void> {
    if (
      roll < 0.18 ||
      roll >= 0.88 ||
      (roll >= 0.23 && roll < 0.37 && cartOf(this.model).length === 0)
    )
      return this.addBag(page)
    if (roll < 0.23) return this.addDesignedSuit(page)
    if (roll < 0.37) return this.changeLine(page)
    if (roll < 0.41) return this.tryCode(page)
    if (roll < 0.54) return this.signInOrOut(page)
    if (roll < 0.62) return this.setOffline(!this.offline)
    if (roll < 0.67) return Promise.resolve(this.loseAnswers())
    if (roll < 0.72) return Promise.resolve(this.answerFromPortal())
    if (roll < 0.76) return this.reload(page)
    if (roll < 0.81) return this.openOrCloseTab()
    if (roll < 0.85) return this.deployNewBuild(page)
    return this.killServer(page)
  }

  async rememberToken(page: Page): Promise<void> {
    const token = await page.evaluate(() => localStorage.getItem('cart-token'))
    if (token) this.tokens[this.model.device] = token
  }

  async setOffline(value: boolean): Promise<void> {
    if (this.offline === value) return
    this.offline = value
    await this.context.setOffline(value)
    this.actions.push(value ? 'offline' : 'online')
    if (!value) await this.settleEnded()
  }

  /**
   * Online, a page meets an ended session's 401 on its first read: let it, at a known point, so
   * the next action's owner is not a race between that read and the customer's click.
   */
  private async settleEnded(): Promise<void> {
    if (!this.model.session?.expired || this.offline) return
    await this.pages[0]!.reload()
    await this.pages[0]!.getByRole('heading', { level: 1 }).first().waitFor({ timeout: 60_000 })
    for (let tries = 0; tries < 50; tries += 1) {
      const cookies = await this.context.cookies()
      if (!cookies.some((c) => c.name === 'authToken')) break
      await sleep(200)
    }
    await this.noticeEnded()
  }

  /**
   * The page forgets a session the server ended once a read of its meets the 401 (it clears the
   * authToken cookie and shows the customer signed out): the model follows what it shows.
   */
  async noticeEnded(): Promise<void> {
    if (!this.model.session?.expired) return
    const cookie = (await this.context.cookies()).find((c) => c.name === 'authToken')
    if (cookie) return
    this.model = forgetEnded(this.model)
    this.actions.push('(the page shows the ended session signed out)')
  }

  async signInPage(page: Page, kind: 'account' | 'guest', email: string): Promise<void> {
    await this.setOffline(false)
    await goto(page, this.origin, '/login')
    await page.getByLabel('E-mail address').fill(email)
    if (kind === 'account') {
      await page.getByLabel('Password', { exact: true }).fill(CUSTOMER.password)
      await page.getByRole('button', { name: 'Sign in', exact: true }).click()
    } else {
      await page.getByRole('button', { name: 'Continue as a guest' }).click()
    }
    await expect(page).not.toHaveURL(/\/login/, { timeout: 30_000 })
  }

  private async addBag(page: Page): Promise<void> {
    if (!page.url().endsWith(BAG_PATH)) await this.reachable()
    const sku = await addBag(page, this.origin, Math.floor(this.random() * 4), this.note)
    if (sku) {
      const result = add(this.model, { sku, meta: '' })
      this.model = result.model
      this.actions.push(`add ${sku}${result.refused ? ' (99: refused)' : ''}`)
    } else this.actions.push('add: not added')
  }

  private async addDesignedSuit(page: Page): Promise<void> {
    await this.reachable()
    const added = await addSuit(page, this.origin)
    if (added) {
      const result = add(this.model, { sku: SUIT.sku, meta: this.setting.suitMeta })
      this.model = result.model
      this.actions.push(`add designed ${SUIT.sku}${result.refused ? ' (99: refused)' : ''}`)
    } else this.actions.push('add designed suit: not added')
  }

  /** One more, one fewer, or remove, on a line of the cart page. */
  private async changeLine(page: Page): Promise<void> {
    const lines = cartOf(this.model)
    const which = this.random()
    const choice = this.random()
    if (lines.length === 0) {
      this.actions.push('edit: cart empty')
      return
    }
    const line = lines[Math.floor(which * lines.length)]!
    await this.reachable()
    await goto(page, this.origin, '/cart')
    const item = page.locator(`li.cart-line[data-sku="${line.sku}"]`)
    await expect(item).toBeVisible({ timeout: 20_000 })
    const shown = Number(await item.locator('output').textContent())
    const note = shown === line.qty ? '' : ` (shown ${shown}, model ${line.qty})`
    let qty: number
    if (choice < 0.45 && shown < 99) {
      qty = shown + 1
      await item.getByRole('button', { name: /^One more/ }).click()
    } else if (choice < 0.75 && shown > 1) {
      qty = shown - 1
      await item.getByRole('button', { name: /^One fewer/ }).click()
    } else {
      qty = 0
      await item.getByRole('button', { name: /^Remove/ }).click()
    }
    if (qty === 0) await expect(item).toHaveCount(0, { timeout: 20_000 })
    else await expect(item.locator('output')).toHaveText(String(qty), { timeout: 20_000 })
    this.model = setQty(this.model, identityOf(line), qty)
    this.actions.push(
      `${qty === 0 ? 'remove' : qty > shown ? 'one more' : 'one fewer'} ${line.sku}→${qty}${note}`,
    )
  }

  private async tryCode(page: Page): Promise<void> {
    const code = this.random() < 0.6 ? 'SPRING' : 'NOPE'
    await this.reachable()
    await goto(page, this.origin, '/cart')
    const field = page.getByRole('textbox', { name: 'Discount code' })
    if (cartOf(this.model).length === 0 || !(await field.isVisible())) {
      this.actions.push(`code ${code}: no form`)
      return
    }
    await field.fill(code)
    await page.getByRole('button', { name: 'Apply' }).click()
    const message = page.locator('.discount-form [role=status], .discount-form [role=alert]')
    await expect(message).toBeVisible({ timeout: 30_000 })
    const text = (await message.textContent()) ?? ''
    this.model = applyCode(this.model, code, / applied\.$/.test(text))
    this.actions.push(`code ${code}: ${text}`)
  }

  /** Signed out: a sign-in. Signed in: the session ends on the server, or the customer signs out. */
  private async signInOrOut(page: Page): Promise<void> {
    const session = this.model.session
    const ended = this.model.ended
    // Changes made in the ended session wait for that account (another account's sign-in
    // would have them refused, 409): whoever holds the device signs in again as its owner.
    const heldForEnded = !session && ended && (await this.report(page)).keys.length > 0
    if (!session && ended && (heldForEnded || this.random() < 0.5)) {
      await this.rememberToken(page)
      await this.signInPage(page, ended.kind === 'account' ? 'account' : 'guest', ended.email)
      this.model = signIn(this.model, ended.kind, ended.email)
      this.actions.push('sign in again (after the page showed signed out)')
    } else if (!session) {
      await this.signInAs(page)
    } else if (session.expired) {
      await this.signInPage(page, session.kind, session.email)
      this.model = afterSignInAgain(this.model)
      this.actions.push('sign in again')
    } else if (this.random() < 0.5) {
      await this.endSessionOnServer()
    } else {
      await this.signOut(page, session.owner)
    }
  }

  /** A sign-in as the demo customer, as a new guest, or as a guest on the customer's address. */
  private async signInAs(page: Page): Promise<void> {
    await this.rememberToken(page)
    const kind = this.random()
    if (kind < 0.5) {
      await this.signInPage(page, 'account', CUSTOMER.email)
      this.model = signIn(this.model, 'account', CUSTOMER.email)
      this.actions.push('sign in (customer)')
    } else if (kind < 0.8) {
      this.guests += 1
      const email = `chaos-${this.setting.seed}-${this.guests}@example.com`
      await this.signInPage(page, 'guest', email)
      this.model = signIn(this.model, 'guest', email)
      this.actions.push(`sign in as guest ${email}`)
    } else {
      await this.signInPage(page, 'guest', CUSTOMER.email)
      this.model = signIn(this.model, 'guest-on-account', CUSTOMER.email)
      this.actions.push('sign in as guest on the customer’s e-mail')
    }
  }

  /** Revoked elsewhere (a sign-out on another device), or its time ran out. */
  private async endSessionOnServer(): Promise<void> {
    const bearer = (await this.context.cookies()).find((c) => c.name === 'authToken')?.value
    if (!bearer) throw new Error('signed in, but no authToken cookie')
    if (this.random() < 0.5) {
      const status = await this.api.logout(bearer)
      this.actions.push(`session revoked on the server (${status})`)
    } else {
      await this.setting.store.expireSession(bearer)
      this.actions.push('session expired (its expiry passed on the server)')
    }
    this.model = expire(this.model)
    await this.settleEnded()
  }

  /** Signs out on the account page, sending or discarding what waits in the outbox. */
  private async signOut(page: Page, owner: Owner): Promise<void> {
    await this.rememberToken(page)
    await this.reachable()
    await goto(page, this.origin, '/account')
    // Offline, the account shows what the device kept once the app has started: on a
    // machine loaded by other builds that took over 30 s once (seed 133).
    await page.getByRole('button', { name: 'Sign out', exact: true }).click({ timeout: 60_000 })
    const ask = page.getByRole('alertdialog')
    const done = page.getByText(/^You are signed out/)
    await expect(ask.or(done).first()).toBeVisible({ timeout: 30_000 })
    let choice: 'send' | 'discard' | 'none-waiting' = 'none-waiting'
    if (await ask.isVisible()) {
      const said = (await ask.locator('#sign-out-waiting').textContent()) ?? ''
      const waiting = /^(\d+) change/.exec(said)?.[1] ?? '?'
      if (!this.offline && this.random() < 0.8) {
        await ask.getByRole('button', { name: 'Send, then sign out' }).click()
        const problem = ask.getByRole('alert')
        await expect(done.or(problem).first()).toBeVisible({ timeout: 60_000 })
        if (await done.isVisible()) choice = 'send'
        else {
          await ask.getByRole('button', { name: 'Discard and sign out' }).click()
          choice = 'discard'
        }
      } else {
        await ask.getByRole('button', { name: 'Discard and sign out' }).click()
        choice = 'discard'
      }
      this.actions.push(`sign out: ${waiting} waiting, ${choice}`)
    } else this.actions.push('sign out (nothing waiting)')
    await expect(done).toBeVisible({ timeout: 30_000 })
    if (choice === 'discard') {
      // What reached the server is what the account keeps; the rest was discarded.
      const held = (await this.api.cartOfOwner(owner, this.tokens)).lines
      this.model = signOut(this.model, { kind: 'discard', held })
    } else this.model = signOut(this.model, { kind: choice })
  }

  private loseAnswers(): void {
    const lose = 1 + Math.floor(this.random() * 2)
    this.setting.proxy.loseAnswers(
      (request) => request.method === 'POST' && (request.url ?? '').startsWith('/api/order/'),
      lose,
    )
    this.actions.push(`lose ${lose}`)
  }

  /** A Wi-Fi portal answers instead of the shop. */
  private answerFromPortal(): void {
    const answers = 1 + Math.floor(this.random() * 3)
    this.setting.proxy.portal(
      (request) => request.method === 'POST' && (request.url ?? '').startsWith('/api/order/'),
      answers,
    )
    this.actions.push(`portal ${answers}`)
  }

  private async reload(page: Page): Promise<void> {
    await this.reachable()
    await page.reload()
    await page.getByRole('heading', { level: 1 }).first().waitFor({ timeout: 60_000 })
    this.actions.push('reload')
  }

  private async openOrCloseTab(): Promise<void> {
    if (this.pages.length < 2) {
      await this.reachable()
      const tab = await watchOverlays(await this.context.newPage())
      await goto(tab, this.origin, BAG_PATH)
      this.pages.push(tab)
      this.actions.push('second tab')
    } else {
      await this.pages.pop()!.close()
      this.actions.push('close tab')
    }
  }

  /** A deploy while changes wait: the new worker installs (and drains) beside the active one. */
  private async deployNewBuild(page: Page): Promise<void> {
    if (this.builds >= 2) {
      this.actions.push('new build: enough')
      return
    }
    if (!this.setting.worker) {
      this.actions.push('new build: no worker to update')
      return
    }
    await this.setOffline(false)
    this.builds += 1
    this.setting.proxy.serviceWorkerBuild(this.setting.seed * 10 + this.builds)
    const installed = await page.evaluate(async () => {
      const registration = await navigator.serviceWorker.ready
      let found = false
      registration.addEventListener('updatefound', () => (found = true), { once: true })
      window.dispatchEvent(new Event('online'))
      // A check already under way (the browser's own, after the last navigation) may have
      // fetched the old build's script: update() then settles with that check and finds
      // nothing (seen once in 200 runs, on a machine loaded far beyond its cores). So the
      // worker is asked again until the new one is found.
      const deadline = Date.now() + 20_000
      while (!found && Date.now() < deadline) {
        await registration.update().catch(() => undefined)
        if (!found) await new Promise((resolve) => setTimeout(resolve, 500))
      }
      return found
    })
    if (!installed) throw new Error('the new build’s worker did not install')
    this.actions.push('new build')
  }

  /** Once a run: an API process is killed (-9), and started again. */
  private async killServer(page: Page): Promise<void> {
    if (this.killed) {
      this.actions.push('(no second kill)')
      return
    }
    this.killed = true
    const { store } = this.setting
    // With no worker, the bag's page cannot open while its server is down: it is opened first,
    // and is live (its code and data loaded) before the server goes (seed 20 of a loaded run).
    if (!this.setting.worker && store.ports.length === 1) {
      if (!page.url().endsWith(BAG_PATH)) {
        await this.reachable()
        await goto(page, this.origin, BAG_PATH)
      }
      await bagPageLive(page)
    }
    const index = Math.floor(this.random() * store.ports.length)
    await store.kill(index)
    // A change made while the server is down waits in the outbox like one made offline.
    const sku =
      store.ports.length === 1
        ? await addBag(page, this.origin, Math.floor(this.random() * 4), this.note)
        : undefined
    if (sku) this.model = add(this.model, { sku, meta: '' }).model
    this.actions.push(`kill -9 api ${index + 1}${sku ? ` (add ${sku} while down)` : ''}`)
    await store.start(index)
  }

  /**
   * The network returns for good; the customer signs in again if the outbox waits for that, and
   * the outbox drains (within 90 s). Resolves with the worker's last report.
   */
  async drainOutbox(): Promise<Awaited<ReturnType<typeof outboxReport>>> {
    this.setting.proxy.stopLosing()
    this.setting.proxy.stopPortal()
    await this.setOffline(false)
    const page = this.pages[0]!
    await closeOverlays(page)
    const started = performance.now()
    let report = await this.report(page)
    let progress = { at: started, waiting: report.keys.length }
    while (report.keys.length > 0) {
      await this.noticeEnded()
      if (report.state === 'signed-out' && !this.model.session && this.model.ended) {
        const ended = this.model.ended
        await this.rememberToken(page)
        await this.signInPage(page, ended.kind === 'account' ? 'account' : 'guest', ended.email)
        this.model = signIn(this.model, ended.kind, ended.email)
        this.actions.push('sign in again (the outbox waits)')
      } else if (report.state === 'signed-out') {
        if (!this.model.session?.expired) {
          throw new Error(
            `the outbox waits for a sign-in the customer was never asked for (after: ${this.actions.join(', ')})`,
          )
        }
        await this.signInPage(page, this.model.session.kind, this.model.session.email)
        this.model = afterSignInAgain(this.model)
        this.actions.push('sign in again (the outbox waits)')
      }
      if (performance.now() - started > 90_000) {
        throw new Error(
          `the outbox did not drain in 90 s: ${report.keys.length} waiting, ${report.state} (after: ${this.actions.join(', ')})`,
        )
      }
      await sleep(250)
      report = await this.report(page)
      if (report.keys.length !== progress.waiting) {
        progress = { at: performance.now(), waiting: report.keys.length }
      } else if (!this.setting.worker && performance.now() - progress.at > 20_000) {
        // The page's drainer waits up to a minute between tries: the customer opens the app
        // again, which sends what waits at start.
        await page.reload()
        await page.getByRole('heading', { level: 1 }).first().waitFor({ timeout: 60_000 })
        this.actions.push('(reopened: the outbox had not moved for 20 s)')
        progress = { at: performance.now(), waiting: report.keys.length }
      }
    }
    await this.rememberToken(page)
    return report
  }

  /** The shop's refusals the cart page shows, and every owner's cart on the server beside the model's. */
  async readBack(refused: number) {
    const page = this.pages[0]!
    const refusals: string[] = []
    if (refused > 0) {
      await goto(page, this.origin, '/cart')
      const notices = page
        .getByRole('region', { name: 'Changes the shop refused' })
        .locator('p, li')
      refusals.push(...(await notices.allTextContents()))
    }
    const expected = this.model.carts
    const found: Record<Owner, readonly Line[]> = {}
    const codes: string[] = []
    for (const owner of Object.keys(expected)) {
      const cart = await this.api.cartOfOwner(owner, this.tokens)
      found[owner] = cart.lines
      if (cart.codes.length) codes.push(`${owner}: ${cart.codes.join(' ')}`)
    }
    return { refusals, expected, found, codes, ...compare(expected, found) }
  }

  /** The cart as the server holds it is submitted and paid, as the device's identity. */
  async checkOut() {
    const page = this.pages[0]!
    const live = this.model.session && !this.model.session.expired
    const bearer = live
      ? (await this.context.cookies()).find((c) => c.name === 'authToken')?.value
      : undefined
    const checkout = await checkOut({
      proxy: this.setting.proxy,
      seed: this.setting.seed,
      random: this.random,
      bearer,
      token: (await page.evaluate(() => localStorage.getItem('cart-token'))) ?? undefined,
    })
    this.actions.push(...checkout.actions)
    return checkout
  }
}

/** One seeded run, in a browser context of its own; what it expected, found and checked out. */
export async function run(
  seed: number,
  store: Store,
  proxy: LossyProxy,
  browser: Browser,
  suitMeta: string,
  worker = true,
): Promise<RunResult> {
  const context = await browser.newContext(worker ? {} : { serviceWorkers: 'block' })
  keepOfflineAcrossNavigations(context)
  try {
    const customer = await Customer.open({ seed, store, proxy, context, suitMeta, worker })
    await customer.takeSteps()
    const report = await customer.drainOutbox()
    const read = await customer.readBack(report.refused)
    const checkoutStarted = performance.now()
    const checkout = await customer.checkOut()
    return {
      checkoutMs: performance.now() - checkoutStarted,
      checkout: checkout.seen,
      checkoutProblems: checkout.seen ? checkoutProblems(checkout.seen) : [],
      expected: read.expected,
      found: read.found,
      codes: read.codes.join('; '),
      lost: read.lost,
      doubled: read.doubled,
      moved: read.moved,
      differences: read.differences.map(
        (d) => `${d.owner} ${short(d.identity)}: expected ${d.expected}, found ${d.found}`,
      ),
      refusals: read.refusals,
      actions: customer.actions,
    }
  } finally {
    await context.close()
  }
}
