import { useId } from 'react'
import { formatMoney } from '../../../../contract/money.ts'
import { convertMeasurements, measurementFields, type MeasurementKey } from '../measurements.ts'
import {
  isCustomVariant,
  measurementKey,
  measurementsOf,
  smallestVariant,
  unitsOf,
} from '../model.ts'
import { errorIdOf, FieldError, type FieldMessages } from './field-messages.tsx'
import { MeasurementsForm } from './measurements-form.tsx'
import { InfoButton } from './overlays.tsx'
import type { DraftSectionProps, OpenInfo } from './section-props.ts'

interface SizeFieldsetProps extends DraftSectionProps {
  messages: FieldMessages
  onInfo: OpenInfo
}

/**
 * The size: a standard size (the smallest confirmed to fit) or made to measure with the
 * customer's measurements.
 */
export function SizeFieldset({ draft, context, dispatch, messages, onInfo }: SizeFieldsetProps) {
  const uid = useId()
  const errors = draft.checkOrderValidationError
  const errorId = (key: string) => errorIdOf(uid, key)
  const selected = draft.productVariants.find((v) => v.sku === draft.selectedVariant)
  return (
    <fieldset className="configurator-group">
      <legend>Size</legend>
      <div className="choice-list" role="radiogroup" aria-label="Size">
        {draft.productVariants.map((variant) => (
          <label key={variant.sku} className="choice">
            <input
              type="radio"
              name={`${uid}-variant`}
              value={variant.sku}
              checked={draft.selectedVariant === variant.sku}
              onChange={() => dispatch({ type: 'selectVariant', sku: variant.sku })}
            />
            <span>
              {isCustomVariant(variant.sku) ? 'Made to measure' : variant.name}
              <small> {formatMoney(variant.price, context.product.currency)}</small>
            </span>
          </label>
        ))}
      </div>
      <FieldError id={errorId('selectedVariant')} message={errors.selectedVariant} />
      <InfoButton contentType="non-binary" label="Sizing for every body" onOpen={onInfo} />
      {selected && selected.sku === smallestVariant(context) && (
        <>
          <label className="choice">
            <input
              type="checkbox"
              checked={draft.confirmSmallestSize}
              aria-invalid={errors.confirmSmallestSize ? true : undefined}
              aria-describedby={
                errors.confirmSmallestSize ? errorId('confirmSmallestSize') : undefined
              }
              onChange={(event) =>
                dispatch({ type: 'confirmSmallestSize', value: event.target.checked })
              }
            />
            <span>I have checked the size chart: the smallest size fits me.</span>
          </label>
          <FieldError id={errorId('confirmSmallestSize')} message={errors.confirmSmallestSize} />
        </>
      )}
      {selected && isCustomVariant(selected.sku) && (
        <Measurements draft={draft} dispatch={dispatch} messages={messages} />
      )}
    </fieldset>
  )
}

/** The made-to-measure form, fed from the draft's order map. */
function Measurements({
  draft,
  dispatch,
  messages,
}: Pick<SizeFieldsetProps, 'draft' | 'dispatch' | 'messages'>) {
  const values = measurementsOf(draft)
  const units = unitsOf(draft)
  const errors: Partial<Record<MeasurementKey, string>> = {}
  for (const field of measurementFields)
    errors[field.key] = draft.checkOrderValidationError[measurementKey(field.key)]
  return (
    <MeasurementsForm
      units={units}
      values={values}
      errors={errors}
      onUnitsChange={(next) =>
        dispatch({
          type: 'setMeasurements',
          units: next,
          values: convertMeasurements(units, next, values),
        })
      }
      onChange={(field, value) => dispatch({ type: 'setMeasurement', field, value })}
      onBlur={(field) => messages.reveal(measurementKey(field))}
      showErrors={(field) => messages.shown(measurementKey(field))}
    />
  )
}
