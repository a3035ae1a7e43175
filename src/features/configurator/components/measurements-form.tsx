import { useId } from 'react'
import {
  measurementFields,
  type MeasurementErrors,
  type MeasurementKey,
  type MeasurementValues,
  type Units,
} from '../measurements.ts'

const unitChoices: readonly { units: Units; label: string }[] = [
  { units: 'metric', label: 'Metric (cm, kg)' },
  { units: 'imperial', label: 'Imperial (in, lb)' },
]

/**
 * The body measurements of a made-to-measure suit. Controlled: values are the text as typed,
 * errors come from validateMeasurements, and `showErrors` decides when a field's message shows
 * (after the customer leaves it, or tries to add to the order). `onBlur` tells the parent which
 * field was left. Plain text inputs with a decimal keyboard: a number input would drop "178,5".
 */
export function MeasurementsForm({
  units,
  values,
  errors,
  onUnitsChange,
  onChange,
  onBlur,
  showErrors,
}: {
  units: Units
  values: MeasurementValues
  errors: MeasurementErrors
  onUnitsChange: (units: Units) => void
  onChange: (key: MeasurementKey, value: string) => void
  onBlur?: (key: MeasurementKey) => void
  showErrors: (key: MeasurementKey) => boolean
}) {
  const uid = useId()
  return (
    <fieldset className="measurements-form">
      <legend>Your measurements</legend>
      <fieldset className="configurator-group">
        <legend>Units</legend>
        <div className="choice-list">
          {unitChoices.map((choice) => (
            <label key={choice.units} className="choice">
              <input
                type="radio"
                name={`${uid}-units`}
                value={choice.units}
                checked={units === choice.units}
                onChange={() => onUnitsChange(choice.units)}
              />
              {choice.label}
            </label>
          ))}
        </div>
      </fieldset>
      <div className="measurement-fields">
        {measurementFields.map((field) => {
          const { unit, min, max } = field[units]
          const id = `${uid}-${field.key}`
          const message = showErrors(field.key) ? errors[field.key] : undefined
          return (
            <div className="field" key={field.key}>
              <label htmlFor={id}>{field.label}</label>
              <span className="input-with-unit">
                <input
                  id={id}
                  type="text"
                  inputMode="decimal"
                  autoComplete="off"
                  spellCheck={false}
                  value={values[field.key] ?? ''}
                  aria-invalid={message ? true : undefined}
                  aria-describedby={message ? `${id}-error ${id}-hint` : `${id}-hint`}
                  onChange={(event) => onChange(field.key, event.target.value)}
                  onBlur={() => onBlur?.(field.key)}
                />
                <span className="input-unit" aria-hidden="true">
                  {unit}
                </span>
              </span>
              <span className="note" id={`${id}-hint`}>
                {field.hint} Between {min} and {max} {unit}.
              </span>
              {message && (
                <span className="field-error" id={`${id}-error`}>
                  {message}
                </span>
              )}
            </div>
          )
        })}
      </div>
    </fieldset>
  )
}
