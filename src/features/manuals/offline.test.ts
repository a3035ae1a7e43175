import { describe, expect, it } from 'vitest'
import { manualOfflineUrls } from './offline.ts'

describe('what "Keep offline" keeps of a manual', () => {
  it('keeps the page, its data and the files its text links or shows, once each', () => {
    expect(
      manualOfflineUrls({
        slug: 'keystone',
        html: '<p><img src="/images/manuals/closing.webp" alt=""> <a href="/files/keystone.pdf">PDF</a> <a href="/files/keystone.pdf">again</a> <a href="/wingsuits">page</a> <a href="#pilot-chute">section</a> <img src="//cdn.example/x.png"></p>',
      }),
    ).toEqual([
      '/manuals/keystone',
      '/page-data/manuals/keystone/page-data.json',
      '/images/manuals/closing.webp',
      '/files/keystone.pdf',
    ])
  })
})
