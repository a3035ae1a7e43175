import { QueryClient } from '@tanstack/react-query'
import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react'
import { createRootRoute, createRoute, Outlet } from '@tanstack/react-router'
import humps from 'humps'
import { useEffect, type ReactNode } from 'react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { forgetKeptOrders } from '../../../../lib/kept-orders.ts'
import { queueKeys, type AdminQueue } from '../../api/queue.ts'
import { renderRoutes } from '../test-kit.tsx'
import { QueueDrawingContext, type QueueDrawingProps } from './drawing-slot.ts'
import { DRAWINGS_PER_TASK } from './drawing-turns.ts'
import { CARDS_PER_TASK, QueueScreen } from './queue-screen.tsx'
import { parseQueueSearch } from './queue-search.ts'
import { queueOf, queueOrder, suitLine } from './queue-test-data.ts'

/*
 * The workshop's board as the owner meets it: the cards in ship-by order with the late and the
 * at-risk ones marked, the state filter and its counts, the moves into production and out of the
 * door, the board offline, one order's work sheet, and the route's drawing given each line. The
 * queue is seeded in the query cache (as kept on the device); the shop's API is a stubbed fetch.
 * What a phone pays for 200 suits is counted in tasks: each `nextTask()` of the screen is held
 * until the test lets it through (a stubbed `scheduler.yield`).
 */

afterEach(async () => {
  cleanup()
  vi.restoreAllMocks()
  await forgetKeptOrders()
})

const SAVED_AT = Date.parse('2026-11-30T09:00:00.000Z')

type Slot = (props: QueueDrawingProps) => ReactNode

/** The route's drawing, as a stand-in: says which line it was given, and that it is drawn. */
function FakeDrawing({ line, size, onSettled }: QueueDrawingProps) {
  useEffect(() => onSettled?.(), [onSettled])
  return <span data-testid="drawing" data-line={line.id} data-size={size} />
}

function recordingSlot() {
  const given: QueueDrawingProps[] = []
  const slot: Slot = (props) => {
    given.push(props)
    return <FakeDrawing {...props} />
  }
  return { slot, given }
}

function renderQueue({
  queue,
  fromDevice = false,
  url = '/admin/queue',
  slot = null,
}: {
  queue: AdminQueue
  fromDevice?: boolean
  url?: string
  slot?: Slot | null
}) {
  // Seeded and never stale: the board reads what the test gives it until a move invalidates it.
  const client = new QueryClient({
    defaultOptions: { queries: { retry: false, staleTime: Infinity } },
  })
  client.setQueryData(queueKeys.all, { data: queue, savedAt: SAVED_AT, fromDevice })
  const root = createRootRoute({ component: Outlet })
  const queueRoute = createRoute({
    getParentRoute: () => root,
    path: '/admin/queue',
    validateSearch: parseQueueSearch,
    component: function QueueRoute() {
      return <QueueScreen search={queueRoute.useSearch()} />
    },
  })
  const orderRoute = createRoute({
    getParentRoute: () => root,
    path: '/admin/orders/$orderId',
    component: () => <h1>An order</h1>,
  })
  const { router } = renderRoutes(root.addChildren([queueRoute, orderRoute]), {
    url,
    client,
    wrap: (routes) => (
      <QueueDrawingContext.Provider value={slot}>{routes}</QueueDrawingContext.Provider>
    ),
  })
  return { client, router }
}

interface Sent {
  method: string
  path: string
  body: unknown
}

/**
 * The shop's API: a move answers 200 (or `moveAnswer`), and the board read again answers each of
 * `boards` in turn (the last again when they run out). Every call is recorded.
 */
function serve({
  boards,
  moveAnswer = 'ok',
}: {
  boards: AdminQueue[]
  moveAnswer?: 'ok' | 'no answer'
}) {
  const sent: Sent[] = []
  let reads = 0
  vi.stubGlobal(
    'fetch',
    vi.fn(async (request: Request) => {
      const text = await request.clone().text()
      const call = {
        method: request.method,
        path: new URL(request.url).pathname,
        body: text ? JSON.parse(text) : undefined,
      }
      sent.push(call)
      if (call.method === 'POST' && call.path.endsWith('/move')) {
        if (moveAnswer === 'no answer') throw new TypeError('Failed to fetch')
        return new Response(JSON.stringify({ id: call.path.split('/')[4] }), { status: 200 })
      }
      if (call.path === '/api/admin/queue') {
        const board = boards[Math.min(reads, boards.length - 1)]!
        reads += 1
        return new Response(JSON.stringify(humps.decamelizeKeys(board)), { status: 200 })
      }
      return new Response('{}', { status: 404 })
    }),
  )
  return sent
}

