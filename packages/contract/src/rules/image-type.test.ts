import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { LIMITS } from '../constants';
import { IMAGE_HEADER_BYTES, checkImageUpload, detectImageType, imageExtension } from './image-type';

const bytes = (...parts: Array<number[] | string>) =>
  Uint8Array.from(parts.flatMap((p) => (typeof p === 'string' ? [...p].map((c) => c.charCodeAt(0)) : p)));
const pad = (b: Uint8Array, n = IMAGE_HEADER_BYTES) => Uint8Array.from([...b, ...new Array(Math.max(0, n - b.length)).fill(0)]);

const PNG = pad(bytes([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a], [0, 0, 0, 13], 'IHDR'));
const JPEG = pad(bytes([0xff, 0xd8, 0xff, 0xe0, 0, 16], 'JFIF'));
const GIF87 = pad(bytes('GIF87a'));
const GIF89 = pad(bytes('GIF89a'));
// 'BM', file size, 4 reserved zero bytes, pixel offset 54, BITMAPINFOHEADER (40).
const BMP = pad(bytes('BM', [0x46, 0, 0, 0], [0, 0, 0, 0], [54, 0, 0, 0], [40, 0, 0, 0]));
const WEBP = pad(bytes('RIFF', [0x24, 0, 0, 0], 'WEBP', 'VP8 '));
const WEBP_LOSSLESS = pad(bytes('RIFF', [0x24, 0, 0, 0], 'WEBPVP8L'));

describe('detectImageType', () => {
  it.each([
    ['JPEG', JPEG, 'image/jpeg'],
    ['PNG', PNG, 'image/png'],
    ['GIF87a', GIF87, 'image/gif'],
    ['GIF89a', GIF89, 'image/gif'],
    ['BMP', BMP, 'image/bmp'],
    ['WEBP (lossy)', WEBP, 'image/webp'],
    ['WEBP (lossless)', WEBP_LOSSLESS, 'image/webp'],
  ] as const)('recognises %s by its first bytes', (_, header, mime) => {
    expect(detectImageType(header)).toBe(mime);
  });

  it.each([
    ['plain text', pad(bytes('hello, this is not a picture'))],
    ['a text starting with BM', pad(bytes('BMW 320d for sale, low mileage'))],
    ['HTML', pad(bytes('<html><script>alert(1)</script>'))],
    ['a PDF', pad(bytes('%PDF-1.7'))],
    ['a RIFF file that is not WEBP (WAV)', pad(bytes('RIFF', [0, 0, 0, 0], 'WAVEfmt '))],
    ['TIFF (not accepted)', pad(bytes([0x49, 0x49, 0x2a, 0]))],
    ['SVG (not accepted)', pad(bytes('<svg xmlns="http://www.w3.org/2000/svg">'))],
    ['an empty file', new Uint8Array()],
    ['a truncated PNG signature', bytes([0x89, 0x50, 0x4e])],
  ])('refuses %s', (_, header) => {
    expect(detectImageType(header)).toBeNull();
  });

  it('never throws and answers one of the accepted types or null for any bytes', () => {
    fc.assert(
      fc.property(fc.uint8Array({ maxLength: 64 }), (b) => {
        const t = detectImageType(b);
        expect(t === null || t.startsWith('image/')).toBe(true);
      }),
    );
  });
});

describe('checkImageUpload', () => {
  it('passes an accepted image just under 2 MB', () => {
    expect(checkImageUpload(PNG, LIMITS.uploadMaxBytes - 1)).toBeNull();
  });

  it('refuses 2 MB and more with the spec message key', () => {
    expect(checkImageUpload(PNG, LIMITS.uploadMaxBytes)).toBe('upload_invalid_image');
    expect(checkImageUpload(JPEG, LIMITS.uploadMaxBytes + 1)).toBe('upload_invalid_image');
  });

  it('refuses a file that is not an accepted image whatever its size', () => {
    expect(checkImageUpload(pad(bytes('just text')), 120)).toBe('upload_invalid_image');
  });

  it('asks for a file when it is empty', () => {
    expect(checkImageUpload(new Uint8Array(), 0)).toBe('upload_file_empty');
  });
});

describe('imageExtension', () => {
  it('names jpg for JPEG and the subtype otherwise', () => {
    expect(imageExtension('image/jpeg')).toBe('jpg');
    expect(imageExtension('image/webp')).toBe('webp');
  });
});
