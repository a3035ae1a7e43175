import { MentionedProducts } from '../../../components/mentioned-products.tsx'
import type { MarketingPageData } from '../../../../contract/page-data/pages.ts'

/** One marketing page from content/pages: title, lead, hero, the body and its products. */
export function MarketingPage({ page }: { page: MarketingPageData }) {
  return (
    <article className="page marketing-page">
      <header>
        <h1>{page.title}</h1>
        <p className="lead">{page.description}</p>
      </header>
      {page.hero && (
        <img
          className="marketing-hero"
          src={page.hero.src}
          alt={page.hero.alt}
          width={400}
          height={300}
        />
      )}
      {/* Our own markdown, rendered and checked at build time (raw HTML is refused). */}
      <div className="prose" dangerouslySetInnerHTML={{ __html: page.html }} />
      <MentionedProducts products={page.products} heading="Products on this page" />
    </article>
  )
}
