/** Up to `limit` other products of the same family, in the family's own order. */
export function relatedProducts<P extends { slug: string }>(
  family: readonly P[],
  slug: string,
  limit = 4,
): P[] {
  return family.filter((product) => product.slug !== slug).slice(0, limit)
}
