/** "Made to order in 6 weeks", "… 1 week", and "Ships from stock" for zero. */
export function formatLeadTime(weeks: number): string {
  if (weeks === 0) return 'Ships from stock'
  return `Made to order in ${weeks} ${weeks === 1 ? 'week' : 'weeks'}`
}
