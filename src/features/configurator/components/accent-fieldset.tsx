import { useId } from 'react'
import { formatMoney } from '../../../../contract/money.ts'
import { DEFAULT_ACCENT } from '../model.ts'
import { errorIdOf, FieldError } from './field-messages.tsx'
import type { DraftSectionProps } from './section-props.ts'

/** The accent painted on the trim: none (free), or one of the product's. */
export function AccentFieldset({ draft, context, dispatch }: DraftSectionProps) {
  const uid = useId()
  const accents = [
    { key: DEFAULT_ACCENT, label: 'None', price: 0 },
    ...context.product.configurator.accents,
  ]
  return (
    <fieldset className="configurator-group">
      <legend>Accent</legend>
      <div className="choice-list" role="radiogroup" aria-label="Accent">
        {accents.map((a) => (
          <label key={a.key} className="choice">
            <input
              type="radio"
              name={`${uid}-accent`}
              value={a.key}
              checked={draft.orderAccent === a.key}
              onChange={() => dispatch({ type: 'setAccent', accent: a.key })}
            />
            <span>
              {a.label}{' '}
              {a.price > 0 && <small>+{formatMoney(a.price, context.product.currency)}</small>}
            </span>
          </label>
        ))}
      </div>
      <FieldError
        id={errorIdOf(uid, 'orderAccent')}
        message={draft.checkOrderValidationError.orderAccent}
      />
    </fieldset>
  )
}
