import { describe, expect, it } from 'vitest'
import { scriptJson } from '../../lib/head.ts'
import { productHead, productJsonLd } from './json-ld.ts'

const corvid = {
  name: 'Corvid 2',
  summary: 'A big-wing suit.',
  description: 'Built for distance.',
  sku: 'CORVID2',
  currency: 'USD',
  variants: [
    { sku: 'CORVID2-M', name: 'Corvid 2, size M', price: 189_000, inStock: true },
    { sku: 'CORVID2-CUSTOM', name: 'Corvid 2, made to measure', price: 224_000, inStock: false },
  ],
}

describe('productJsonLd', () => {
  it('describes the product with one offer per variant, in major units', () => {
    expect(productJsonLd(corvid)).toEqual({
      '@context': 'https://schema.org',
      '@type': 'Product',
      name: 'Corvid 2',
      description: 'Built for distance.',
      sku: 'CORVID2',
      brand: { '@type': 'Brand', name: 'Glidecraft' },
      offers: [
        {
          '@type': 'Offer',
          sku: 'CORVID2-M',
          name: 'Corvid 2, size M',
          price: 1890,
          priceCurrency: 'USD',
          availability: 'https://schema.org/InStock',
        },
        {
          '@type': 'Offer',
          sku: 'CORVID2-CUSTOM',
          name: 'Corvid 2, made to measure',
          price: 2240,
          priceCurrency: 'USD',
          availability: 'https://schema.org/PreOrder',
        },
      ],
    })
  })

  it('keeps cents', () => {
    const cap = { ...corvid, variants: [{ ...corvid.variants[0]!, price: 2_499 }] }
    expect(productJsonLd(cap).offers[0]?.price).toBe(24.99)
  })
})

describe('scriptJson', () => {
  it('cannot close its script element', () => {
    const json = scriptJson({ name: '</script><script>alert(1)</script>' })
    expect(json).not.toContain('<')
    expect(JSON.parse(json)).toEqual({ name: '</script><script>alert(1)</script>' })
  })
})

describe('productHead', () => {
  it('gives the title, description and JSON-LD script', () => {
    const head = productHead(corvid)
    expect(head.meta).toEqual([
      { title: 'Corvid 2 — Glidecraft' },
      { name: 'description', content: 'A big-wing suit.' },
    ])
    expect(head.scripts).toHaveLength(1)
    expect(head.scripts?.[0]?.type).toBe('application/ld+json')
    expect(JSON.parse(head.scripts?.[0]?.children ?? '')).toEqual(productJsonLd(corvid))
  })

  it('is empty before the product has loaded', () => {
    expect(productHead(undefined)).toEqual({})
  })
})
