import { useRouter } from '@tanstack/react-router'
import { useCallback, useEffect, useRef, useState } from 'react'
import { DESIGN_PARAM } from '../link-names.ts'
import type { DraftContext, OrderDraft } from '../model.ts'
import { openDesign, sameDesign } from '../share-link.ts'
import type { Warning } from './overlays.tsx'

export interface SharedDesign {
  /** Why the shared design in the URL was not opened, until dismissed. */
  error: string | null
  dismiss: () => void
}

/**
 * Reads a shared design from the page's URL (the configurator renders only in the browser) and,
 * once the stored draft is known, opens it at once when the customer has no design of their
 * own, asks first when they do, and says why when the link cannot be opened. The parameter is
 * then taken off the URL so a reload does not ask again.
 */
export function useSharedDesign(
  draft: OrderDraft | undefined,
  context: DraftContext,
  replace: (draft: OrderDraft) => void,
  ask: (warning: Warning) => void,
): SharedDesign {
  const { history } = useRouter()
  const [opened] = useState(() => {
    const value = new URL(window.location.href).searchParams.get(DESIGN_PARAM)
    return value === null ? null : openDesign(value, context)
  })
  const [dismissed, setDismissed] = useState(false)
  const done = useRef(false)
  useEffect(() => {
    if (!draft || !opened || done.current) return
    done.current = true
    const url = new URL(window.location.href)
    url.searchParams.delete(DESIGN_PARAM)
    // Through the router's history, so the router's idea of the URL stays the page's.
    history.replace(url.pathname + url.search + url.hash, history.location.state)
    if (!opened.ok) return
    if (!draft.userHasMadeChanges || sameDesign(draft, opened.draft)) return replace(opened.draft)
    ask({
      title: 'Open the shared design?',
      content:
        'You already have a design of your own for this product on this device. Opening the shared design replaces it. Copy your own link first if you want to keep it.',
      confirmLabel: 'Replace my design',
      onConfirm: () => replace(opened.draft),
    })
  }, [draft, opened, replace, ask, history])
  const dismiss = useCallback(() => setDismissed(true), [])
  return { error: opened && !opened.ok && !dismissed ? opened.message : null, dismiss }
}
