import { describe, expect, it } from 'vitest'
import { pageDataUrl } from '../../contract/page-data.ts'
import { trimSlashes } from '../../contract/paths.ts'

describe('trimSlashes', () => {
  it('drops leading and trailing slashes and keeps inner ones', () => {
    expect(trimSlashes('//a//b///')).toBe('a//b')
    expect(trimSlashes('/news')).toBe('news')
    expect(trimSlashes('news')).toBe('news')
    expect(trimSlashes('///')).toBe('')
    expect(trimSlashes('')).toBe('')
  })

  it('takes linear time on long runs of slashes that do not end the path', () => {
    // 300,000 slashes before a letter: a backtracking /\/+$/ needs ~45 billion steps here and
    // runs into the test timeout; an index loop reads each character once.
    const hostile = `/news/${'/'.repeat(300_000)}x`
    expect(trimSlashes(hostile)).toBe(`news/${'/'.repeat(300_000)}x`)
    expect(pageDataUrl(hostile)).toBe(`/page-data/news/${'/'.repeat(300_000)}x/page-data.json`)
  })
})

describe('pageDataUrl', () => {
  it('names the data file of a page path', () => {
    expect(pageDataUrl('/')).toBe('/page-data/index/page-data.json')
    expect(pageDataUrl('/news/view/a-race/')).toBe('/page-data/news/view/a-race/page-data.json')
  })
})
