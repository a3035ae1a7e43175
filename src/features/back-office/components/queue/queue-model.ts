import { formatMoney } from '../../../../../contract/money.ts'
import { canMove } from '../../../../../contract/order-lifecycle.ts'
import { statusLabels } from '../../../../../contract/orders.ts'
import { measurementMetaFields, metaKeys } from '../../../../../contract/pricing.ts'
import type { QueueLine, QueueOrder, QueueStatus, ShipByState } from '../../api/queue.ts'

/*
 * What the workshop's board says, as plain functions of the queue's orders (unit tested in
 * queue-model.test.ts): the order of the cards, the counts per state, how far each is from its
 * ship-by day in words, what was paid, the measurements to sew to, and which moves a card offers.
 */

/**
 * Soonest ship-by first; an order with no ship-by day last; then the longest waiting first (the
 * server's order, services/admin/queue.ts, kept when a kept copy is read).
 */
export function sortQueue(orders: readonly QueueOrder[]): QueueOrder[] {
  return [...orders].sort(
    (a, b) =>
      compareDays(a.shipBy, b.shipBy) ||
      a.submittedAt.localeCompare(b.submittedAt) ||
      (a.id < b.id ? -1 : a.id > b.id ? 1 : 0),
  )
}

function compareDays(a: string | null, b: string | null): number {
  if (a === b) return 0
  if (a === null) return 1
  if (b === null) return -1
  return a < b ? -1 : 1
}

/** How many orders are in each state, every state named (0 included). */
export function countByStatus(
  orders: readonly Pick<QueueOrder, 'status'>[],
): Record<QueueStatus, number> {
  const counts: Record<QueueStatus, number> = {
    submitted: 0,
    partly_paid: 0,
    paid: 0,
    in_production: 0,
  }
  for (const order of orders) counts[order.status] += 1
  return counts
}

/** How many are late and at risk, for the line above the cards. */
export function countByDue(orders: readonly Pick<QueueOrder, 'shipByState'>[]) {
  let late = 0
  let atRisk = 0
  for (const order of orders) {
    if (order.shipByState === 'late') late += 1
    else if (order.shipByState === 'at_risk') atRisk += 1
  }
  return { late, atRisk }
}

export const stateLabel = (status: QueueStatus): string => statusLabels[status]

const days = (n: number) => `${n} ${n === 1 ? 'day' : 'days'}`

export interface Due {
  /** `none`: no ship-by day is known. */
  state: ShipByState | 'none'
  /** "Late by 3 days", "Ships in 2 days", "Ships today": the card's marker, in words. */
  words: string
}

/** Where an order stands against its ship-by day, in words (never colour alone). */
export function dueOf(order: Pick<QueueOrder, 'shipBy' | 'daysLeft' | 'shipByState'>): Due {
  const left = order.daysLeft
  if (order.shipByState === 'late')
    return { state: 'late', words: left === null ? 'Late' : `Late by ${days(Math.abs(left))}` }
  if (order.shipBy === null && left === null) return { state: 'none', words: 'No ship-by day' }
  const words = left === null ? 'Ships soon' : left <= 0 ? 'Ships today' : `Ships in ${days(left)}`
  return { state: order.shipByState, words }
}

/** What was paid of the order: "Paid ($2,280.00)", "Part paid: $500.00 of $2,280.00 due". */
export function paymentText(
  order: Pick<QueueOrder, 'payment' | 'balance' | 'total' | 'currency'>,
): string {
  const due = `${formatMoney(order.balance, order.currency)} of ${formatMoney(order.total, order.currency)} due`
  if (order.payment === 'paid') return `Paid (${formatMoney(order.total, order.currency)})`
  if (order.payment === 'part_paid') return `Part paid: ${due}`
  return `Unpaid: ${due}`
}

/** Which of the board's two moves the order's state allows (contract/order-lifecycle.ts). */
export function movesOf(status: QueueStatus): { startProduction: boolean; ship: boolean } {
  return {
    startProduction: canMove(status, 'in_production'),
    // A paid order may ship straight from stock, but the board holds made suits: they ship once
    // made, from production.
    ship: status === 'in_production' && canMove(status, 'shipped'),
  }
}

/** A line designed in the configurator, which spells out every region's colour (`color.…`). */
export function isDesignedLine(line: Pick<QueueLine, 'meta'>): boolean {
  return line.meta.some(({ key }) => key.startsWith('color.'))
}

type MeasurementField = (typeof measurementMetaFields)[number]

/** The configurator's names and units for what it measures (features/configurator/measurements.ts). */
const measurementNames: Record<
  MeasurementField,
  { label: string; metric: string; imperial: string }
> = {
  height: { label: 'Height', metric: 'cm', imperial: 'in' },
  weight: { label: 'Weight', metric: 'kg', imperial: 'lb' },
  chest: { label: 'Chest', metric: 'cm', imperial: 'in' },
  waist: { label: 'Waist', metric: 'cm', imperial: 'in' },
  hips: { label: 'Hips', metric: 'cm', imperial: 'in' },
  inseam: { label: 'Inseam', metric: 'cm', imperial: 'in' },
  armSpan: { label: 'Arm span', metric: 'cm', imperial: 'in' },
  shoulderWidth: { label: 'Shoulder width', metric: 'cm', imperial: 'in' },
  torso: { label: 'Torso length', metric: 'cm', imperial: 'in' },
}

export interface Measurement {
  label: string
  /** As the customer typed it, with its unit: "178.5 cm". */
  value: string
}

/** The body measurements the line was ordered with, in the configurator's order. */
export function measurementsOf(line: Pick<QueueLine, 'meta'>): Measurement[] {
  const meta = new Map(line.meta.map(({ key, value }) => [key, value]))
  // The configurator measures in metric unless the customer chose imperial.
  const units = meta.get(metaKeys.measurementUnits) === 'imperial' ? 'imperial' : 'metric'
  return measurementMetaFields.flatMap((field) => {
    const value = meta.get(`measurement.${field}`)?.trim()
    if (!value) return []
    const name = measurementNames[field]
    return [{ label: name.label, value: `${value} ${name[units]}` }]
  })
}

/** The line's size or variant, as the workshop cuts it. */
export function sizeOf(line: Pick<QueueLine, 'variantName' | 'meta'>): string {
  if (line.variantName) return line.variantName
  if (line.meta.some(({ key }) => key.startsWith('measurement.'))) return 'Made to measure'
  return 'One size'
}

/** The line's name as a heading says it: "Corvid 2, size M". */
export function lineTitle(line: Pick<QueueLine, 'name' | 'variantName'>): string {
  return line.variantName ? `${line.name}, size ${line.variantName}` : line.name
}
