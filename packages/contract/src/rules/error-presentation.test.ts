import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { errorBody } from '../errors';
import {
  catalogueTextsOf,
  parseCatalogueTexts,
  TIMEOUT_TEXT,
  addError,
  escapeHtml,
  hideAfterMarker,
  isErrorResponse,
  moreErrorsCount,
  moreErrorsText,
  networkErrorText,
  normalizeErrorBody,
  presentError,
  removeError,
  resultForStatus,
  shouldLogout,
} from './error-presentation';

describe('isErrorResponse', () => {
  it('treats a body with a code or a message as an error', () => {
    expect(isErrorResponse(200, { code: 'X' })).toBe(true);
    expect(isErrorResponse(200, { message: 'bad' })).toBe(true);
  });
  it('treats 404 as an error whatever the body', () => {
    expect(isErrorResponse(404, [])).toBe(true);
    expect(isErrorResponse(404, null)).toBe(true);
  });
  it('treats any status from 400 up as an error', () => {
    expect(isErrorResponse(502, '<html>Bad gateway</html>')).toBe(true);
  });
  it('accepts successful bodies', () => {
    for (const body of [[], [{ code: 'x' }], { success: true }, null, '', { code: null, message: undefined }]) {
      expect(isErrorResponse(200, body)).toBe(false);
    }
    expect(isErrorResponse(204, undefined)).toBe(false);
  });
});

describe('resultForStatus', () => {
  it('names 204 and 201', () => {
    expect(resultForStatus(204)).toBe('No content');
    expect(resultForStatus(201)).toBe('created');
    expect(resultForStatus(200)).toBeNull();
  });
});

describe('normalizeErrorBody', () => {
  it('turns a body-less 404 into NotFound with hint Not Found', () => {
    expect(normalizeErrorBody(404, undefined)).toEqual({
      code: 'NotFound',
      message: 'Not Found',
      hint: 'Not Found',
      details: null,
    });
  });
  it('keeps the fields of an error body', () => {
    expect(normalizeErrorBody(409, { code: 'EMAIL_TAKEN', message: 'taken', hint: null })).toEqual({
      code: 'EMAIL_TAKEN',
      message: 'taken',
      hint: null,
      details: null,
    });
  });
  it('describes a body-less failure by its status', () => {
    expect(normalizeErrorBody(502, 'oops')).toMatchObject({ code: 'INTERNAL', details: 'HTTP 502' });
  });
});

describe('hideAfterMarker', () => {
  it('hides the text from ::: on and trims the end', () => {
    expect(hideAfterMarker('Disk resized  :::job 42')).toBe('Disk resized');
    expect(hideAfterMarker(':::all hidden')).toBe('');
  });
  it('leaves text without the marker unchanged', () => {
    expect(hideAfterMarker('plain text  ')).toBe('plain text  ');
    expect(hideAfterMarker('a::b')).toBe('a::b');
  });
  it('is idempotent and never leaves a marker', () => {
    fc.assert(
      fc.property(fc.string(), (s) => {
        const once = hideAfterMarker(s);
        expect(hideAfterMarker(once)).toBe(once);
        expect(once).not.toContain(':::');
      }),
    );
  });
  it('keeps everything before the marker', () => {
    fc.assert(
      fc.property(fc.string(), fc.string(), (a, b) => {
        fc.pre(!a.includes(':::') && !a.endsWith(':'));
        expect(hideAfterMarker(`${a}:::${b}`)).toBe(a.trimEnd());
      }),
    );
  });
});

describe('shouldLogout', () => {
  it('logs out on 401 and 403', () => {
    expect(shouldLogout(401, '', { isLogin: false })).toBe(true);
    expect(shouldLogout(403, 'Operation not permitted!', { isLogin: false })).toBe(true);
  });
  it('logs out on texts naming JWSError or JWT', () => {
    expect(shouldLogout(400, 'JWSError JWSInvalidSignature', { isLogin: false })).toBe(true);
    expect(shouldLogout(500, 'JWT expired', { isLogin: false })).toBe(true);
  });
  it('keeps the session for other failures', () => {
    expect(shouldLogout(400, 'Invalid data', { isLogin: false })).toBe(false);
    expect(shouldLogout(404, 'jwt lower case', { isLogin: false })).toBe(false);
  });
  it('never logs out from the login call', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 100, max: 599 }),
        fc.string(),
        (status, text) => shouldLogout(status, text, { isLogin: true }) === false,
      ),
    );
  });
  it('logs out for every catalogue JWT error', () => {
    for (const code of ['JWT_MISSING', 'JWT_EXPIRED', 'JWT_INVALID', 'JWT_REVOKED'] as const) {
      expect(shouldLogout(401, errorBody(code).message, { isLogin: false })).toBe(true);
    }
  });
});

