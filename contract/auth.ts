import { z } from 'zod'
import { plainText, secretText, withoutNul } from './plain-text.ts'

/*
 * Request and response bodies of sign-in, registration, profile and password calls. Request
 * field names are exactly the API's (`confirmPassword` stays camelCase on the wire).
 */

/** Trimmed and lower-cased: addresses compare case-insensitively. */
export const Email = plainText(z.string().trim().max(254))
  .pipe(z.email({ message: 'Enter a valid e-mail address.' }))
  .transform((email) => email.toLowerCase())

/** Long passwords are fine; unbounded ones would make every hash as slow as the sender likes. */
export const Password = secretText(
  z
    .string()
    .min(8, 'The password must be at least 8 characters.')
    .max(256, 'The password may not be longer than 256 characters.'),
)

export const LoginRequest = z.object({
  email: Email,
  // Any password that fits the bounds may be tried: old accounts may have shorter ones, or a
  // control character set before new passwords refused them. A NUL comes from no keyboard.
  password: withoutNul(z.string().min(1, 'Enter your password.').max(256)),
  remember: z.boolean().default(false),
})
export type LoginRequest = z.input<typeof LoginRequest>

export const GuestLoginRequest = z.object({
  email: Email,
  remember: z.boolean().default(false),
})
export type GuestLoginRequest = z.input<typeof GuestLoginRequest>

const Name = plainText(z.string().trim().min(1, 'Enter your name.').max(100))

function passwordsMatch(body: { password: string; confirmPassword: string }) {
  return body.password === body.confirmPassword
}
const mismatch = { path: ['confirmPassword'], message: 'The passwords do not match.' }

/** A dealer's invitation code: 16 of [A-Za-z0-9_-]. */
export const invitationCodePattern = /^[A-Za-z0-9_-]{16}$/
export const invitationMessage =
  'This invitation link is not valid. Ask your dealer for its link, or register without it.'

export const RegisterRequest = z
  .object({
    email: Email,
    password: Password,
    confirmPassword: z.string().max(256),
    name: Name.optional(),
    /** A dealer's invitation code (its link `/login?mode=register&dealer=…`): the new account is its customer. */
    dealer: z
      .string({ error: invitationMessage })
      .regex(invitationCodePattern, invitationMessage)
      .optional(),
  })
  .refine(passwordsMatch, mismatch)
export type RegisterRequest = z.input<typeof RegisterRequest>

export const NewPasswordRequest = z
  .object({ password: Password, confirmPassword: z.string().max(256) })
  .refine(passwordsMatch, mismatch)
export type NewPasswordRequest = z.input<typeof NewPasswordRequest>

export const ForgotPasswordRequest = z.object({ email: Email })
export type ForgotPasswordRequest = z.input<typeof ForgotPasswordRequest>

export const EditUserRequest = z.object({ name: Name.nullable() })
export type EditUserRequest = z.input<typeof EditUserRequest>

/** A new session: the token is also set as the `authToken` cookie. */
export const Session = z.object({
  token: z.string(),
  expires_at: z.string(),
})
export type Session = z.infer<typeof Session>

/** The answer to calls that must not say whether an account exists. */
export const Accepted = z.object({ message: z.string() })
export type Accepted = z.infer<typeof Accepted>

export const Address = z.object({
  id: z.string(),
  name: z.string(),
  line1: z.string(),
  line2: z.string().nullable(),
  city: z.string(),
  region: z.string().nullable(),
  postal_code: z.string(),
  country: z.string(),
  phone: z.string().nullable(),
  is_default: z.boolean(),
})
export type Address = z.infer<typeof Address>
