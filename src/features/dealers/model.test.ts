import { describe, expect, it } from 'vitest'
import type { DealerData } from '../../../contract/page-data/dealers.ts'
import { filterDealers, groupByCountry, normalise } from './model.ts'

const dealer = (slug: string, name: string, city: string, country: string): DealerData => ({
  slug,
  name,
  city,
  country,
  address: 'Street 1',
  email: `${slug}@example.com`,
  phone: '+47 22 33 44 55',
  website: `https://${slug}.example.com`,
  disciplines: ['wingsuit'],
})

const dealers = [
  dealer('alpenwind', 'Alpenwind Sport', 'Innsbruck', 'AT'),
  dealer('zurich-air', 'Flugwerk', 'Zürich', 'CH'),
  dealer('ceu', 'Céu Aberto Equipamentos', 'São Paulo', 'BR'),
  dealer('nordvind', 'Nordvind Skydive Shop', 'Oslo', 'NO'),
  dealer('fjordline', 'Fjordline Air Sports', 'Voss', 'NO'),
]

describe('normalise', () => {
  it('drops accents, case and surrounding space', () => {
    expect(normalise('  Zürich ')).toBe('zurich')
    expect(normalise('São Paulo')).toBe('sao paulo')
    expect(normalise('ÅLESUND')).toBe('alesund')
  })
})

describe('filterDealers', () => {
  const slugs = (list: DealerData[]) => list.map((d) => d.slug)

  it('returns every dealer without filters', () => {
    expect(filterDealers(dealers, {})).toEqual(dealers)
    expect(filterDealers(dealers, { q: '   ' })).toEqual(dealers)
  })

  it('matches the name or the city, ignoring case and accents either way', () => {
    expect(slugs(filterDealers(dealers, { q: 'zurich' }))).toEqual(['zurich-air'])
    expect(slugs(filterDealers(dealers, { q: 'SAO' }))).toEqual(['ceu'])
    expect(slugs(filterDealers(dealers, { q: 'céu' }))).toEqual(['ceu'])
    expect(slugs(filterDealers(dealers, { q: 'sport' }))).toEqual(['alpenwind', 'fjordline'])
  })

  it('filters by country, alone or with a query', () => {
    expect(slugs(filterDealers(dealers, { country: 'NO' }))).toEqual(['nordvind', 'fjordline'])
    expect(slugs(filterDealers(dealers, { country: 'NO', q: 'voss' }))).toEqual(['fjordline'])
    expect(filterDealers(dealers, { country: 'AT', q: 'oslo' })).toEqual([])
  })
})

describe('groupByCountry', () => {
  it('groups in the countries’ order and leaves out countries with no match', () => {
    const countries = [
      { code: 'AT', name: 'Austria' },
      { code: 'BR', name: 'Brazil' },
      { code: 'NO', name: 'Norway' },
      { code: 'CH', name: 'Switzerland' },
    ]
    const groups = groupByCountry(filterDealers(dealers, { q: 's' }), countries)
    expect(groups.map((g) => [g.name, g.dealers.length])).toEqual([
      ['Austria', 1],
      ['Brazil', 1],
      ['Norway', 2],
    ])
  })
})
