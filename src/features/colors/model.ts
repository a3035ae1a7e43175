/** Adds a colour to the comparison, or takes it out if it is there; keeps the picking order. */
export function toggleCompared(compared: readonly string[], id: string): string[] {
  return compared.includes(id) ? compared.filter((c) => c !== id) : [...compared, id]
}
