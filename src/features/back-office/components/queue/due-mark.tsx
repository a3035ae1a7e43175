import type { Due } from './queue-model.ts'

/*
 * How far an order is from its ship-by day: in words always, and for a late or at-risk order
 * with an icon and the card's border too (queue.css), never with colour alone.
 */

function LateIcon() {
  return (
    <svg className="queue-due-icon" viewBox="0 0 24 24" aria-hidden="true" focusable="false">
      <path
        d="M12 3 2 21h20z"
        fill="none"
        stroke="currentColor"
        strokeWidth="2.2"
        strokeLinejoin="round"
      />
      <path d="M12 10v5" stroke="currentColor" strokeWidth="2.2" strokeLinecap="round" />
      <circle cx="12" cy="18" r="1.3" fill="currentColor" />
    </svg>
  )
}

function AtRiskIcon() {
  return (
    <svg className="queue-due-icon" viewBox="0 0 24 24" aria-hidden="true" focusable="false">
      <circle cx="12" cy="12" r="9" fill="none" stroke="currentColor" strokeWidth="2.2" />
      <path
        d="M12 7v5l3 2"
        fill="none"
        stroke="currentColor"
        strokeWidth="2.2"
        strokeLinecap="round"
      />
    </svg>
  )
}

export function DueMark({ due }: { due: Due }) {
  return (
    <p className={`queue-due queue-due-${due.state}`}>
      {due.state === 'late' && <LateIcon />}
      {due.state === 'at_risk' && <AtRiskIcon />}
      {due.state === 'late' || due.state === 'at_risk' ? (
        <strong>{due.words}</strong>
      ) : (
        <span>{due.words}</span>
      )}
    </p>
  )
}
