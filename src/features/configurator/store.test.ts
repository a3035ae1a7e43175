import { act, cleanup, renderHook, waitFor } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { db } from '../../lib/db.ts'
import { resetPersistentStorageQuestion } from '../../lib/persistent-storage.ts'
import { createDraft, reduceDraft, reviveDraft } from './model.ts'
import { useOrderDraft, writeDraft } from './store.ts'
import { testContext } from './test-context.ts'

const context = testContext()

afterEach(async () => {
  // Unmounted first: a hook still watching the table would re-render after the test, and once
  // the file's jsdom is gone that render throws (no auto-cleanup without vitest globals).
  cleanup()
  vi.restoreAllMocks()
  await db.drafts.clear()
})

describe('draft storage', () => {
  it('writes a draft under its key and reads it back whole', async () => {
    expect(await db.drafts.get('order_corvid-2')).toBeUndefined()
    const changed = reduceDraft(
      createDraft(context),
      { type: 'paint', region: 'body', color: 'r7C' },
      context,
    )
    await writeDraft(changed, 5)
    const record = await db.drafts.get('order_corvid-2')
    expect(record).toMatchObject({ id: 'order_corvid-2', productKey: 'corvid-2', updatedAt: 5 })
    expect(reviveDraft(record?.data, context)).toEqual(changed)
  })
})

describe('useOrderDraft', () => {
  it('saves every change and gives it back after a remount (a reload)', async () => {
    const first = renderHook(() => useOrderDraft(context))
    await waitFor(() => expect(first.result.current.draft).toBeDefined())
    act(() => first.result.current.dispatch({ type: 'paint', region: 'body', color: 'r7C' }))
    expect(first.result.current.draft?.order['color.body']).toBe('r7C')
    await waitFor(async () =>
      expect((await db.drafts.get('order_corvid-2'))?.data.order).toMatchObject({
        'color.body': 'r7C',
      }),
    )
    first.unmount()

    const again = renderHook(() => useOrderDraft(context))
    await waitFor(() => expect(again.result.current.draft?.order['color.body']).toBe('r7C'))
  })

  it('keeps two views of one draft in step (two tabs)', async () => {
    const a = renderHook(() => useOrderDraft(context))
    const b = renderHook(() => useOrderDraft(context))
    await waitFor(() => expect(a.result.current.draft && b.result.current.draft).toBeTruthy())
    act(() => a.result.current.dispatch({ type: 'setAccent', accent: 'reflective' }))
    await waitFor(() => expect(b.result.current.draft?.orderAccent).toBe('reflective'))
    act(() => b.result.current.dispatch({ type: 'setQty', qty: 3 }))
    await waitFor(() => expect(a.result.current.draft?.qty).toBe(3))
    expect(a.result.current.draft?.orderAccent).toBe('reflective')
  })

  it('keeps the change on screen and says so when the device refuses to save it', async () => {
    const view = renderHook(() => useOrderDraft(context))
    await waitFor(() => expect(view.result.current.draft).toBeDefined())
    vi.spyOn(db.drafts, 'put').mockRejectedValue(new Error('QuotaExceededError'))
    act(() => view.result.current.dispatch({ type: 'setQty', qty: 2 }))
    await waitFor(() =>
      expect(view.result.current.draft?.error.storage).toMatch(/could not be saved/),
    )
    expect(view.result.current.draft?.qty).toBe(2)
  })
})

describe('persistent storage', () => {
  afterEach(() => {
    resetPersistentStorageQuestion()
    Reflect.deleteProperty(navigator, 'storage')
  })

  it('asks the browser to keep storage once the first design is saved, not before', async () => {
    const persist = vi.fn(async () => true)
    Object.defineProperty(navigator, 'storage', {
      configurable: true,
      value: { persist, persisted: async () => false },
    })
    const view = renderHook(() => useOrderDraft(context))
    await waitFor(() => expect(view.result.current.draft).toBeDefined())
    expect(persist).not.toHaveBeenCalled()
    act(() => view.result.current.dispatch({ type: 'setQty', qty: 2 }))
    await waitFor(() => expect(persist).toHaveBeenCalledTimes(1))
    act(() => view.result.current.dispatch({ type: 'setQty', qty: 3 }))
    await waitFor(async () => expect((await db.drafts.get('order_corvid-2'))?.data.qty).toBe(3))
    expect(persist).toHaveBeenCalledTimes(1)
  })
})
