// Apart from address.ts, whose schemas need zod: the address form asks whether a country needs
// a region without loading zod, which a checkout that has not reached its address step need not
// evaluate (docs/architecture.md, "First paint of the private pages").

/** Countries whose post needs a state, province or prefecture on the parcel. */
export const regionRequiredCountries: ReadonlySet<string> = new Set([
  'AU',
  'BR',
  'CA',
  'JP',
  'MX',
  'US',
])
