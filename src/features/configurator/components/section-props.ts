import type { DraftAction, DraftContext, OrderDraft } from '../model.ts'
import type { ContentType } from './overlay-content.ts'

/**
 * What each part of the configurator is given: the draft, the product and palette it is made
 * for, and the one way to change it.
 */
export interface DraftSectionProps {
  draft: OrderDraft
  context: DraftContext
  dispatch: (action: DraftAction) => void
}

/** Opens the content overlay of a type (one overlay for the whole configurator). */
export type OpenInfo = (type: ContentType) => void
