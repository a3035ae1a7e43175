import { createContext, type ReactNode } from 'react'
import type { CartLine } from '../model.ts'

export interface LineDesignProps {
  line: CartLine
  /** What the line shows when its design cannot be drawn: the product's stock picture. */
  undrawn: ReactNode
}

/**
 * The drawing of a configured line's own design, in place of the product's stock picture. The
 * drawing is the configurator's and its data the catalog's, features the cart may not import,
 * so the cart's route gives it here (routes/cart.tsx) as a lazy component's render: its code
 * loads only when a configured line is shown, under the line's own Suspense. None given (a test
 * of the cart alone): the stock picture.
 */
export const LineDesignContext = createContext<((props: LineDesignProps) => ReactNode) | null>(null)

/**
 * A line made in the configurator, which spells out every region's colour as `color.{region}`
 * (configurator/payload.ts); a bag or a product without a configurator sends none.
 */
export function isDesignedLine(line: Pick<CartLine, 'meta'>): boolean {
  return line.meta.some(({ key }) => key.startsWith('color.'))
}