describe('presentError', () => {
  it('shows code and message in bold, then hint, then details', () => {
    expect(presentError({ code: 'P0001', message: 'Boom', hint: 'Try later', details: 'row 3' })).toBe(
      '<b>P0001: Boom</b>: Try later Detail: row 3',
    );
  });
  it('leaves out an empty hint or details', () => {
    expect(presentError({ code: 'X', message: 'Y', hint: null, details: '' })).toBe('<b>X: Y</b>');
    expect(presentError({ code: 'X', message: 'Y', details: 'd' })).toBe('<b>X: Y</b> Detail: d');
  });
  it('copes with a missing code or message', () => {
    expect(presentError({ message: 'only message' })).toBe('<b>only message</b>');
    expect(presentError({ code: 'ONLY' })).toBe('<b>ONLY</b>');
  });
  it('escapes HTML in every part', () => {
    expect(presentError({ code: '<i>', message: 'a & b', hint: '"x"', details: "<script>'" })).toBe(
      '<b>&lt;i&gt;: a &amp; b</b>: &quot;x&quot; Detail: &lt;script&gt;&#39;',
    );
  });
  it('appends a resend link to an unconfirmed e-mail error', () => {
    const html = presentError(errorBody('UNCONFIRMED_EMAIL'), { email: 'a+b@x.io', resendLabel: 'Reenviar' });
    expect(html).toContain(' <a href="/resend-confirmation/a%2Bb%40x.io">Reenviar</a>');
  });
  it('uses the base URL and the default label', () => {
    const html = presentError({ message: 'UNCONFIRMED_EMAIL' }, { resendBaseUrl: 'https://portal.example/', email: 'a@b.co' });
    expect(html).toBe(
      '<b>UNCONFIRMED_EMAIL</b> <a href="https://portal.example/resend-confirmation/a%40b.co">Resend confirmation e-mail</a>',
    );
  });
  it('adds no link to other errors', () => {
    expect(presentError(errorBody('INVALID_CREDENTIALS'), { email: 'a@b.co' })).not.toContain('<a ');
  });
  it('never lets a tag through from the body', () => {
    fc.assert(
      fc.property(fc.record({ code: fc.string(), message: fc.string(), hint: fc.string(), details: fc.string() }), (body) => {
        const html = presentError(body).replace(/<\/?b>/g, '');
        expect(html).not.toMatch(/[<>]/);
      }),
    );
  });
});

describe('escapeHtml', () => {
  it('escapes the five special characters', () => {
    expect(escapeHtml(`<a href="x">'&'</a>`)).toBe('&lt;a href=&quot;x&quot;&gt;&#39;&amp;&#39;&lt;/a&gt;');
  });
});

describe('network texts', () => {
  it('wraps a network message in brackets', () => {
    expect(networkErrorText('Failed to fetch')).toBe('(Failed to fetch)');
  });
  it('has the time-out text', () => {
    expect(TIMEOUT_TEXT).toBe('(Request timed out)');
  });
});

describe('errors list', () => {
  it('counts the errors beyond the first', () => {
    expect(moreErrorsCount([])).toBe(0);
    expect(moreErrorsCount([{ id: 1, message: 'a' }])).toBe(0);
    expect(
      moreErrorsCount([
        { id: 1, message: 'a' },
        { id: 2, message: 'b' },
        { id: 3, message: 'c' },
      ]),
    ).toBe(2);
  });
  it('words the link', () => {
    expect(moreErrorsText([{ id: 1, message: 'a' }])).toBe('');
    expect(
      moreErrorsText([
        { id: 1, message: 'a' },
        { id: 2, message: 'b' },
      ]),
    ).toBe('and 1 more error(s)...');
  });
  it('adds with fresh ids and removes by id', () => {
    let list = addError([], 'a');
    list = addError(list, 'b');
    expect(list).toEqual([
      { id: 1, message: 'a' },
      { id: 2, message: 'b' },
    ]);
    list = removeError(list, 1);
    expect(addError(list, 'c')).toEqual([
      { id: 2, message: 'b' },
      { id: 3, message: 'c' },
    ]);
  });
  it('keeps ids unique however errors come and go', () => {
    fc.assert(
      fc.property(fc.array(fc.oneof(fc.string(), fc.nat(10))), (ops) => {
        let list: { id: number; message: string }[] = [];
        for (const op of ops) list = typeof op === 'string' ? addError(list, op) : removeError(list, op);
        expect(new Set(list.map((e) => e.id)).size).toBe(list.length);
        expect(moreErrorsCount(list)).toBe(Math.max(0, list.length - 1));
      }),
    );
  });
});

describe('presentError with a message that starts with its code', () => {
  it('does not repeat the code', () => {
    const html = presentError(
      { code: 'UNCONFIRMED_EMAIL', message: 'UNCONFIRMED_EMAIL: not confirmed', hint: null, details: null },
      { email: 'a@b.pt' },
    );
    expect(html.match(/UNCONFIRMED_EMAIL/g)).toHaveLength(1);
    expect(html).toContain('/resend-confirmation/a%40b.pt');
  });
});

describe('parseCatalogueTexts', () => {
  it('reads which texts the server marked as the catalogue’s own', () => {
    expect(parseCatalogueTexts('message,hint')).toEqual({ message: true, hint: true });
    expect(parseCatalogueTexts(' hint ')).toEqual({ message: false, hint: true });
    expect(parseCatalogueTexts('messages')).toEqual({ message: false, hint: false });
  });

  it('treats a missing header as neither (an answer from a proxy or an older server is shown as sent)', () => {
    expect(parseCatalogueTexts(null)).toEqual({ message: false, hint: false });
    expect(parseCatalogueTexts('')).toEqual({ message: false, hint: false });
  });
});

describe('body-less failures', () => {
  it('carry the catalogue’s own texts of NotFound and INTERNAL, marked as such', () => {
    expect(normalizeErrorBody(404, null)).toEqual(errorBody('NotFound'));
    expect(normalizeErrorBody(502, '<html>')).toEqual(errorBody('INTERNAL', { details: 'HTTP 502' }));
    expect(catalogueTextsOf(null, null)).toEqual({ message: true, hint: true });
    expect(catalogueTextsOf(null, { code: 'X', message: 'server text' })).toEqual({ message: false, hint: false });
  });
});
