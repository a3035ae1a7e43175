import { readFile } from 'node:fs/promises'
import path from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { siteNavigation } from '../../../contract/navigation.ts'
import { pageDataUrl, type PageDataRecord } from '../../../contract/page-data.ts'
import type { PageDataManifest } from '../../../contract/page-data-manifest.ts'
import { staticQueryHash, staticQueryUrl } from '../../../contract/static-data.ts'
import type { Content } from '../../../server/content/load.ts'
import { createTempDir } from '../../../server/testing/test-helpers.ts'
import { contentHash, writePageData } from './write.ts'

const temp = await createTempDir({})
afterAll(() => temp.cleanup())

describe('the static queries and slices', () => {
  it('are written, named by every page record and listed in the manifest', async () => {
    await writePageData(
      temp.dir,
      {} as Content,
      [() => [{ path: '/news', component: 'news', data: { items: [] } }]],
      'build1',
      { siteUrl: 'https://shop.example' },
    )
    const read = async (url: string) =>
      JSON.parse(await readFile(path.join(temp.dir, url), 'utf8')) as unknown
    const navigation = await read(staticQueryUrl('navigation'))
    expect(navigation).toEqual({ data: siteNavigation() })
    expect(await read(staticQueryUrl('site-metadata'))).toMatchObject({
      data: { title: 'Glidecraft', siteUrl: 'https://shop.example' },
    })
    const header = (await read('/slice-data/header.json')) as PageDataRecord
    expect(header.staticQueryHashes).toEqual([staticQueryHash('navigation')])
    expect(await read('/slice-data/footer.json')).toMatchObject({
      componentChunkName: 'slice---footer',
    })

    const record = (await read(pageDataUrl('/news'))) as PageDataRecord
    expect(record.staticQueryHashes.sort()).toEqual(
      [staticQueryHash('navigation'), staticQueryHash('site-metadata')].sort(),
    )
    expect(record.slicesMap).toEqual({ header: 'header', footer: 'footer' })

    const manifest = (await read('/page-data/manifest.json')) as PageDataManifest
    const listed = new Map(manifest.files.map((file) => [file.url, file.hash]))
    expect(listed.get(staticQueryUrl('navigation'))).toBe(contentHash(navigation))
    expect(listed.has('/slice-data/header.json')).toBe(true)
    expect(listed.has('/slice-data/footer.json')).toBe(true)
  })

  it('give each query a stable hash the app can compute too', () => {
    expect(staticQueryHash('navigation')).toMatch(/^[0-9a-f]{8}$/)
    expect(staticQueryHash('navigation')).toBe(staticQueryHash('navigation'))
    expect(staticQueryHash('navigation')).not.toBe(staticQueryHash('site-metadata'))
  })
})
