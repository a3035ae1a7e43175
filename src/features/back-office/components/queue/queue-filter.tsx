import type { QueueStatus } from '../../api/queue.ts'
import { stateLabel } from './queue-model.ts'
import { queueFilterStates } from './queue-search.ts'

/**
 * The board narrowed to one state, each choice with how many orders it holds: radio buttons (one
 * choice of several, arrow keys between them), drawn as a row of chips that wraps on a phone.
 */
export function QueueFilter({
  counts,
  total,
  state,
  onChange,
}: {
  counts: Record<QueueStatus, number>
  total: number
  state: QueueStatus | undefined
  onChange: (state: QueueStatus | undefined) => void
}) {
  const choices = [
    { value: undefined, label: 'All', count: total },
    ...queueFilterStates.map((value) => ({
      value,
      label: stateLabel(value),
      count: counts[value],
    })),
  ]
  return (
    <fieldset className="queue-filter admin-no-print">
      <legend>Show</legend>
      <div className="queue-filter-choices">
        {choices.map((choice) => (
          <label key={choice.value ?? 'all'} className="queue-filter-choice">
            <input
              type="radio"
              name="queue-state"
              value={choice.value ?? ''}
              checked={state === choice.value}
              onChange={() => onChange(choice.value)}
            />
            <span>
              {choice.label} <span className="queue-filter-count">({choice.count})</span>
            </span>
          </label>
        ))}
      </div>
    </fieldset>
  )
}
