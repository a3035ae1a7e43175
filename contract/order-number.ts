/**
 * The shop's one reference for an order, on every screen and in every mail: its id's first eight
 * characters, upper case (`78FC985B`). Plain code, no zod: the app's screens load it.
 */
export function orderNumber(id: string): string {
  return id.slice(0, 8).toUpperCase()
}
