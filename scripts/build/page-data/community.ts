import { coachListPages, coachProfilePages } from './coaches.ts'
import { colorPages } from './colors.ts'
import { dealerPages } from './dealers.ts'
import { galleryPages } from './gallery.ts'
import { landingPages } from './landing.ts'
import { marketingPages } from './marketing.ts'
import { friendsPages, productPeoplePages } from './people.ts'
import type { PageDataSource } from './types.ts'

/** Gallery, dealers, coaches, the colour chart, marketing, landing and people pages. */
export const communityPages: PageDataSource[] = [
  marketingPages,
  landingPages,
  galleryPages,
  dealerPages,
  coachListPages,
  coachProfilePages,
  colorPages,
  friendsPages,
  productPeoplePages,
]
