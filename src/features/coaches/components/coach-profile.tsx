import { Link } from '@tanstack/react-router'
import type { CoachProfileData } from '../../../../contract/page-data/coaches.ts'
import { CatchAllLink } from '../../../components/catch-all-link.tsx'
import { CoachFacts } from './coach-facts.tsx'

export function CoachProfile({ coach }: { coach: CoachProfileData }) {
  return (
    <article className="page coach-profile">
      <p className="breadcrumb">
        <Link to="/coaches">All coaches</Link>
      </p>
      <div className="coach-profile-layout">
        <img
          className="coach-profile-photo"
          src={coach.photo.src}
          alt={coach.photo.alt}
          width={300}
          height={300}
        />
        <div>
          <h1>{coach.name}</h1>
          <CoachFacts coach={coach} />
        </div>
      </div>
      <section aria-labelledby="bio-heading">
        <h2 id="bio-heading">About {coach.name}</h2>
        {/* Our own markdown, rendered and checked at build time. */}
        <div className="prose" dangerouslySetInnerHTML={{ __html: coach.html }} />
      </section>
      <section aria-labelledby="contact-heading" className="panel">
        <h2 id="contact-heading">Contact form coming soon</h2>
        <p>
          Soon you can write to {coach.name} from this page. Until then,{' '}
          <CatchAllLink to="/contact">send us a message</CatchAllLink> and we will put you in touch.
        </p>
      </section>
    </article>
  )
}
