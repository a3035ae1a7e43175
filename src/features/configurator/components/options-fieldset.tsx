import { formatMoney } from '../../../../contract/money.ts'
import { optionKey } from '../model.ts'
import type { DraftSectionProps } from './section-props.ts'

/** The product's options (booties, no logo, …), each a checkbox with its price. */
export function OptionsFieldset({ draft, context, dispatch }: DraftSectionProps) {
  const { options } = context.product.configurator
  if (options.length === 0) return null
  return (
    <fieldset className="configurator-group">
      <legend>Options</legend>
      {options.map((option) => (
        <label key={option.key} className="choice">
          <input
            type="checkbox"
            checked={draft.order[optionKey(option.key)] === 'on'}
            onChange={(event) =>
              dispatch({ type: 'setOption', option: option.key, on: event.target.checked })
            }
          />
          <span>
            {option.label}{' '}
            {option.price > 0 && (
              <small>+{formatMoney(option.price, context.product.currency)}</small>
            )}
            {option.description && <small className="choice-hint">{option.description}</small>}
          </span>
        </label>
      ))}
    </fieldset>
  )
}