const board = () =>
  queueOf([
    queueOrder({ id: 'o-ontime', status: 'paid', payment: 'paid', balance: 0 }),
    queueOrder({
      id: 'o-late',
      status: 'in_production',
      shipBy: '2026-11-27',
      daysLeft: -3,
      shipByState: 'late',
      lastNote: 'Fabric arrives Monday',
    }),
    queueOrder({ id: 'o-none', shipBy: null, daysLeft: null }),
    queueOrder({
      id: 'o-risk',
      status: 'submitted',
      shipBy: '2026-12-02',
      daysLeft: 2,
      shipByState: 'at_risk',
    }),
  ])

// Counted with selectors: a role query over 200 cards reads every element's style in jsdom.
const cards = () => [...document.querySelectorAll<HTMLElement>('article')]
const cardTitles = () => cards().map((card) => card.querySelector('h2')!.textContent)
const card = (number: string) =>
  screen.getByRole('article', { name: `Order ${number}` }) as HTMLElement
const drawings = () => [...document.querySelectorAll<HTMLElement>('[data-testid="drawing"]')]

async function boardShown() {
  await screen.findByRole('heading', { level: 1, name: 'Made-to-order queue' })
}

describe('the board', () => {
  it('shows the soonest ship-by first and marks the late and at-risk cards in words and an icon', async () => {
    renderQueue({ queue: board() })
    await boardShown()

    expect(cardTitles()).toEqual(['Order O-LATE', 'Order O-RISK', 'Order O-ONTIME', 'Order O-NONE'])
    const late = card('O-LATE')
    expect(within(late).getByText('Late by 3 days')).toBeTruthy()
    expect(late.querySelector('.queue-due svg')).not.toBeNull()
    expect(late.dataset.due).toBe('late')
    const risk = card('O-RISK')
    expect(within(risk).getByText('Ships in 2 days')).toBeTruthy()
    expect(risk.querySelector('.queue-due svg')).not.toBeNull()
    expect(risk.dataset.due).toBe('at_risk')
    const onTime = card('O-ONTIME')
    expect(within(onTime).getByText('Ships in 20 days')).toBeTruthy()
    expect(onTime.querySelector('.queue-due svg')).toBeNull()
    expect(within(card('O-NONE')).getByText('No ship-by day')).toBeTruthy()
    expect(screen.getByText('4 orders to make or ship: 1 late, 1 at risk.')).toBeTruthy()
  })

  it('shows who, when, what state, what was paid, and each suit’s measurements, options and note', async () => {
    renderQueue({ queue: board() })
    await boardShown()

    const late = within(card('O-LATE'))
    expect(late.getByRole('link', { name: 'Order O-LATE' }).getAttribute('href')).toBe(
      '/admin/orders/o-late',
    )
    expect(late.getByText('Kari Nordmann')).toBeTruthy()
    expect(late.getByText('kari@example.com')).toBeTruthy()
    expect(late.getByText('November 27, 2026')).toBeTruthy()
    expect(late.getByText('In production')).toBeTruthy()
    expect(late.getByText('Unpaid: $2,280.00 of $2,280.00 due')).toBeTruthy()
    expect(late.getByRole('heading', { level: 3, name: 'Corvid 2, size M' })).toBeTruthy()
    const table = late.getByRole('table', { name: 'Measurements' })
    expect(within(table).getByRole('row', { name: 'Height 178.5 cm' })).toBeTruthy()
    expect(within(table).getByRole('row', { name: 'Arm span 180 cm' })).toBeTruthy()
    expect(late.getByText('Options: Booties')).toBeTruthy()
    expect(late.getByText('Fabric arrives Monday')).toBeTruthy()
  })

  it('counts the orders per state and narrows the board to one', async () => {
    const { router } = renderQueue({ queue: board() })
    await boardShown()

    const filter = screen.getByRole('group', { name: 'Show' })
    expect(
      within(filter)
        .getAllByRole('radio')
        .map((radio) => radio.closest('label')!.textContent),
    ).toEqual(['All (4)', 'Submitted (2)', 'Partly paid (0)', 'Paid (1)', 'In production (1)'])
    expect(
      (within(filter).getByRole('radio', { name: 'All (4)' }) as HTMLInputElement).checked,
    ).toBe(true)

    fireEvent.click(within(filter).getByRole('radio', { name: 'Submitted (2)' }))
    await waitFor(() => expect(cardTitles()).toEqual(['Order O-RISK', 'Order O-NONE']))
    expect(router.state.location.search).toEqual({ state: 'submitted' })
    expect(screen.getByText('Showing 2 of 4: submitted.')).toBeTruthy()

    fireEvent.click(within(filter).getByRole('radio', { name: 'Partly paid (0)' }))
    await waitFor(() => expect(cards()).toHaveLength(0))
    expect(screen.getByText('No order is partly paid now.')).toBeTruthy()

    fireEvent.click(within(filter).getByRole('radio', { name: 'All (4)' }))
    await waitFor(() => expect(cards()).toHaveLength(4))
  })
})

