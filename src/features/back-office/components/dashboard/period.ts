// The router runs `validateSearch` before the page's code loads, so this module loads with the
// app: plain code, no imports (the contract's zod would weigh on every page of the store).

/** The periods offered at a press, in days up to today. */
export const periodPresets = [7, 30, 90, 365] as const
export type PeriodPreset = (typeof periodPresets)[number]

/** What the dashboard draws unless told: the server's own default, the last 30 days. */
export const defaultPreset: PeriodPreset = 30

/** The longest period drawn: contract/admin-dashboard.ts `maxDashboardDays` (a test holds them equal). */
export const maxPeriodDays = 366

/**
 * The dashboard's search params: a preset (`days`) or a period of its own (`from` and `to`, UTC
 * days, both inclusive), and the currency added up (the server's USD unless given).
 */
export interface DashboardSearch {
  days?: PeriodPreset
  from?: string
  to?: string
  currency?: string
}

/** The period a search asks for, as the request sends it. */
export interface Period {
  from: string
  to: string
  /** The preset it came from; undefined for dates of the owner's choosing. */
  days?: PeriodPreset
}

const dayMs = 24 * 60 * 60 * 1000

/** A real calendar day written YYYY-MM-DD (not 2026-02-30). */
export function isDay(value: unknown): value is string {
  if (typeof value !== 'string' || !/^\d{4}-\d{2}-\d{2}$/.test(value)) return false
  const time = Date.parse(`${value}T00:00:00Z`)
  return !Number.isNaN(time) && new Date(time).toISOString().slice(0, 10) === value
}

/** Days from `from` to `to`, both counted: 2026-11-01 to 2026-11-30 is 30. */
export function daysBetween(from: string, to: string): number {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / dayMs) + 1
}

/** `day` moved by `days` (negative: earlier). */
export function addDays(day: string, days: number): string {
  return new Date(Date.parse(`${day}T00:00:00Z`) + days * dayMs).toISOString().slice(0, 10)
}

/** Today as the server counts days: UTC. */
export const utcToday = (now = new Date()) => now.toISOString().slice(0, 10)

/** Why two typed days are no period, or undefined when they are one. */
export function periodProblem(from: string, to: string): string | undefined {
  if (!isDay(from) || !isDay(to)) return 'Give a first and a last day.'
  if (from > to) return 'The first day is after the last.'
  if (daysBetween(from, to) > maxPeriodDays) return `A period is at most ${maxPeriodDays} days.`
  return undefined
}

/**
 * `validateSearch` for /admin: keeps a preset, or a whole period of real days no longer than
 * the server draws (which then wins over a preset), and a three-letter currency. Anything else is
 * dropped, and the dashboard shows its default.
 */
export function parseDashboardSearch(raw: Record<string, unknown>): DashboardSearch {
  const search: DashboardSearch = {}
  const currency = raw.currency
  if (typeof currency === 'string' && /^[A-Z]{3}$/.test(currency)) search.currency = currency
  const { from, to } = raw
  if (isDay(from) && isDay(to) && periodProblem(from, to) === undefined) {
    return { from, to, ...search }
  }
  const days = Number(raw.days)
  const preset = periodPresets.find((candidate) => candidate === days)
  return preset ? { days: preset, ...search } : search
}

/** The period a search asks for, on `today` (UTC): its own days, or the preset's up to today. */
export function periodOf(search: DashboardSearch, today: string): Period {
  if (search.from && search.to) return { from: search.from, to: search.to }
  const days = search.days ?? defaultPreset
  return { from: addDays(today, -(days - 1)), to: today, days }
}
