import { useSuspenseQuery } from '@tanstack/react-query'
import { Link } from '@tanstack/react-router'
import { families, type FamilyKey } from '../../../../contract/families.ts'
import { familyQuery } from '../api.ts'
import { formatPrice } from '../format.ts'

/** A family's listing: every active product with its price, linking to its page. */
export function FamilyPage({ family }: { family: FamilyKey }) {
  const { data: products } = useSuspenseQuery(familyQuery(family))
  const title = families[family].title
  return (
    <article className="page">
      <h1>{title}</h1>
      {products.length === 0 ? (
        <p className="lead">Nothing in this range right now. Check back soon.</p>
      ) : (
        <ul className="product-grid">
          {products.map((product) => (
            <li key={product.slug} className="product-card">
              <h2>
                <Link to={product.path}>{product.name}</Link>
              </h2>
              <p>{product.summary}</p>
              <p className="price">{formatPrice(product.price, product.currency)}</p>
            </li>
          ))}
        </ul>
      )}
    </article>
  )
}
