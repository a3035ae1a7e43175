// The cart's promise under chaos, as a model check (issues 11 and 15): seeded runs of a customer
// in Chromium, through the real worker and outbox, who adds bags and designed suits, changes
// quantities, removes lines, tries discount codes, signs in (the demo customer, or a guest) and
// out (sending or discarding what waits), has the session end on the server, while the network
// drops, answers are lost, a Wi-Fi portal answers instead of the shop, pages reload, a second tab
// joins, a new build's worker installs and the server is killed (-9). The pure model
// (scripts/chaos/model.ts) computes every owner's cart from those actions; after each run the
// network returns for good, the customer signs in again if the outbox waits for that, the outbox
// drains, and the server's carts must equal the model's for every owner involved (the device's
// cart tokens, the demo account, the guest accounts), line by line and quantity by quantity.
// Then the cart is submitted and paid through the lossy proxy (scripts/chaos/checkout.ts: double
// submits, lost answers sent again, replayed payments): one order per submit, nothing lost, and,
// read from the database once the phase's API processes stop, one settled charge per payment and
// each mail queued once (scripts/chaos/checkout-model.ts).
//
//   npm run chaos [-- --runs N] [--seed S] [--port P] [--proxy-port P] [--postgres] [--report FILE]
//                 [--postgres-runs N] [--lanes N] [--no-worker-runs N]  (18 + 2 runs in `npm test`)
//
// Needs a build (`npm run build`). The last `--postgres-runs` runs (1 by default; every run with
// `--postgres`) use two API processes on one private PostgreSQL, the proxy alternating between
// them; they run at the same time as the PGlite runs (servers, proxy and data of their own; one
// Chromium), followed there by the ledger's and the forms' chaos. The PGlite runs go in `--lanes`
// lanes at once (2 by default), each with its server, proxy and database. With `--port P` the runs
// keep to P … P+9, with `--proxy-port Q` to Q … Q+7. `--no-worker-runs N` (2 by default) adds N
// runs on PGlite with service workers blocked, as in a browser that has none: the page sends its
// changes itself (src/lib/page-outbox.ts), and no page opens offline, so the customer finds the
// signal before opening one; their seeds follow the others' (to replay one: `--runs 0
// --no-worker-runs 1 --seed S`). Prints per run the carts expected and found per
// owner and the lost, doubled and moved counts; exits 1 unless every run matched. Same seed, same
// sequence of actions.
//
// Where things are: one run, its customer and actions (scripts/chaos/run.ts); what they do in the
// page (pages.ts); the test side's own calls to the API (api.ts); the model (model.ts). This file
// runs the phases and sums them up.
import { performance } from 'node:perf_hooks'
import { setTimeout as sleep } from 'node:timers/promises'
import { parseArgs } from 'node:util'
import type { Browser } from '@playwright/test'
import { withChromium } from './bench/browser.ts'
import { startPostgres, type Postgres } from './bench/postgres.ts'
import { freePort, installCleanup, makeTempDir, removeTempDir } from './bench/processes.ts'
import { Api } from './chaos/api.ts'
import { ledgerProblems, orderOf, type CheckoutSeen } from './chaos/checkout-model.ts'
import { readLedger } from './chaos/checkout.ts'
import { formsChaos } from './chaos/forms.ts'
import { describe, type Line, type Owner } from './chaos/model.ts'
import { SUIT, addSuit, waitForController } from './chaos/pages.ts'
import { runPayoutChaos } from './chaos/payouts.ts'
import { writeChaosReport, type ChaosEntry } from './chaos/report.ts'
import { run, short } from './chaos/run.ts'
import { Store } from './chaos/store.ts'
import { startLossyProxy, type LossyProxy } from './lossy-proxy.ts'

function owners(carts: Record<Owner, readonly Line[]>): string {
  return Object.keys(carts)
    .sort()
    .map((owner) => `${owner} [${describe(carts[owner]!).map(short).join(', ')}]`)
    .join('; ')
}

/** What one phase (PGlite, or PostgreSQL) of the runs found. */
interface PhaseResult {
  /** One entry per run (and per ledger check), for --report. */
  entries: ChaosEntry[]
  lost: number
  doubled: number
  moved: number
  failed: number
  failures: number[]
  submits: number
  checkoutMs: number
  paymentsMade: number
  ledgerFailures: number
}

