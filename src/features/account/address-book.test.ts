import { describe, expect, it } from 'vitest'
import { emptyAddress } from '../../components/address-form.ts'
import { ApiError, NetworkError, ValidationError } from '../../lib/api-client.ts'
import {
  addedResult,
  addressBookMessages,
  addressRefusal,
  changeFailure,
  deletedResult,
  editedResult,
  madeDefaultResult,
} from './address-book.ts'
import type { Address } from './api.ts'
import { messages } from './model.ts'

const eloy: Address = {
  id: 'a1',
  name: 'Casey Customer',
  line1: '1 Drop Zone Road',
  line2: null,
  city: 'Eloy',
  region: 'AZ',
  postalCode: '85131',
  country: 'US',
  phone: null,
  isDefault: true,
}
const lysebotn: Address = {
  id: 'a2',
  name: 'Kari Nordmann',
  line1: 'Kjerag 1',
  line2: null,
  city: 'Lysebotn',
  region: null,
  postalCode: '4127',
  country: 'NO',
  phone: null,
  isDefault: false,
}

describe('addressRefusal', () => {
  it('puts the server’s messages under their fields (camelCased on the way in), the rest on top', () => {
    const refusal = addressRefusal(
      new ValidationError({
        message: 'Enter the city or town.',
        errors: {
          'address.city': ['Enter the city or town.'],
          'address.postalCode': ['“X” is not a postal code in Norway.'],
        },
      }),
    )
    expect(refusal).toEqual({
      fields: {
        city: 'Enter the city or town.',
        postal_code: '“X” is not a postal code in Norway.',
      },
      form: addressBookMessages.checkTheFields,
    })
    const whole = addressRefusal(
      new ValidationError({
        message: 'You have saved this address already.',
        errors: { address: ['You have saved this address already.'] },
      }),
    )
    expect(whole).toEqual({ fields: {}, form: 'You have saved this address already.' })
  })

  it('says offline, a lost session and a fault as one sentence, nothing under the fields', () => {
    expect(addressRefusal(new NetworkError(new TypeError()))).toEqual({
      fields: {},
      form: addressBookMessages.formNotSent,
    })
    expect(addressRefusal(new ApiError(401, {})).form).toBe(messages.sessionEnded)
    expect(addressRefusal(new ApiError(503, {})).form).toBe(addressBookMessages.failed)
  })
})

describe('changeFailure', () => {
  it('says what a failed delete or make-default means', () => {
    expect(changeFailure(new NetworkError(new TypeError()))).toBe(addressBookMessages.notSent)
    expect(
      changeFailure(
        new ApiError(404, { message: 'This address is not among your saved addresses.' }),
      ),
    ).toBe('This address is not among your saved addresses.')
    expect(changeFailure(new ApiError(403, {}))).toBe(messages.guestForbidden)
    expect(changeFailure(new ApiError(500, {}))).toBe(addressBookMessages.failed)
  })
})

describe('what each change says', () => {
  it('an add: beside the new address, or the one the shop had already', () => {
    const typed = {
      ...emptyAddress,
      name: ' Kari Nordmann',
      line1: 'Kjerag 1',
      city: 'Lysebotn',
      postal_code: '4127',
      country: 'no',
    }
    expect(addedResult([eloy], [eloy, lysebotn], typed)).toEqual({
      about: 'a2',
      text: 'Saved to your addresses.',
    })
    // Found by its id even where the shop wrote it otherwise (a postal code's spaces).
    expect(
      addedResult([eloy], [{ ...lysebotn, isDefault: true }, eloy], {
        ...typed,
        postal_code: '41 27',
      }),
    ).toEqual({ about: 'a2', text: 'Saved to your addresses. It is your default address.' })
    expect(addedResult([eloy, lysebotn], [eloy, lysebotn], typed)).toEqual({
      about: 'a2',
      text: 'You had this address saved already.',
    })
  })

  it('an edit and a new default: beside the address', () => {
    expect(editedResult([eloy, lysebotn], 'a1')).toEqual({
      about: 'a1',
      text: 'Saved. It is your default address.',
    })
    expect(editedResult([eloy, lysebotn], 'a2')).toEqual({ about: 'a2', text: 'Saved.' })
    expect(madeDefaultResult([{ ...lysebotn, isDefault: true }], 'a2').about).toBe('a2')
  })

  it('a delete: above the list, with the default that took its place', () => {
    expect(deletedResult(eloy, [{ ...lysebotn, isDefault: true }])).toEqual({
      text: 'Deleted Casey Customer, 1 Drop Zone Road, Eloy AZ 85131, US. Your default address is now Kari Nordmann, Kjerag 1, Lysebotn 4127, NO.',
    })
    expect(deletedResult(lysebotn, [eloy])).toEqual({
      text: 'Deleted Kari Nordmann, Kjerag 1, Lysebotn 4127, NO.',
    })
    expect(deletedResult(eloy, []).text).toMatch(/You have no saved addresses now\.$/)
  })
})
