import type { AddToOrderRequest } from '../contract/configurator.ts'

/*
 * What a customer sends on the way to an order, as the API's payloads carry it: the
 * products, the address and the shipping option that the server tests, the kill tests, the
 * end-to-end tests and the checkout bench all order with. Data only: importable anywhere.
 */

/** A bag by its variant's sku (content/products/bags/mission-bag.json: 220.00, 1,600 g), in stock. */
export const bag: AddToOrderRequest = { sku: 'MISSION-BAG-BLACK', qty: 1, meta: [], child: [] }

/**
 * A made-to-measure Corvid 2 (3,400 g), configured: made to order (no shipping, no payment today,
 * the wingsuits' production time), and it needs the waiver.
 */
export const customSuit: AddToOrderRequest = {
  sku: 'CORVID2-CUSTOM',
  qty: 1,
  meta: [
    { key: 'color.body', value: 'n4D' },
    { key: 'measurement.units', value: 'metric' },
    { key: 'measurement.height', value: '182' },
    { key: 'accent', value: 'none' },
  ],
  child: [],
}

/** A US shipping address as the checkout sends it, already in the form the server keeps. */
export const usAddress = {
  name: 'Dana Flyer',
  line1: '1200 Skydive Lane',
  city: 'Eloy',
  region: 'AZ',
  postal_code: '85131',
  country: 'US',
}

/** content/shipping-rates.json: USPS Priority for a parcel up to 2 kg to the US is 1250. */
export const priority = {
  carrier: 'usps',
  service_code: 'usps_priority',
  service_name: 'USPS Priority Mail (1–3 business days)',
}
