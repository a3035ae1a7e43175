import { Link } from '@tanstack/react-router'
import type { LandingPageData } from '../../../../contract/page-data/landing.ts'

/** A campaign's landing page from content/landing: hero, sections, products, calls to action. */
export function LandingPage({ page }: { page: LandingPageData }) {
  return (
    <article className="page landing-page">
      <header className="landing-hero">
        <div>
          <h1>{page.title}</h1>
          <p className="lead">{page.hero.lead}</p>
          <p>
            <Link to={page.hero.cta.href} className="button">
              {page.hero.cta.label}
            </Link>
          </p>
        </div>
        <img src={page.hero.image.src} alt={page.hero.image.alt} width={400} height={300} />
      </header>
      {/* Our own markdown, rendered and checked at build time (raw HTML is refused). */}
      <div className="prose" dangerouslySetInnerHTML={{ __html: page.html }} />
      {page.products.length > 0 && (
        <section aria-labelledby="landing-products-heading">
          <h2 id="landing-products-heading">The gear</h2>
          <ul className="landing-products">
            {page.products.map((product) => (
              <li key={product.path} className="product-card">
                {product.image && (
                  <img src={product.image.src} alt={product.image.alt} width={240} height={180} />
                )}
                <h3>{product.name}</h3>
                <p>{product.summary}</p>
                <Link to={product.path} className="button button-secondary">
                  See the {product.name}
                </Link>
              </li>
            ))}
          </ul>
        </section>
      )}
      <p className="landing-cta">
        <Link to={page.cta.href} className="button">
          {page.cta.label}
        </Link>
      </p>
    </article>
  )
}
