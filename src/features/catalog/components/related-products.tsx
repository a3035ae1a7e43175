import { useSuspenseQuery } from '@tanstack/react-query'
import type { Product } from '../api.ts'
import { familyQuery } from '../api.ts'
import { relatedProducts } from '../related.ts'
import { ProductCard } from './product-card.tsx'

/** Other products of the same family, up to four. */
export function RelatedProducts({ product }: { product: Product }) {
  const { data: family } = useSuspenseQuery(familyQuery(product.family))
  const related = relatedProducts(family, product.slug)
  if (related.length === 0) return null
  return (
    <section aria-labelledby="related-heading" className="related-products">
      <h2 id="related-heading">Related products</h2>
      <ul className="product-grid">
        {related.map((other) => (
          <ProductCard key={other.slug} product={other} heading="h3" />
        ))}
      </ul>
    </section>
  )
}
