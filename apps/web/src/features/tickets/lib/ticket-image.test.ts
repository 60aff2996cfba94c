import { describe, expect, it } from 'vitest';
import { checkTicketImage } from './ticket-image';

const PNG = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
const JPEG = [0xff, 0xd8, 0xff, 0xe0];
const blob = (head: number[], size = 100) =>
  new Blob([new Uint8Array([...head, ...new Array<number>(size - head.length).fill(0x41)])]);

describe('checkTicketImage', () => {
  it('accepts a png and a jpeg by their bytes', async () => {
    expect(await checkTicketImage(blob(PNG))).toBeNull();
    expect(await checkTicketImage(blob(JPEG))).toBeNull();
  });
  it('refuses an image of another type with the ticket message', async () => {
    expect(await checkTicketImage(blob([...'GIF89a'].map((c) => c.charCodeAt(0))))).toBe('ticket_attachment_type');
  });
  it('refuses text, an empty file and a png of 2 MB', async () => {
    expect(await checkTicketImage(new Blob(['<html>not an image</html>']))).toBe('upload_invalid_image');
    expect(await checkTicketImage(new Blob([]))).toBe('upload_file_empty');
    expect(await checkTicketImage(blob(PNG, 2 * 1024 * 1024))).toBe('upload_invalid_image');
    expect(await checkTicketImage(blob(PNG, 2 * 1024 * 1024 - 1))).toBeNull();
  });
});
