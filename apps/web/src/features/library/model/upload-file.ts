import type { UploadErrorCode } from '@roomcraft/contracts';

const BYTES_PER_MB = 1024 * 1024;

/**
 * Spec §5, Upload: a colour or texture upload accepts image files only (type image/…) up to
 * maxFileSize MB (base 1024). What is wrong with the file, or null when nothing is.
 */
export function libraryFileProblem(
  file: File | null | undefined,
  maxFileSizeMb: number,
): UploadErrorCode | null {
  if (!file) return 'no_file_received';
  if (!file.type.startsWith('image/')) return 'invalid_extension';
  if (file.size > maxFileSizeMb * BYTES_PER_MB) return 'file_too_large';
  return null;
}
