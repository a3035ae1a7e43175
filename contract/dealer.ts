import { z } from 'zod'
import { OrderSummary } from './orders.ts'
import { typedText } from './waiver.ts'

/*
 * The dealer portal (docs/dealers.md): a dealer's customers, the orders of its customers, its
 * commission balance with the ledger, and its payout requests. snake_case on the wire; money in
 * integer minor units of the dealer's `currency`; rates in basis points (1000 = 10 %).
 */

const Money = z.number().int()

/** The directory entry a dealer account is tied to (content/dealers.json). */
export const DealerEntry = z.object({
  slug: z.string(),
  name: z.string(),
  city: z.string(),
  country: z.string(),
})
export type DealerEntry = z.infer<typeof DealerEntry>

export const DealerLinkKind = z.enum(['admin', 'invitation'])

export const DealerCustomer = z.object({
  id: z.string(),
  email: z.string(),
  name: z.string().nullable(),
  /** How the customer came to the dealer: linked by the shop, or registered with its invitation. */
  linked_by: DealerLinkKind,
  linked_at: z.iso.datetime({ offset: true }),
  /** The customer's submitted orders credited to this dealer. */
  order_count: z.number().int(),
})
export type DealerCustomer = z.infer<typeof DealerCustomer>

/** GET /api/order/get-dealer-customers. */
export const DealerCustomers = z.object({
  dealer: DealerEntry.extend({ rate_bp: z.number().int(), currency: z.string() }),
  /** The path a new customer registers through to become this dealer's. */
  invitation_path: z.string(),
  customers: z.array(DealerCustomer),
})
export type DealerCustomers = z.infer<typeof DealerCustomers>

export const CommissionState = z.enum(['pending', 'accrued', 'reversed'])
export type CommissionState = z.infer<typeof CommissionState>

/** One order of GET /api/order/get-orders?dealer_orders=true. */
export const DealerOrderSummary = OrderSummary.extend({
  customer: z.object({ id: z.string(), email: z.string(), name: z.string().nullable() }).nullable(),
  /** Placed by the dealer for the customer (else by the customer). */
  placed_by_dealer: z.boolean(),
  /**
   * What the order earns the dealer: `pending` until paid (`amount` at today's rate), `accrued`
   * once paid, `reversed` once cancelled or refunded after it accrued.
   */
  commission: z.object({ amount: Money, state: CommissionState }),
})
export type DealerOrderSummary = z.infer<typeof DealerOrderSummary>

export const DealerOrdersPage = z.object({
  orders: z.array(DealerOrderSummary),
  page: z.number().int(),
  per_page: z.number().int(),
  total_count: z.number().int(),
  has_more: z.boolean(),
})
export type DealerOrdersPage = z.infer<typeof DealerOrdersPage>

export const CommissionKind = z.enum([
  'accrual',
  'reversal',
  'payout_request',
  'payout_change',
  'payout_release',
])
export type CommissionKind = z.infer<typeof CommissionKind>

/** One ledger entry, newest first on the wire, with the balance it left. */
export const CommissionEntry = z.object({
  id: z.string(),
  kind: CommissionKind,
  /** Signed: + earned or given back, − paid out or taken back. */
  amount: Money,
  balance_after: Money,
  order_id: z.string().nullable(),
  payout_id: z.string().nullable(),
  note: z.string(),
  at: z.iso.datetime({ offset: true }),
})
export type CommissionEntry = z.infer<typeof CommissionEntry>

export const PayoutStatus = z.enum(['requested', 'paid', 'cancelled'])
export type PayoutStatus = z.infer<typeof PayoutStatus>

export const Payout = z.object({
  id: z.string(),
  amount: Money,
  currency: z.string(),
  notes: z.string(),
  status: PayoutStatus,
  created_at: z.iso.datetime({ offset: true }),
  updated_at: z.iso.datetime({ offset: true }),
  paid_at: z.iso.datetime({ offset: true }).nullable(),
})
export type Payout = z.infer<typeof Payout>

/** GET /api/order/dealer-comission (spelled so, docs/dealers.md), and the payout calls' answer. */
export const DealerCommission = z.object({
  currency: z.string(),
  rate_bp: z.number().int(),
  /** The sum of the ledger: what may be asked for now. */
  balance: Money,
  ledger: z.array(CommissionEntry),
  payouts: z.array(Payout),
})
export type DealerCommission = z.infer<typeof DealerCommission>

export const maxPayoutNotesLength = 500
/** A payout is at most this many minor units (a million in a two-decimal currency). */
export const maxPayoutAmount = 100_000_000

const amountMessage = 'The amount is a whole number of cents from 1.'

/** POST /api/payment/commission-balance and …/{id} (amount and notes; docs/dealers.md). */
export const CommissionBalanceRequest = z.object({
  amount: z
    .number({ error: amountMessage })
    .int(amountMessage)
    .min(1, amountMessage)
    .max(maxPayoutAmount, `The amount is at most ${maxPayoutAmount} cents.`),
  notes: typedText(
    z
      .string({ error: 'Notes are text.' })
      .trim()
      .max(maxPayoutNotesLength, `Notes are at most ${maxPayoutNotesLength} characters.`),
    { multiline: true },
  ).optional(),
})
export type CommissionBalanceRequest = z.input<typeof CommissionBalanceRequest>

/** A rate in basis points as people read it: 1000 → "10 %", 1250 → "12.5 %". */
export function ratePercent(rateBp: number): string {
  return `${(rateBp / 100).toLocaleString('en-US', { maximumFractionDigits: 2 })} %`
}

/** The commission of `base` minor units at `rateBp`, rounded half up to a whole minor unit. */
export function commissionOf(base: number, rateBp: number): number {
  return Math.floor((base * rateBp + 5000) / 10000)
}
