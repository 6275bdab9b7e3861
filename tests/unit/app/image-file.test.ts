import { describe, expect, it } from 'vitest';
import { acceptedImageTypes, imageFileProblem, maxImageBytes } from '../../../src/components/form/image-file';

const file = (name: string, type: string, size: number) => ({ name, type, size });

describe('client-side image checks', () => {
  it('accepts JPEG, PNG, GIF and WebP up to 3 MB', () => {
    for (const type of acceptedImageTypes) expect(imageFileProblem(file('photo', type, 1024))).toBeNull();
    expect(imageFileProblem(file('exact.png', 'image/png', 3 * 1024 * 1024))).toBeNull();
  });

  it('refuses other types, naming the file and the formats', () => {
    for (const type of ['image/svg+xml', 'image/bmp', 'application/pdf', 'text/plain', '']) {
      expect(imageFileProblem(file('notes.pdf', type, 1024))).toBe('“notes.pdf” is not a JPEG, PNG, GIF or WebP image.');
    }
  });

  it('refuses a file over 3 MB, saying how big it is and the limit', () => {
    expect(maxImageBytes).toBe(3 * 1024 * 1024);
    expect(imageFileProblem(file('big.jpg', 'image/jpeg', maxImageBytes + 1))).toBe('“big.jpg” is 3.0 MB; images must be 3 MB or smaller.');
    expect(imageFileProblem(file('huge.webp', 'image/webp', 4.2 * 1024 * 1024))).toBe('“huge.webp” is 4.2 MB; images must be 3 MB or smaller.');
  });

  it('refuses an empty file', () => {
    expect(imageFileProblem(file('empty.gif', 'image/gif', 0))).toBe('“empty.gif” is empty.');
  });
});
