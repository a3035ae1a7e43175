import type { DealerData } from '../../../contract/page-data/dealers.ts'
import type { DealerSearch } from './search.ts'

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