describe('moving a card', () => {
  it('offers only the moves its state allows', async () => {
    renderQueue({ queue: board() })
    await boardShown()

    for (const number of ['O-RISK', 'O-ONTIME', 'O-NONE']) {
      expect(within(card(number)).getByRole('button', { name: /^Start production/ })).toBeTruthy()
      expect(within(card(number)).queryByRole('button', { name: /^Mark shipped/ })).toBeNull()
    }
    expect(within(card('O-LATE')).queryByRole('button', { name: /^Start production/ })).toBeNull()
    expect(within(card('O-LATE')).getByRole('button', { name: /^Mark shipped/ })).toBeTruthy()
  })

  it('starts production: sends the move, reads the board again, and says so in the card', async () => {
    const moved = board()
    moved.orders = moved.orders.map((order) =>
      order.id === 'o-risk' ? { ...order, status: 'in_production' as const } : order,
    )
    const sent = serve({ boards: [moved] })
    renderQueue({ queue: board() })
    await boardShown()

    fireEvent.click(
      within(card('O-RISK')).getByRole('button', { name: 'Start production (order O-RISK)' }),
    )
    const result = await within(card('O-RISK')).findByRole('status')
    expect(result.textContent).toBe('Order O-RISK is now in production.')
    expect(document.activeElement).toBe(result)
    expect(sent[0]).toEqual({
      method: 'POST',
      path: '/api/admin/orders/o-risk/move',
      body: { status: 'in_production' },
    })
    // The board was read again before the result was shown.
    expect(sent.some((call) => call.method === 'GET' && call.path === '/api/admin/queue')).toBe(
      true,
    )
    expect(within(card('O-RISK')).getByText('In production')).toBeTruthy()
    expect(within(card('O-RISK')).getByRole('button', { name: /^Mark shipped/ })).toBeTruthy()
  })

  it('marks shipped with the tracking note, and the card leaves the board', async () => {
    const shipped = board()
    shipped.orders = shipped.orders.filter((order) => order.id !== 'o-late')
    const sent = serve({ boards: [shipped] })
    renderQueue({ queue: board() })
    await boardShown()

    fireEvent.click(within(card('O-LATE')).getByRole('button', { name: /^Mark shipped…/ }))
    const note = within(card('O-LATE')).getByRole('textbox', { name: 'Tracking number or note' })
    expect(document.activeElement).toBe(note)
    fireEvent.change(note, { target: { value: '  UPS 1Z999AA10123456784 ' } })
    fireEvent.click(
      within(card('O-LATE')).getByRole('button', { name: 'Mark shipped (order O-LATE)' }),
    )

    await waitFor(() => expect(screen.queryByRole('article', { name: 'Order O-LATE' })).toBeNull())
    expect(sent[0]).toEqual({
      method: 'POST',
      path: '/api/admin/orders/o-late/move',
      body: { status: 'shipped', note: 'UPS 1Z999AA10123456784' },
    })
    const result = screen.getByText(/^Order O-LATE is marked shipped and has left the queue\./)
    expect(result.getAttribute('role')).toBe('status')
    expect(document.activeElement).toBe(result)
    expect(cards()).toHaveLength(3)
  })

  it('never shows a refused move as done', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(
        async () =>
          new Response(
            JSON.stringify({
              message: 'Order O-RISK waits for the waiver to be signed.',
              errors: { status: ['Order O-RISK waits for the waiver to be signed.'] },
            }),
            { status: 422 },
          ),
      ),
    )
    renderQueue({ queue: board() })
    await boardShown()

    fireEvent.click(within(card('O-RISK')).getByRole('button', { name: /^Start production/ }))
    const alert = await within(card('O-RISK')).findByRole('alert')
    expect(alert.textContent).toBe('Not done: Order O-RISK waits for the waiver to be signed.')
    expect(within(card('O-RISK')).queryByRole('status')).toBeNull()
    expect(within(card('O-RISK')).getByText('Submitted')).toBeTruthy()
  })
})

