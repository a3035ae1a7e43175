import { describe, expect, it } from 'vitest'
import type { CoachProfileData } from '../../../contract/page-data/coaches.ts'
import { coachHead, summarise } from './head.ts'

const coach: CoachProfileData = {
  slug: 'felix-brunner',
  name: 'Felix Brunner',
  homeDropzone: 'Alpenblick',
  country: { code: 'CH', name: 'Switzerland' },
  disciplines: ['base', 'wingsuit'],
  languages: ['German', 'English'],
  photo: { src: '/images/coaches/felix-brunner.svg', alt: 'Felix' },
  html: '<p>Felix </script> guides.</p>',
  text: 'Felix </script> guides.',
}

describe('coachHead', () => {
  it('gives the title, a description and a schema.org Person', () => {
    const head = coachHead(coach)
    expect(head.meta).toContainEqual({ title: 'Felix Brunner, coach — Glidecraft' })
    const json = head.scripts?.[0]?.children ?? ''
    expect(json).not.toContain('</script>')
    expect(JSON.parse(json)).toMatchObject({
      '@type': 'Person',
      name: 'Felix Brunner',
      knowsLanguage: ['German', 'English'],
      knowsAbout: ['BASE flying', 'Wingsuit flying'],
    })
  })

  it('gives nothing while there is no coach', () => {
    expect(coachHead(undefined)).toEqual({})
  })
})

describe('summarise', () => {
  it('keeps a short text whole and cuts a long one at a word', () => {
    expect(summarise('One  short\nbio.')).toBe('One short bio.')
    const long = summarise('word '.repeat(60))
    expect(long.length).toBeLessThanOrEqual(160)
    expect(long.endsWith('word…')).toBe(true)
  })
})
