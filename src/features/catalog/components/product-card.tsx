import { Link } from '@tanstack/react-router'
import type { Product } from '../api.ts'
import { productStockLabel } from '../../../../contract/availability.ts'
import { formatMoney } from '../../../../contract/money.ts'

/** One product in a listing: picture, name linking to its page, summary, price, stock. */
export function ProductCard({
  product,
  heading: Heading,
}: {
  product: Product
  heading: 'h2' | 'h3'
}) {
  const image = product.images[0]
  return (
    <li className="product-card">
      {image && (
        <img
          className="product-card-image"
          src={image.src}
          alt={image.alt}
          width="400"
          height="300"
          loading="lazy"
        />
      )}
      <Heading>
        <Link to={product.path}>{product.name}</Link>
      </Heading>
      <p>{product.summary}</p>
      <p className="price">{formatMoney(product.price, product.currency)}</p>
      <p className="stock">{productStockLabel(product.variants)}</p>
    </li>
  )
}
