import { describe, expect, it } from 'vitest';
import { parseReferralCode } from '../rules/referral';
import {
  AGREEMENT_UPLOAD_MAX_BYTES,
  RESELLER_BANNERS,
  agreementUploadType,
  bannerSnippet,
  contractRequestDecisionSchema,
  isResellerCode,
  referralCode,
  referralLinks,
  requestContractSchema,
  resellerAgreementPaths,
} from './reseller';
import { fileUploadFieldsSchema } from './support';

describe('referrer codes and links', () => {
  it('takes five upper-case letters but never DBSSH', () => {
    expect(isResellerCode('QWERT')).toBe(true);
    for (const bad of ['DBSSH', 'qwert', 'QWER', 'QWERTY', 'QW3RT', '', null, 12345]) expect(isResellerCode(bad)).toBe(false);
  });

  it('builds links whose referral code reads back as the language and the referrer', () => {
    const links = referralLinks('https://portal.example', 'pl', 'QWERT', 'pl');
    expect(links.register).toBe('https://portal.example/register?ref=plQWERT');
    expect(links.welcome).toBe('https://portal.example/welcome/PL?ref=plQWERT');
    expect(parseReferralCode(referralCode('de', 'QWERT'))).toEqual({ language: 'de', referrer: 'QWERT' });
  });

  it('escapes what it puts into the banner snippet', () => {
    const html = bannerSnippet(
      'https://x.example/welcome/PT?ref=ptQWERT&a="b"',
      'https://x.example/banners/b.svg',
      RESELLER_BANNERS[0],
      'Cloud <servers> & "more"',
    );
    expect(html).toBe(
      '<a href="https://x.example/welcome/PT?ref=ptQWERT&amp;a=&quot;b&quot;"><img src="https://x.example/banners/b.svg" width="468" height="60" alt="Cloud &lt;servers&gt; &amp; &quot;more&quot;"></a>',
    );
  });
});

describe('bodies', () => {
  it('RequestContract takes one valid e-mail address, lower-cased', () => {
    expect(requestContractSchema.parse({ p_email: ' Client@Example.PT ' })).toEqual({ p_email: 'client@example.pt' });
    expect(requestContractSchema.safeParse({ p_email: 'nope' }).error?.issues[0]?.message).toBe('email_invalid');
    expect(requestContractSchema.safeParse({}).error?.issues[0]?.message).toBe('email_empty');
  });

  it('a decision names a request by its positive id', () => {
    expect(contractRequestDecisionSchema.safeParse({ p_request: 3 }).success).toBe(true);
    for (const bad of [0, -1, 1.5, '3', null])
      expect(contractRequestDecisionSchema.safeParse({ p_request: bad }).success).toBe(false);
  });

  it('FileUpload names a client for a client file and only then', () => {
    const client = '0b6c7f5e-3d2a-4c1b-9a8f-7e6d5c4b3a21';
    expect(fileUploadFieldsSchema.safeParse({ p_category: 'client', p_client: client }).success).toBe(true);
    expect(fileUploadFieldsSchema.safeParse({}).success).toBe(true);
    expect(fileUploadFieldsSchema.safeParse({ p_category: 'client' }).error?.issues[0]?.message).toBe('reseller_client_required');
    expect(fileUploadFieldsSchema.safeParse({ p_category: 'ticket', p_client: client }).error?.issues[0]?.message).toBe(
      'reseller_client_not_allowed',
    );
    expect(fileUploadFieldsSchema.safeParse({ p_category: 'client', p_client: 'x' }).success).toBe(false);
  });
});

it('signs the agreement paths like the other account calls of the service host', () => {
  const auth = { issuer: 'portside', email: 'a+b@x.pt', clientId: 'c1', epoch: 1700000000, hash: 'f'.repeat(128) };
  expect(resellerAgreementPaths.generate(auth)).toBe(
    `/svc/reseller/agreement/generate/portside/a$b@x.pt/c1/1700000000/${'f'.repeat(128)}`,
  );
  expect(resellerAgreementPaths.download(auth)).toMatch(/^\/svc\/reseller\/agreement\/download\//);
  expect(resellerAgreementPaths.submit(auth)).toMatch(/^\/svc\/reseller\/agreement\/submit\//);
});

describe('the signed agreement upload', () => {
  const bytes = (text: string, pad = 0) => new Uint8Array([...Buffer.from(text), ...new Uint8Array(pad)]);
  it('takes a PDF, a JPEG or a PNG by its bytes', () => {
    expect(agreementUploadType(bytes('%PDF-1.7\n%\xff', 100))).toBe('application/pdf');
    expect(agreementUploadType(bytes('%PDF-2.0\n', 10))).toBe('application/pdf');
    expect(agreementUploadType(new Uint8Array([0xff, 0xd8, 0xff, 0xe0, ...new Uint8Array(40)]))).toBe('image/jpeg');
    expect(agreementUploadType(new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, ...new Uint8Array(40)]))).toBe(
      'image/png',
    );
  });

  it('refuses other files, empty ones and ones over the limit', () => {
    expect(agreementUploadType(bytes('GIF89a', 40))).toBeNull();
    expect(agreementUploadType(bytes('<html>%PDF-1.7'))).toBeNull();
    expect(agreementUploadType(bytes('%PDF-x'))).toBeNull();
    expect(agreementUploadType(new Uint8Array(0))).toBeNull();
    const big = new Uint8Array(AGREEMENT_UPLOAD_MAX_BYTES + 1);
    big.set(Buffer.from('%PDF-1.4'));
    expect(agreementUploadType(big)).toBeNull();
  });
});
