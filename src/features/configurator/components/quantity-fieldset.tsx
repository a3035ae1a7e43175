import { useId } from 'react'
import { MAX_QTY } from '../model.ts'
import { errorIdOf, FieldError } from './field-messages.tsx'
import type { DraftSectionProps } from './section-props.ts'

/** How many suits of this design. */
export function QuantityFieldset({ draft, dispatch }: Omit<DraftSectionProps, 'context'>) {
  const uid = useId()
  const message = draft.checkOrderValidationError.qty
  const errorId = errorIdOf(uid, 'qty')
  return (
    <fieldset className="configurator-group">
      <legend>Quantity</legend>
      <label className="field">
        <span>How many</span>
        <input
          type="number"
          min={1}
          max={MAX_QTY}
          step={1}
          inputMode="numeric"
          value={Number.isFinite(draft.qty) ? draft.qty : ''}
          aria-invalid={message ? true : undefined}
          aria-describedby={message ? errorId : undefined}
          onChange={(event) => dispatch({ type: 'setQty', qty: Number(event.target.value) })}
        />
      </label>
      <FieldError id={errorId} message={message} />
    </fieldset>
  )
}
