/** Countries whose post writes "City, REGION postal-code" on one line. */
const cityRegionPostal = new Set(['US', 'CA', 'AU'])

/**
 * The line of an address with its town, as the country's post writes it: "Eloy, AZ 85131" in
 * the US, Canada and Australia, "5700 Voss" elsewhere. The same on the order's page and in its
 * mail. Plain code, no zod: the app loads it with its pages.
 */
export function placeLine(address: {
  city: string
  region?: string | null | undefined
  postalCode: string
  country: string
}): string {
  const parts = cityRegionPostal.has(address.country)
    ? [`${address.city},`, address.region, address.postalCode]
    : [address.postalCode, address.city, address.region]
  return parts.filter(Boolean).join(' ')
}
