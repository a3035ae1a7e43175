import { createFileRoute, Link } from '@tanstack/react-router'

export const Route = createFileRoute('/')({
  component: HomePage,
})

const ranges = [
  { to: '/wingsuits', title: 'Wingsuits', text: 'From first flight to proximity lines.' },
  { to: '/trackingsuits', title: 'Tracking suits', text: 'Fast, flat and forgiving.' },
  {
    to: '/parachutes/base-jumping',
    title: 'BASE canopies',
    text: 'Reliable openings, every object.',
  },
  {
    to: '/parachutes/skydiving',
    title: 'Skydiving canopies',
    text: 'Mains built for wingsuit pilots.',
  },
  { to: '/equipment', title: 'Bags and equipment', text: 'Containers, pilot chutes and the rest.' },
  { to: '/products', title: 'Apparel', text: 'For the drop zone and the bar after.' },
] as const

function HomePage() {
  return (
    <article className="page home">
      <section className="hero">
        <h1>Suits and canopies for people who fly</h1>
        <p className="lead">
          Design your custom wingsuit at the drop zone, with or without signal. Your design is saved
          on this device and waits for you.
        </p>
        <p>
          <Link to="/wingsuits/$model" params={{ model: 'corvid-2' }} className="button">
            Meet the Corvid 2
          </Link>{' '}
          <Link to="/store" className="button button-secondary">
            Browse the store
          </Link>
        </p>
      </section>
      <section aria-labelledby="ranges-heading">
        <h2 id="ranges-heading">Our ranges</h2>
        <ul className="range-grid">
          {ranges.map((range) => (
            <li key={range.to}>
              <Link to={range.to}>
                <strong>{range.title}</strong>
                <span>{range.text}</span>
              </Link>
            </li>
          ))}
        </ul>
      </section>
    </article>
  )
}