describe('offline', () => {
  it('shows the board as of when it was kept, and a move says it needs the network', async () => {
    const sent = serve({ boards: [board()], moveAnswer: 'no answer' })
    renderQueue({ queue: board(), fromDevice: true })
    await boardShown()

    expect(screen.getByText(/as of/).closest('p')!.textContent).toMatch(
      /^Offline: as of .+\. Actions need the network\.$/,
    )
    const risk = within(card('O-RISK'))
    const start = risk.getByRole('button', { name: /^Start production/ })
    expect(start.getAttribute('aria-describedby')).toBeTruthy()
    expect(document.getElementById(start.getAttribute('aria-describedby')!)!.textContent).toBe(
      'Moving an order needs the network: you are offline.',
    )

    fireEvent.click(start)
    const alert = await risk.findByRole('alert')
    expect(alert.textContent).toBe(
      'Not done: this needs the network, and the shop did not answer. Nothing was changed.',
    )
    expect(sent).toHaveLength(1)
    expect(screen.queryByText(/is now in production/)).toBeNull()
    expect(risk.getByText('Submitted')).toBeTruthy()
  })
})

describe('a work sheet', () => {
  it('shows one order alone, its drawing large, and prints once the drawing is there', async () => {
    const print = vi.spyOn(window, 'print').mockImplementation(() => undefined)
    const { slot, given } = recordingSlot()
    const { router } = renderQueue({ queue: board(), slot })
    await boardShown()

    fireEvent.click(
      within(card('O-RISK')).getByRole('link', { name: 'Print work sheet for order O-RISK' }),
    )
    await screen.findByRole('heading', { level: 1, name: 'Work sheet: order O-RISK' })
    expect(router.state.location.search).toEqual({ sheet: 'o-risk' })
    expect(cards()).toHaveLength(1)
    expect(screen.queryByText(/O-LATE|O-ONTIME|O-NONE/)).toBeNull()
    expect(screen.getByRole('table', { name: 'Measurements' })).toBeTruthy()
    expect(screen.getByText('Kari Nordmann')).toBeTruthy()
    expect(screen.getByText('December 2, 2026 (Ships in 2 days)')).toBeTruthy()
    await waitFor(() => expect(print).toHaveBeenCalledOnce())
    const sheetDrawing = given.findLast((props) => props.size === 'sheet')!
    expect(sheetDrawing.line.id).toBe('o-risk-line')
    expect(screen.getByTestId('drawing').dataset.size).toBe('sheet')
  })

  it('opens from its address, and says so when the order is no longer queued', async () => {
    vi.spyOn(window, 'print').mockImplementation(() => undefined)
    renderQueue({ queue: board(), url: '/admin/queue?sheet=o-gone' })

    await screen.findByRole('heading', { level: 1, name: 'Work sheet not found' })
    expect(screen.getByText(/No order with that id waits in the queue/)).toBeTruthy()
    expect(cards()).toHaveLength(0)
    expect(window.print).not.toHaveBeenCalled()
  })
})

describe('the drawings', () => {
  it('gives the route’s slot each designed line, and none to a line with no design', async () => {
    const { slot, given } = recordingSlot()
    const queue = queueOf([
      queueOrder({
        id: 'o-two',
        lines: [
          suitLine({ id: 'suit-a' }),
          suitLine({ id: 'suit-b', name: 'Corvid 2', variantName: 'L' }),
          suitLine({ id: 'plain', name: 'Mission bag', meta: [], summary: [] }),
        ],
      }),
    ])
    renderQueue({ queue, slot })
    await boardShown()

    await waitFor(() => expect(drawings()).toHaveLength(2))
    expect(drawings().map((drawing) => drawing.dataset.line)).toEqual(['suit-a', 'suit-b'])
    expect(given.every((props) => props.size === 'card')).toBe(true)
    expect(given.map((props) => props.line)).toContain(queue.orders[0]!.lines[0])
  })
})

/**
 * Holds every `nextTask()` of the screen, and every wait for an idle moment, until the test lets
 * it through.
 */
function heldTasks() {
  let waiting: (() => void)[] = []
  let idle: (() => void)[] = []
  vi.stubGlobal('scheduler', {
    yield: () => new Promise<void>((resolve) => waiting.push(resolve)),
  })
  vi.stubGlobal('requestIdleCallback', (callback: () => void) => idle.push(callback))
  const release = async (callbacks: (() => void)[]) =>
    act(async () => {
      for (const callback of callbacks) callback()
      await new Promise((done) => setTimeout(done, 0))
    })
  return {
    /** Lets through the tasks waiting now (the next ones wait for the next call). */
    async run() {
      const now = waiting
      waiting = []
      await release(now)
    },
    /** The phone is idle for a moment. */
    async idle() {
      const now = idle
      idle = []
      await release(now)
    },
  }
}

