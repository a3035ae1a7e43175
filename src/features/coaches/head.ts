import { disciplineLabels, type CoachProfileData } from '../../../contract/page-data/coaches.ts'
import { pageHead, type PageHead } from '../../lib/head.ts'

/** schema.org `Person` data for a coach's profile. */
export function coachJsonLd(coach: CoachProfileData) {
  return {
    '@context': 'https://schema.org',
    '@type': 'Person',
    name: coach.name,
    jobTitle: 'Coach',
    description: coach.text,
    image: coach.photo.src,
    nationality: { '@type': 'Country', name: coach.country.name },
    knowsLanguage: coach.languages,
    knowsAbout: coach.disciplines.map((d) => `${disciplineLabels[d]} flying`),
    affiliation: { '@type': 'Organization', name: 'Glidecraft' },
  }
}

/** A profile's head: title, meta description from the bio and the JSON-LD above. */
export function coachHead(coach: CoachProfileData | undefined): PageHead {
  return pageHead(
    coach && {
      title: `${coach.name}, coach`,
      summary: summarise(coach.text),
      jsonLd: coachJsonLd(coach),
    },
  )
}

/** The bio's opening, cut at a word to fit a meta description. */
export function summarise(text: string, max = 160): string {
  const flat = text.replace(/\s+/g, ' ').trim()
  if (flat.length <= max) return flat
  const cut = flat.slice(0, max - 1)
  return `${cut.slice(0, cut.lastIndexOf(' '))}…`
}
