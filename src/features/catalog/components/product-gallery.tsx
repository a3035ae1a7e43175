import { useState } from 'react'
import type { Product } from '../api.ts'

/** The product's pictures: the chosen one large, the others as thumbnails that choose it. */
export function ProductGallery({ images }: { images: Product['images'] }) {
  const [chosen, setChosen] = useState(0)
  const large = images[chosen] ?? images[0]
  if (!large) return null
  return (
    <div className="product-gallery">
      <img className="product-image" src={large.src} alt={large.alt} width="400" height="300" />
      {images.length > 1 && (
        <ul className="product-thumbnails" aria-label="More pictures">
          {images.map((image, index) => (
            <li key={image.src}>
              <button
                type="button"
                aria-pressed={index === chosen}
                onClick={() => setChosen(index)}
              >
                <img src={image.src} alt={image.alt} width="120" height="90" loading="lazy" />
              </button>
            </li>
          ))}
        </ul>
      )}
    </div>
  )
}
