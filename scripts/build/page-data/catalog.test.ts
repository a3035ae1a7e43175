import { describe, expect, it } from 'vitest'
import { loadContent } from '../../../server/content/load.ts'
import { catalogPages } from './catalog.ts'

describe('catalogPages', () => {
  it("writes the store's data file with the whole palette: names, colours and types", async () => {
    const content = await loadContent('content')
    const entries = catalogPages.flatMap((source) => source(content))
    expect(entries).toHaveLength(1)
    const [store] = entries
    expect(store?.path).toBe('/store')
    expect(store?.component).toBe('store')
    const { palette } = store?.data as { palette: Array<Record<string, string>> }
    expect(palette).toHaveLength(content.palette.length)
    expect(palette[0]).toEqual({
      id: content.palette[0]?.id,
      name: content.palette[0]?.name,
      hex: content.palette[0]?.hex,
      type: content.palette[0]?.type,
    })
  })
})
