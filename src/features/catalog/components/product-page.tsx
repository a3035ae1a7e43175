import { useSuspenseQuery } from '@tanstack/react-query'
import { productQuery } from '../api.ts'
import { formatLeadTime, formatPrice } from '../format.ts'

/** The product display page: name, price, variants with their SKUs, sizes and specifications. */
export function ProductPage({ slug }: { slug: string }) {
  const { data: product } = useSuspenseQuery(productQuery(slug))
  const customVariant = product.variants.find((v) => v.sku.includes('-CUSTOM'))
  return (
    <article className="page product-page">
      <header className="product-header">
        <h1>{product.name}</h1>
        <p className="lead">{product.summary}</p>
        <p className="price" aria-label="Price">
          {formatPrice(product.price, product.currency)}
        </p>
        <p className="lead-time">{formatLeadTime(product.leadTimeWeeks)}</p>
      </header>
      <section aria-labelledby="description-heading">
        <h2 id="description-heading">About the {product.name}</h2>
        <p>{product.description}</p>
      </section>
      <section aria-labelledby="variants-heading">
        <h2 id="variants-heading">Options</h2>
        <table className="variants">
          <thead>
            <tr>
              <th scope="col">Option</th>
              <th scope="col">SKU</th>
              <th scope="col">Price</th>
              <th scope="col">Availability</th>
            </tr>
          </thead>
          <tbody>
            {product.variants.map((variant) => (
              <tr key={variant.sku} aria-current={variant === customVariant ? 'true' : undefined}>
                <td>{variant.name}</td>
                <td>
                  <code>{variant.sku}</code>
                </td>
                <td>{formatPrice(variant.price, product.currency)}</td>
                <td>{variant.inStock ? 'In stock' : 'Made to order'}</td>
              </tr>
            ))}
          </tbody>
        </table>
        {customVariant && (
          <p className="note">
            Custom build selected: <strong>{customVariant.name}</strong>. The configurator for
            colours, patterns and measurements opens here in the next release.
          </p>
        )}
      </section>
      {product.sizes.length > 0 && (
        <section aria-labelledby="sizes-heading">
          <h2 id="sizes-heading">Sizes</h2>
          <ul className="chips">
            {product.sizes.map((size) => (
              <li key={size}>{size}</li>
            ))}
          </ul>
        </section>
      )}
      {product.specifications.length > 0 && (
        <section aria-labelledby="specs-heading">
          <h2 id="specs-heading">Specifications</h2>
          <dl className="specs">
            {product.specifications.map((spec) => (
              <div key={spec.label}>
                <dt>{spec.label}</dt>
                <dd>{spec.value}</dd>
              </div>
            ))}
          </dl>
        </section>
      )}
    </article>
  )
}
