import { useMutation, useQueryClient } from '@tanstack/react-query'
import { useId, useState, type FormEvent } from 'react'
import { accountKeys, editProfile, type User } from '../api.ts'
import { messages, problemOf } from '../model.ts'
import { FormStatus, TextField } from './form-fields.tsx'

/** The name on the account (`PUT /api/user/edit`); the header shows it once saved. */
export function ProfileForm({ user }: { user: User }) {
  const uid = useId()
  const client = useQueryClient()
  const [name, setName] = useState(user.name ?? '')
  const [error, setError] = useState<string>()
  const [problem, setProblem] = useState<string>()

  const save = useMutation({
    networkMode: 'always',
    mutationFn: () => editProfile({ name: name.trim() || null }),
    onSuccess: (saved) => {
      client.setQueryData(accountKeys.user(), saved)
      setName(saved.name ?? '')
    },
    onError: (failure) => {
      const found = problemOf(failure, ['name'] as const)
      setError(found.fields.name)
      setProblem(found.form)
    },
  })

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    setError(undefined)
    setProblem(undefined)
    save.reset()
    if (name.trim().length > 100) setError(messages.nameLong)
    else save.mutate()
  }

  return (
    <form className="account-form" noValidate onSubmit={submit} aria-busy={save.isPending}>
      <TextField
        id={`${uid}-name`}
        label="Name"
        autoComplete="name"
        value={name}
        onChange={setName}
        error={error}
      />
      <FormStatus problem={problem} done={save.isSuccess ? 'Your name is saved.' : undefined} />
      <div className="account-actions">
        <button type="submit" className="button" disabled={save.isPending}>
          Save
        </button>
      </div>
    </form>
  )
}
