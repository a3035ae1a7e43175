import { z } from 'zod'
import { paymentCodePattern } from './orders.ts'
import { plainText, plainTextMessage } from './plain-text.ts'
import { Slug } from './slug.ts'

/*
 * The waiver (issue 16): the release of liability a customer signs before buying gear that is
 * flown or opens a canopy (products with `requires_waiver`, content/products/). Its text is
 * versioned in content/waivers/<version>.md; the version with the latest date is the current
 * one, and a signature counts only for the version it was made on, so a new version asks every
 * open cart to sign again.
 */

/** The front matter of content/waivers/<version>.md; `version` is the file's name. */
export const WaiverFile = z.strictObject({
  version: Slug.max(32, 'must be at most 32 characters'),
  /** The day this version took effect (YYYY-MM-DD); the latest date is the current version. */
  date: z.iso.date(),
  title: z.string().trim().min(1, 'must not be empty'),
})
export type WaiverFile = z.infer<typeof WaiverFile>

/** A waiver version as loaded and as GET /api/order/waiver answers it. */
export const Waiver = z.object({
  version: z.string(),
  date: z.string(),
  title: z.string(),
  /** The markdown body rendered to HTML (raw HTML in the markdown is refused). */
  html: z.string(),
  /** The body as plain text. */
  text: z.string(),
})
export type Waiver = z.infer<typeof Waiver>

/**
 * A UTF-16 surrogate without its partner: half a character, which no one types and which would
 * reach the database as a replacement character. Refused with plain text's message.
 */
const loneSurrogate = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/

/** `plainText` (multi-line when asked), and whole characters only: what customers type. */
export function typedText<T extends z.ZodType<string, string>>(
  schema: T,
  options: { multiline?: boolean } = {},
): T {
  return plainText(schema, options).refine(
    (value) => !loneSurrogate.test(value),
    plainTextMessage,
  ) as unknown as T
}

export const maxSignerNameLength = 100

/** POST /api/order/create-order-signature (checkbox 'on' and a name; docs/checkout.md). */
export const CreateSignatureRequest = z.object({
  checkbox: z.literal('on', { error: 'Tick the box to agree to the waiver.' }),
  name: typedText(
    z
      .string({ error: 'Type your full name to sign the waiver.' })
      .trim()
      .min(1, 'Type your full name to sign the waiver.')
      .max(maxSignerNameLength, `A name is at most ${maxSignerNameLength} characters.`),
  ),
  /**
   * The version the customer read (GET /api/order/waiver). Optional; when sent and no longer the
   * current one, the signature is refused, so no one signs a text they have not seen.
   */
  waiver_version: z.string().max(32).optional(),
  /**
   * A submitted order's payment code, to sign for that order instead of the cart: an item added
   * through its payment link needs the waiver, and the order waits for this signature before it
   * is paid or ships. The code is the credential, as for paying.
   */
  payment_code: z
    .string()
    .regex(paymentCodePattern, 'This payment link does not lead to an order.')
    .optional(),
})
export type CreateSignatureRequest = z.infer<typeof CreateSignatureRequest>

export const waiverChangedMessage =
  'The waiver has changed since you read it. Read the new version and sign again.'
