import { Link, useRouter } from '@tanstack/react-router'
import { useEffect, useEffectEvent, useId, useState, type FormEvent, type Ref } from 'react'
import type { Product as WireProduct } from '../../../../contract/catalog.ts'
import type { Camelized } from '../../../lib/api-client.ts'
import { formatMoney } from '../../../../contract/money.ts'
import { takeEarlyTap } from '../../../lib/early-taps.ts'
import { useAnnounceFocus } from '../../../lib/use-announce-focus.ts'
import { useHydrated } from '../../../lib/use-hydrated.ts'
import { useAddToOrder, type ChangeOutcome } from '../api.ts'
import './cart.css'

type Product = Camelized<WireProduct>

/**
 * What the customer is told once "Add to order" has done its part: only what is true. `ref`: the
 * form that shows it brings it into view and focuses it (tabIndex -1), so a tap near the bottom
 * of a phone's screen sees its answer, and a screen reader reads it.
 */
export function AddedMessage({
  outcome,
  name,
  ref,
}: {
  outcome: ChangeOutcome
  name: string
  ref?: Ref<HTMLParagraphElement>
}) {
  return (
    <p ref={ref} role="status" className="added-message" tabIndex={-1}>
      {outcome === 'saved' ? `Added: ${name}.` : `Added — will sync when online: ${name}.`}{' '}
      <Link to="/cart">View your cart</Link>
    </p>
  )
}

/** The error of an add, as the customer reads it (the server's own field message when it has one). */
export function addErrorText(error: Error): string {
  const errors = (error as { errors?: Record<string, string[]> }).errors
  const first = errors ? Object.values(errors)[0]?.[0] : undefined
  return `Not added: ${first ?? error.message}`
}

/**
 * "Add to order" for a product off the shelf: choose the option (variant), the quantity, add.
 * Made-to-measure variants are not offered here: they are designed in the configurator or
 * ordered through a dealer.
 */
export function AddToOrderForm({ product }: { product: Product }) {
  const hydrated = useHydrated()
  const id = useId()
  const addToOrder = useAddToOrder()
  const variants = product.variants.filter((variant) => !variant.sku.includes('-CUSTOM'))
  const [sku, setSku] = useState(variants[0]?.sku ?? '')
  const [qty, setQty] = useState(1)
  const [result, setResult] = useState<
    { outcome: ChangeOutcome; name: string } | { error: string } | null
  >(null)
  // Each answer (a new object per tap) is brought into view and focused.
  const shown = useAnnounceFocus<HTMLParagraphElement>(result)
  const router = useRouter()
  const variant = variants.find((candidate) => candidate.sku === sku) ?? variants[0]
  const earlyTap = `add:${product.slug}`

  /** Adds the chosen option; `then` runs once the add has its answer (a navigation held for it). */
  const add = (then?: () => void) => {
    if (!variant) return
    const name = product.name
    addToOrder.mutate(
      {
        request: { sku: variant.sku, qty, meta: [], child: [] },
        line: {
          name,
          productSlug: product.slug,
          productPath: product.path,
          variantName: variants.length > 1 ? variant.name : null,
          image: product.images[0]?.src ?? null,
          unitPrice: variant.price,
          currency: product.currency,
          summary: [],
        },
      },
      {
        onSuccess: (outcome) => setResult({ outcome, name }),
        onError: (error) => setResult({ error: addErrorText(error) }),
        onSettled: () => then?.(),
      },
    )
  }
  const submit = (event: FormEvent) => {
    event.preventDefault()
    setResult(null)
    add()
  }

  // A tap made before the page was the app's (public/early-taps.js) is made now, once, with the
  // options as the page showed them; a link followed meanwhile is followed once it is done.
  const takeEarly = useEffectEvent(() => {
    const early = takeEarlyTap(earlyTap)
    if (!early) return
    const { navigation } = early
    add(navigation ? () => void router.history.push(navigation) : undefined)
  })
  useEffect(() => {
    if (hydrated) takeEarly()
  }, [hydrated])

  if (!variant) return null

  return (
    <form className="add-to-order" onSubmit={submit} aria-label={`Order the ${product.name}`}>
      {variants.length > 1 && (
        <label htmlFor={`${id}-variant`}>
          Option
          <br />
          <select
            id={`${id}-variant`}
            disabled={!hydrated}
            value={variant.sku}
            onChange={(event) => setSku(event.target.value)}
          >
            {variants.map((option) => (
              <option key={option.sku} value={option.sku}>
                {option.name} — {formatMoney(option.price, product.currency)}
              </option>
            ))}
          </select>
        </label>
      )}
      <label htmlFor={`${id}-qty`}>
        Quantity
        <br />
        <input
          id={`${id}-qty`}
          type="number"
          inputMode="numeric"
          min={1}
          max={99}
          disabled={!hydrated}
          value={qty}
          onChange={(event) => setQty(Math.min(99, Math.max(1, Number(event.target.value) || 1)))}
        />
      </label>
      {/* Usable before hydration through public/early-taps.js, which keeps its tap. */}
      <button
        type="submit"
        className="button"
        disabled={!hydrated || addToOrder.isPending}
        aria-busy={addToOrder.isPending}
        data-early-tap={hydrated ? undefined : earlyTap}
      >
        {addToOrder.isPending ? 'Adding…' : 'Add to order'}
      </button>
      {result &&
        ('error' in result ? (
          <p ref={shown} role="alert" className="field-error" tabIndex={-1}>
            {result.error}
          </p>
        ) : (
          <AddedMessage ref={shown} outcome={result.outcome} name={result.name} />
        ))}
    </form>
  )
}
