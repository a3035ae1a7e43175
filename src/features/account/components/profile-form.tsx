import { useQueryClient } from '@tanstack/react-query'
import { accountKeys, editProfile, type User } from '../api.ts'
import { checkProfile } from '../model.ts'
import { AccountForm } from './account-form.tsx'
import { AccountTextField } from './form-fields.tsx'
import { useAccountForm } from './use-account-form.ts'

const fields = ['name'] as const

/** The name on the account (`PUT /api/user/edit`); the header shows it once saved. */
export function ProfileForm({ user }: { user: User }) {
  const client = useQueryClient()
  const form = useAccountForm({
    initial: { name: user.name ?? '' },
    fields,
    check: checkProfile,
    send: ({ name }) => editProfile({ name: name.trim() || null }),
    onSent: (saved, { setValues }) => {
      client.setQueryData(accountKeys.user(), saved)
      setValues(() => ({ name: saved.name ?? '' }))
      return 'Your name is saved.'
    },
  })
  return (
    <AccountForm form={form} submitLabel="Save">
      <AccountTextField {...form.field('name')} label="Name" autoComplete="name" />
    </AccountForm>
  )
}
