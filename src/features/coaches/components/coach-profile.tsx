import { Link } from '@tanstack/react-router'
import type { ReactNode } from 'react'
import type { CoachProfileData } from '../../../../contract/page-data/coaches.ts'
import { CoachFacts } from './coach-facts.tsx'

/** `contactForm`: the form that writes to the coach, composed by the route (features/forms). */
export function CoachProfile({
  coach,
  contactForm,
}: {
  coach: CoachProfileData
  contactForm?: ReactNode
}) {
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
      {contactForm}
    </article>
  )
}
