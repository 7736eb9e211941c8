import { describe, expect, it } from 'vitest';
import { formatFileSize, imageFileProblem } from './image-file';

const MB = 1024 * 1024;

function fileOf(type: string, bytes: number): File {
  const file = new File(['x'], 'room', { type });
  Object.defineProperty(file, 'size', { value: bytes });
  return file;
}

describe('imageFileProblem', () => {
  it('accepts any image type up to the size limit', () => {
    expect(imageFileProblem(fileOf('image/jpeg', 15 * MB), 15)).toBeNull();
    expect(imageFileProblem(fileOf('image/webp', 1), 15)).toBeNull();
    expect(imageFileProblem(fileOf('image/heic', 1), 15)).toBeNull();
  });

  it('refuses a type that does not start with image/', () => {
    expect(imageFileProblem(fileOf('application/pdf', 1), 15)).toBe('invalid_extension');
    expect(imageFileProblem(fileOf('', 1), 15)).toBe('invalid_extension');
    expect(imageFileProblem(fileOf('text/image/png', 1), 15)).toBe('invalid_extension');
  });

  it('refuses a file above maxFileSize megabytes of 1024 × 1024 bytes', () => {
    expect(imageFileProblem(fileOf('image/png', 15 * MB + 1), 15)).toBe('file_too_large');
    expect(imageFileProblem(fileOf('image/png', 2 * MB + 1), 2)).toBe('file_too_large');
  });

  it('checks the type before the size', () => {
    expect(imageFileProblem(fileOf('video/mp4', 100 * MB), 15)).toBe('invalid_extension');
  });

  it('says when no file came', () => {
    expect(imageFileProblem(undefined, 15)).toBe('no_file_received');
    expect(imageFileProblem(null, 15)).toBe('no_file_received');
  });
});

describe('formatFileSize (spec §9: B to PB, base 1024)', () => {
  it('names the limit in the largest whole unit', () => {
    expect(formatFileSize(10 * MB)).toBe('10 MB');
    expect(formatFileSize(512)).toBe('512 B');
    expect(formatFileSize(1.5 * 1024 * MB)).toBe('1.5 GB');
    expect(formatFileSize(1024 ** 6)).toBe('1024 PB');
  });
});