/** The designed suit's identity as the server keeps it: one online add from a throwaway device. */
async function learnSuitMeta(browser: Browser, proxy: LossyProxy, api: Api): Promise<string> {
  const context = await browser.newContext()
  try {
    const page = await context.newPage()
    await page.goto(`${proxy.origin}${SUIT.path}`)
    await waitForController(page)
    if (!(await addSuit(page, proxy.origin))) throw new Error('the probe could not add a suit')
    const token = await page.evaluate(() => localStorage.getItem('cart-token'))
    for (let tries = 0; tries < 100; tries += 1) {
      const { lines } = await api.cart({ 'X-Cart-Token': token ?? '' })
      const suit = lines.find((line) => line.sku === SUIT.sku)
      if (suit) return suit.meta
      await sleep(200)
    }
    throw new Error('the probe’s suit never reached the server')
  } finally {
    await context.close()
  }
}

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: {
      runs: { type: 'string', default: '200' },
      seed: { type: 'string', default: '1' },
      port: { type: 'string' },
      'proxy-port': { type: 'string' },
      postgres: { type: 'boolean', default: false },
      'postgres-runs': { type: 'string', default: '1' },
      'no-worker-runs': { type: 'string', default: '2' },
      lanes: { type: 'string', default: '2' },
      report: { type: 'string' },
    },
  })
  const runs = Number(values.runs)
  const firstSeed = Number(values.seed)
  const postgresRuns = values.postgres ? runs : Math.min(runs, Number(values['postgres-runs']))
  const firstPostgres = runs - postgresRuns
  // Runs `runs` … `runs + noWorkerRuns - 1`: on PGlite, with service workers blocked.
  const noWorkerRuns = Math.max(0, Number(values['no-worker-runs']))
  const total = runs + noWorkerRuns
  const labelOf = (index: number, onPostgres: boolean) =>
    `run ${index + 1}/${total} seed ${firstSeed + index}${onPostgres ? ' (PostgreSQL, 2 APIs)' : ''}${index >= runs ? ' (no service worker)' : ''}`
  // The PGlite runs split into lanes, each on an API process, proxy and database of its own, at
  // the same time (at most 6: the ports below).
  const lanes = Math.min(6, Math.max(1, Number(values.lanes)))
  installCleanup()
  // The demo customer signs in; the proxy (and the test side) name each run's client address.
  process.env.DEMO_ACCOUNTS = 'true'
  // The runs pay through the built-in test gateways.
  process.env.TEST_PAYMENTS = 'true'
  process.env.TRUST_PROXY = 'loopback'
  const basePort = values.port ? Number(values.port) : undefined
  const proxyPort = values['proxy-port'] ? Number(values['proxy-port']) : 0
  const started = performance.now()

  /**
   * One phase's runs on API processes of their own: on PGlite (one process), or on PostgreSQL
   * (two processes, the proxy alternating between them). The two phases share nothing but the
   * browser (each run has a context of its own), so they run at the same time: most of a run is
   * spent waiting on the browser, its worker and the network, not computing.
   */
  const runPhase = async (
    browser: Browser,
    onPostgres: boolean,
    indices: number[],
    postgres: Postgres | undefined,
    lane = 0,
  ): Promise<PhaseResult> => {
    const result: PhaseResult = {
      entries: [],
      lost: 0,
      doubled: 0,
      moved: 0,
      failed: 0,
      failures: [],
      submits: 0,
      checkoutMs: 0,
      paymentsMade: 0,
      ledgerFailures: 0,
    }
    if (indices.length === 0) return result
    const log = (line: string) => console.log(line)
    const dataDir = makeTempDir(onPostgres ? 'chaos-postgres' : 'chaos')
    // With --port P the runs keep to P … P+9: P on PGlite (its other lanes P+4 … P+8), P+2 and
    // P+3 on PostgreSQL (P+9). With --proxy-port Q: Q on PGlite (other lanes Q+2 …), Q+1 on
    // PostgreSQL.
    const store = onPostgres
      ? await Store.create(
          dataDir,
          basePort !== undefined ? basePort + 2 : undefined,
          2,
          postgres!.url,
        )
      : await Store.create(
          dataDir,
          basePort !== undefined && lane > 0 ? basePort + 3 + lane : basePort,
          1,
        )
    let proxy: LossyProxy | undefined
    // The database of the phase's runs, once their API processes stopped: one settled charge
    // and one payment per payment, the confirmation and the receipt queued once each.
    const phaseCheckouts: CheckoutSeen[] = []
    const checkLedger = async () => {
      if (phaseCheckouts.length === 0) return
      const seen = phaseCheckouts.splice(0)
      try {
        const ledger = await readLedger(
          { dataDir: store.dataDir, databaseUrl: store.databaseUrl },
          seen.map((one) => orderOf(one).id),
        )
        for (const one of seen) {
          const problems = ledgerProblems(one, ledger)
          if (problems.length === 0) continue
          result.ledgerFailures += 1
          if (!result.failures.includes(one.seed)) result.failures.push(one.seed)
          const message = `the database after the runs: ${problems.join('; ')}`
          result.entries.push({ name: `seed ${one.seed} ledger`, ok: false, message })
          log(`seed ${one.seed}: ${message}`)
        }
      } catch (error) {
        result.ledgerFailures += 1
        const message = `could not read the database: ${(error as Error).message}`
        result.entries.push({ name: 'ledger', ok: false, message })
        log(`chaos: ${message}`)
      }
    }
    try {
      await store.start()
      proxy = await startLossyProxy(
        store.origins,
        proxyPort && onPostgres
          ? proxyPort + 1
          : proxyPort && lane > 0
            ? proxyPort + 1 + lane
            : proxyPort,
      )
      proxy.forwardedFor('10.250.0.1')
      const suitMeta = await learnSuitMeta(browser, proxy, new Api(store, 0))
      log(
        `chaos: ${onPostgres ? 'two API processes on one PostgreSQL' : `one API process on PGlite (lane ${lane + 1}/${lanes})`}, proxy ${proxy.origin}`,
      )
      for (const index of indices) {
        const seed = firstSeed + index
        const label = labelOf(index, onPostgres)
        try {
          const outcome = await run(seed, store, proxy, browser, suitMeta, index < runs)
          result.lost += outcome.lost
          result.doubled += outcome.doubled
          result.moved += outcome.moved
          const ok = outcome.differences.length === 0 && outcome.checkoutProblems.length === 0
          if (!ok) result.failures.push(seed)
          result.entries.push({
            name: label,
            ok,
            message: [...outcome.differences, ...outcome.checkoutProblems].join('; '),
          })
          result.checkoutMs += outcome.checkoutMs
          if (outcome.checkout) {
            result.submits += 1
            if (outcome.checkout.payment) result.paymentsMade += 1
            phaseCheckouts.push(outcome.checkout)
          }
          log(
            `${label}: ${ok ? 'match' : 'MISMATCH'} lost ${outcome.lost} doubled ${outcome.doubled} moved ${outcome.moved}\n` +
              `  actions: ${outcome.actions.join(', ')} (checkout ${Math.round(outcome.checkoutMs)} ms)\n` +
              `  expected: ${owners(outcome.expected)}\n` +
              `  found:    ${owners(outcome.found)}` +
              (outcome.codes ? `\n  codes:    ${outcome.codes}` : '') +
              (outcome.refusals.length ? `\n  refused:  ${outcome.refusals.join(' | ')}` : '') +
              (outcome.differences.length
                ? `\n  differences: ${outcome.differences.join('; ')}`
                : '') +
              (outcome.checkoutProblems.length
                ? `\n  checkout: ${outcome.checkoutProblems.join('; ')}`
                : ''),
          )
        } catch (error) {
          result.failed += 1
          result.failures.push(seed)
          result.entries.push({ name: label, ok: false, message: (error as Error).message })
          log(`${label}: FAILED: ${(error as Error).message}`)
        } finally {
          await store.start()
        }
      }
    } catch (error) {
      // The phase could not start (a server or the proxy): each of its runs is a failing entry.
      const message = `could not start: ${(error as Error).message}`
      for (const index of indices.slice(result.entries.length)) {
        result.failed += 1
        result.failures.push(firstSeed + index)
        result.entries.push({
          name: labelOf(index, onPostgres),
          ok: false,
          message,
        })
      }
      log(`chaos: ${onPostgres ? 'PostgreSQL' : 'PGlite'} ${message}`)
    } finally {
      if (proxy) await proxy.close()
      await store.stop()
      await checkLedger()
      removeTempDir(dataDir)
    }
    return result
  }

  /**
   * The dealer ledger's chaos (issue 17, scripts/chaos/payouts.ts): payouts racing refunds; and
   * the forms (issue 17): the same outbox and drainer, server-level, in-process.
   */
  const ledgerAndForms = async () => {
    const entries: ChaosEntry[] = []
    const payouts = await runPayoutChaos({
      runs: Math.min(runs, 20),
      seed: firstSeed,
      log: console.log,
    })
    for (const failure of payouts.failures) {
      entries.push({
        name: `payouts seed ${failure.seed}`,
        ok: false,
        message: failure.problems.join('; '),
      })
    }
    // One passing entry for the ledger's runs, or one failing entry per failing seed (not both).
    if (payouts.failures.length === 0) entries.push({ name: 'payouts', ok: true, message: '' })
    let formsLost = 0
    let formsDoubled = 0
    const formsFailures: number[] = []
    for (let seed = firstSeed; seed < firstSeed + Math.min(runs, 20); seed += 1) {
      const result = await formsChaos(seed)
      formsLost += result.lost
      formsDoubled += result.doubled
      if (result.lost + result.doubled > 0) formsFailures.push(seed)
      entries.push({
        name: `forms seed ${seed}`,
        ok: result.lost + result.doubled === 0,
        message: `lost ${result.lost}, sent twice ${result.doubled}`,
      })
    }
    console.log(
      `chaos forms: lost ${formsLost}, sent twice ${formsDoubled}` +
        (formsFailures.length ? `; seeds to replay: ${formsFailures.join(' ')}` : ''),
    )
    return { entries, payoutFailures: payouts.failures.map((f) => f.seed), formsFailures }
  }

  const all = Array.from({ length: runs }, (_, index) => index)
  let postgres: Postgres | undefined
  let phases: PhaseResult[]
  let rest: Awaited<ReturnType<typeof ledgerAndForms>>
  try {
    // Started before the runs: starting PostgreSQL blocks this process for a moment.
    if (postgresRuns > 0) {
      postgres = startPostgres(basePort !== undefined ? basePort + 9 : await freePort())
    }
    // Lanes at once: the PGlite runs, split over `lanes` (most of a run is spent waiting on the
    // browser, its worker and the network, so two keep two cores busy); the PostgreSQL run(s),
    // then the ledger's and the forms' chaos (in this process, no browser). Each lane takes
    // consecutive seeds; a run's actions depend on its seed alone, and it starts from the demo
    // customer's cart as its lane's server holds it.
    const onPgliteRuns = [
      ...all.slice(0, firstPostgres),
      ...Array.from({ length: noWorkerRuns }, (_, index) => runs + index),
    ]
    const laneSize = Math.ceil(onPgliteRuns.length / lanes)
    let onPostgres: PhaseResult | undefined
    const [afterwards, ...onPglite] = await withChromium((browser) =>
      Promise.all([
        (async () => {
          try {
            onPostgres = await runPhase(browser, true, all.slice(firstPostgres), postgres)
          } finally {
            postgres?.stop()
          }
          return ledgerAndForms()
        })(),
        ...Array.from({ length: lanes }, (_, lane) =>
          runPhase(
            browser,
            false,
            onPgliteRuns.slice(lane * laneSize, (lane + 1) * laneSize),
            undefined,
            lane,
          ),
        ),
      ]),
    )
    phases = [...(onPglite as PhaseResult[]), onPostgres!]
    rest = afterwards
  } finally {
    postgres?.stop()
  }
  // The report lists the runs in order, PGlite's then PostgreSQL's, then the ledger and the forms,
  // as when they ran one after the other.
  const entries = [...phases.flatMap((phase) => phase.entries), ...rest.entries]
  const sum = (key: Exclude<keyof PhaseResult, 'entries' | 'failures'>) =>
    phases.reduce((total, phase) => total + phase[key], 0)
  const lost = sum('lost')
  const doubled = sum('doubled')
  const moved = sum('moved')
  const failed = sum('failed')
  const submits = sum('submits')
  const checkoutMs = sum('checkoutMs')
  const paymentsMade = sum('paymentsMade')
  const ledgerFailures = sum('ledgerFailures')
  const failures = [...phases.flatMap((phase) => phase.failures), ...rest.payoutFailures]
  const { formsFailures } = rest
  if (formsFailures.length > 0) process.exitCode = 1
  const seconds = Math.round((performance.now() - started) / 1000)
  console.log(
    `chaos: ${total} runs (${noWorkerRuns} with no service worker) in ${seconds} s, lost ${lost}, doubled ${doubled}, moved ${moved}, failed runs ${failed}; ` +
      `${submits} orders submitted, ${paymentsMade} paid (checkouts ${Math.round(checkoutMs / 1000)} s), ` +
      `${ledgerFailures} not as the database holds them` +
      (failures.length ? `; seeds to replay: ${failures.join(' ')}` : ''),
  )
  if (failures.length > 0 || ledgerFailures > 0) process.exitCode = 1
  if (values.report) writeChaosReport(values.report, entries)
}

await main()
