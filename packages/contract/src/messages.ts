/**
 * Validation and interface messages, keyed by stable snake_case keys.
 *
 * Validation rules (zod schemas and the validators in `rules/validators`) never carry English
 * text: every issue message is one of these keys. The web translates `validation.<key>`; the
 * server answers with the English text through {@link messageText}.
 */
export const MESSAGES = {
  form_error_header: 'Please correct the following errors before continuing.',
  field_too_long: 'This field is too long',
  invalid_data: 'Invalid data',

  // Registration and account fields
  first_name_empty: 'First name is empty',
  last_name_empty: 'Last name is empty',
  email_empty: 'Email is empty',
  email_invalid: 'Email is not valid',
  password_empty: 'Password is empty',
  password_confirm_empty: 'Confirm password is empty',
  password_repeat_empty: 'Repeat password is empty',
  password_spaces: 'Password cannot contain spaces',
  password_too_short: 'Password must be at least 4 characters',
  passwords_not_matching: 'Passwords are not matching',
  passwords_not_equal: 'Passwords are not equal',
  passwords_dont_match: "Passwords don't match",
  address_empty: 'Address is empty',
  city_empty: 'City is empty',
  country_empty: 'Country is empty',
  phone_prefix_empty: 'Phone prefix is empty',
  phone_number_empty: 'Phone number is empty',
  state_empty: 'State is empty',
  postcode_empty: 'Postcode is empty',
  referrer_invalid: 'The referrer must be 5 uppercase letters',
  language_invalid: 'Unsupported language',
  redirect_invalid: 'The redirect address is not valid',
  message_empty: 'The reset link is empty or broken',

  // Confirmation and reset codes
  code_empty: 'Code is empty',
  code_invalid_format: 'The code has 6 digits',

  // Servers and orders
  hostname_empty: 'Hostname is required',
  hostname_invalid: 'Hostname may contain only letters, digits, - and .',
  hostname_dedicated_invalid: 'Hostname may contain only letters, digits and hyphens',
  ilo_password_invalid:
    'The ILO password must be exactly 8 uppercase characters (letters, digits and symbols)',
  snapshot_name_empty: 'Snapshot name is empty',
  snapshot_name_invalid: 'Snapshot name must be alphanumeric',
  snapshot_name_start_letter: 'Snapshot name must start with a letter',
  snapshot_name_too_short: 'Snapshot name must have at least 2 characters',
  root_password_empty: 'Root password is empty',
  root_password_confirm_empty: 'Confirm root password is empty',

  // Vouchers
  voucher_empty: 'Voucher code is empty',
  voucher_invalid: 'The code must contain 5-15 uppercase letters or digits',

  // Projects
  project_name_empty: 'Project name is empty',
  project_name_spaces: 'Project name cannot contain spaces',
  project_name_invalid_chars: 'Project name contains invalid characters',
  project_name_too_short: 'Project name is too short',
  project_name_too_long: 'Project name is too long',
  project_name_not_unique: 'Project name must be unique',
  project_name_unchanged: 'Name unchanged, not updating',

  // IP sets
  ipset_name_empty: 'IP set name is empty',
  ipset_name_spaces: 'IP set name cannot contain spaces',

  // Tickets and other dialogs
  telegram_id_empty: 'Telegram ID is empty',
  ticket_title_empty: 'Title is empty',
  ticket_description_empty: 'Description is empty',
} as const;

/** A key of {@link MESSAGES}. */
export type MessageKey = keyof typeof MESSAGES;

/** Whether `key` is a known message key. */
export function isMessageKey(key: unknown): key is MessageKey {
  return typeof key === 'string' && Object.prototype.hasOwnProperty.call(MESSAGES, key);
}

/**
 * The English text of a message key. Anything that is not a known key (for example a zod
 * default message) is returned unchanged, so it is safe to call on every issue message.
 */
export function messageText(key: string): string {
  return isMessageKey(key) ? MESSAGES[key] : key;
}
