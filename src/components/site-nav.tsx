import { Link } from '@tanstack/react-router'
import { CatchAllLink } from './catch-all-link.tsx'

/**
 * The store's navigation, one list for every place it shows: the desktop header, the phone's
 * menu sheet and the footer (where the menu button leads before the app's script runs).
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

const moreNav = [
  { to: '/dealers', label: 'Dealers' },
  { to: '/coaches', label: 'Coaches' },
  { to: '/gallery', label: 'Gallery' },
  { to: '/colors', label: 'Colours' },
  { to: '/production-time', label: 'Production time' },
  { to: '/manuals', label: 'Manuals' },
  { to: '/offline', label: 'Saved offline' },
] as const

/** The main ranges and sections, as links (the caller gives the list element around them). */
export function MainNavLinks() {
  return mainNav.map((item) => (
    <Link key={item.to} to={item.to}>
      {item.label}
    </Link>
  ))
}

/** Everything else: the store's people, pictures and facts, and its own pages. */
export function MoreNavLinks() {
  return (
    <>
      <CatchAllLink to="/about">About</CatchAllLink>
      {moreNav.map((item) => (
        <Link key={item.to} to={item.to}>
          {item.label}
        </Link>
      ))}
      <CatchAllLink to="/contact">Contact</CatchAllLink>
      <CatchAllLink to="/newsletter">Newsletter</CatchAllLink>
    </>
  )
}
