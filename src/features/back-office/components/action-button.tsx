import { useId, type ReactNode, type Ref } from 'react'
import { useOnlineStatus } from '../../../lib/use-online-status.ts'

/**
 * A back-office action's button: pressed only with the network (offline it is disabled and says
 * "Needs the network" beside it), and busy while the shop has not answered, so a second press
 * cannot send it twice.
 * Its `people-` classes are in people/people.css, which the screens using it import.
 */
export function ActionButton({
  ref,
  onClick,
  pending = false,
  disabled = false,
  type = 'button',
  variant = 'primary',
  describedBy,
  children,
}: {
  ref?: Ref<HTMLButtonElement>
  onClick?: () => void
  pending?: boolean
  /** Disabled for a reason of the screen's own (say it beside the button). */
  disabled?: boolean
  type?: 'button' | 'submit'
  variant?: 'primary' | 'secondary' | 'danger'
  /** The id of a hint the screen shows beside the button. */
  describedBy?: string | undefined
  children: ReactNode
}) {
  const online = useOnlineStatus()
  const hintId = useId()
  const className =
    variant === 'primary'
      ? 'button'
      : variant === 'danger'
        ? 'button people-button-danger'
        : 'button button-secondary'
  const described = [online ? undefined : hintId, describedBy].filter(Boolean).join(' ')
  return (
    <span className="people-action">
      <button
        ref={ref}
        type={type}
        className={className}
        disabled={!online || pending || disabled}
        aria-busy={pending || undefined}
        aria-describedby={described || undefined}
        onClick={onClick}
      >
        {children}
      </button>
      {!online && (
        <span id={hintId} className="people-needs-network">
          Needs the network
        </span>
      )}
    </span>
  )
}
