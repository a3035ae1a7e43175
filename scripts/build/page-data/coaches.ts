import type { Coach } from '../../../contract/content.ts'
import type {
  CoachesPageData,
  CoachProfileData,
  CoachSummary,
} from '../../../contract/page-data/coaches.ts'
import { countryName, languageName } from './region-names.ts'
import type { PageDataSource } from './types.ts'

export function coachSummary(coach: Coach): CoachSummary {
  return {
    slug: coach.slug,
    name: coach.name,
    homeDropzone: coach.home_dropzone,
    country: { code: coach.country, name: countryName(coach.country) },
    disciplines: coach.disciplines,
    languages: coach.languages.map(languageName),
    photo: coach.photo,
  }
}

/** `/coaches`: every coach, by name. */
export const coachListPages: PageDataSource = (content) => {
  const data: CoachesPageData = { coaches: content.coaches.map(coachSummary) }
  return [{ path: '/coaches', component: 'coaches', data }]
}

/** `/coaches/{slug}`: one profile per coach. */
export const coachProfilePages: PageDataSource = (content) =>
  content.coaches.map((coach) => {
    const data: CoachProfileData = { ...coachSummary(coach), html: coach.html, text: coach.text }
    return { path: `/coaches/${coach.slug}`, component: 'coach-profile', data }
  })
