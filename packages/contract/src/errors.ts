/**
 * The error catalogue: every error the API answers with has a stable code, an HTTP status and a
 * default message. The body is always {code, message, hint, details} (spec 2 §8).
 */

export interface ApiErrorBody {
  code: string;
  message: string;
  hint: string | null;
  details: string | null;
}

interface CatalogueEntry {
  status: number;
  message: string;
  hint?: string;
}

export const ERRORS = {
  // 400 — the request itself is wrong
  VALIDATION_FAILED: { status: 400, message: 'Please correct the following errors before continuing.' },
  BAD_REQUEST: { status: 400, message: 'The request could not be understood' },
  UNKNOWN_COLUMN: { status: 400, message: 'Unknown column', hint: 'Only the documented columns of this view can be used' },
  UNKNOWN_OPERATOR: {
    status: 400,
    message: 'Unknown filter operator',
    hint: 'Use one of eq, neq, gt, gte, lt, lte, like, ilike, in, is',
  },
  BAD_FILTER_VALUE: { status: 400, message: 'Invalid filter value' },
  SSH_KEY_INVALID: {
    status: 400,
    message: 'The SSH keys could not be read',
    hint: 'Nothing was saved. Paste one OpenSSH public key per line',
  },
  // 401 — no or bad token; the message names JWT so the web logs the user out
  JWT_MISSING: { status: 401, message: 'JWT missing', hint: 'Log in and send the token as Authorization: Bearer' },
  JWT_EXPIRED: { status: 401, message: 'JWT expired', hint: 'Log in again' },
  JWT_INVALID: { status: 401, message: 'JWSError: JWT invalid', hint: 'Log in again' },
  JWT_REVOKED: { status: 401, message: 'JWT revoked: the session has ended', hint: 'Log in again' },
  // Personal API tokens (issue 19): `pst_` bearer tokens; short texts, the catalogue is in the web's first load.
  API_TOKEN_INVALID: { status: 401, message: 'API token invalid', hint: 'Create a new token in Settings' },
  API_TOKEN_EXPIRED: { status: 401, message: 'API token expired', hint: 'Create a new token in Settings' },
  API_TOKEN_REVOKED: { status: 401, message: 'API token revoked', hint: 'Create a new token in Settings' },
  INVALID_CREDENTIALS: { status: 401, message: 'Invalid e-mail or password' },
  // GET /metrics with METRICS_TOKEN set (issue 19): no or another bearer token.
  METRICS_TOKEN_INVALID: { status: 401, message: 'Wrong metrics token', hint: 'Send METRICS_TOKEN as a bearer token' },
  // 403 — authenticated but not allowed
  CLAIM_REQUIRED: { status: 403, message: 'Operation not permitted!', hint: 'A permission (claim) is missing' },
  ROLE_REQUIRED: { status: 403, message: 'Operation not permitted!', hint: 'This area is for the provider\u2019s staff' },
  API_TOKEN_SCOPE: { status: 403, message: 'API token scope missing', hint: 'The details name the scope needed' },
  UNCONFIRMED_EMAIL: {
    status: 403,
    message: 'UNCONFIRMED_EMAIL: the e-mail address is not confirmed yet',
    hint: 'Enter the code we sent you or ask for a new one',
  },
  ACCOUNT_BLOCKED: { status: 403, message: 'This user is blocked', hint: 'Ask the account owner to unblock you' },
  // The hash-in-path of the notification calls (spec 2 §7, DESIGN §3): one answer for a wrong hash,
  // an unknown or blocked user and another account's e-mail, so none of them can be told apart.
  NOTIFICATION_HASH_INVALID: {
    status: 403,
    message: 'The notification request is not signed correctly',
    hint: 'Reload the page to fetch the account data again',
  },
  // The console link (/console-open/:url/:cookie/:epoch/:hash): altered, unknown, or older than a minute.
  CONSOLE_LINK_INVALID: {
    status: 403,
    message: 'The console link is not valid',
    hint: 'Open the console again from the server\u2019s page',
  },
  CONSOLE_LINK_EXPIRED: {
    status: 403,
    message: 'The console link has expired',
    hint: 'A console link works for one minute: open the console again',
  },
  // The hashed invoice link of /pay-invoice (contract payments.ts): altered or unknown, or too old.
  PAY_LINK_INVALID: {
    status: 403,
    message: 'The payment link is not valid',
    hint: 'Use the link from the invoice e-mail, or log in and pay the invoice from Billing',
  },
  PAY_LINK_EXPIRED: { status: 403, message: 'The payment link has expired', hint: 'Log in and pay the invoice from Billing' },
  // 404
  NotFound: { status: 404, message: 'Not Found', hint: 'Not Found' },
  // The developer mailbox asked for from another machine: it answers only on the loopback socket.
  LOCAL_ONLY: {
    status: 404,
    message: 'Not Found',
    hint: 'The developer mailbox opens only on the machine running the portal (http://localhost)',
  },
  // 409 — conflict with the current state
  UPLOAD_DUPLICATE: { status: 409, message: 'file already uploaded', hint: 'Choose another image' },
  VERIFICATION_STATE: { status: 409, message: 'Not possible in the current state of the identity verification' },
  EMAIL_TAKEN: { status: 409, message: 'This e-mail address is already registered', hint: 'Log in or reset your password' },
  ALREADY_CONFIRMED: { status: 409, message: 'This e-mail address is already confirmed', hint: 'You can log in' },
  USER_HAS_DATA: { status: 409, message: 'This user still owns data and cannot be deleted', hint: 'Block the user instead' },
  PROJECT_NAME_TAKEN: {
    status: 409,
    message: 'Project name must be unique',
    hint: 'Another project of the account has this name',
  },
  PROJECT_NOT_EMPTY: {
    status: 409,
    message: 'Project cannot be deleted if it contains VMs or SSH keys',
    hint: 'Move or delete its servers and SSH keys first',
  },
  PROJECT_IS_DEFAULT: {
    status: 409,
    message: 'The default project cannot be deleted',
    hint: 'Make another project the default first',
  },
  SSH_KEY_EXISTS: { status: 409, message: 'This key is already in the project', hint: 'Nothing was saved' },
  NOTIFICATION_CONNECTION_TAKEN: {
    status: 409,
    message: 'This connection is registered to another account',
    hint: 'Reconnect to get a new connection',
  },
  VM_OPERATION_IN_PROGRESS: {
    status: 409,
    message: 'Operation in progress',
    hint: 'Wait until the current operation on this server has finished',
  },
  VM_LOCKED: {
    status: 409,
    message: 'Server must be unlocked before performing this operation',
    hint: 'Unlock the server first',
  },
  VM_DELETE_NOT_ALLOWED: { status: 409, message: 'You must TURN OFF and UNLOCK the machine before DELETE' },
  VM_STATE: { status: 409, message: 'Not possible in the server\u2019s current power state' },
  VM_PENDING_DELETE: { status: 409, message: 'The server is being deleted' },
  VM_CONTACT_LOST: {
    status: 409,
    message:
      'Server status: We are not able to perform this operation. We lost the contact with the server. This is NOT related to power status.',
  },
  NAME_UNCHANGED: { status: 409, message: 'Name unchanged, not updating' },
  VM_MUST_BE_STOPPED: {
    status: 409,
    message: 'Turn the server off first',
    hint: 'The firmware and the TPM change only while the server is stopped',
  },
  SETTING_UNCHANGED: { status: 409, message: 'The server has this setting already', hint: 'Nothing was changed' },
  VM_NOT_WINDOWS: {
    status: 409,
    message: 'Only for servers with a Windows image',
    hint: 'The firmware and TPM settings are for Windows (Windows 11 and Server 2022 need UEFI and a TPM 2.0)',
  },
  VM_MUST_BE_RUNNING: {
    status: 409,
    message: 'The server must be running',
    hint: 'The password is set through the guest agent of the running system',
  },
  GUEST_AGENT_UNAVAILABLE: {
    status: 409,
    message: 'The guest agent of the server does not answer',
    hint: 'Wait until the system has booted, or use the console',
  },
  DOWNGRADE_NOT_POSSIBLE: {
    status: 422,
    message: 'Downgrade is not possible',
    hint: 'Choose a model above the current one, of the same core type and location',
  },
  API_TOKEN_LIMIT: { status: 422, message: 'Too many API tokens', hint: 'Revoke one you no longer use' },
  DISK_NOT_HIGHER: { status: 422, message: 'New disk size must be higher than the current one', hint: 'Disks can only grow' },
  DISK_MAX_EXCEEDED: {
    status: 422,
    message: 'Max total disk size of 1000 GB exceeded',
    hint: 'More needs a free manual migration with a short downtime: open a support ticket',
  },
  NAME_CONFIRM_MISMATCH: {
    status: 422,
    message: 'The name typed is not the server\u2019s name',
    hint: 'Type the server\u2019s name exactly',
  },
  IPV4_ASSIGNED: { status: 409, message: 'The server has an IPv4 address already' },
  IPV4_POOL_EMPTY: {
    status: 409,
    message: 'No free IPv4 address is left in this location',
    hint: 'Open a support ticket: we add addresses to the location',
  },
  // Network (issue 15)
  IPSET_NOT_FOUND: { status: 404, message: 'No such IP set', hint: 'Reload the list of IP sets' },
  IPSET_NAME_TAKEN: { status: 409, message: 'An IP set of this name exists already', hint: 'Choose another name' },
  IPSET_FULL: {
    status: 422,
    message: 'An IP set holds at most 1000 IPs',
    hint: 'Remove addresses first, use CIDR blocks, or make a second IP set',
  },
  IPSET_SERVER_LIMIT: {
    status: 422,
    message: 'A server can have at most 50 IP sets',
    hint: 'Detach an IP set from the server first',
  },
  IPSET_IN_USE: {
    status: 409,
    message: 'A firewall rule uses this IP set',
    hint: 'Change or delete the rules that name it first',
  },
  IPSET_NOT_ATTACHED: {
    status: 422,
    message: 'This IP set is not attached to the server',
    hint: 'Attach the IP set to the server on its IP set page first',
  },
  IP_NOT_FOUND: { status: 404, message: 'No such IP address in the list', hint: 'Reload the list' },
  IP_EXISTS: { status: 409, message: 'This IP address is in the list already' },
  FIREWALL_CHANGED: {
    status: 409,
    message: 'The firewall rules were changed meanwhile',
    hint: 'Reload the rules and make your changes again',
  },
  FIREWALL_RULE_NOT_FOUND: { status: 404, message: 'No such firewall rule', hint: 'Reload the rules' },
  ADDRESS_NOT_YOURS: { status: 404, message: 'This address is not one of your servers\u2019 addresses' },
  FORWARD_HAS_IPV4: {
    status: 409,
    message: 'This server has a public IPv4 address',
    hint: 'Port forwarding is for servers without one: reach the server on its own address',
  },
  FORWARD_NO_GATEWAY: {
    status: 409,
    message: 'This location has no gateway address for port forwarding',
    hint: 'Open a support ticket',
  },
  FORWARD_PORT_TAKEN: { status: 409, message: 'This external port is taken', hint: 'Leave the port empty to get a free one' },
  FORWARD_PORTS_EXHAUSTED: {
    status: 409,
    message: 'No external port is free on this gateway',
    hint: 'Open a support ticket',
  },
  FORWARD_LIMIT: { status: 422, message: 'A server has at most 20 port forwards', hint: 'Delete one first' },
  FORWARD_EXISTS: { status: 409, message: 'This internal port is forwarded already' },
  PORT_FORWARDS_EXIST: {
    status: 409,
    message: 'The server has port forwards',
    hint: 'Delete its port forwards first: with a public IPv4 address it is reached directly',
  },
  FORWARD_NOT_FOUND: { status: 404, message: 'No such port forward', hint: 'Reload the list' },
  DOMAIN_TAKEN: { status: 409, message: 'This domain is in use by another account' },
  DOMAIN_EXISTS: { status: 409, message: 'This domain is in your list already' },
  DOMAIN_NOT_FOUND: { status: 404, message: 'No such domain', hint: 'Reload the list' },
  DOMAIN_NOT_VERIFIED: {
    status: 422,
    message: 'The TXT record was not found',
    hint: 'Add the TXT record at your DNS provider; it may take up to an hour to be seen',
  },
  DNS_UNAVAILABLE: { status: 503, message: 'The DNS service is not answering', hint: 'Try again in a minute' },
  // Dedicated servers (issue 17)
  DEDICATED_NOT_FOUND: {
    status: 404,
    message: 'No such dedicated server',
    hint: 'Check the serial number in your list of dedicated servers',
  },
  BMC_UNAVAILABLE: {
    status: 503,
    message: 'The server\u2019s management controller is not answering',
    hint: 'Try again in a minute; the server itself may be running normally',
  },
  BMC_REFUSED: {
    status: 422,
    message: 'The server\u2019s management controller refused the request',
    hint: 'Try again; if it keeps failing, open a ticket',
  },
  POWER_ACTION_UNSUPPORTED: {
    status: 422,
    message: 'This server does not offer this power function',
    hint: 'Choose one of the functions listed',
  },
  POWER_ACTION_RUNNING: {
    status: 409,
    message: 'A power function is already running on this server',
    hint: 'Wait until it has finished',
  },
  IPMI_ACCESS_OFF: { status: 409, message: 'IPMI access is off', hint: 'Turn IPMI access on first' },
  IPMI_NOT_OFFERED: {
    status: 409,
    message: 'IPMI access is not offered at this location yet',
    hint: 'Open a ticket and we will set it up',
  },
  DEDICATED_NOT_BILLED: { status: 409, message: 'This server is not billed as a service yet', hint: 'Open a ticket' },
  DEDICATED_SERIAL_TAKEN: { status: 409, message: 'A server with this serial number exists already' },
  BMC_NAME_TAKEN: { status: 409, message: 'A management controller of this name is registered already' },
  INSTALL_STEP_BACKWARDS: { status: 409, message: 'An installation only moves forward', hint: 'Choose a later step' },
  PRICE_LIST_ROW_NOT_FOUND: { status: 404, message: 'No such entry in the price list', hint: 'Reload the list' },
  SERVER_OFFER_EXISTS: {
    status: 409,
    message: 'This product is offered at this location already',
    hint: 'Change the price of the existing offer instead',
  },
  IPMI_GATEWAY_TOKEN: {
    status: 401,
    message: 'The gateway token is not valid',
    hint: 'Send the token staff made for this gateway as Authorization: Bearer',
  },
  ADDITIONAL_IP_NOT_FOUND: { status: 404, message: 'No such additional address', hint: 'Reload the list of addresses' },
  // Reseller programme (issue 17)
  RESELLER_NOT_APPROVED: {
    status: 409,
    message: 'Your reseller agreement is not approved yet',
    hint: 'Generate the agreement, sign it and upload it; the provider then approves it',
  },
  RESELLER_ALREADY_APPROVED: {
    status: 409,
    message: 'The reseller agreement is approved already',
    hint: 'Your referral code is on the Reseller page',
  },
  AGREEMENT_NOT_GENERATED: {
    status: 409,
    message: 'Generate the reseller agreement first',
    hint: 'Use Generate on the Reseller page',
  },
  AGREEMENT_NOT_SUBMITTED: {
    status: 409,
    message: 'The signed reseller agreement has not been uploaded',
    hint: 'Only an uploaded agreement can be approved',
  },
  RESELLER_NOT_FOUND: { status: 404, message: 'No such reseller', hint: 'Check the account id' },
  RESELLER_CLIENT_NOT_FOUND: {
    status: 404,
    message: 'No such client under contract',
    hint: 'Reload the list of your clients',
  },
  CONTRACT_REQUEST_OWN_ACCOUNT: {
    status: 422,
    message: 'You cannot ask for a contract with your own account',
    hint: 'Enter the e-mail address of a customer you brought to us',
  },
  CONTRACT_REQUEST_REFUSED: {
    status: 422,
    message: 'No contract can be requested for this e-mail address',
    hint: 'The address must be a customer\u2019s account that no reseller looks after yet',
  },
  CONTRACT_REQUEST_NOT_FOUND: { status: 404, message: 'No such contract request', hint: 'Reload the list of requests' },
  CONTRACT_REQUEST_DECIDED: {
    status: 409,
    message: 'This contract request has been decided already',
    hint: 'Reload the list of requests',
  },
  CLIENT_HAS_RESELLER: {
    status: 409,
    message: 'This customer already has a reseller',
    hint: 'A customer can be under contract with one reseller only',
  },
  // VPN servers (issue 17); another account's server, or one that is no VPN server, is the VM calls' NotFound.
  VPN_PEER_NOT_FOUND: { status: 404, message: 'No such peer on this VPN server', hint: 'Reload the list of peers' },
  VPN_PEER_NAME_TAKEN: { status: 409, message: 'A peer of this name exists on the server already', hint: 'Choose another name' },
  VPN_PEER_KEY_TAKEN: {
    status: 409,
    message: 'This public key is a peer of the server already',
    hint: 'Each device needs its own key pair',
  },
  VPN_PEER_LIMIT: { status: 422, message: 'A VPN server has at most 50 peers', hint: 'Remove a peer first' },
  // Support (issue 16)
  TICKET_NOT_FOUND: { status: 404, message: 'No such ticket', hint: 'Reload the list of tickets' },
  TICKET_CLOSED: { status: 409, message: 'This ticket is closed', hint: 'Reopen it to write in it' },
  TICKET_AGENT_INVALID: { status: 422, message: 'This user is not a support agent', hint: 'Pick an agent from the list' },
  FILE_NOT_FOUND: { status: 404, message: 'No such file', hint: 'Upload the file again' },
  FILE_IN_USE: { status: 409, message: 'This file is attached already', hint: 'Upload it again for another ticket' },
  ATTACHMENT_TYPE: { status: 422, message: 'Attach jpg or png images only', hint: 'Save the image as jpg or png' },
  GUEST_TICKET_LINK: {
    status: 404,
    message: 'This ticket link is not valid or has expired',
    hint: 'Open a new ticket, or log in to see your tickets',
  },
  ABUSE_REPORT_NOT_FOUND: { status: 404, message: 'No such report', hint: 'Reload the list of reports' },
  ABUSE_REPORT_CLOSED: { status: 409, message: 'This report is closed already' },
  STATUS_NOT_FOUND: { status: 404, message: 'No such status message', hint: 'Reload the list' },
  IP_NOT_BANNED: { status: 404, message: 'This address is not banned', hint: 'Reload the list' },
  PRICE_CHANGE_NOT_FOUND: { status: 404, message: 'No such price change', hint: 'Reload the list' },
  PRICE_CHANGE_STARTED: {
    status: 409,
    message: 'This price has started to apply and can no longer be withdrawn',
    hint: 'Set a new price from a later day instead',
  },
  VM_MODEL_NOT_FOUND: { status: 404, message: 'No such cloud server model', hint: 'Reload the list of models' },
  VM_MODEL_CODE_TAKEN: {
    status: 409,
    message: 'A model with this code and core type exists already',
    hint: 'Change the price of that model instead',
  },
  BACKUPS_DISABLED: { status: 409, message: 'Backups are not enabled for this server', hint: 'Enable backups first' },
  BACKUPS_ENABLED: { status: 409, message: 'Backups are enabled already' },
  BACKUP_NOT_FOUND: { status: 404, message: 'No such backup of this server', hint: 'Reload the list of backups' },
  BACKUP_PROTECTED: {
    status: 409,
    message: 'A protected backup cannot be deleted',
    hint: 'Remove its protection first',
  },
  SNAPSHOT_NOT_FOUND: { status: 404, message: 'No such snapshot of this server', hint: 'Reload the list of snapshots' },
  SNAPSHOT_EXISTS: { status: 409, message: 'A snapshot with this name exists already', hint: 'Choose another name' },
  ISO_NOT_FOUND: { status: 404, message: 'No such ISO image in your account' },
  ISO_NOT_READY: { status: 409, message: 'The ISO image is not ready yet', hint: 'Wait until its download has finished' },
  ISO_IN_USE: {
    status: 409,
    message: 'The ISO image is attached to a server',
    hint: 'Detach it from every server first',
  },
  ISO_NOT_ATTACHED: { status: 409, message: 'No ISO image is attached to this server' },
  ISO_EXISTS: { status: 409, message: 'file already uploaded', hint: 'An ISO image with this name is in your account' },
  ISO_TOO_LARGE: { status: 413, message: 'The ISO image is too large' },
  ISO_NOT_ISO: { status: 415, message: 'The file is not an ISO image', hint: 'Upload an ISO 9660 (.iso) file' },
  ISO_URL_REFUSED: {
    status: 422,
    message: 'This address cannot be downloaded from',
    hint: 'Give an http or https address on the internet',
  },

  CLUSTER_NAME_TAKEN: { status: 409, message: 'A cluster with this name exists already' },
  CONSOLE_LINK_USED: {
    status: 409,
    message: 'The console link has been used already',
    hint: 'Each link opens one console: open the console again',
  },
  INVOICE_NOT_FOUND: { status: 404, message: 'No such invoice', hint: 'Reload the list of invoices' },
  CREDIT_NOTE_NOT_PAID: {
    status: 409,
    message: 'Only a paid invoice can be credited',
    hint: 'A credit note gives back money that was paid',
  },
  CREDIT_NOTE_DEPOSIT: {
    status: 409,
    message: 'A deposit receipt cannot be credited',
    hint: "The deposit is on the account's balance",
  },
  CREDIT_NOTE_TOO_MUCH: {
    status: 422,
    message: 'This is more than is left to credit on the invoice',
    hint: 'Credit at most what is left',
  },
  CREDIT_NOTE_NOT_FOUND: { status: 404, message: 'No such credit note' },
  INVOICE_NOT_OPEN: {
    status: 409,
    message: 'The invoice is not open for payment',
    hint: 'It has been paid or cancelled already',
  },
  PAYMENT_KEY_REUSED: {
    status: 409,
    message: 'This payment request was already used for another payment',
    hint: 'Reload the page and try again',
  },
  PAYMENT_STATE: { status: 409, message: 'Not possible in the current state of the payment' },
  SERVICE_ENDED: { status: 409, message: 'The service has ended and can no longer be changed' },
  SERVICE_NOT_CANCELLED: { status: 409, message: 'The service has no cancellation to withdraw' },
  TWO_FACTOR_NOT_ENABLED: { status: 409, message: 'Two-factor sign-in is not turned on' },
  TWO_FACTOR_ALREADY_ENABLED: { status: 409, message: 'Two-factor sign-in is already turned on' },
  // 422 — a business rule refuses it
  VERIFICATION_INCOMPLETE: { status: 422, message: 'Upload a photo ID and a selfie before submitting' },
  // A route declared for the account's owner, called by a sub-user (users and claims, account
  // deletion, identity verification, adding and cancelling services: docs/access.md). A 422, not
  // a 403: the web ends the session on every 401/403 (spec 2 §8), and a sub-user's session is not
  // to end over a button it should not have pressed.
  OWNER_REQUIRED: { status: 422, message: 'Only the account owner can do this', hint: 'Ask the account owner' },
  VERIFICATION_REQUIRED: {
    status: 422,
    message: 'The account\u2019s identity must be verified first',
    hint: 'The account owner uploads a photo ID and a selfie on the verification page',
  },
  CODE_INVALID: { status: 422, message: 'The code is not valid' },
  CODE_EXPIRED: { status: 422, message: 'The code has expired', hint: 'Ask for a new code' },
  // Two-factor sign-in (issue 19). 422, not 401: the web ends the session on 401/403, and a wrong
  // code typed in settings must not log the user out.
  TWO_FACTOR_CODE_INVALID: {
    status: 422,
    message: 'The code is not valid',
    hint: 'Type the current code from your app, or an unused recovery code',
  },
  TWO_FACTOR_TICKET_EXPIRED: { status: 422, message: 'The sign-in has expired', hint: 'Log in again' },
  TWO_FACTOR_REQUIRED_BY_ACCOUNT: {
    status: 422,
    message: 'The account requires two-factor sign-in',
    hint: 'Ask the account owner',
  },
  TWO_FACTOR_OWNER_FIRST: { status: 422, message: 'Turn on two-factor sign-in for yourself first' },
  PASSKEY_FAILED: { status: 422, message: 'The passkey could not be verified' },
  TRIAL_ONE_SERVER: {
    status: 422,
    message: 'The free trial is for one server',
    hint: 'Order a single server with quantity 1 to take the free trial',
  },
  TRIAL_USED: {
    status: 422,
    message: 'The free trial has been used already',
    hint: 'Each account can take the free trial once: choose another payment method',
  },
  VOUCHER_INVALID: { status: 422, message: 'The voucher code does not exist or has expired' },
  VOUCHER_EXPIRED: {
    status: 422,
    message: 'The voucher code has expired',
    hint: 'Vouchers can be redeemed until their valid-to date: ask for a current code',
  },
  WRONG_PASSWORD: { status: 422, message: 'The old password is not correct', hint: 'Type the password you log in with now' },
  OWNER_PROTECTED: {
    status: 422,
    message: 'Not possible for the account owner',
    hint: 'The owner always holds every claim and cannot be blocked, deleted or given a password here',
  },
  PROJECT_NAME_UNCHANGED: { status: 422, message: 'Name unchanged, not updating' },
  // The staff's customer screens (issue 18): staff do not delete the provider's own accounts there.
  STAFF_ACCOUNT_PROTECTED: {
    status: 422,
    message: 'Accounts and users of the provider\u2019s staff cannot be deleted here',
    hint: 'Remove the staff role in the database first, or delete your own account from Settings',
  },
  // Ordering (issue 5): a server configuration the price list, the images or the account cannot serve.
  ORDER_MODEL_UNAVAILABLE: {
    status: 422,
    message: 'This model is not offered at the chosen location',
    hint: 'Choose another model or location',
  },
  ORDER_IMAGE_UNAVAILABLE: { status: 422, message: 'This system image is not available', hint: 'Choose another system image' },
  ORDER_IMAGE_CORE_TYPE: {
    status: 422,
    message: 'Windows images need a dedicated core \u2014 Windows optimised',
    hint: 'Choose the Windows-optimised core type or a Linux image',
  },
  DISK_BELOW_MINIMUM: {
    status: 422,
    message: 'The disk is smaller than the model and the system image need',
    hint: 'Choose at least the minimum disk size the order form shows',
  },
  ORDER_PROJECT_UNKNOWN: {
    status: 422,
    message: 'The project is not one of the account\u2019s projects',
    hint: 'Choose one of your projects',
  },
  ORDER_SSH_KEY_UNKNOWN: {
    status: 422,
    message: 'An SSH key is not one of the account\u2019s keys',
    hint: 'Choose keys from My SSH Keys',
  },
  TRIAL_CLOUD_ONLY: {
    status: 422,
    message: 'The free trial is for a cloud server',
    hint: 'Pay for a dedicated server by card, bank transfer or from your balance',
  },
  ORDER_OFFER_UNKNOWN: {
    status: 422,
    message: 'The order line does not name a current offer',
    hint: 'Add the server to the cart again from the order form',
  },
  // An account whose billing country is not a known ISO 3166 code cannot be invoiced (its VAT is unknown).
  BILLING_ADDRESS_INVALID: {
    status: 422,
    message: 'Your billing address is incomplete or invalid',
    hint: 'Correct the country in Settings \u2192 Billing address',
  },
  NOTIFICATION_EPOCH_STALE: {
    status: 422,
    message: 'The request time is too far from the server time',
    hint: 'Check the clock of this device, then reload the page',
  },
  BALANCE_INSUFFICIENT: {
    status: 422,
    message: 'The credit balance does not cover this payment',
    hint: 'Add funds, or pay by card or bank transfer',
  },
  // My services: cancelling on a chosen date (never before the minimum cancel date), add-ons
  SERVICE_CANCEL_DATE_PAST: { status: 422, message: 'The end date cannot be in the past', hint: 'Choose today or a later day' },
  SERVICE_CANCEL_TOO_EARLY: {
    status: 422,
    message: 'The service cannot end before its minimum cancel date',
    hint: 'Choose the minimum cancel date or a later day',
  },
  SERVICE_OUTLIVES_PARENT: {
    status: 422,
    message: 'An add-on cannot run longer than the service it belongs to',
    hint: 'Choose a day on or before that service\u2019s end date',
  },
  SERVICE_PRODUCT_UNKNOWN: { status: 422, message: 'This service cannot be added', hint: 'Choose one of the offered services' },
  SERVICE_PARENT_REQUIRED: {
    status: 422,
    message: 'This add-on belongs to a server: choose the server',
    hint: 'Choose one of your servers',
  },
  SERVICE_PARENT_INVALID: {
    status: 422,
    message: 'The chosen server is not an active server of your account',
    hint: 'Choose one of your servers',
  },
  // The provider's routers (issue 18, network operations)
  ROUTER_NOT_FOUND: { status: 404, message: 'This router is not registered' },
  SUBNET_NOT_FOUND: {
    status: 404,
    message: 'This subnet is not on any of the routers',
    hint: 'Rebuild the subnets and reload the page',
  },
  IP_NOT_PROVIDERS: { status: 404, message: 'This address is in none of the routers\u2019 subnets' },
  IP_NOT_IN_SUBNET: {
    status: 422,
    message: 'This address cannot be reserved in this subnet',
    hint: 'Choose a host address of the subnet other than its gateway',
  },
  DHCP_MAC_TAKEN: {
    status: 409,
    message: 'This MAC address is reserved for another address already',
    hint: 'Release that reservation first',
  },
  DHCP_IP_TAKEN: {
    status: 409,
    message: 'This address is reserved for another MAC address already',
    hint: 'Release that reservation first',
  },
  DHCP_RESERVATION_NOT_FOUND: {
    status: 404,
    message: 'There is no DHCP reservation for this MAC address in this subnet',
    hint: 'Reload the page: it may have been released already',
  },
  IP_HELD_BY_SERVER: {
    status: 409,
    message: 'This address belongs to a server',
    hint: 'Its account is the server\u2019s: move the server to the other account instead',
  },
  IP_CLIENT_NOT_SET: { status: 404, message: 'This address is not given to an account' },
  IP_CLIENT_UNKNOWN: { status: 404, message: 'There is no account with this id' },
  SWITCH_NOT_FOUND: { status: 404, message: 'There is no such switch or switch port' },
  ROUTER_REFUSED: {
    status: 422,
    message: 'The router refused the change',
    hint: 'The details say what the router answered',
  },
  INFRA_IN_USE: {
    status: 409,
    message: 'It is still in use and cannot be removed',
    hint: 'Only a cluster without servers, a controller without a server or a router without subnets can be removed',
  },
  CONNECTION_AUTH_FAILED: {
    status: 422,
    message: 'The login was refused',
    hint: 'Check the user name, password or API token and its permissions',
  },
  CONNECTION_TLS_FAILED: {
    status: 422,
    message: 'The TLS certificate could not be verified',
    hint: 'Paste the certificate (PEM) of the device or its CA, or check that the address uses the right scheme and port',
  },
  ROUTER_UNAVAILABLE: {
    status: 503,
    message: 'The router is not answering',
    hint: 'Try again in a minute; the pages show what was last read from it',
  },
  // 408/414/431 — the request's size or pace, answered before it reaches a route
  REQUEST_TIMEOUT: { status: 408, message: 'The request took too long to arrive', hint: 'Check the connection and try again' },
  URI_TOO_LONG: {
    status: 414,
    message: 'The address of the request is too long',
    hint: 'Use fewer or shorter filters, or ask for fewer rows at a time',
  },
  HEADERS_TOO_LARGE: {
    status: 431,
    message: 'The request headers are too large',
    hint: 'Use fewer or shorter filters, or clear this site\u2019s cookies',
  },
  // 429
  RATE_LIMITED: { status: 429, message: 'Too many attempts', hint: 'Wait a few minutes and try again' },
  API_TOKEN_RATE_LIMITED: { status: 429, message: 'Too many requests', hint: 'Wait a minute and try again' },
  TOO_MANY_TRIES: { status: 429, message: 'Too many wrong codes', hint: 'Ask for a new code' },
  // 5xx
  INTERNAL: { status: 500, message: 'Something went wrong on our side', hint: 'Try again; if it keeps failing, open a ticket' },
  CLUSTER_UNAVAILABLE: { status: 503, message: 'The server\u2019s cluster is not answering', hint: 'Try again in a minute' },
  PAYMENT_PROVIDER_UNAVAILABLE: {
    status: 503,
    message: 'The card payment provider is not answering',
    hint: 'Try again in a minute, or pay by bank transfer',
  },
  DATABASE_UNAVAILABLE: { status: 503, message: 'The database is not answering', hint: 'Try again in a minute' },
  // GET /readyz (issue 19): this instance should get no traffic now; details name the failing checks.
  NOT_READY: { status: 503, message: 'Not ready', hint: 'Try another instance' },
} as const satisfies Record<string, CatalogueEntry>;

export type ErrorCode = keyof typeof ERRORS;

/** Builds an error body from the catalogue, with optional message, hint and details overrides. */
export function errorBody(
  code: ErrorCode,
  over: { message?: string; hint?: string | null; details?: string | null } = {},
): ApiErrorBody {
  const entry: CatalogueEntry = ERRORS[code];
  return {
    code,
    message: over.message ?? entry.message,
    hint: over.hint !== undefined ? over.hint : (entry.hint ?? null),
    details: over.details ?? null,
  };
}

export function statusOf(code: ErrorCode): number {
  return ERRORS[code].status;
}
