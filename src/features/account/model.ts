import { ApiError, NetworkError, ValidationError } from '../../lib/api-client.ts'

/*
 * The account screens' logic, free of React: what a form checks before it sends, and what the
 * customer is told when a call fails. Messages say what is true and never whether an account
 * exists (the server answers alike for known and unknown addresses).
 */

/** Messages per field, keyed by the wire field names (`email`, `confirmPassword`, …). */
export type FieldErrors<K extends string> = Partial<Record<K, string>>

export interface FormProblem<K extends string> {
  fields: FieldErrors<K>
  /** What concerns the whole form: offline, too many attempts, a used link, a server fault. */
  form?: string
}

// The server's own words for the same checks (contract/auth.ts), so the message does not change
// between the device and the server.
export const messages = {
  emailMissing: 'Enter your e-mail address.',
  emailInvalid: 'Enter a valid e-mail address.',
  passwordMissing: 'Enter your password.',
  passwordShort: 'The password must be at least 8 characters.',
  passwordLong: 'The password may not be longer than 256 characters.',
  passwordsDiffer: 'The passwords do not match.',
  nameLong: 'The name may not be longer than 100 characters.',
  offline: 'This device is offline: nothing was sent. Try again when it has a network connection.',
  sessionEnded: 'Your session has ended. Sign in again.',
  guestForbidden: 'A guest session cannot do this. Set a password to use your account.',
} as const

const emailShape = /^[^\s@]+@[^\s@]+\.[^\s@]+$/

export function checkEmail(email: string): string | undefined {
  const trimmed = email.trim()
  if (!trimmed) return messages.emailMissing
  if (trimmed.length > 254 || !emailShape.test(trimmed)) return messages.emailInvalid
  return undefined
}

export function checkNewPassword(password: string): string | undefined {
  if (!password) return messages.passwordMissing
  if (password.length < 8) return messages.passwordShort
  if (password.length > 256) return messages.passwordLong
  return undefined
}

/** Drops the fields without a message, so an empty result means "nothing to fix". */
function only<K extends string>(entries: Array<[K, string | undefined]>): FieldErrors<K> {
  const errors: FieldErrors<K> = {}
  for (const [key, message] of entries) if (message) errors[key] = message
  return errors
}

export function hasErrors(errors: FieldErrors<string>): boolean {
  return Object.keys(errors).length > 0
}

export type SignInIntent = 'password' | 'guest' | 'link'

/** The sign-in form: the e-mail always, the password only for a password sign-in. */
export function checkSignIn(
  intent: SignInIntent,
  values: { email: string; password: string },
): FieldErrors<'email' | 'password'> {
  return only<'email' | 'password'>([
    ['email', checkEmail(values.email)],
    ['password', intent === 'password' && !values.password ? messages.passwordMissing : undefined],
  ])
}

export function checkRegistration(values: {
  email: string
  password: string
  confirmPassword: string
  name: string
}): FieldErrors<'email' | 'password' | 'confirmPassword' | 'name'> {
  return only<'email' | 'password' | 'confirmPassword' | 'name'>([
    ['name', checkName(values.name)],
    ['email', checkEmail(values.email)],
    ['password', checkNewPassword(values.password)],
    ...checkConfirmation(values),
  ])
}

/** The profile form: the name may be left empty (the account then shows the e-mail address). */
export function checkProfile(values: { name: string }): FieldErrors<'name'> {
  return only<'name'>([['name', checkName(values.name)]])
}

function checkName(name: string): string | undefined {
  return name.trim().length > 100 ? messages.nameLong : undefined
}

function checkConfirmation(values: {
  password: string
  confirmPassword: string
}): Array<['confirmPassword', string | undefined]> {
  return [
    [
      'confirmPassword',
      values.password && values.password !== values.confirmPassword
        ? messages.passwordsDiffer
        : undefined,
    ],
  ]
}

export function checkNewPasswordForm(values: {
  password: string
  confirmPassword: string
}): FieldErrors<'password' | 'confirmPassword'> {
  return only<'password' | 'confirmPassword'>([
    ['password', checkNewPassword(values.password)],
    ...checkConfirmation(values),
  ])
}

/** "45 seconds", "1 minute", "15 minutes": a Retry-After wait in words, rounded up. */
export function formatWait(seconds: number): string {
  if (seconds < 60) {
    const s = Math.max(1, Math.ceil(seconds))
    return `${s} second${s === 1 ? '' : 's'}`
  }
  const minutes = Math.ceil(seconds / 60)
  return `${minutes} minute${minutes === 1 ? '' : 's'}`
}

/**
 * What a failed call means for a form: a 422's messages under the fields that have them (the
 * `errors` keys are the wire field names), anything else as one message for the whole form.
 */
export function problemOf<K extends string>(error: unknown, fields: readonly K[]): FormProblem<K> {
  if (error instanceof ValidationError) {
    const problem: FormProblem<K> = { fields: {} }
    const rest: string[] = []
    for (const [key, list] of Object.entries(error.errors)) {
      const message = list[0]
      if (!message) continue
      if ((fields as readonly string[]).includes(key)) problem.fields[key as K] = message
      else rest.push(message)
    }
    if (rest.length > 0) problem.form = [...new Set(rest)].join(' ')
    else if (!hasErrors(problem.fields)) problem.form = error.message
    return problem
  }
  if (isInvalidLink(error)) return { fields: {}, form: invalidLinkMessage }
  return { fields: {}, form: failureMessage(error) }
}

/** The server's words for a refused link (server/routes/password.ts), for a malformed one too. */
export const invalidLinkMessage = 'This link is invalid, already used or expired.'

/** One sentence for a failure that is not about a field. */
export function failureMessage(error: unknown): string {
  if (error instanceof NetworkError) return messages.offline
  if (error instanceof ApiError) {
    if (error.status === 429) {
      return error.retryAfterSeconds === undefined
        ? 'Too many attempts. Please wait a while, then try again.'
        : `Too many attempts. Try again in ${formatWait(error.retryAfterSeconds)}.`
    }
    if (error.status === 401) return messages.sessionEnded
    if (error.status === 403) return messages.guestForbidden
    if (error.status >= 500) {
      return `The shop could not answer (error ${error.status}). Nothing was changed: try again in a moment.`
    }
    return error.message
  }
  return 'Something went wrong on this device. Reload the page and try again.'
}

/**
 * Whether a one-time link was refused: unknown, used or expired (a 422 under `token`), or not
 * even shaped like one of the server's tokens (a 404: a link cut short when it was copied).
 */
export function isInvalidLink(error: unknown): boolean {
  if (error instanceof ValidationError) return 'token' in error.errors
  return error instanceof ApiError && error.status === 404
}

/** Whether a signed-in call found no live session (expired, revoked, or no token at all). */
export function isSessionEnded(error: unknown): boolean {
  return error instanceof ApiError && error.status === 401
}

/** What the account shows as the customer's name: the name, else the e-mail address. */
export function displayName(user: { name: string | null; email: string }): string {
  return user.name?.trim() || user.email
}
