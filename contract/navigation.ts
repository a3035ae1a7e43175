import type { NavigationData } from './static-data.ts'

/**
 * The store's navigation, one list for every place it shows: the desktop header, the phone's
 * menu sheet and the footer (src/components/site-nav.tsx), and the site's `navigation` static
 * query (docs/architecture.md: `/page-data/sq/d/{hash}.json`), which the build writes from here.
 */
export const mainNav = [
  { to: '/wingsuits', label: 'Wingsuits' },
  { to: '/trackingsuits', label: 'Tracking suits' },
  { to: '/parachutes/base-jumping', label: 'BASE canopies' },
  { to: '/parachutes/skydiving', label: 'Skydiving canopies' },
  { to: '/equipment', label: 'Equipment' },
  { to: '/products', label: 'Apparel' },
  { to: '/learn', label: 'Learn' },
  { to: '/news', label: 'News' },
] as const

/** Everything else, less the pages of the catch-all route (About, Contact, Newsletter). */
export const moreNav = [
  { to: '/dealers', label: 'Dealers' },
  { to: '/coaches', label: 'Coaches' },
  { to: '/gallery', label: 'Gallery' },
  { to: '/colors', label: 'Colours' },
  { to: '/production-time', label: 'Production time' },
  { to: '/manuals', label: 'Manuals' },
  { to: '/offline', label: 'Saved offline' },
] as const

/** The whole navigation, in the order the footer shows it. */
export function siteNavigation(): NavigationData {
  return {
    main: mainNav.map((link) => ({ ...link })),
    more: [
      { to: '/about', label: 'About' },
      ...moreNav.map((link) => ({ ...link })),
      { to: '/contact', label: 'Contact' },
      { to: '/newsletter', label: 'Newsletter' },
    ],
  }
}
