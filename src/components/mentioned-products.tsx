import { Link } from '@tanstack/react-router'

interface MentionedProductsProps {
  products: { name: string; path: string }[]
  heading: string
}

/** The products an article or manual is about, each linking to its page. */
export function MentionedProducts({ products, heading }: MentionedProductsProps) {
  if (products.length === 0) return null
  return (
    <section aria-labelledby="mentioned-products-heading" className="mentioned-products">
      <h2 id="mentioned-products-heading">{heading}</h2>
      <ul className="chips">
        {products.map((product) => (
          <li key={product.path}>
            <Link to={product.path}>{product.name}</Link>
          </li>
        ))}
      </ul>
    </section>
  )
}
