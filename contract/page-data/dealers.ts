import type { Discipline } from './coaches.ts'

/* The data file of `/dealers`: every dealer, by country then name. */

export interface DealerData {
  slug: string
  name: string
  /** ISO 3166-1 alpha-2. */
  country: string
  city: string
  address: string
  email: string
  /** International format, e.g. `+47 22 33 44 55`. */
  phone: string
  website: string
  disciplines: Discipline[]
}

export interface DealersPageData {
  dealers: DealerData[]
  /**
   * The countries that have dealers, by English name. Named at build time so the server's and
   * the browser's ICU data cannot disagree during hydration.
   */
  countries: { code: string; name: string }[]
}
