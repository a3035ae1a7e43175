/**
 * Order drafts in IndexedDB (the `drafts` table of the one Dexie database): written on every
 * change, read back by key, and watched with liveQuery so two tabs on one draft stay in step.
 * The screen paints from memory first and writes behind it; a newer record from another tab
 * (a later `updatedAt`) replaces what is shown.
 */
import { liveQuery } from 'dexie'
import { useCallback, useEffect, useMemo, useRef, useState } from 'react'
import { db, type DraftRecord } from '../../lib/db.ts'
import { askPersistentStorage } from '../../lib/persistent-storage.ts'
import {
  createDraft,
  derive,
  draftId,
  reduceDraft,
  reviveDraft,
  type DraftAction,
  type DraftContext,
  type OrderDraft,
} from './model.ts'

export async function writeDraft(draft: OrderDraft, updatedAt = Date.now()): Promise<void> {
  const record: DraftRecord = {
    id: draft.id,
    productKey: draft.productKey,
    updatedAt,
    data: draft as unknown as Record<string, unknown>,
  }
  await db.drafts.put(record)
}

/** Shown when IndexedDB refuses a write (private mode limits, a full disk). */
const NOT_SAVED =
  'Your last change could not be saved on this device, so it will be lost if you close the page. Free some space, or copy the design link to keep it.'

interface Held {
  draft: OrderDraft
  updatedAt: number
  /** The catalog and palette the draft was derived with. */
  context: DraftContext
}

export interface DraftHandle {
  /** Undefined until the stored draft has been read. */
  draft: OrderDraft | undefined
  dispatch: (action: DraftAction) => void
  /** Puts a whole draft in place (a shared design being opened). */
  replace: (draft: OrderDraft) => void
}

/**
 * User timing entries the benchmark reads: from a change to its record in IndexedDB, and to the
 * first frame painted after it. Two entries per change; cleared once there are many.
 */
function timeChange(start: number, written: Promise<void>) {
  const perf = globalThis.performance
  if (typeof perf?.measure !== 'function' || typeof requestAnimationFrame !== 'function') return
  if (perf.getEntriesByType('measure').length > 1000) perf.clearMeasures()
  written.then(
    () => perf.measure('draft:stored', { start, end: perf.now() }),
    () => {}, // reported to the customer by the caller
  )
  requestAnimationFrame(() =>
    setTimeout(() => perf.measure('draft:painted', { start, end: perf.now() }), 0),
  )
}

export function useOrderDraft(context: DraftContext): DraftHandle {
  const id = draftId(context.product.slug)
  const [held, setHeld] = useState<Held | undefined>(undefined)
  const latest = useRef<Held | undefined>(undefined)
  const contextRef = useRef(context)
  useEffect(() => {
    contextRef.current = context
  }, [context])

  // Adopt what storage has when it is newer than what is on screen (the first read, a change
  // made in another tab). This tab's own writes come back with the same updatedAt and are
  // ignored without a render, which keeps a change's cost to one render.
  useEffect(() => {
    const subscription = liveQuery(() => db.drafts.get(id)).subscribe({
      next: (record) => {
        const current = latest.current
        if (!record) {
          if (current) return
          latest.current = {
            draft: createDraft(contextRef.current),
            updatedAt: 0,
            context: contextRef.current,
          }
        } else {
          if (current && record.updatedAt <= current.updatedAt) return
          latest.current = {
            draft: reviveDraft(record.data, contextRef.current),
            updatedAt: record.updatedAt,
            context: contextRef.current,
          }
        }
        setHeld(latest.current)
      },
      error: () => {
        // IndexedDB unavailable (some private modes): design in memory, and say it is not kept.
        if (latest.current) return
        const draft = reduceDraft(
          createDraft(contextRef.current),
          { type: 'setError', key: 'storage', message: NOT_SAVED },
          contextRef.current,
        )
        latest.current = { draft, updatedAt: 0, context: contextRef.current }
        setHeld(latest.current)
      },
    })
    return () => subscription.unsubscribe()
  }, [id])

  const commit = useCallback((next: OrderDraft, start: number) => {
    const previous = latest.current
    const updatedAt = Math.max(Date.now(), (previous?.updatedAt ?? 0) + 1)
    const entry = { draft: next, updatedAt, context: contextRef.current }
    latest.current = entry
    setHeld(entry)
    const written = writeDraft(next, updatedAt)
    timeChange(start, written)
    // The first design the customer saves is the moment to ask the browser to keep it.
    if (next.userHasMadeChanges)
      written.then(
        () => askPersistentStorage(),
        () => undefined,
      )
    written.catch(() => {
      const current = latest.current
      if (!current) return
      const flagged = reduceDraft(
        current.draft,
        { type: 'setError', key: 'storage', message: NOT_SAVED },
        contextRef.current,
      )
      latest.current = { ...current, draft: flagged }
      setHeld(latest.current)
    })
  }, [])

  const dispatch = useCallback(
    (action: DraftAction) => {
      const start = globalThis.performance?.now() ?? 0
      const current = latest.current
      if (!current) return
      const next = reduceDraft(current.draft, action, contextRef.current)
      if (next !== current.draft) commit(next, start)
    },
    [commit],
  )

  const replace = useCallback(
    (draft: OrderDraft) => commit(draft, globalThis.performance?.now() ?? 0),
    [commit],
  )

  // A catalog refresh (new prices, a colour retired) is reflected without waiting for a change;
  // a draft derived with this very catalog is shown as it is.
  const draft = useMemo(
    () => (held && held.context !== context ? derive(held.draft, context) : held?.draft),
    [held, context],
  )
  return { draft, dispatch, replace }
}
