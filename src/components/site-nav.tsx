import { Link } from '@tanstack/react-router'
import { CatchAllLink } from './catch-all-link.tsx'
import { mainNav, moreNav } from '../../contract/navigation.ts'

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
