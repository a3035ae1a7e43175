import type { LineDesignProps } from '../../features/cart/components/line-design-slot.ts'
import { PaintedSuit } from '../../features/configurator/components/painted-suit.tsx'
import { useOrderedDesign } from './use-ordered-design.ts'

/**
 * A configured cart line's own design, as the configurator draws it (use-ordered-design.ts).
 * Nothing shows while the product and palette load; a line whose product cannot draw it keeps the
 * stock picture. Decorative: the line's text describes it.
 */
export default function CartLineDesign({ line, undrawn }: LineDesignProps) {
  const { context, draft, unreadable } = useOrderedDesign(line.productSlug, line)
  if (!context || !draft) return unreadable ? undrawn : null
  return (
    <span className="cart-line-design" aria-hidden="true" data-testid="cart-line-design">
      <PaintedSuit
        draft={draft}
        context={context}
        title="Your design"
        className="cart-line-drawing"
      />
    </span>
  )
}
