import type { DealersPageData } from '../../../contract/page-data/dealers.ts'
import { countryName } from './region-names.ts'
import type { PageDataSource } from './types.ts'

/** `/dealers`: every dealer (the map coordinates stay out: the page shows no map). */
export const dealerPages: PageDataSource = (content) => {
  const codes = [...new Set(content.dealers.map((dealer) => dealer.country))]
  const data: DealersPageData = {
    dealers: content.dealers.map((dealer) => ({
      slug: dealer.slug,
      name: dealer.name,
      country: dealer.country,
      city: dealer.city,
      address: dealer.address,
      email: dealer.email,
      phone: dealer.phone,
      website: dealer.website,
      disciplines: dealer.disciplines,
    })),
    countries: codes
      .map((code) => ({ code, name: countryName(code) }))
      .sort((a, b) => a.name.localeCompare(b.name, 'en')),
  }
  return [{ path: '/dealers', component: 'dealers', data }]
}
