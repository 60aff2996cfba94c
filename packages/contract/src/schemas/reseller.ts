/**
 * The reseller programme (issue 17; spec 1 §1 'Resellers', §4 'Reseller', 'Contract', 'Invoice',
 * 'Referral'; spec 2 §5, §7 MyResellerContracts, RequestContract, 'reseller agreement generate,
 * download and submit'): the rows of the reseller's views and the staff's, the bodies of their
 * calls, the referral links and banner snippet a reseller hands out, and the signed paths of the
 * agreement on the payment and service host. The commission arithmetic is rules/commission.ts.
 */
import { z } from '../zod';
import { LIMITS, NO_REFERRER, type Language } from '../constants';
import { emailPathPart, type NotificationAuth } from '../hubs';
import { detectImageType } from '../rules/image-type';
import { validateEmail } from '../rules/validators';
import { requiredText } from './fields';
import { dayField, timestampField } from './view-row';

// ——— Constants ———

/** A referrer code: the last five letters of a referral code (spec 2 §5), upper-case. */
export const RESELLER_CODE_LENGTH = LIMITS.referralCodeLength - 2;
/** Commission percent a new reseller gets (staff may agree another one). */
export const RESELLER_DEFAULT_COMMISSION_PERCENT = 10;
/** How long a contract pays commission: created + 24 months. */
export const RESELLER_CONTRACT_MONTHS = 24;
/** none → generated (PDF made) → submitted (signed copy uploaded) → approved (by staff). */
export const AGREEMENT_STATUSES = ['none', 'generated', 'submitted', 'approved'] as const;
export type AgreementStatus = (typeof AGREEMENT_STATUSES)[number];
export const CONTRACT_STATUSES = ['active', 'expired'] as const;
export type ContractStatus = (typeof CONTRACT_STATUSES)[number];
/** How a contract came about: a registration through the link, or a request staff approved. */
export const CONTRACT_ORIGINS = ['referral', 'request'] as const;
export const CONTRACT_REQUEST_STATUSES = ['pending', 'approved', 'rejected'] as const;
export type ContractRequestStatus = (typeof CONTRACT_REQUEST_STATUSES)[number];
/** The signed agreement: a scan or a signed PDF, judged by its bytes. */
export const AGREEMENT_UPLOAD_TYPES = ['application/pdf', 'image/jpeg', 'image/png'] as const;
export const AGREEMENT_UPLOAD_MAX_BYTES = 5 * 1024 * 1024;
/** The multipart field the signed agreement comes in. */
export const AGREEMENT_UPLOAD_FIELD = 'file';
/** RequestContract calls an account may make a day (refused ones too: e-mails cannot be probed in bulk). */
export const CONTRACT_REQUESTS_PER_DAY = 10;
/** Rows per page of the reseller's tables. */
export const RESELLER_PAGE_SIZE = 10;

/** The banners the web app serves under /banners/ (their own simple designs), by size. */
export const RESELLER_BANNERS = [
  { file: 'banner-468x60.svg', width: 468, height: 60 },
  { file: 'banner-300x250.svg', width: 300, height: 250 },
  { file: 'banner-160x600.svg', width: 160, height: 600 },
] as const;
export type ResellerBanner = (typeof RESELLER_BANNERS)[number];

/**
 * What the signed agreement is, judged by its bytes (never its name): a PDF ('%PDF-1.x' or
 * '%PDF-2.x' header), a JPEG or a PNG; null for anything else, an empty file or one too large.
 */
export function agreementUploadType(bytes: Uint8Array): AgreementUploadType | null {
  if (bytes.length === 0 || bytes.length > AGREEMENT_UPLOAD_MAX_BYTES) return null;
  const head = String.fromCharCode(...bytes.subarray(0, 8));
  if (/^%PDF-[12]\.\d/.test(head)) return 'application/pdf';
  const image = detectImageType(bytes.subarray(0, 32));
  return image === 'image/jpeg' || image === 'image/png' ? image : null;
}
export type AgreementUploadType = (typeof AGREEMENT_UPLOAD_TYPES)[number];

