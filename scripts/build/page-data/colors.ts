import type { ColorsPageData, ColorType } from '../../../contract/page-data/colors.ts'
import type { PageDataSource } from './types.ts'

const groupTitles: Record<ColorType, string> = {
  standard: 'Standard colours',
  fluoro: 'Fluorescent colours',
  metallic: 'Metallic colours',
}

/** `/colors`: the palette by type (standard, fluoro, metallic), each in the owner's order. */
export const colorPages: PageDataSource = (content) => {
  const types = Object.keys(groupTitles) as ColorType[]
  const data: ColorsPageData = {
    groups: types
      .map((type) => ({
        type,
        title: groupTitles[type],
        colors: content.palette
          .filter((color) => color.type === type)
          .map(({ id, name, hex }) => ({ id, name, hex, type })),
      }))
      .filter((group) => group.colors.length > 0),
  }
  return [{ path: '/colors', component: 'colors', data }]
}
