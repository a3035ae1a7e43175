import type { DealerData } from '../../../contract/page-data/dealers.ts'

/** The dealers page's search params: a free-text query and an ISO country code. */
export interface DealerSearch {
  q?: string
  country?: string
}

/** `validateSearch` for /dealers: drops empty or malformed values so URLs stay tidy. */
export function parseDealerSearch(raw: Record<string, unknown>): DealerSearch {
  const search: DealerSearch = {}
  // The router parses `?q=123` as a number; a query is text either way.
  const q = typeof raw.q === 'number' ? String(raw.q) : raw.q
  if (typeof q === 'string' && q.trim() !== '') search.q = q
  if (typeof raw.country === 'string' && /^[A-Z]{2}$/.test(raw.country)) {
    search.country = raw.country
  }
  return search
}

/** Lower case without accents or surrounding space: "Zürich " and "zurich" compare equal. */
export function normalise(text: string): string {
  return text.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase().trim()
}

/** Dealers whose name or city contains the query (accent- and case-insensitively), in order. */
export function filterDealers(dealers: DealerData[], search: DealerSearch): DealerData[] {
  const query = normalise(search.q ?? '')
  return dealers.filter(
    (dealer) =>
      (!search.country || dealer.country === search.country) &&
      (query === '' || normalise(`${dealer.name}\n${dealer.city}`).includes(query)),
  )
}

export interface CountryGroup {
  code: string
  name: string
  dealers: DealerData[]
}

/** The dealers under their countries, in the countries' order; countries left empty drop out. */
export function groupByCountry(
  dealers: DealerData[],
  countries: { code: string; name: string }[],
): CountryGroup[] {
  return countries
    .map((country) => ({ ...country, dealers: dealers.filter((d) => d.country === country.code) }))
    .filter((group) => group.dealers.length > 0)
}