// ——— Referral links ———

/** Whether `code` can be a reseller's referrer code: five upper-case letters, never DBSSH. */
export function isResellerCode(code: unknown): code is string {
  return typeof code === 'string' && new RegExp(`^[A-Z]{${RESELLER_CODE_LENGTH}}$`).test(code) && code !== NO_REFERRER;
}

/** The seven-letter referral code of a link: the visitor's language, then the referrer. */
export function referralCode(language: Language, code: string): string {
  return `${language}${code}`;
}

/** The two links a reseller hands out (origin without a trailing slash). */
export function referralLinks(origin: string, language: Language, code: string, country: string) {
  const ref = encodeURIComponent(referralCode(language, code));
  return {
    register: `${origin}/register?ref=${ref}`,
    welcome: `${origin}/welcome/${encodeURIComponent(country.toUpperCase())}?ref=${ref}`,
  };
}

const escapeAttr = (s: string) => s.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/** The HTML a reseller pastes into a page: the banner, linking to the landing page with the code. */
export function bannerSnippet(link: string, imageUrl: string, banner: ResellerBanner, alt: string): string {
  return `<a href="${escapeAttr(link)}"><img src="${escapeAttr(imageUrl)}" width="${banner.width}" height="${banner.height}" alt="${escapeAttr(alt)}"></a>`;
}

// ——— Rows ———

/** MyReseller (one row, or none before the programme is joined): the account's standing. */
export const myResellerRow = z.object({
  /** The account (spec 1 §4 'client code'). */
  client: z.uuid(),
  /** The five-letter referrer code; null until the agreement is approved. */
  referrer_code: z.string().nullable(),
  commission_percent: z.int(),
  agreement_status: z.enum(AGREEMENT_STATUSES),
  generated_at: timestampField().nullable(),
  submitted_at: timestampField().nullable(),
  /** The signed copy's file name, as uploaded. */
  signed_name: z.string().nullable(),
  approved_at: timestampField().nullable(),
});
export type MyReseller = z.infer<typeof myResellerRow>;

/** MyResellerContracts: the reseller's contracts, each with the client and what it has earned. */
export const resellerContractRow = z.object({
  contract: z.int(),
  /** The reseller's account. */
  reseller: z.uuid(),
  /** The client's account id. */
  client: z.uuid(),
  client_name: z.string(),
  client_company: z.string().nullable(),
  origin: z.enum(CONTRACT_ORIGINS),
  created: timestampField(),
  expires: timestampField(),
  commission_percent: z.int(),
  status: z.enum(CONTRACT_STATUSES),
  /** The client's invoices within the contract's period (MyResellerInvoices). */
  invoices: z.int(),
  /** Commission earned so far (paid invoices within the period). */
  commission_cents: z.int(),
});
export type ResellerContract = z.infer<typeof resellerContractRow>;

/** MyContractRequests: the reseller's requests for contracts with existing customers. */
export const contractRequestRow = z.object({
  request: z.int(),
  email: z.string(),
  status: z.enum(CONTRACT_REQUEST_STATUSES),
  created_at: timestampField(),
  decided_at: timestampField().nullable(),
});
export type ContractRequest = z.infer<typeof contractRequestRow>;

/**
 * MyResellerInvoices (`client=eq.{id}`): a contracted client's invoices issued within the
 * contract's period (spec 1 §4: number, date, due date, status, amount, commission base,
 * commission); deposits are prepayments and are not listed.
 */
