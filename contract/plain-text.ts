import type { ZodType } from 'zod'

/*
 * Text a client sends is refused when it carries characters no one types: control characters
 * (PostgreSQL refuses a NUL in text, so it would end as a 500, or as a mail job that quietly
 * fails), and the invisible marks that reverse how text is shown (a name that reads "Dana" on an
 * invoice or in an admin list but is stored as something else, CVE-2021-42574's trick).
 * One rule, applied in the contract's schemas to every text field a client sends.
 */

/** C0 controls, DEL and C1 controls. */
// eslint-disable-next-line no-control-regex -- finding control characters is the point
const controls = /[\u0000-\u001f\u007f-\u009f]/u
/** The same, less tab, line feed and carriage return, which multi-line text may hold. */
// eslint-disable-next-line no-control-regex -- as above
const controlsBesideLineBreaks = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f-\u009f]/u
/** Bidi embeddings, overrides and isolates (U+202A–U+202E, U+2066–U+2069) and the LRM/RLM marks. */
const bidiControls = /[\u200e\u200f\u202a-\u202e\u2066-\u2069]/u

export const plainTextMessage =
  'Remove the control or text-direction characters (they cannot be typed or shown).'
export const secretTextMessage = 'Remove the control characters (they cannot be typed).'

/** Whether `text` is free of control and text-direction characters (`multiline`: line breaks and tabs allowed). */
export function isPlainText(text: string, options: { multiline?: boolean } = {}): boolean {
  const forbidden = options.multiline ? controlsBesideLineBreaks : controls
  return !forbidden.test(text) && !bidiControls.test(text)
}

/**
 * A password, which is never shown: any printable character, direction marks included (a
 * password manager may make anything), but no control character, NUL above all.
 */
export function isSecretText(text: string): boolean {
  return !controls.test(text)
}

/** `schema` refusing control and text-direction characters, with one message on its field. */
export function plainText<T extends ZodType<string, string>>(
  schema: T,
  options: { multiline?: boolean } = {},
): T {
  return schema.refine((text) => isPlainText(text, options), plainTextMessage) as T
}

/** `schema` refusing control characters (for new passwords). */
export function secretText<T extends ZodType<string, string>>(schema: T): T {
  return schema.refine(isSecretText, secretTextMessage) as T
}

/** `schema` refusing a NUL only (a password tried at sign-in may be one set before the rule). */
export function withoutNul<T extends ZodType<string, string>>(schema: T): T {
  return schema.refine((text) => !text.includes('\u0000'), secretTextMessage) as T
}
