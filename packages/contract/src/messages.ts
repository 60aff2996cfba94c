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
  control_characters: 'Remove the control characters (such as NUL) from this field',

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
  country_invalid: 'Choose a country from the list',
  phone_prefix_invalid: 'Enter a country calling code, such as +351',
  phone_number_invalid: 'Enter 4 to 14 digits; spaces, hyphens and brackets are allowed',
  phone_number_too_long: 'The calling code and the phone number can have at most 15 digits together',
  vat_number_invalid: 'The VAT number does not have the format of the billing country',
  tax_number_invalid: 'The tax number must have 4 to 20 letters and digits (spaces, dots, slashes and hyphens are allowed)',
  referrer_invalid: 'The referrer must be 5 uppercase letters',
  language_invalid: 'Unsupported language',
  redirect_invalid: 'The redirect address is not valid',
  message_empty: 'The reset link is empty or broken',

  // Profile and settings (password change, inactivity logout, timezone, account deletion)
  password_old_empty: 'Old password is empty',
  logout_minutes_invalid: 'Enter a whole number of minutes from 1 to 1440',
  timezone_empty: 'Timezone is empty',
  timezone_unknown: 'Unknown timezone',
  delete_confirm_invalid: 'Type DELETE to confirm',
  delete_acknowledgements_required: 'Tick all four boxes to confirm',

  // Confirmation and reset codes
  code_empty: 'Code is empty',
  code_invalid_format: 'The code has 6 digits',
  two_factor_code_format: 'Enter the 6-digit code or a recovery code',
  passkey_name_empty: 'Name is empty',

  // Servers and orders
  hostname_empty: 'Hostname is required',
  hostname_invalid: 'Hostname may contain only letters, digits, - and .',
  hostname_labels_invalid: 'Each part of the hostname between dots must start and end with a letter or digit',
  hostname_dedicated_invalid: 'Hostname may contain only letters, digits and hyphens',
  ilo_password_invalid: 'The ILO password must be exactly 8 uppercase characters (letters, digits and symbols)',
  snapshot_name_empty: 'Snapshot name is empty',
  snapshot_name_invalid: 'Snapshot name must be alphanumeric',
  snapshot_name_start_letter: 'Snapshot name must start with a letter',
  snapshot_name_too_short: 'Snapshot name must have at least 2 characters',
  iso_name_invalid: 'The file name may hold letters, digits, spaces and . _ - ( ) + and must end in .iso',
  iso_url_invalid: 'Enter an http or https address of the ISO image',
  root_password_empty: 'Root password is empty',
  root_password_confirm_empty: 'Confirm root password is empty',
  root_password_too_short: 'The root password must have at least 8 characters',
  disk_max_exceeded: 'Max total disk size of 1000 GB exceeded',
  disk_not_higher: 'New disk size must be higher than the current one',
  amount_invalid: 'amount invalid',
  boot_order_invalid: 'Put CD/DVD, SSD and NET in an order, each once',
  name_confirm_empty: 'Type the server\u2019s name to confirm',
  name_confirm_mismatch: 'The name typed is not the server\u2019s name',
  model_required: 'Choose a model',
  quantity_invalid: 'Quantity must be a whole number from 1 to 10',
  cart_empty: 'Your cart is empty',
  disk_below_minimum: 'The disk is smaller than the model and the system image need',
  image_windows_core_type: 'Windows images need a dedicated core \u2014 Windows optimised',
  order_project_unknown: 'Choose one of your projects',
  order_ssh_key_unknown: 'Choose SSH keys of your account',
  order_offer_unknown: 'This line does not name a current offer for its model and location',

  // Cloud price lists (staff)
  model_code_invalid: 'The code must say the size as S<cores>R<RAM in GB>, such as S4R16',
  model_size_invalid: 'Enter a whole number within the limits',
  model_prices_incomplete: 'Give one price for every location',
  core_type_unknown: 'Choose a core type from the list',
  location_unknown: 'Choose a location from the list',
  price_percent_invalid: 'Enter a whole percent from 0 to 100',

  // Vouchers
  voucher_empty: 'Voucher code is empty',
  voucher_invalid: 'The code must contain 5-15 uppercase letters or digits',

  // Identity verification (photo ID and selfie uploads, spec 2 §8 'Uploads')
  upload_invalid_image: 'upload must be an image under 2 MB',
  upload_already_uploaded: 'file already uploaded',
  upload_file_empty: 'Choose an image to upload',
  upload_kind_invalid: 'Say whether the image is the photo ID or the selfie',
  document_type_invalid: 'Choose the type of photo ID',
  verification_request_invalid: 'Choose a verification request',
  verification_reason_empty: 'A reason is required',

  // Projects
  project_name_empty: 'Project name is empty',
  project_name_spaces: 'Project name cannot contain spaces',
  project_name_invalid_chars: 'Project name contains invalid characters',
  project_name_too_short: 'Project name is too short',
  project_name_too_long: 'Project name is too long',
  project_name_not_unique: 'Project name must be unique',
  project_name_unchanged: 'Name unchanged, not updating',
  project_required: 'Choose a project',
  project_not_empty: 'Project cannot be deleted if it contains VMs or SSH keys',
  project_default_not_deletable: 'The default project cannot be deleted',
  vms_empty: 'Choose at least one server',

  // SSH keys
  ssh_keys_empty: 'Paste at least one public key',
  ssh_keys_too_many: 'At most 100 keys can be uploaded at once',
  ssh_keys_none_selected: 'Select at least one key',
  ssh_key_private: 'This is a private key: paste only the public key (the .pub file)',
  ssh_key_format: 'Not an OpenSSH public key: expected "type key-data comment" on one line',
  ssh_key_type_unsupported: 'Unsupported key type: use ssh-ed25519, ecdsa-sha2-nistp256/384/521 or ssh-rsa',
  ssh_key_base64_invalid: 'The key data is not valid base64',
  ssh_key_data_invalid: 'The key data is damaged or incomplete',
  ssh_key_type_mismatch: 'The key type does not match the key data',
  ssh_key_rsa_too_short: 'RSA keys must have at least 2048 bits',
  ssh_key_rsa_too_long: 'RSA keys can have at most 16384 bits',
  ssh_key_comment_too_long: 'The comment after the key is too long',
  ssh_key_duplicate_line: 'The same key is on an earlier line',
  ssh_key_exists: 'This key is already in the project',
  ssh_key_name_empty: 'Key name is empty',
  ssh_key_name_invalid: 'Key name cannot contain line breaks or control characters',

  // IP sets
  ipset_name_empty: 'IP set name is empty',
  ipset_name_spaces: 'IP set name cannot contain spaces',
  ipset_comment_too_long: 'The comment is too long (at most 120 characters)',
  ip_list_empty: 'Enter at least one IP address',
  ip_list_invalid: 'Invalid data: enter IPv4 or IPv6 addresses or CIDR blocks, separated by commas',
  ipset_full: 'An IP set holds at most 1000 IPs',
  ip_invalid: 'Invalid data: enter an IPv4 or IPv6 address',

  // Firewall, reverse DNS, port forwarding and custom domains (issue 15)
  firewall_source_invalid: 'Invalid data: source IP must be an address, a CIDR block, an IP set or empty for all',
  firewall_port_invalid: 'Invalid data: a port is 1 to 65535, a range is written 1000:2000',
  firewall_port_needs_protocol: 'Ports need the protocol TCP or UDP',
  firewall_action_invalid: 'Invalid data: the action is ACCEPT or DROP',
  firewall_protocol_invalid: 'Invalid data: the protocol is any, TCP, UDP or ICMP',
  firewall_too_many_rules: 'A server has at most 100 firewall rules',
  ptr_invalid: 'Invalid data: reverse DNS is a full hostname such as mail.example.com',
  domain_empty: 'Domain name is empty',
  domain_invalid: 'Invalid data: enter a domain name such as shop.example.com',
  forward_port_invalid: 'Invalid data: a port is 1 to 65535',

  // Tickets and other dialogs
  telegram_id_empty: 'Telegram ID is empty',
  ticket_title_empty: 'Title is empty',
  ticket_description_empty: 'Description is empty',

  // My services (add service, cancel on a chosen date, comment)
  service_required: 'Choose a service',
  service_product_required: 'Choose what to add',
  cancel_date_required: 'Choose the day the service ends',
  date_invalid: 'Enter a date as YYYY-MM-DD',
  cancel_date_past: 'The end date cannot be in the past',
  cancel_date_before_min: 'The service cannot end before its minimum cancel date',

  // Price lists (issue 18): a new price starts on a chosen day.
  price_date_required: 'Choose the day the new price starts',
  price_date_past: 'A new price cannot start before today',
  price_date_too_far: 'A new price can start at most two years ahead',
  price_invalid: 'Enter a price of 0 or more, with at most two decimals',

  // Credit notes (issue 18).
  credit_amount_invalid: 'Enter an amount greater than 0',
  credit_reason_empty: 'Give the reason for the credit note',
  service_comment_too_long: 'The comment can have at most 500 characters',
  // Dedicated-server price lists (issue 18).
  offer_name_empty: 'Name the offer',
  price_change_incomplete: 'Give the new price and the day it starts together',
  price_list_nothing_to_change: 'Nothing to change',

  // Sub-users and claims
  user_empty: 'User is empty',
  claims_empty: 'Choose at least one claim',
  claim_invalid: 'This claim does not exist or cannot be granted',
  // Payments
  invoices_empty: 'Select at least one invoice',
  invoices_too_many: 'At most 20 invoices can be paid at once',
  invoices_invalid: 'Select invoices from the list',
  payment_method_invalid: 'Choose how to pay',
  deposit_amount_invalid: 'Enter an amount from 5 € to 10 000 €',
  payment_invalid: 'Unknown payment',
  order_invalid: 'Unknown order',
  payment_reference_invalid: 'The reference must look like PS-2026-000123-45 or PS-1234-56 and its check digits must match',
  idempotency_key_invalid: 'The payment request is broken: reload the page and try again',
  // Support: tickets, abuse reports, status (issue 16)
  ticket_comment_empty: 'Write a comment',
  ticket_priority_invalid: 'Choose the priority: low, normal or high',
  ticket_too_many_files: 'At most 3 attachments',
  ticket_attachment_type: 'Attach jpg or png images only',
  ticket_nothing_to_change: 'Nothing to change',
  ticket_name_empty: 'Your name is required',
  guest_ticket_link_invalid: 'This ticket link is not valid',
  abuse_name_empty: 'Your name is required',
  abuse_location_empty: 'Say where the content is: a URL, an IP address or a server',
  abuse_kind_empty: 'Choose what kind of abuse it is',
  abuse_explanation_empty: 'Explain why the content is abusive or illegal',
  abuse_good_faith_required: 'Confirm that the notice is accurate and made in good faith',
  status_message_empty: 'The status message is empty',
  // Reseller programme (issue 17)
  agreement_file_invalid: 'Upload the signed agreement as a PDF, JPEG or PNG file under 5 MB',
  reseller_client_required: 'Choose the client the file is for',
  reseller_client_not_allowed: 'Only client files are filed under a client',
  // Dedicated servers (issue 17)
  dedicated_power_action_invalid: 'Choose a power function from the list',
  wg_pubkey_invalid: 'Enter a WireGuard public key: 44 characters of base64 ending in =',
  // VPN servers (issue 17)
  vpn_peer_name_empty: 'Name the peer (the device that connects)',
  vpn_peer_name_invalid:
    'A peer name has 1 to 32 letters, digits, dots, hyphens and underscores, starting with a letter or digit',
  // Routers (issue 18)
  mac_invalid: 'Enter a MAC address such as AA:BB:CC:DD:EE:FF',
  router_ip_invalid: 'Enter an IPv4 address such as 185.66.10.20',
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
