import { describe, expect, it } from 'vitest'
import { checkForm, errorsOf, formBody, valuesOf, waitingText } from './model.ts'

describe('forms model', () => {
  it('checks what every form needs before it is kept or sent', () => {
    expect(checkForm('contact-coach', { name: ' ', email: 'nope', message: '' })).toEqual({
      name: 'Enter your name.',
      email: 'Enter a valid e-mail address.',
      message: 'Write your message.',
    })
    expect(checkForm('newsletter', { email: 'a@example.com' })).toEqual({})
    expect(
      checkForm('contact', { name: 'A', email: 'a@example.com', message: 'x'.repeat(5001) }),
    ).toEqual({ message: 'At most 5000 characters.' })
  })

  it('sends the fields as typed, leaves out an empty subject, and keeps a filled honeypot', () => {
    expect(
      formBody('contact', { name: ' A ', email: 'a@x.io', subject: '', message: 'm' }, ''),
    ).toEqual({
      name: 'A',
      email: 'a@x.io',
      message: 'm',
    })
    expect(formBody('newsletter', { email: 'a@x.io' }, 'bot')).toEqual({
      email: 'a@x.io',
      website: 'bot',
    })
  })

  it('reads a refused form back, its messages under their fields', () => {
    expect(valuesOf('contact-coach', { name: 'A', email: 'e', message: 'm', website: '' })).toEqual(
      {
        name: 'A',
        email: 'e',
        message: 'm',
      },
    )
    expect(
      errorsOf('contact-coach', {
        email: ['Enter a valid e-mail address.'],
        recaptcha: ['Robot?'],
      }),
    ).toEqual({ email: 'Enter a valid e-mail address.', form: 'Robot?' })
  })

  it('says where a waiting form stands', () => {
    expect(waitingText(1, false)).toMatch(/^Your message is saved on this device/)
    expect(waitingText(2, true)).toBe('2 messages are on this device, being sent now.')
  })
})
