import { Link } from '@tanstack/react-router'
import type { ProductPeopleData } from '../../../../contract/page-data/people.ts'
import { PeopleCoaches } from './people-coaches.tsx'

/** The people around one product: gallery moments and coaches whose content names it. */
export function ProductPeoplePage({ product, gallery, coaches }: ProductPeopleData) {
  const empty = gallery.length === 0 && coaches.length === 0
  return (
    <article className="page people-page">
      <h1>People flying the {product.name}</h1>
      <p className="lead">
        Pilots, photos and coaches around the <Link to={product.path}>{product.name}</Link>.
      </p>
      {empty && (
        <div className="empty-state panel">
          <p>No stories about the {product.name} yet.</p>
          <p>
            Meanwhile, meet our <Link to="/people/friends/$">friends</Link>, browse the{' '}
            <Link to="/gallery">gallery</Link> or find a <Link to="/coaches">coach</Link>.
          </p>
        </div>
      )}
      {gallery.length > 0 && (
        <section aria-labelledby="people-gallery-heading">
          <h2 id="people-gallery-heading">In the gallery</h2>
          <ul className="gallery-grid">
            {gallery.map((item) => (
              <li key={`${item.album}-${item.item}`}>
                <Link
                  className="gallery-thumb"
                  to="/gallery"
                  search={{ album: item.album, item: item.item }}
                >
                  <img src={item.poster} alt={item.alt} width={400} height={300} loading="lazy" />
                  <span className="gallery-thumb-title">
                    {item.title} <span className="note">({item.albumTitle})</span>
                  </span>
                </Link>
              </li>
            ))}
          </ul>
        </section>
      )}
      {coaches.length > 0 && (
        <section aria-labelledby="people-coaches-heading">
          <h2 id="people-coaches-heading">Coaches who know it</h2>
          <PeopleCoaches coaches={coaches} />
        </section>
      )}
    </article>
  )
}
