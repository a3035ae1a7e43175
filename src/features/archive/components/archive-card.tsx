import { Link } from '@tanstack/react-router'
import { productPath } from '../../../../contract/families.ts'
import type { PaletteSwatch } from '../../../../contract/page-data/catalog.ts'
import type { ArchiveImage } from '../api.ts'
import { ColorSwatch } from '../../../components/color-swatch.tsx'

interface ArchiveCardProps {
  image: ArchiveImage
  palette: ReadonlyMap<string, PaletteSwatch>
  /** The first row is above the fold; the rest load as they scroll in. */
  eager: boolean
}

/** One suit of the archive: its picture, name, product, year, pilot and colours. */
export function ArchiveCard({ image, palette, eager }: ArchiveCardProps) {
  return (
    <li className="archive-card">
      <img
        src={image.src}
        alt={image.alt}
        width="320"
        height="240"
        loading={eager ? undefined : 'lazy'}
      />
      <h2>{image.title}</h2>
      <dl className="archive-facts">
        <div>
          <dt>Suit</dt>
          <dd>
            <Link to={productPath({ family: image.category, slug: image.productSlug })}>
              {image.productName}
            </Link>
          </dd>
        </div>
        <div>
          <dt>Year</dt>
          <dd>{image.year}</dd>
        </div>
        {image.pilot && (
          <div>
            <dt>Pilot</dt>
            <dd>{image.pilot}</dd>
          </div>
        )}
        <div>
          <dt>Colours</dt>
          <dd>
            <ul className="archive-colors">
              {image.colors.map((id) => {
                const swatch = palette.get(id)
                return (
                  <li key={id}>
                    <ColorSwatch hex={swatch?.hex ?? '#9ca3af'} />
                    {swatch?.name ?? id}
                  </li>
                )
              })}
            </ul>
          </dd>
        </div>
      </dl>
    </li>
  )
}
