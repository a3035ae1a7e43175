/*
 * The data files of `/coaches` (every coach, by name) and `/coaches/{slug}` (one profile).
 * Country and language names are resolved at build time, so server and browser render the
 * same words whatever ICU data each has.
 */

export type Discipline = 'wingsuit' | 'base' | 'skydiving'

export interface CoachSummary {
  slug: string
  name: string
  homeDropzone: string
  /** ISO 3166-1 alpha-2 and its English name. */
  country: { code: string; name: string }
  disciplines: Discipline[]
  /** English names of the languages the coach teaches in. */
  languages: string[]
  photo: { src: string; alt: string }
}

export interface CoachesPageData {
  coaches: CoachSummary[]
}

export interface CoachProfileData extends CoachSummary {
  /** The rendered markdown bio. */
  html: string
  /** The bio as plain text, for the JSON-LD description. */
  text: string
}

/** How the shop names each discipline. */
export const disciplineLabels: Record<Discipline, string> = {
  wingsuit: 'Wingsuit',
  base: 'BASE',
  skydiving: 'Skydiving',
}
