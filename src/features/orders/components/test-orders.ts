import humps from 'humps'
import type {
  OrderView as WireOrderView,
  PaymentLinkOrder as WirePaymentLinkOrder,
} from '../../../../contract/orders.ts'
import type { OrderView, PaymentLinkOrder, Read } from '../api.ts'

/*
 * Orders for the screens' tests, as the API sends them (snake_case, for a stubbed fetch) and as
 * the app reads them (camelCased, to seed a QueryClient). Two orders: the Mission bag with its
 * shipping, $233.95 to pay now, and a made-to-order Corvid 2, nothing due today.
 */

export const testOrderId = '0b6f5a38-5d0e-4d55-9c55-1f0c5bd2a6f1'
export const testPaymentCode = 'c'.repeat(43)

const submittedAt = '2026-11-25T09:00:00.000Z'

/** The bag, shipped: submitted and waiting for its payment. */
export function wireBagOrder(overrides: Partial<WireOrderView> = {}): WireOrderView {
  return {
    id: testOrderId,
    status: 'submitted',
    submitted_at: submittedAt,
    is_mto: false,
    lines: [
      {
        id: 'line-1',
        sku: 'MISSION-BAG-BLK',
        name: 'Mission bag',
        variant_name: 'Black',
        product_path: '/bags/mission-bag',
        image: null,
        qty: 1,
        unit_amount: 18_900,
        line_amount: 18_900,
        meta: [],
        children: [],
        summary: [],
        made_to_order: false,
        in_stock: true,
        production_time: null,
        added_after_submit: false,
      },
    ],
    subtotal: 18_900,
    discounts: [],
    shipping: {
      option: {
        carrier: 'UPS',
        service_code: 'ups-ground',
        service_name: 'UPS Ground',
        amount: 4_495,
      },
      address: null,
    },
    currency: 'USD',
    total: 23_395,
    paid: 0,
    refunded: 0,
    balance: 23_395,
    payment_due: true,
    history: [{ status: 'submitted', note: '', at: submittedAt }],
    can_change_address: true,
    can_add_to_order: true,
    payment_code: testPaymentCode,
    notes: null,
    placed_for: null,
    ...overrides,
  }
}

/** A Corvid 2 sewn to order, two of a line with an upgrade: nothing was due when submitted. */
export function wireSuitOrder(overrides: Partial<WireOrderView> = {}): WireOrderView {
  const bag = wireBagOrder()
  return {
    ...bag,
    is_mto: true,
    lines: [
      {
        ...bag.lines[0]!,
        sku: 'CORVID2-CUSTOM',
        name: 'Corvid 2',
        variant_name: 'Made to measure',
        product_path: '/wingsuits/corvid-2',
        qty: 1,
        unit_amount: 235_500,
        line_amount: 235_500,
        summary: ['Colours: Deep navy, Signal red', 'Reflective accents'],
        made_to_order: true,
        in_stock: false,
        production_time: {
          weeks_min: 6,
          weeks_max: 8,
          note: null,
          ready_from: '2027-01-06',
          ready_by: '2027-01-20',
        },
      },
    ],
    subtotal: 235_500,
    shipping: { option: null, address: null },
    total: 235_500,
    balance: 235_500,
    ...overrides,
  }
}

/** The payment link's view of an order: what paying needs, nothing about who or where. */
export function wireLinkOrder(
  order: WireOrderView,
  overrides: Partial<WirePaymentLinkOrder> = {},
): WirePaymentLinkOrder {
  return {
    id: order.id,
    status: order.status,
    submitted_at: order.submitted_at,
    lines: order.lines.map((line) => ({
      id: line.id,
      sku: line.sku,
      name: line.name,
      variant_name: line.variant_name,
      image: line.image,
      qty: line.qty,
      unit_amount: line.unit_amount,
      line_amount: line.line_amount,
      summary: line.summary,
      made_to_order: line.made_to_order,
    })),
    subtotal: order.subtotal,
    discounts: order.discounts,
    shipping_amount: order.shipping.option?.amount ?? 0,
    currency: order.currency,
    total: order.total,
    paid: order.paid,
    refunded: order.refunded,
    balance: order.balance,
    payment_due: order.payment_due,
    can_add_to_order: order.can_add_to_order,
    signature_needed: false,
    ...overrides,
  }
}

/** A body as the app's API client hands it on (keys camelCased). */
export const asRead = <T>(wire: object) => humps.camelizeKeys(wire) as T

/** An order as the order screens read it: from the server now, or the copy kept on the device. */
export function orderRead(
  wire: WireOrderView,
  kept: { fromDevice: boolean; savedAt?: number } = { fromDevice: false },
): Read<OrderView> {
  return {
    data: asRead<OrderView>(wire),
    savedAt: kept.savedAt ?? Date.parse('2026-11-25T09:05:00.000Z'),
    fromDevice: kept.fromDevice,
  }
}

export const linkRead = (wire: WirePaymentLinkOrder) => asRead<PaymentLinkOrder>(wire)