/**
 * 200 orders of one suit each, their words kept short: what is counted here is turns, and jsdom
 * lays out a big page many times slower than a phone does.
 */
const twoHundred = () =>
  queueOf(
    Array.from({ length: 200 }, (_, index) => {
      const id = `o${String(index).padStart(3, '0')}`
      const line = suitLine({ id: `${id}-line`, meta: [{ key: 'color.body', value: 'r7C' }] })
      return queueOrder({ id, lines: [{ ...line, summary: [] }] })
    }),
  )

/** A big page in jsdom, on a machine shared with other work. */
const slow = { timeout: 30_000 }

describe('200 suits on a phone', () => {
  it(
    'puts a bounded number of cards and drawings on the page per task, and every card’s words within a few tasks',
    slow,
    async () => {
      const tasks = heldTasks()
      const { slot } = recordingSlot()
      renderQueue({ queue: twoHundred(), slot })
      await boardShown()

      // The first view: a few cards' words, and no drawing yet.
      expect(cards()).toHaveLength(CARDS_PER_TASK)
      expect(drawings()).toHaveLength(0)

      await tasks.run()
      expect(drawings().length).toBeGreaterThan(0)
      expect(drawings().length).toBeLessThanOrEqual(DRAWINGS_PER_TASK)
      expect(cards()).toHaveLength(2 * CARDS_PER_TASK)

      let tasksRun = 1
      for (; tasksRun < 40 && cards().length < 200; tasksRun += 1) {
        const before = drawings().length
        await tasks.run()
        expect(drawings().length - before).toBeGreaterThan(0)
        expect(drawings().length - before).toBeLessThanOrEqual(DRAWINGS_PER_TASK)
      }
      // Every card's words are on the page, some tasks later; the drawings still come a few at a
      // time (with no observer to say which cards are near, in the board's order).
      expect(cards()).toHaveLength(200)
      expect(tasksRun).toBeLessThanOrEqual(Math.ceil(200 / CARDS_PER_TASK))
      expect(drawings().length).toBeLessThanOrEqual(tasksRun * DRAWINGS_PER_TASK)
      expect(
        drawings()
          .map((drawing) => drawing.dataset.line)
          .slice(0, 3),
      ).toEqual(['o000-line', 'o001-line', 'o002-line'])
      expect(cardTitles().at(-1)).toBe('Order O199')
    },
  )

  it(
    'draws the cards near the screen first, where the browser says which, and the rest when idle',
    slow,
    async () => {
      const observers: { callback: IntersectionObserverCallback; watched: Set<Element> }[] = []
      vi.stubGlobal(
        'IntersectionObserver',
        class {
          readonly watched = new Set<Element>()
          constructor(readonly callback: IntersectionObserverCallback) {
            observers.push(this)
          }
          observe(element: Element) {
            this.watched.add(element)
          }
          unobserve(element: Element) {
            this.watched.delete(element)
          }
          disconnect() {
            this.watched.clear()
          }
        },
      )
      /** The browser says these cards came near the screen. */
      const near = (elements: Element[]) =>
        act(() => {
          for (const observer of observers)
            observer.callback(
              elements
                .filter((element) => observer.watched.has(element))
                .map((target) => ({ target, isIntersecting: true }) as IntersectionObserverEntry),
              observer as unknown as IntersectionObserver,
            )
        })
      const tasks = heldTasks()
      const { slot } = recordingSlot()
      renderQueue({ queue: twoHundred(), slot })
      await boardShown()
      for (let task = 0; task < 20 && cards().length < 200; task += 1) await tasks.run()

      // Every card's words are on the page; no card came near the screen: nothing is drawn.
      expect(cards()).toHaveLength(200)
      expect(drawings()).toHaveLength(0)

      near(cards().slice(0, 3))
      await tasks.run()
      expect(drawings().map((drawing) => drawing.dataset.line)).toEqual([
        'o000-line',
        'o001-line',
        'o002-line',
      ])

      // A fling to the middle of the board: those six, a few per task, and nothing between.
      near(cards().slice(100, 106))
      await tasks.run()
      expect(drawings()).toHaveLength(3 + DRAWINGS_PER_TASK)
      await tasks.run()
      expect(drawings()).toHaveLength(9)
      expect(drawings().at(-1)!.dataset.line).toBe('o105-line')

      // An idle moment: a few more of the rest, in the board's order.
      await tasks.idle()
      expect(drawings()).toHaveLength(9 + DRAWINGS_PER_TASK)
      expect(drawings()[3]!.dataset.line).toBe('o003-line')
    },
  )
})
