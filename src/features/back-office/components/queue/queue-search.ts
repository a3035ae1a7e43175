import type { QueueStatus } from '../../../../../contract/admin-queue.ts'

// The router runs `validateSearch` before the screen's code loads, so this module loads with the
// app: the search params alone, and no zod (the states are spelled here; a test holds them to
// contract/admin-queue.ts).

/** The states the board filters by, in the order an order goes through them. */
export const queueFilterStates = [
  'submitted',
  'partly_paid',
  'paid',
  'in_production',
] as const satisfies readonly QueueStatus[]

/** `/admin/queue`'s search params: the state shown, and the order whose work sheet prints. */
export interface QueueSearch {
  state?: QueueStatus
  /** An order's id: the screen is that order's work sheet alone, and prints. */
  sheet?: string
}

function isQueueState(value: unknown): value is QueueStatus {
  return (queueFilterStates as readonly unknown[]).includes(value)
}

/** `validateSearch` for /admin/queue: drops unknown states and empty ids so URLs stay tidy. */
export function parseQueueSearch(raw: Record<string, unknown>): QueueSearch {
  const search: QueueSearch = {}
  if (isQueueState(raw.state)) search.state = raw.state
  if (typeof raw.sheet === 'string' && /^[\w-]{1,64}$/.test(raw.sheet)) search.sheet = raw.sheet
  return search
}
