import { useSuspenseQuery } from '@tanstack/react-query'
import { Link } from '@tanstack/react-router'
import { useMemo, type ReactNode } from 'react'
import type { PaletteSwatch } from '../../../../contract/page-data/catalog.ts'
import { productQuery, type Product } from '../api.ts'
import { availabilityText, productAvailabilityText } from '../../../../contract/availability.ts'
import { formatMoney } from '../../../../contract/money.ts'
import { indexPalette, swatchOf } from '../palette.ts'
import { AfterHydration } from '../../../components/after-hydration.tsx'
import { ColorSwatch } from '../../../components/color-swatch.tsx'
import { ProductGallery } from './product-gallery.tsx'
import { RelatedProducts } from './related-products.tsx'

/**
 * A SKU that may wrap only after its hyphens (`CORVID2-` / `CUSTOM-` / `M`), never inside a part:
 * a narrow phone's options table has no room for the whole of a long one.
 */
function skuWithBreaks(sku: string): ReactNode[] {
  return sku
    .split('-')
    .flatMap((part, index) => (index === 0 ? [part] : ['-', <wbr key={index} />, part]))
}

interface ProductPageProps {
  slug: string
  palette: PaletteSwatch[]
  /**
   * The family's current production time, from another feature (composed by the route). Shown
   * once hydrated: a figure that changes every few weeks must not be frozen into the
   * prerendered HTML, and the browser may not get it at all (offline).
   */
  productionTime?: ReactNode
  /** The configurator of a configurable product (another feature's, composed by the route). */
  configurator?: ReactNode
  /** "Add to order" for the product's options (the cart's, composed by the route). */
  order?: (product: Product) => ReactNode
}

/** The product display page: pictures, price, options, specifications, manual, related. */
export function ProductPage({
  slug,
  palette,
  productionTime,
  configurator,
  order,
}: ProductPageProps) {
  const { data: product } = useSuspenseQuery(productQuery(slug))
  const paletteIndex = useMemo(() => indexPalette(palette), [palette])
  const customVariant = product.variants.find((v) => v.sku.includes('-CUSTOM'))
  return (
    <article className="page product-page">
      <div className="product-top">
        <ProductGallery images={product.images} />
        <header className="product-header">
          <h1>{product.name}</h1>
          <p className="lead">{product.summary}</p>
          <p className="price" aria-label="Price">
            {formatMoney(product.price, product.currency)}
          </p>
          {/* Per variant, as the options below say; the weeks are the production time's. */}
          <p className="lead-time">{productAvailabilityText(product.variants)}</p>
          {product.variants.some((variant) => !variant.inStock) && (
            <AfterHydration>{productionTime}</AfterHydration>
          )}
          {order?.(product)}
          {configurator && product.configurable && (
            <p>
              <a className="button" href="#design">
                Design your own
              </a>
            </p>
          )}
        </header>
      </div>
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
                  <code>{skuWithBreaks(variant.sku)}</code>
                </td>
                <td>{formatMoney(variant.price, product.currency)}</td>
                <td>{availabilityText(variant)}</td>
              </tr>
            ))}
          </tbody>
        </table>
        {customVariant && !(configurator && product.configurable) && (
          <p className="note">
            <strong>{customVariant.name}</strong> (<code>{customVariant.sku}</code>) is cut to your
            measurements. Ask a <Link to="/dealers">dealer</Link> about made-to-measure options.
          </p>
        )}
      </section>
      {configurator}
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
      {product.colors.length > 0 && (
        <section aria-labelledby="colors-heading">
          <h2 id="colors-heading">Colours</h2>
          <ul className="chips color-chips">
            {product.colors.map((id) => {
              const swatch = swatchOf(paletteIndex, id)
              return (
                <li key={id}>
                  <ColorSwatch hex={swatch.hex} />
                  {swatch.name}
                </li>
              )
            })}
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
      {product.manual && (
        <p>
          <Link to={product.manual}>Read the {product.name} manual</Link>
        </p>
      )}
      <RelatedProducts product={product} />
    </article>
  )
}
