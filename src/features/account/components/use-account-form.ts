import { useMutation } from '@tanstack/react-query'
import { useCallback, useId, useState, type FormEvent } from 'react'
import { hasErrors, problemOf, type FieldErrors } from '../model.ts'

/** What a labelled field needs from its form: the id it is known by, its value and its message. */
export interface FieldBinding {
  id: string
  value: string
  onChange: (value: string) => void
  error: string | undefined
}

export interface AccountFormOptions<V, F extends string, R, I> {
  initial: V
  /** The fields that can carry a message, in the order they stand on screen (wire names). */
  fields: readonly F[]
  /** What the device checks before sending (model.ts). */
  check: (values: V, intent: I) => FieldErrors<F>
  /** The call. Offline it fails at once and says so: nothing is kept to send later. */
  send: (values: V, intent: I) => Promise<R>
  /** After the call: what the form says now (polite), or nothing, e.g. when it leaves the page. */
  onSent?: (result: R, form: { setValues: (update: (values: V) => V) => void }) => string | void
  /** After a failure, beside the messages every form shows (e.g. a refused link's way out). */
  onFailed?: (error: unknown) => void
  /** Which of the form's submit buttons was pressed (the sign-in form has three). */
  intentOf?: (event: FormEvent<HTMLFormElement>) => I
}

/**
 * One account form's state and behaviour: its values, the check before sending, the call, and
 * what a failure means (problemOf: a 422 under its fields, offline / 429 / a used link / a server
 * fault for the whole form). Focus moves to the first field with a message, so a keyboard or
 * screen-reader user lands where the fix is (the message is read with the field).
 */
export function useAccountForm<V extends Record<F, string>, F extends string, R, I = undefined>(
  options: AccountFormOptions<V, F, R, I>,
): AccountFormState & {
  uid: string
  values: V
  setValues: (update: (values: V) => V) => void
  field: (name: F) => FieldBinding
} {
  const { fields, check, send, onSent, onFailed, intentOf } = options
  const uid = useId()
  const [values, setValues] = useState(options.initial)
  const [errors, setErrors] = useState<FieldErrors<F>>({})
  const [problem, setProblem] = useState<string>()
  const [done, setDone] = useState<string>()

  const focusFirstError = useCallback(
    (found: FieldErrors<F>) => {
      const first = fields.find((key) => found[key])
      if (first) document.getElementById(`${uid}-${first}`)?.focus()
    },
    [uid, fields],
  )

  const mutation = useMutation({
    networkMode: 'always',
    mutationFn: ({ sent, intent }: { sent: V; intent: I }) => send(sent, intent),
    onSuccess: (result) => {
      const said = onSent?.(result, { setValues })
      if (typeof said === 'string') setDone(said)
    },
    onError: (error) => {
      const found = problemOf(error, fields)
      onFailed?.(error)
      setErrors(found.fields)
      setProblem(found.form)
      focusFirstError(found.fields)
    },
  })

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    // Forms with one submit button have no intent to tell apart.
    const intent = (intentOf ? intentOf(event) : undefined) as I
    const found = check(values, intent)
    setErrors(found)
    setProblem(undefined)
    setDone(undefined)
    if (hasErrors(found)) focusFirstError(found)
    else mutation.mutate({ sent: values, intent })
  }

  /** Binds a text field to the form: `<TextField {...form.field('email')} label=… />`. */
  const field = (name: F): FieldBinding => ({
    id: `${uid}-${name}`,
    value: values[name],
    onChange: (value) => setValues((v) => ({ ...v, [name]: value })),
    error: errors[name],
  })

  return {
    uid,
    values,
    setValues,
    field,
    submit,
    pending: mutation.isPending,
    problem,
    done,
  }
}

/** What the form frame (AccountForm) shows of a form: its submit, pending state and status. */
export interface AccountFormState {
  submit: (event: FormEvent<HTMLFormElement>) => void
  pending: boolean
  problem: string | undefined
  done: string | undefined
}
