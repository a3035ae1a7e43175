/** The live count of what the filters leave, read out when it changes. */
export function FilterResults({ shown, total }: { shown: number; total: number }) {
  return (
    <p className="filter-results" role="status" aria-live="polite">
      {shown === total
        ? `${total} ${total === 1 ? 'product' : 'products'}`
        : `${shown} of ${total} products match`}
    </p>
  )
}
