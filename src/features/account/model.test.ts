import { describe, expect, it } from 'vitest'
import { ApiError, NetworkError, ValidationError } from '../../lib/api-client.ts'
import {
  checkNewPasswordForm,
  checkProfile,
  checkRegistration,
  checkSignIn,
  displayName,
  failureMessage,
  formatWait,
  isInvalidLink,
  isSessionEnded,
  messages,
  problemOf,
} from './model.ts'

describe('what the forms check before sending', () => {
  it('asks for the e-mail always, and for the password only to sign in with one', () => {
    expect(checkSignIn('password', { email: '', password: '' })).toEqual({
      email: messages.emailMissing,
      password: messages.passwordMissing,
    })
    expect(checkSignIn('guest', { email: 'pilot@example.com', password: '' })).toEqual({})
    expect(checkSignIn('link', { email: 'pilot@', password: '' })).toEqual({
      email: messages.emailInvalid,
    })
    expect(checkSignIn('password', { email: ' Pilot@Example.com ', password: 'x' })).toEqual({})
  })

  it('holds a new password to the server’s rules and the confirmation to the password', () => {
    expect(
      checkRegistration({ name: '', email: 'a@b.co', password: 'short', confirmPassword: '' }),
    ).toEqual({ password: messages.passwordShort, confirmPassword: messages.passwordsDiffer })
    expect(
      checkRegistration({
        name: 'Jo',
        email: 'a@b.co',
        password: 'long enough',
        confirmPassword: 'long enough',
      }),
    ).toEqual({})
    expect(checkNewPasswordForm({ password: '', confirmPassword: '' })).toEqual({
      password: messages.passwordMissing,
    })
    expect(checkNewPasswordForm({ password: 'x'.repeat(257), confirmPassword: 'y' })).toEqual({
      password: messages.passwordLong,
      confirmPassword: messages.passwordsDiffer,
    })
  })

  it('lets the profile’s name be empty, and holds it to 100 characters as typed, trimmed', () => {
    expect(checkProfile({ name: '' })).toEqual({})
    expect(checkProfile({ name: ` ${'n'.repeat(100)} ` })).toEqual({})
    expect(checkProfile({ name: 'n'.repeat(101) })).toEqual({ name: messages.nameLong })
    expect(
      checkRegistration({
        name: 'n'.repeat(101),
        email: 'a@b.co',
        password: 'long enough',
        confirmPassword: 'long enough',
      }),
    ).toEqual({ name: messages.nameLong })
  })
})

describe('what a failed call tells the customer', () => {
  it('puts a 422’s messages under the fields they name (wire names) and the rest on the form', () => {
    const error = new ValidationError({
      message: 'The given data was invalid.',
      errors: {
        confirmPassword: ['The passwords do not match.'],
        email: ['Enter a valid e-mail address.'],
        body: ['Malformed JSON.'],
      },
    })
    expect(problemOf(error, ['email', 'password', 'confirmPassword'] as const)).toEqual({
      fields: {
        confirmPassword: 'The passwords do not match.',
        email: 'Enter a valid e-mail address.',
      },
      form: 'Malformed JSON.',
    })
  })

  it('falls back to the 422’s message when no field is named', () => {
    const error = new ValidationError({ message: 'The given data was invalid.', errors: {} })
    expect(problemOf(error, ['email'] as const)).toEqual({
      fields: {},
      form: 'The given data was invalid.',
    })
  })

  it('gives the wait of a 429 from its Retry-After, in words', () => {
    const throttled = new ApiError(429, { message: 'Too many attempts.' }, undefined, 840)
    expect(problemOf(throttled, ['email'] as const)).toEqual({
      fields: {},
      form: 'Too many attempts. Try again in 14 minutes.',
    })
    expect(failureMessage(new ApiError(429, null, undefined, 1))).toBe(
      'Too many attempts. Try again in 1 second.',
    )
    expect(failureMessage(new ApiError(429, null))).toMatch(/wait a while/)
    expect([1, 59, 60, 61, 900].map(formatWait)).toEqual([
      '1 second',
      '59 seconds',
      '1 minute',
      '2 minutes',
      '15 minutes',
    ])
  })

  it('says the device is offline and nothing was sent when no answer came', () => {
    expect(failureMessage(new NetworkError(new TypeError('Failed to fetch')))).toBe(
      messages.offline,
    )
    expect(messages.offline).toMatch(/offline: nothing was sent/)
  })

  it('names an ended session, a guest’s limits and server faults plainly', () => {
    expect(failureMessage(new ApiError(401, { message: 'Unauthenticated.' }))).toBe(
      messages.sessionEnded,
    )
    expect(failureMessage(new ApiError(403, null))).toBe(messages.guestForbidden)
    expect(failureMessage(new ApiError(503, null))).toMatch(/error 503\). Nothing was changed/)
    expect(isSessionEnded(new ApiError(401, null))).toBe(true)
    expect(isSessionEnded(new ApiError(403, null))).toBe(false)
  })

  it('knows a refused one-time link by its `token` message', () => {
    const used = new ValidationError({
      message: 'This link is invalid, already used or expired.',
      errors: { token: ['This link is invalid, already used or expired.'] },
    })
    expect(isInvalidLink(used)).toBe(true)
    expect(isInvalidLink(new ValidationError({ errors: { password: ['Too short.'] } }))).toBe(false)
    expect(isInvalidLink(new NetworkError(null))).toBe(false)
    // A link cut short when copied is no token at all: the server answers 404.
    const malformed = new ApiError(404, { message: 'Not found.' })
    expect(isInvalidLink(malformed)).toBe(true)
    expect(problemOf(malformed, ['password'] as const).form).toBe(
      'This link is invalid, already used or expired.',
    )
  })
})

describe('displayName', () => {
  it('shows the name, else the e-mail address', () => {
    expect(displayName({ name: 'Jo Flyer', email: 'jo@example.com' })).toBe('Jo Flyer')
    expect(displayName({ name: ' ', email: 'jo@example.com' })).toBe('jo@example.com')
    expect(displayName({ name: null, email: 'jo@example.com' })).toBe('jo@example.com')
  })
})
