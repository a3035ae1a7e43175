import { pageHead, type PageHead } from '../../lib/head.ts'
import type { Product } from './api.ts'

type JsonLdProduct = Pick<
  Product,
  'name' | 'summary' | 'description' | 'sku' | 'currency' | 'variants'
>

/**
 * schema.org `Product` data for search engines: one offer per variant, priced in major units.
 * A variant out of stock is made to order, which schema.org calls a pre-order.
 */
export function productJsonLd(product: JsonLdProduct) {
  return {
    '@context': 'https://schema.org',
    '@type': 'Product',
    name: product.name,
    description: product.description,
    sku: product.sku,
    brand: { '@type': 'Brand', name: 'Glidecraft' },
    offers: product.variants.map((variant) => ({
      '@type': 'Offer',
      sku: variant.sku,
      name: variant.name,
      price: variant.price / 100,
      priceCurrency: product.currency,
      availability: variant.inStock ? 'https://schema.org/InStock' : 'https://schema.org/PreOrder',
    })),
  }
}

/** A product page's head (its loader builds it): title, meta description and the JSON-LD above. */
export function productHead(product: JsonLdProduct | undefined): PageHead {
  return pageHead(
    product && { title: product.name, summary: product.summary, jsonLd: productJsonLd(product) },
  )
}
