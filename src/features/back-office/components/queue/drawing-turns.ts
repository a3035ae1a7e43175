import {
  createContext,
  startTransition,
  useContext,
  useEffect,
  useState,
  type RefObject,
} from 'react'
import { nextTask, whenIdle } from '../../../../lib/next-task.ts'

/*
 * The board may hold 200 suits, and a phone cannot draw 200 of them in one task without a long
 * task (issue 33: none over 200 ms). So a card's drawings wait for their turn. Cards near the
 * screen (IntersectionObserver) come first, a few drawings per task, each batch in a task of its
 * own (lib/next-task.ts) and rendered as a transition, which React renders in slices; the other
 * cards follow as many at a time while the phone is idle, so a thumb scrolling down finds them
 * drawn, and a card coming near jumps the line. A card once drawn stays drawn. Without an
 * observer (an old browser, a test), every card is "near", in page order, still a few per task.
 */

/** At most this many drawings are let onto the page in one task (a card's all come together). */
export const DRAWINGS_PER_TASK = 4

/** Cards this far above or below the screen are drawn before they scroll into it. */
const NEAR_SCREEN = '800px 0px'

/** The longest a card far from the screen waits for an idle moment before it is drawn anyway. */
const IDLE_WAIT_MS = 2000

interface Turn {
  element: Element
  weight: number
  draw: () => void
}

export class DrawingTurns {
  private readonly watched = new Map<Element, Turn>()
  /** Near the screen: drawn first, in the order they came near. */
  private readonly near = new Set<Turn>()
  /** The rest, in page order: drawn when the phone is idle. */
  private readonly rest = new Set<Turn>()
  /** Undefined until the first card asks (and after `close`): made again then. */
  private observer: IntersectionObserver | null | undefined
  private pumping = false
  /** Ends the wait for an idle moment: a card came near. */
  private wake: (() => void) | undefined

  constructor(private readonly perTask = DRAWINGS_PER_TASK) {}

  /**
   * Asks a turn for `element`, which holds `weight` drawings: `draw` is called (in a
   * transition) when the turn comes. Returns what withdraws the request.
   */
  watch(element: Element, weight: number, draw: () => void): () => void {
    const turn = { element, weight, draw }
    this.watched.set(element, turn)
    const observer = this.observe()
    if (observer) {
      this.rest.add(turn)
      observer.observe(element)
    } else {
      this.near.add(turn)
    }
    void this.pump()
    return () => this.forget(turn)
  }

  /** The screen is gone: nothing more is drawn. */
  close(): void {
    this.observer?.disconnect()
    this.observer = undefined
    this.watched.clear()
    this.near.clear()
    this.rest.clear()
    this.wake?.()
  }

  private observe(): IntersectionObserver | null {
    if (this.observer === undefined)
      this.observer =
        typeof IntersectionObserver === 'function'
          ? new IntersectionObserver((entries) => this.seen(entries), { rootMargin: NEAR_SCREEN })
          : null
    return this.observer
  }

  private seen(entries: IntersectionObserverEntry[]): void {
    for (const entry of entries) {
      const turn = this.watched.get(entry.target)
      if (!turn) continue
      if (entry.isIntersecting) {
        this.rest.delete(turn)
        this.near.add(turn)
      } else if (this.near.delete(turn)) {
        // Scrolled past before its turn came (a fling down the list): back with the rest.
        this.rest.add(turn)
      }
    }
    if (this.near.size > 0) this.wake?.()
    void this.pump()
  }

  private forget(turn: Turn): void {
    if (this.watched.get(turn.element) !== turn) return
    this.watched.delete(turn.element)
    this.observer?.unobserve(turn.element)
    this.near.delete(turn)
    this.rest.delete(turn)
  }

  /**
   * Gives turns, at most `perTask` drawings (or one card of more) per task, until none wait: the
   * near ones in the next task, the rest in an idle moment.
   */
  private async pump(): Promise<void> {
    if (this.pumping) return
    this.pumping = true
    try {
      while (this.near.size + this.rest.size > 0) {
        if (this.near.size > 0) await nextTask()
        else
          await Promise.race([
            whenIdle(IDLE_WAIT_MS),
            new Promise<void>((resolve) => (this.wake = resolve)),
          ])
        this.wake = undefined
        const from = this.near.size > 0 ? this.near : this.rest
        const batch: Turn[] = []
        let drawings = 0
        for (const turn of from) {
          if (batch.length > 0 && drawings + turn.weight > this.perTask) break
          batch.push(turn)
          drawings += turn.weight
        }
        for (const turn of batch) this.forget(turn)
        startTransition(() => {
          for (const turn of batch) turn.draw()
        })
      }
    } finally {
      this.pumping = false
    }
  }
}

/** The board's turns; none (a work sheet, a test of one card): everything draws at once. */
export const DrawingTurnsContext = createContext<DrawingTurns | null>(null)

/**
 * Whether the `weight` drawings of the card `ref` holds may be on the page: false until the
 * card's turn, then true for good.
 */
export function useDrawingTurn(ref: RefObject<Element | null>, weight: number): boolean {
  const turns = useContext(DrawingTurnsContext)
  const [drawn, setDrawn] = useState(turns === null || weight === 0)
  useEffect(() => {
    const element = ref.current
    if (drawn || !turns || !element) return
    return turns.watch(element, weight, () => setDrawn(true))
  }, [drawn, turns, ref, weight])
  return drawn
}

/** The first `step` of `total` items, then `step` more per task until all are there. */
export function useGrowingCount(total: number, step: number): number {
  const [shown, setShown] = useState(step)
  useEffect(() => {
    if (shown >= total) return
    let cancelled = false
    void nextTask().then(() => {
      if (!cancelled) startTransition(() => setShown((count) => count + step))
    })
    return () => {
      cancelled = true
    }
  }, [shown, total, step])
  return Math.min(shown, total)
}
