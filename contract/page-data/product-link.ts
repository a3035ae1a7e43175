/** A product an article or manual mentions, with where the store shows it. */
export interface ProductLink {
  name: string
  path: string
}
