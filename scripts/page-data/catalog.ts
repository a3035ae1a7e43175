import type { StorePageData } from '../../contract/page-data/catalog.ts'
import type { PageDataSource } from './types.ts'

/** The store's data file: the palette, for colour filters and swatches on catalog pages. */
export const catalogPages: PageDataSource[] = [
  (content) => {
    const data: StorePageData = {
      palette: content.palette.map(({ id, name, hex }) => ({ id, name, hex })),
    }
    return [{ path: '/store', component: 'store', data }]
  },
]
