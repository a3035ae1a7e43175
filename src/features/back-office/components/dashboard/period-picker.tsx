import { useId, useState, type FormEvent } from 'react'
import { periodPresets, periodProblem, type DashboardSearch, type Period } from './period.ts'

/**
 * The period the dashboard draws, kept in the URL: a press on a preset (7, 30, 90 or 365 days up
 * to today), or a first and a last day of the owner's choosing. The dates are checked here as
 * the server checks them, so a wrong pair is said beside the fields rather than asked for.
 */
export function PeriodPicker({
  search,
  period,
  onChange,
}: {
  search: DashboardSearch
  /** The period drawn now. */
  period: Period
  onChange: (next: DashboardSearch) => void
}) {
  // The currency asked for stays with any new period.
  const kept = search.currency ? { currency: search.currency } : {}
  return (
    <div className="dash-period">
      <div className="dash-presets" role="group" aria-label="Period up to today">
        {periodPresets.map((days) => (
          <button
            key={days}
            type="button"
            aria-pressed={period.days === days}
            onClick={() => onChange({ days, ...kept })}
          >
            {days} days
          </button>
        ))}
      </div>
      {/* Typed days are reset to the period drawn whenever it changes (a preset, the URL). */}
      <DaysForm
        key={`${period.from} ${period.to}`}
        period={period}
        onChange={(from, to) => onChange({ from, to, ...kept })}
      />
    </div>
  )
}

function DaysForm({
  period,
  onChange,
}: {
  period: Period
  onChange: (from: string, to: string) => void
}) {
  const [from, setFrom] = useState(period.from)
  const [to, setTo] = useState(period.to)
  const [problem, setProblem] = useState<string>()
  const ids = { from: useId(), to: useId(), problem: useId() }

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault()
    const found = periodProblem(from, to)
    setProblem(found)
    if (!found) onChange(from, to)
  }

  const described = problem ? ids.problem : undefined
  return (
    <form className="dash-days" onSubmit={submit} noValidate>
      <fieldset>
        <legend>Or choose the days</legend>
        <div className="dash-days-fields">
          <DayField
            id={ids.from}
            label="First day"
            value={from}
            max={to || undefined}
            problem={problem}
            described={described}
            onChange={setFrom}
          />
          <DayField
            id={ids.to}
            label="Last day"
            value={to}
            min={from || undefined}
            problem={problem}
            described={described}
            onChange={setTo}
          />
          <button type="submit">Show these days</button>
        </div>
        {problem ? (
          <p id={ids.problem} className="dash-problem" role="alert">
            {problem}
          </p>
        ) : null}
      </fieldset>
    </form>
  )
}

function DayField({
  id,
  label,
  value,
  min,
  max,
  problem,
  described,
  onChange,
}: {
  id: string
  label: string
  value: string
  min?: string | undefined
  max?: string | undefined
  problem: string | undefined
  described: string | undefined
  onChange: (day: string) => void
}) {
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      <input
        id={id}
        type="date"
        value={value}
        min={min}
        max={max}
        required
        aria-invalid={problem ? true : undefined}
        aria-describedby={described}
        onChange={(event) => onChange(event.target.value)}
      />
    </div>
  )
}
