import type { StorePageData } from '../../../contract/page-data/catalog.ts'
import type { PageDataSource } from './types.ts'

/** The store's data file: the palette, for colour filters and swatches on catalog pages
 * and for the configurator, which prices colours by their type. */
export const catalogPages: PageDataSource[] = [
  (content) => {
    const data: StorePageData = {
      palette: content.palette.map(({ id, name, hex, type }) => ({ id, name, hex, type })),
    }
    return [{ path: '/store', component: 'store', data }]
  },
]