export const resellerInvoiceRow = z.object({
  client: z.uuid(),
  contract: z.int(),
  invoice: z.int(),
  number: z.string(),
  issued_on: dayField(),
  due_on: dayField(),
  status: z.enum(['open', 'paid', 'void']),
  /** The invoice's total, VAT included. */
  amount_cents: z.int(),
  /** What the client has paid of it (the shown status: partly paid). */
  paid_cents: z.int(),
  /** Its net subtotal, without VAT. */
  commission_base_cents: z.int(),
  commission_percent: z.int(),
  /** rules/commission.ts: half-up cents of a paid invoice, else 0 (only invoices within the period are listed). */
  commission_cents: z.int(),
});
export type ResellerInvoice = z.infer<typeof resellerInvoiceRow>;

/** ResellerAgreements (staff): every account that has started the programme. */
export const resellerAgreementRow = z.object({
  client: z.uuid(),
  client_name: z.string(),
  client_company: z.string().nullable(),
  email: z.string(),
  agreement_status: z.enum(AGREEMENT_STATUSES),
  referrer_code: z.string().nullable(),
  commission_percent: z.int(),
  generated_at: timestampField().nullable(),
  submitted_at: timestampField().nullable(),
  approved_at: timestampField().nullable(),
});
export type ResellerAgreement = z.infer<typeof resellerAgreementRow>;

/** ContractRequests (staff): what resellers asked for, pending first. */
export const contractRequestAdminRow = z.object({
  request: z.int(),
  reseller: z.uuid(),
  reseller_name: z.string(),
  email: z.string(),
  client: z.uuid(),
  client_name: z.string(),
  status: z.enum(CONTRACT_REQUEST_STATUSES),
  created_at: timestampField(),
  decided_at: timestampField().nullable(),
});
export type ContractRequestAdmin = z.infer<typeof contractRequestAdminRow>;

// ——— Bodies ———

const requestIdField = z.int({ error: 'invalid_data' }).positive({ error: 'invalid_data' });

/** RequestContract: the e-mail address of an existing customer the reseller brought. */
export const requestContractSchema = z.object({
  p_email: requiredText('email_empty', 254, validateEmail).toLowerCase(),
});
export type RequestContractBody = z.input<typeof requestContractSchema>;

/** ApproveResellerAgreement (staff): the account whose uploaded agreement is approved. */
export const approveResellerAgreementSchema = z.object({ p_client: z.uuid({ error: 'invalid_data' }) });
/** ApproveContract / RejectContractRequest (staff). */
export const contractRequestDecisionSchema = z.object({ p_request: requestIdField });

/** What RequestContract answers: the pending request. */
export interface RequestContractAnswer {
  request: number;
  status: ContractRequestStatus;
}

/** What the agreement calls answer: where the account stands. */
export interface AgreementState {
  agreement_status: AgreementStatus;
  generated_at: string | null;
  submitted_at: string | null;
}

// ——— The agreement on the payment and service host ———

const seg = (s: string | number) => encodeURIComponent(String(s)).replaceAll('%24', '$').replaceAll('%40', '@');
const signed = (a: NotificationAuth) =>
  `${seg(a.issuer)}/${seg(emailPathPart(a.email))}/${seg(a.clientId)}/${a.epoch}/${seg(a.hash)}`;

/**
 * Paths of the reseller agreement calls (append to the host's base URL), signed as the other
 * account calls of the host (hubs.ts accountSalt): only the account's owner may make them.
 */
export const resellerAgreementPaths = {
  /** POST, no body: makes the agreement PDF from the account's details → {@link AgreementState}. */
  generate: (a: NotificationAuth) => `/svc/reseller/agreement/generate/${signed(a)}`,
  /** GET: the agreement PDF made last (to print, sign and upload). */
  download: (a: NotificationAuth) => `/svc/reseller/agreement/download/${signed(a)}`,
  /** POST multipart ({@link AGREEMENT_UPLOAD_FIELD}): the signed copy → {@link AgreementState}. */
  submit: (a: NotificationAuth) => `/svc/reseller/agreement/submit/${signed(a)}`,
} as const;
