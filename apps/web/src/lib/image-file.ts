import type { UploadErrorCode } from '@roomcraft/contracts';

const BYTES_PER_MB = 1024 * 1024;

/**
 * Spec §5, Upload: what is wrong with a chosen file before it is sent, or null when nothing is.
 * The type must start with image/; the size may not exceed maxFileSize MB (base 1024, spec §9).
 */
export function imageFileProblem(
  file: File | null | undefined,
  maxFileSizeMb: number,
): UploadErrorCode | null {
  if (!file) return 'no_file_received';
  if (!file.type.startsWith('image/')) return 'invalid_extension';
  if (file.size > maxFileSizeMb * BYTES_PER_MB) return 'file_too_large';
  return null;
}
