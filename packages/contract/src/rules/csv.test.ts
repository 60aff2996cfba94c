import { describe, expect, it } from 'vitest';
import { centsCsv, centsText, csvField, CsvDecimal, toCsv } from './csv';

describe('CSV', () => {
  it('quotes only what must be quoted and doubles quotes', () => {
    expect(csvField('Acme Lda')).toBe('Acme Lda');
    expect(csvField('Acme, Lda')).toBe('"Acme, Lda"');
    expect(csvField('say "hi"')).toBe('"say ""hi"""');
    expect(csvField('two\nlines')).toBe('"two\nlines"');
    expect(csvField(null)).toBe('');
    expect(csvField(12)).toBe('12');
  });
  it('never lets a text become a formula', () => {
    expect(csvField('=HYPERLINK("http://x")')).toBe(`"'=HYPERLINK(""http://x"")"`);
    expect(csvField('+351 912')).toBe("'+351 912");
    expect(csvField('-5')).toBe("'-5");
    expect(csvField('@SUM(A1)')).toBe("'@SUM(A1)");
    expect(csvField(-5)).toBe('-5');
  });
  it('writes a header and rows ended by CRLF', () => {
    expect(toCsv(['a', 'b'], [[1, 'x,y']])).toBe('a,b\r\n1,"x,y"\r\n');
  });
  it('writes cents as an amount with two digits', () => {
    expect(centsText(123450)).toBe('1234.50');
    expect(centsText(5)).toBe('0.05');
    expect(centsText(-1999)).toBe('-19.99');
    expect(centsText(0)).toBe('0.00');
  });
});

describe('amounts', () => {
  it('writes a negative amount as a number, and refuses a text that is not one', () => {
    expect(csvField(centsCsv(-1999))).toBe('-19.99');
    expect(toCsv(['a'], [[centsCsv(-5)]])).toBe('a\r\n-0.05\r\n');
    expect(() => new CsvDecimal('=1+1')).toThrow();
  });
});
