/**
 * English names of regions and languages, resolved at build time so the page data carries
 * words rather than codes (the server's and the browser's ICU data may differ).
 */
const regions = new Intl.DisplayNames(['en'], { type: 'region' })
const languages = new Intl.DisplayNames(['en'], { type: 'language' })

export function countryName(code: string): string {
  return regions.of(code) ?? code
}

export function languageName(code: string): string {
  return languages.of(code) ?? code
}
