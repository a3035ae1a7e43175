import { productPath } from '../../../contract/families.ts'
import type {
  FriendsPageData,
  PeopleGalleryItem,
  ProductPeopleData,
} from '../../../contract/page-data/people.ts'
import { coachSummary } from './coaches.ts'
import { galleryAlbumData } from './gallery.ts'
import { mentionedNames } from './mentions.ts'
import type { PageDataSource } from './types.ts'

/** `/people/friends`: the coaches, as friends of Glidecraft. */
export const friendsPages: PageDataSource = (content) => {
  const data: FriendsPageData = { coaches: content.coaches.map(coachSummary) }
  return [{ path: '/people/friends', component: 'people-friends', data }]
}

/**
 * `/people/{product}` for every product on sale: the gallery items (by title or description)
 * and coaches (by bio) that name it. Content has no explicit links between them yet, so the
 * names in the text are the links.
 */
export const productPeoplePages: PageDataSource = (content) => {
  const products = content.products.filter((product) => product.active)
  const names = products.map((product) => product.name)

  const gallery = content.gallery.flatMap((album) =>
    galleryAlbumData(album).items.map((item, index) => ({
      item: {
        ...item,
        album: album.slug,
        albumTitle: album.title,
        item: index + 1,
      } satisfies PeopleGalleryItem,
      names: mentionedNames(`${item.title}\n${item.alt}`, names),
    })),
  )
  const coaches = content.coaches.map((coach) => ({
    coach: coachSummary(coach),
    names: mentionedNames(coach.text, names),
  }))

  return products.map((product) => {
    const data: ProductPeopleData = {
      product: { slug: product.slug, name: product.name, path: productPath(product) },
      gallery: gallery.filter((g) => g.names.has(product.name)).map((g) => g.item),
      coaches: coaches.filter((c) => c.names.has(product.name)).map((c) => c.coach),
    }
    return { path: `/people/${product.slug}`, component: 'people-product', data }
  })
}
